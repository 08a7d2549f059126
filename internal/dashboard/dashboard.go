// Package dashboard computes a candidate's weekly figures in the database: the activity
// service's dashboard, and the agency's coach view of a candidate who shares their progress.
package dashboard

import (
	"context"
	"time"

	"entgo.io/ent/dialect/sql"
	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/application"
	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/ent/event"
	"github.com/tremplin/tremplin/ent/task"
)

// Figure is a count of the week and of the week before (for the progression).
type Figure struct{ Now, Before int }

// Figures are a week's dashboard, computed in the database.
type Figures struct {
	// Start and End bound the week: Monday 00:00 to the next Monday 00:00, in the zone;
	// PreviousStart begins the week before (the Before of each figure).
	Start, End, PreviousStart time.Time
	// CurrentWeek: the week holding now.
	CurrentWeek bool
	// The task doughnut: tasks due in the week, completed and not started (and the week
	// before's, for the agency's progress page).
	CompletedTasks, NotStartedTasks Figure
	// Tasks not started whose first deadline is before today, whatever the week: carried over
	// at least one night (the nightly job moves an undone task's deadline to the new day and
	// keeps its initial deadline).
	OverdueTasks int
	// Engaged or thanked contacts with a completed task due in the week.
	FirstTasks Figure
	// Interviews completed, dated in the week.
	CompletedInterviews Figure
	// Contacts and applications added in the week; applications engaged in it.
	NewContacts, NewApplications, EngagedApplications Figure
}

// Week answers the week (Monday 00:00 to the next Monday 00:00, in loc) that t falls in.
// Weeks are counted in calendar days, so a week of a daylight-saving change lasts 167 or 169
// hours.
func Week(t time.Time, loc *time.Location) (start, end time.Time) {
	local := t.In(loc)
	back := (int(local.Weekday()) + 6) % 7 // days since Monday
	y, m, d := local.AddDate(0, 0, -back).Date()
	start = time.Date(y, m, d, 0, 0, 0, 0, loc)
	return start.UTC(), start.AddDate(0, 0, 7).UTC()
}

// period is a half-open span of time.
type period struct{ start, end time.Time }

func (p period) has(column string) *sql.Predicate {
	return sql.And(sql.GTE(column, p.start), sql.LT(column, p.end))
}

// nowAndBefore is a figure of the week and of the week before.
type nowAndBefore struct {
	Now    int64 `json:"now"`
	Before int64 `json:"before"`
}

func (n nowAndBefore) figure() Figure { return Figure{int(n.Now), int(n.Before)} }

// countByWeek selects the rows whose column falls in the week (now) and in the week before
// (before), as nowAndBefore reads them.
func countByWeek(cur, prev period, column string) func(*sql.Selector) {
	return func(q *sql.Selector) {
		q.Select().
			AppendSelectExprAs(countWhere(cur.has(q.C(column))), "now").
			AppendSelectExprAs(countWhere(prev.has(q.C(column))), "before")
	}
}

// countWhere counts the rows where p holds (0 without rows).
func countWhere(p *sql.Predicate) sql.Querier {
	return sql.ExprFunc(func(b *sql.Builder) {
		b.WriteString("COALESCE(SUM(CASE WHEN ").Join(p).WriteString(" THEN 1 ELSE 0 END), 0)")
	})
}

// overdue counts the owner's tasks not started whose initial deadline is before today (carried
// over at least one night): a count over the (owner, status, initial deadline) index.
func overdue(d string, owner uuid.UUID, today time.Time) sql.Querier {
	t := sql.Table(task.Table).As("late")
	return sql.Dialect(d).Select(sql.Count("*")).From(t).Where(sql.And(
		sql.EQ(t.C(task.FieldOwnerID), owner), sql.EQ(t.C(task.FieldStatus), task.StatusNotStarted), sql.LT(t.C(task.FieldInitialDeadline), today)))
}

// countDistinctWhere counts the distinct values of column where p holds.
func countDistinctWhere(column string, p *sql.Predicate) sql.Querier {
	return sql.ExprFunc(func(b *sql.Builder) {
		b.WriteString("COUNT(DISTINCT CASE WHEN ").Join(p).WriteString(" THEN " + column + " END)")
	})
}

