package jobs

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"entgo.io/ent/dialect"
	"entgo.io/ent/dialect/sql"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/jobrun"
	"github.com/tremplin/tremplin/ent/predicate"
	"github.com/tremplin/tremplin/ent/task"
	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/internal/db"
	"github.com/tremplin/tremplin/internal/viewer"
)

// CatchUpNights is how many ended days a run looks back for nights not done yet: a server
// that was down for three nights runs them when it starts, oldest first, so every task stands
// as if it had never stopped. A task due before that window is carried along by the oldest of
// those nights (one level for all the nights before it), then rises with each of the others
// (see escalate).
const CatchUpNights = 7

// ErrDayNotEnded refuses to escalate a day that has not ended yet: a task is never raised
// before its day has passed.
var ErrDayNotEnded = errors.New("the day has not ended yet")

// escalationKey is the claim of the night after day in zone. It names the day that ended
// (before, runs were keyed by the day that began: "2026-11-24/Europe/Paris" was the night
// before the 24th; the suffix keeps the two apart).
func escalationKey(zone string, day Day) string { return day.String() + "/" + zone + "/ended" }

// escalate runs the night after day (a day of zone that has ended): every task of the zone's
// candidates not started and due before that day's end — due that day, or before it when a
// night was missed beyond CatchUpNights — gains one priority level (normal → high → urgent;
// urgent stays) and moves to the next day at the same local time (a time that does not exist
// that day, in the hour skipped in March, comes an hour later: see wallTime), its initial
// deadline kept.
//
// The night is claimed in the same transaction as its work (JobRun, unique job + run key): two
// server copies or the operator's command run it once, and a run that fails leaves no claim,
// so it is tried again. done is false when the night was already run. Tasks move a day at a
// time, in one statement per stretch of the day they shift by the same amount (one, but on
// the days next to a daylight-saving change): the day's, after those of earlier days if any
// (none, but after a long stop, or tasks saved already late by an import).
func (r *Runner) escalate(ctx context.Context, zone string, day Day) (n int, done bool, err error) {
	start, end := day.Bounds()
	now := r.Clock.Now()
	if now.Before(end) {
		return 0, false, fmt.Errorf("%s in %s: %w", day, zoneName(zone), ErrDayNotEnded)
	}
	sys := viewer.SystemContext(ctx)
	key := escalationKey(zone, day)
	errClaimed := errors.New("claimed")
	err = db.WithTx(sys, r.Client, func(ctx context.Context, tx *ent.Tx) error {
		client := tx.Client()
		err := client.JobRun.Create().SetJob(Escalation).SetRunKey(key).SetStartedAt(now).Exec(ctx)
		if ent.IsConstraintError(err) {
			return errClaimed
		}
		if err != nil {
			return err
		}
		candidates := task.HasOwnerWith(user.TimeZone(zone), user.RoleEQ(user.RoleCandidate))
		next := day.AddDays(1)
		// Left behind (nights missed beyond the window, tasks saved already late), then the
		// day's: each day at a time, the oldest first, in one statement per stretch.
		for {
			oldest, err := client.Task.Query().Where(task.StatusEQ(task.StatusNotStarted), task.DeadlineLT(start), candidates).
				Order(task.ByDeadline()).Select(task.FieldDeadline).First(ctx)
			if ent.IsNotFound(err) {
				break
			}
			if err != nil {
				return err
			}
			moved, err := carry(ctx, client, DayOf(oldest.Deadline, day.Date.Location()), next, now, candidates)
			if err != nil {
				return err
			}
			n += moved
		}
		moved, err := carry(ctx, client, day, next, now, candidates)
		if err != nil {
			return err
		}
		n += moved
		return client.JobRun.Update().Where(jobrun.Job(Escalation), jobrun.RunKey(key)).SetFinishedAt(r.Clock.Now()).Exec(ctx)
	})
	switch {
	case errors.Is(err, errClaimed):
		return 0, false, nil
	case err != nil:
		return 0, false, err
	}
	r.Log.Info("priorities raised", "zone", zoneName(zone), "day", day.String(), "tasks", n)
	return n, true, nil
}

// carry raises one level the tasks of the candidates not started and due on day from, and
// moves them to the same local time on day to.
func carry(ctx context.Context, client *ent.Client, from, to Day, now time.Time, candidates predicate.Task) (int, error) {
	n := 0
	for _, s := range from.movesTo(to) {
		moved, err := client.Task.Update().
			Where(task.StatusEQ(task.StatusNotStarted), task.DeadlineGTE(s.from), task.DeadlineLT(s.to), candidates).
			Modify(func(u *sql.UpdateBuilder) {
				u.Set(task.FieldPriority, sql.Expr("CASE WHEN "+task.FieldPriority+" = 'normal' THEN 'high' ELSE 'urgent' END"))
				u.Set(task.FieldDeadline, shifted(task.FieldDeadline, s.by))
			}).
			SetEscalatedAt(now).
			Save(ctx)
		if err != nil {
			return n, err
		}
		n += moved
	}
	return n, nil
}

