// Package callbacks says which contacts a candidate should call back (« à relancer ») this week:
// a contact with a rhythm (every two weeks, month, quarter) whose last completed activity is
// older than it, and, without a rhythm, an engaged contact untouched for six weeks. A contact
// never touched counts from the day it was added; a contact with an activity already planned
// (a task or an event not done yet, today or later) is not due: the follow-up is on its way.
//
// It is computed in SQL from the activities at each call (both dialects), for the end of the
// candidate's current week, so no nightly job keeps it: the network's call-back list, its
// filter, the home, the dashboard and the morning e-mail all read List.
package callbacks

import (
	"context"
	"slices"
	"strings"
	"time"

	"entgo.io/ent/dialect/sql"
	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/ent/event"
	"github.com/tremplin/tremplin/ent/task"
	"github.com/tremplin/tremplin/internal/dashboard"
)

// EngagedSilence is how long an engaged contact without a rhythm may stay untouched.
const EngagedSilence = 6 * 7 * 24 * time.Hour

// Due is a contact to call back.
type Due struct {
	Contact *ent.Contact
	// LastTouch is when the last completed activity with the contact happened; nil: never.
	LastTouch *time.Time
	// Since is when the contact became (or becomes, this week) due: the last touch, or the
	// day it was added, plus its rhythm.
	Since time.Time
}

// List answers the owner's contacts due by the end of the week of now (the candidate's zone),
// the longest overdue first. only, when given, restricts it to those contacts.
func List(ctx context.Context, client *ent.Client, owner uuid.UUID, now time.Time, loc *time.Location, only ...uuid.UUID) ([]Due, error) {
	_, weekEnd := dashboard.Week(now, loc)
	cut := cutoffs(weekEnd, loc)
	q := client.Contact.Query().Where(contact.OwnerID(owner), func(s *sql.Selector) {
		s.Where(dueBy(s, cut, now, loc))
	})
	if len(only) > 0 {
		q.Where(contact.IDIn(only...))
	}
	due, err := q.All(ctx)
	if err != nil || len(due) == 0 {
		return nil, err
	}
	last, err := lastTouches(ctx, client, due)
	if err != nil {
		return nil, err
	}
	out := make([]Due, 0, len(due))
	for _, c := range due {
		d := Due{Contact: c}
		from := c.CreatedAt
		if t, ok := last[c.ID]; ok {
			d.LastTouch = &t
			from = t
		}
		d.Since = next(from, c.TouchRhythm, loc)
		out = append(out, d)
	}
	slices.SortStableFunc(out, func(a, b Due) int {
		if c := a.Since.Compare(b.Since); c != 0 {
			return c
		}
		return strings.Compare(a.Contact.SortKey, b.Contact.SortKey)
	})
	return out, nil
}

// cutoffs are, for each rhythm, the instant before which the last touch must be for the
// contact to be due at the end of the week: the week's end minus the rhythm, in the zone (a
// month back from 31 March is 3 March, as AddDate counts).
type cutoff struct {
	twoWeeks, month, quarter, engaged time.Time
}

func cutoffs(weekEnd time.Time, loc *time.Location) cutoff {
	end := weekEnd.In(loc)
	return cutoff{
		twoWeeks: end.AddDate(0, 0, -14).UTC(),
		month:    end.AddDate(0, -1, 0).UTC(),
		quarter:  end.AddDate(0, -3, 0).UTC(),
		engaged:  end.Add(-EngagedSilence).UTC(),
	}
}

// next is when a contact touched (or added) at from falls due under its rhythm.
func next(from time.Time, rhythm *contact.TouchRhythm, loc *time.Location) time.Time {
	local := from.In(loc)
	switch {
	case rhythm == nil:
		return from.Add(EngagedSilence)
	case *rhythm == contact.TouchRhythmTwoWeeks:
		return local.AddDate(0, 0, 14).UTC()
	case *rhythm == contact.TouchRhythmMonth:
		return local.AddDate(0, 1, 0).UTC()
	default:
		return local.AddDate(0, 3, 0).UTC()
	}
}