// Compute answers owner's figures for the week holding at (a time of the week; zero: now's
// week), in loc, in four aggregate statements whatever the volume. The queries name the owner:
// ctx may be the owner's or, for the agency's coach view, the system's.
func Compute(ctx context.Context, client *ent.Client, owner uuid.UUID, now, at time.Time, loc *time.Location) (*Figures, error) {
	if at.IsZero() {
		at = now
	}
	start, end := Week(at, loc)
	prevStart, _ := Week(start.In(loc).AddDate(0, 0, -7), loc)
	cur, prev := period{start, end}, period{prevStart, start}
	today, _ := DayBounds(now, loc)
	currentStart, _ := Week(now, loc)
	f := &Figures{Start: start, End: end, PreviousStart: prevStart, CurrentWeek: start.Equal(currentStart)}

	// Tasks: the doughnut, overdue ones, and the first tasks with contacts.
	var tasks []struct {
		Completed        int64 `json:"completed"`
		CompletedBefore  int64 `json:"completed_before"`
		NotStarted       int64 `json:"not_started"`
		NotStartedBefore int64 `json:"not_started_before"`
		Overdue          int64 `json:"overdue"`
		FirstTasks       int64 `json:"first_tasks"`
		FirstTasksBefore int64 `json:"first_tasks_before"`
	}
	err := client.Task.Query().Where(task.OwnerID(owner)).Modify(func(q *sql.Selector) {
		contacts := sql.Table(contact.Table).As("c")
		q.LeftJoin(contacts).On(q.C(task.FieldContactID), contacts.C(contact.FieldID))
		deadline, status := q.C(task.FieldDeadline), q.C(task.FieldStatus)
		completed := sql.EQ(status, task.StatusCompleted)
		engaged := sql.In(contacts.C(contact.FieldStatus), contact.StatusEngaged, contact.StatusThanked)
		q.Select().
			AppendSelectExprAs(countWhere(sql.And(cur.has(deadline), completed)), "completed").
			AppendSelectExprAs(countWhere(sql.And(prev.has(deadline), completed)), "completed_before").
			AppendSelectExprAs(countWhere(sql.And(cur.has(deadline), sql.EQ(status, task.StatusNotStarted))), "not_started").
			AppendSelectExprAs(countWhere(sql.And(prev.has(deadline), sql.EQ(status, task.StatusNotStarted))), "not_started_before").
			AppendSelectExprAs(overdue(q.Dialect(), owner, today), "overdue").
			AppendSelectExprAs(countDistinctWhere(q.C(task.FieldContactID), sql.And(cur.has(deadline), completed, engaged)), "first_tasks").
			AppendSelectExprAs(countDistinctWhere(q.C(task.FieldContactID), sql.And(prev.has(deadline), completed, engaged)), "first_tasks_before")
		q.Where(sql.And(sql.GTE(deadline, prevStart), sql.LT(deadline, end)))
	}).Scan(ctx, &tasks)
	if err != nil {
		return nil, err
	}
	t := tasks[0]
	f.CompletedTasks = Figure{int(t.Completed), int(t.CompletedBefore)}
	f.NotStartedTasks = Figure{int(t.NotStarted), int(t.NotStartedBefore)}
	f.OverdueTasks = int(t.Overdue)
	f.FirstTasks = Figure{int(t.FirstTasks), int(t.FirstTasksBefore)}

	// Completed interviews.
	var events []nowAndBefore
	err = client.Event.Query().Where(event.OwnerID(owner), event.TypeEQ(event.TypeInterview), event.StatusEQ(event.StatusCompleted),
		event.DateGTE(prevStart), event.DateLT(end)).Modify(countByWeek(cur, prev, event.FieldDate)).Scan(ctx, &events)
	if err != nil {
		return nil, err
	}
	f.CompletedInterviews = events[0].figure()

	// New contacts.
	var contacts []nowAndBefore
	err = client.Contact.Query().Where(contact.OwnerID(owner), contact.CreatedAtGTE(prevStart), contact.CreatedAtLT(end)).
		Modify(countByWeek(cur, prev, contact.FieldCreatedAt)).Scan(ctx, &contacts)
	if err != nil {
		return nil, err
	}
	f.NewContacts = contacts[0].figure()

	// Applications: engaged and created.
	var apps []struct {
		Engaged       int64 `json:"engaged"`
		EngagedBefore int64 `json:"engaged_before"`
		Created       int64 `json:"created"`
		CreatedBefore int64 `json:"created_before"`
	}
	err = client.Application.Query().Where(application.OwnerID(owner), application.Or(
		application.And(application.EngagedAtGTE(prevStart), application.EngagedAtLT(end)),
		application.And(application.CreatedAtGTE(prevStart), application.CreatedAtLT(end)),
	)).Modify(func(q *sql.Selector) {
		q.Select().
			AppendSelectExprAs(countWhere(cur.has(q.C(application.FieldEngagedAt))), "engaged").
			AppendSelectExprAs(countWhere(prev.has(q.C(application.FieldEngagedAt))), "engaged_before").
			AppendSelectExprAs(countWhere(cur.has(q.C(application.FieldCreatedAt))), "created").
			AppendSelectExprAs(countWhere(prev.has(q.C(application.FieldCreatedAt))), "created_before")
	}).Scan(ctx, &apps)
	if err != nil {
		return nil, err
	}
	a := apps[0]
	f.EngagedApplications = Figure{int(a.Engaged), int(a.EngagedBefore)}
	f.NewApplications = Figure{int(a.Created), int(a.CreatedBefore)}

	return f, nil
}

// DayBounds answers the start of now's day and of the next, in loc (in UTC).
func DayBounds(now time.Time, loc *time.Location) (time.Time, time.Time) {
	y, m, d := now.In(loc).Date()
	start := time.Date(y, m, d, 0, 0, 0, 0, loc)
	return start.UTC(), start.AddDate(0, 0, 1).UTC()
}
