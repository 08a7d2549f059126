// Package jobs runs the background work of the server: each night every unfinished task due
// that day gains a priority level, and each morning the candidates who asked for it receive
// the list of their day's tasks by e-mail. "Night" and "morning" are the candidate's (their
// time zone, Europe/Paris by default).
//
// Every run is claimed in the database (ent JobRun, unique job + run key) before it does
// anything, so with several copies of the server each run happens once; a run that finds its
// claim taken does nothing. The operator command `tremplin jobs run <job> --date D` runs a job
// now for a given day, through the same claims.
package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/jobrun"
	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/internal/clock"
	"github.com/tremplin/tremplin/internal/mail"
	"github.com/tremplin/tremplin/internal/users"
	"github.com/tremplin/tremplin/internal/viewer"
)

// The jobs, by the name the operator command takes.
const (
	Escalation = "escalate-priorities"
	Digest     = "task-digest"
)

// Names lists the jobs.
var Names = []string{Escalation, Digest}

// When each job runs, local time: escalation from midnight, the e-mail from 7 o'clock, until
// the end of the day (a server down at that hour catches up when it starts).
var startHour = map[string]int{Escalation: 0, Digest: 7}

// Runner runs the jobs of one server copy.
type Runner struct {
	Client *ent.Client
	Clock  clock.Clock
	// Mail sends the morning e-mails (synchronously: a failed one is tried again).
	Mail mail.Sender
	// PublicURL prefixes the links of the e-mails.
	PublicURL string
	Log       *slog.Logger

	mu   sync.Mutex
	done map[string]bool // runs this copy finished: not claimed again every minute
}

// Day is a calendar day in a time zone.
type Day struct {
	Date time.Time // midnight of the day, in its zone
}

// DayOf answers the day t falls on in loc.
func DayOf(t time.Time, loc *time.Location) Day {
	y, m, d := t.In(loc).Date()
	return Day{Date: time.Date(y, m, d, 0, 0, 0, 0, loc)}
}

// Bounds answers the day's first instant and the next day's, in UTC: 23, 24 or 25 hours apart
// across the daylight-saving changes.
func (d Day) Bounds() (time.Time, time.Time) {
	return d.Date.UTC(), d.Date.AddDate(0, 0, 1).UTC()
}

// String is the day as a run key: 2026-11-24.
func (d Day) String() string { return d.Date.Format(time.DateOnly) }

// Start runs the due jobs now and then every minute until ctx ends.
func (r *Runner) Start(ctx context.Context) {
	tick := time.NewTicker(time.Minute)
	defer tick.Stop()
	for {
		if err := r.Tick(ctx); err != nil && ctx.Err() == nil {
			r.Log.Error("background jobs", "error", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// Tick runs what is due now: in every time zone of a candidate, each job whose hour of the
// local day has come and whose run of that day has not been done.
func (r *Runner) Tick(ctx context.Context) error {
	now := r.Clock.Now()
	zones, err := r.zones(ctx)
	if err != nil {
		return err
	}
	var errs []error
	for _, zone := range zones {
		loc := users.Location(zone)
		local := now.In(loc)
		day := DayOf(now, loc)
		for _, job := range Names {
			if local.Hour() < startHour[job] || r.finished(job, zone, day) {
				continue
			}
			if _, err := r.run(ctx, job, zone, day); err != nil {
				errs = append(errs, fmt.Errorf("%s %s %s: %w", job, zone, day, err))
			}
		}
	}
	return errors.Join(errs...)
}

// RunNow runs job for day (a date, in every candidate's zone) now, whatever the hour: the
// operator command. It answers how many tasks were raised or e-mails sent.
func (r *Runner) RunNow(ctx context.Context, job string, date time.Time) (int, error) {
	if !slices.Contains(Names, job) {
		return 0, fmt.Errorf("unknown job %q (jobs: %v)", job, Names)
	}
	zones, err := r.zones(ctx)
	if err != nil {
		return 0, err
	}
	total := 0
	for _, zone := range zones {
		loc := users.Location(zone)
		y, m, d := date.Date()
		n, err := r.run(ctx, job, zone, Day{Date: time.Date(y, m, d, 0, 0, 0, 0, loc)})
		if err != nil {
			return total, err
		}
		total += n
	}
	return total, nil
}

func (r *Runner) run(ctx context.Context, job, zone string, day Day) (int, error) {
	var n int
	var err error
	switch job {
	case Escalation:
		n, err = r.escalate(ctx, zone, day)
	case Digest:
		n, err = r.sendDigests(ctx, zone, day)
	}
	if err == nil {
		r.finish(job, zone, day)
	}
	return n, err
}

// zones lists the time zones of the candidates.
func (r *Runner) zones(ctx context.Context) ([]string, error) {
	zones, err := r.Client.User.Query().Where(user.RoleEQ(user.RoleCandidate)).Unique(true).
		Select(user.FieldTimeZone).Strings(viewer.SystemContext(ctx))
	if err != nil {
		return nil, err
	}
	slices.Sort(zones)
	return zones, nil
}

func (r *Runner) finished(job, zone string, day Day) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.done[job+"/"+zone+"/"+day.String()]
}

func (r *Runner) finish(job, zone string, day Day) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.done == nil {
		r.done = map[string]bool{}
	}
	r.done[job+"/"+zone+"/"+day.String()] = true
}

// claim records that this copy does the run (job, key); false when another run holds it.
func claim(ctx context.Context, client *ent.Client, job, key string, now time.Time) (bool, error) {
	err := client.JobRun.Create().SetJob(job).SetRunKey(key).SetStartedAt(now).Exec(viewer.SystemContext(ctx))
	if ent.IsConstraintError(err) {
		return false, nil
	}
	return err == nil, err
}

// release gives a claim back, so the run is tried again (a mail that could not be sent).
func release(ctx context.Context, client *ent.Client, job, key string) error {
	_, err := client.JobRun.Delete().Where(jobrun.Job(job), jobrun.RunKey(key)).Exec(viewer.SystemContext(ctx))
	return err
}

// finishClaim records the end of a claimed run.
func finishClaim(ctx context.Context, client *ent.Client, job, key string, now time.Time, runErr error) error {
	update := client.JobRun.Update().Where(jobrun.Job(job), jobrun.RunKey(key)).SetFinishedAt(now)
	if runErr != nil {
		update.SetError(runErr.Error())
	}
	return update.Exec(viewer.SystemContext(ctx))
}