// shifted is column moved by d, in the dialect's arithmetic of times (SQLite stores them as
// integer microseconds, see internal/db).
func shifted(column string, d time.Duration) sql.Querier {
	return sql.ExprFunc(func(b *sql.Builder) {
		us := strconv.FormatInt(d.Microseconds(), 10)
		b.Ident(column)
		if b.Dialect() == dialect.Postgres {
			b.WriteString(" + INTERVAL '" + us + " microseconds'")
		} else {
			b.WriteString(" + " + us)
		}
	})
}

// zoneName is a candidate's zone as logs say it ("" is the default).
func zoneName(zone string) string {
	if zone == "" {
		return "Europe/Paris (default)"
	}
	return zone
}

// at answers the instant showing t's local time on day d (in UTC): where a task due at t
// moves when it is carried over to d.
func (d Day) at(t time.Time) time.Time { return d.atClock(t.In(d.Date.Location())) }

// atClock answers the instant showing clock's time of day (as clock shows it, in its own zone)
// on day d, in UTC.
func (d Day) atClock(clock time.Time) time.Time {
	y, m, dd := d.Date.Date()
	return wallTime(y, m, dd, clock.Hour(), clock.Minute(), clock.Second(), clock.Nanosecond(), d.Date.Location()).UTC()
}

// AddDays answers the day n days later (earlier when n < 0), in the same zone.
func (d Day) AddDays(n int) Day {
	y, m, dd := d.Date.Date()
	return dayOf(y, m, dd+n, d.Date.Location())
}

// shift moves the instants of [from, to) by the same amount.
type shift struct {
	from, to time.Time
	by       time.Duration
}

// movesTo cuts day d into the stretches whose instants all move by the same amount to come at
// the same local time on day target (later): one stretch on most days; more when d or target
// changes its offset (the 23- and 25-hour days, and the days before them). The amount changes
// only where d's offset changes, or where d's local time reaches a time at which target's
// offset changes: those instants cut the day.
func (d Day) movesTo(target Day) []shift {
	start, end := d.Bounds()
	cuts := append([]time.Time{start}, changes(start, end, d.Date.Location())...)
	targetStart, targetEnd := target.Bounds()
	for _, change := range changes(targetStart, targetEnd, d.Date.Location()) {
		// target's change, at its clock before and after it.
		_, before := change.Add(-time.Nanosecond).In(d.Date.Location()).Zone()
		cuts = append(cuts, d.atClock(change.In(time.FixedZone("", before))), d.at(change))
	}
	slices.SortFunc(cuts, func(a, b time.Time) int { return a.Compare(b) })
	var out []shift
	for i, c := range cuts {
		if c.Before(start) || !c.Before(end) || (i > 0 && c.Equal(cuts[i-1])) {
			continue
		}
		by := target.at(c).Sub(c)
		if len(out) > 0 && out[len(out)-1].by == by {
			continue
		}
		if len(out) > 0 {
			out[len(out)-1].to = c
		}
		out = append(out, shift{from: c, to: end, by: by})
	}
	return out
}

// changes answers the instants of [from, to) at which loc's offset changes.
func changes(from, to time.Time, loc *time.Location) []time.Time {
	var out []time.Time
	for t := from.Add(-time.Nanosecond); ; {
		_, change := t.In(loc).ZoneBounds()
		if change.IsZero() || !change.Before(to) {
			return out
		}
		out = append(out, change.UTC())
		t = change
	}
}

// escalateNights runs, in zone, the nights after the days that ended within CatchUpNights of
// now and were not run yet, oldest first; it stops at the first that fails (a later night
// must not run before an earlier one).
func (r *Runner) escalateNights(ctx context.Context, zone string, loc *time.Location) (int, error) {
	today := DayOf(r.Clock.Now(), loc)
	total := 0
	for back := CatchUpNights; back >= 1; back-- {
		day := today.AddDays(-back)
		if r.finished(Escalation, zone, day) {
			continue
		}
		n, _, err := r.escalate(ctx, zone, day)
		if err != nil {
			return total, fmt.Errorf("%s %s %s: %w", Escalation, zoneName(zone), day, err)
		}
		r.finish(Escalation, zone, day)
		total += n
	}
	return total, nil
}
