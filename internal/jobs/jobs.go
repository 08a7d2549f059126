// Package jobs runs the background work of the server: each night every task not started
// whose deadline fell on the day that has just ended gains a priority level and moves to the
// new day, and each morning the candidates who asked for it receive the list of their day's
// tasks by e-mail. "Night" and "morning" are the candidate's (their time zone, Europe/Paris by
// default). Each night too (02:00 UTC) the accounts unused for two years are deleted, after a
// warning e-mail 30 days before (retention.go).
//
// Every run is claimed in the database (ent JobRun, unique job + run key) before it does
// anything, so with several copies of the server each run happens once; a run that finds its
// claim taken does nothing. A server that was down catches up: the nights it missed (up to
// CatchUpNights) are run when it starts, oldest first. The operator command `tremplin jobs run
// <job> --date D` runs a job now for a given day — for the escalation, the night after D (the
// day that ended) — through the same claims; `tremplin jobs run retention` runs today's
// retention.
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
	"github.com/tremplin/tremplin/internal/idempotency"
	"github.com/tremplin/tremplin/internal/mail"
	"github.com/tremplin/tremplin/internal/users"
	"github.com/tremplin/tremplin/internal/viewer"
)

// The jobs, by the name the operator command takes.
const (
	Escalation = "escalate-priorities"
	Digest     = "task-digest"
	Retention  = "retention"
)

// Names lists the jobs.
var Names = []string{Escalation, Digest, Retention}

// When the morning e-mail is sent, local time: from 7 o'clock until the end of the day (a
// server down at that hour catches up when it starts). The night's escalation runs from
// midnight: it acts on the day that has just ended.
const digestHour = 7

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
	return dayOf(y, m, d, loc)
}

// dayOf answers the day y-m-d in loc (d may overflow the month, as time.Date's).
func dayOf(y int, m time.Month, d int, loc *time.Location) Day {
	return Day{Date: wallTime(y, m, d, 0, 0, 0, 0, loc)}
}

// wallTime answers the instant loc's clocks show as y-m-d h:mi:s.ns (normalised as time.Date
// does). A time the clocks jump over — 02:30 on the last Sunday of March in Paris, midnight on
// the day Santiago changes — comes as much later as the jump (03:30; 01:00), so a day always
// begins on its own date; time.Date leaves that choice open, and lands before the jump in
// some zones.
func wallTime(y int, m time.Month, d, h, mi, s, ns int, loc *time.Location) time.Time {
	t := time.Date(y, m, d, h, mi, s, ns, loc)
	want := time.Date(y, m, d, h, mi, s, ns, time.UTC)
	shown := time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), time.UTC)
	if shown.Before(want) {
		t = t.Add(want.Sub(shown))
	}
	return t
}

// Bounds answers the day's first instant and the next day's, in UTC: 23, 24 or 25 hours apart
// across the daylight-saving changes.
func (d Day) Bounds() (time.Time, time.Time) {
	return d.Date.UTC(), d.AddDays(1).Date.UTC()
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

// Tick runs what is due now, in every time zone of a candidate: the nights after the days
// that have ended there and were not run yet (see escalateNights), and the day's e-mail once
// its hour has come; then the day's retention once its hour has come (UTC).
func (r *Runner) Tick(ctx context.Context) error {
	now := r.Clock.Now()
	zones, err := r.zones(ctx)
	if err != nil {
		return err
	}
	var errs []error
	// Idempotency keys older than a day: what a retry could still need is kept.
	if _, err := idempotency.Sweep(ctx, r.Client, now); err != nil {
		errs = append(errs, fmt.Errorf("sweeping idempotency keys: %w", err))
	}
	for _, zone := range zones {
		loc := users.Location(zone)
		if _, err := r.escalateNights(ctx, zone, loc); err != nil {
			errs = append(errs, err)
		}
		day := DayOf(now, loc)
		if now.In(loc).Hour() < digestHour || r.finished(Digest, zone, day) {
			continue
		}
		if _, err := r.sendDigests(ctx, zone, day); err != nil {
			errs = append(errs, fmt.Errorf("%s %s %s: %w", Digest, zoneName(zone), day, err))
		} else {
			r.finish(Digest, zone, day)
		}
	}
	if err := r.retentionDue(ctx, now); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// RunNow runs job now, whatever the hour: the operator command. It answers how many tasks
// were raised or e-mails sent.
//
//   - escalate-priorities with a date runs the night after that day (the day that ended) in
//     every candidate's zone where it has ended, and refuses (ErrDayNotEnded) when it has
//     ended in none; without a date, the nights not run yet, as the server does.
//   - task-digest sends the e-mails of that day (without a date: today, in each zone).
//   - retention runs today's (UTC) and answers how many accounts were warned or deleted; it
//     takes no date (it acts on the accounts as they stand now: see Retain).
//
// A run done already — by the server, another copy or an earlier command — is not done again.
func (r *Runner) RunNow(ctx context.Context, job string, date time.Time) (int, error) {
	if !slices.Contains(Names, job) {
		return 0, fmt.Errorf("unknown job %q (jobs: %v)", job, Names)
	}
	if job == Retention {
		if !date.IsZero() {
			return 0, ErrRetentionDate
		}
		run, err := r.Retain(ctx)
		return run.Warned + run.Deleted, err
	}
	zones, err := r.zones(ctx)
	if err != nil {
		return 0, err
	}
	total, ended := 0, false
	for _, zone := range zones {
		loc := users.Location(zone)
		day := DayOf(r.Clock.Now(), loc)
		if !date.IsZero() {
			y, m, d := date.Date()
			day = dayOf(y, m, d, loc)
		}
		var n int
		switch {
		case job == Digest:
			n, err = r.sendDigests(ctx, zone, day)
		case date.IsZero():
			n, err = r.escalateNights(ctx, zone, loc)
			ended = true
		default:
			n, _, err = r.escalate(ctx, zone, day)
			if errors.Is(err, ErrDayNotEnded) {
				r.Log.Info("night not run: the day has not ended", "zone", zoneName(zone), "day", day.String())
				continue
			}
			ended = true
		}
		if err != nil {
			return total, err
		}
		total += n
	}
	if job == Escalation && !ended && len(zones) > 0 {
		return 0, fmt.Errorf("%s: %w in any zone", date.Format(time.DateOnly), ErrDayNotEnded)
	}
	return total, nil
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