// dueBy is the SQL rule: per rhythm, untouched since its cutoff, and nothing planned.
func dueBy(s *sql.Selector, cut cutoff, now time.Time, loc *time.Location) *sql.Predicate {
	today, _ := dashboard.DayBounds(now, loc)
	rhythm := s.C(contact.FieldTouchRhythm)
	untouched := func(since time.Time) *sql.Predicate {
		return sql.And(
			sql.LT(s.C(contact.FieldCreatedAt), since),
			sql.Not(sql.Exists(completedTasks(s, since))),
			sql.Not(sql.Exists(completedEvents(s, since))),
		)
	}
	return sql.And(
		sql.Or(
			sql.And(sql.EQ(rhythm, contact.TouchRhythmTwoWeeks), untouched(cut.twoWeeks)),
			sql.And(sql.EQ(rhythm, contact.TouchRhythmMonth), untouched(cut.month)),
			sql.And(sql.EQ(rhythm, contact.TouchRhythmQuarter), untouched(cut.quarter)),
			sql.And(sql.IsNull(rhythm), sql.EQ(s.C(contact.FieldStatus), contact.StatusEngaged), untouched(cut.engaged)),
		),
		sql.Not(sql.Exists(plannedTasks(s, today))),
		sql.Not(sql.Exists(plannedEvents(s, now))),
	)
}

// activities selects the ids of the contact's activities of one table (tasks or events, which
// name these columns alike) in status that also pass when (a predicate on the table, aliased).
func activities(s *sql.Selector, table, alias string, status any, when func(*sql.SelectTable) *sql.Predicate) *sql.Selector {
	t := sql.Table(table).As(alias)
	return sql.Select(t.C(task.FieldID)).From(t).Where(sql.And(
		sql.ColumnsEQ(t.C(task.FieldContactID), s.C(contact.FieldID)),
		sql.EQ(t.C(task.FieldStatus), status),
		when(t),
	))
}

// completedTasks are the contact's tasks done at or after since (when done, or their
// deadline for those completed before the date was kept).
func completedTasks(s *sql.Selector, since time.Time) *sql.Selector {
	return activities(s, task.Table, "cb_t", task.StatusCompleted, func(t *sql.SelectTable) *sql.Predicate {
		return sql.P(func(b *sql.Builder) {
			b.WriteString("COALESCE(").Ident(t.C(task.FieldExecutionDate)).Comma().Ident(t.C(task.FieldDeadline)).WriteString(") >= ").Arg(since)
		})
	})
}

func completedEvents(s *sql.Selector, since time.Time) *sql.Selector {
	return activities(s, event.Table, "cb_e", event.StatusCompleted, func(e *sql.SelectTable) *sql.Predicate {
		return sql.GTE(e.C(event.FieldDate), since)
	})
}

// plannedTasks are the contact's tasks not done yet whose day is today or later (an overdue
// one left undone is not a plan).
func plannedTasks(s *sql.Selector, today time.Time) *sql.Selector {
	return activities(s, task.Table, "cb_p", task.StatusNotStarted, func(t *sql.SelectTable) *sql.Predicate {
		return sql.GTE(t.C(task.FieldDeadline), today)
	})
}

func plannedEvents(s *sql.Selector, now time.Time) *sql.Selector {
	return activities(s, event.Table, "cb_q", event.StatusNotStarted, func(e *sql.SelectTable) *sql.Predicate {
		return sql.GTE(e.C(event.FieldDate), now)
	})
}

// lastTouches answers, per contact, when its last completed activity happened.
func lastTouches(ctx context.Context, client *ent.Client, cs []*ent.Contact) (map[uuid.UUID]time.Time, error) {
	ids := make([]uuid.UUID, len(cs))
	for i, c := range cs {
		ids[i] = c.ID
	}
	out := map[uuid.UUID]time.Time{}
	keep := func(id *uuid.UUID, at time.Time) {
		if id != nil && at.After(out[*id]) {
			out[*id] = at
		}
	}
	tasks, err := client.Task.Query().Where(task.ContactIDIn(ids...), task.StatusEQ(task.StatusCompleted)).
		Select(task.FieldContactID, task.FieldExecutionDate, task.FieldDeadline).All(ctx)
	if err != nil {
		return nil, err
	}
	for _, t := range tasks {
		at := t.Deadline
		if t.ExecutionDate != nil {
			at = *t.ExecutionDate
		}
		keep(t.ContactID, at)
	}
	events, err := client.Event.Query().Where(event.ContactIDIn(ids...), event.StatusEQ(event.StatusCompleted)).
		Select(event.FieldContactID, event.FieldDate).All(ctx)
	if err != nil {
		return nil, err
	}
	for _, e := range events {
		keep(e.ContactID, e.Date)
	}
	return out, nil
}
