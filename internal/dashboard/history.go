package dashboard

import (
	"context"
	"strconv"
	"time"

	"entgo.io/ent/dialect/sql"
	"github.com/google/uuid"
	"golang.org/x/sync/errgroup"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/activeday"
	"github.com/tremplin/tremplin/ent/application"
	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/ent/dashboardsetting"
	"github.com/tremplin/tremplin/ent/event"
	"github.com/tremplin/tremplin/ent/task"
	"github.com/tremplin/tremplin/ent/user"
)

// HistoryWeeks is how many weeks the charts show: about a quarter, the current week last.
const HistoryWeeks = 12

// Span is one week of a history: Monday 00:00 to the next Monday 00:00 in a zone (UTC
// instants), and the same days as calendar dates ("2026-11-23", end excluded) for the figures
// kept by day.
type Span struct {
	Start, End        time.Time
	FirstDay, LastDay string // LastDay: the next Monday, excluded
}

// Spans answers the n weeks ending with the one holding now, in loc, oldest first. Each is
// counted in calendar days, so a week of a daylight-saving change lasts 167 or 169 hours.
func Spans(now time.Time, loc *time.Location, n int) []Span {
	start, _ := Week(now, loc)
	first := start.In(loc).AddDate(0, 0, -7*(n-1))
	out := make([]Span, n)
	for i := range out {
		s := first.AddDate(0, 0, 7*i)
		e := s.AddDate(0, 0, 7)
		out[i] = Span{Start: s.UTC(), End: e.UTC(), FirstDay: s.Format(time.DateOnly), LastDay: e.Format(time.DateOnly)}
	}
	return out
}

// Counts are one owner's figures for one week, as the dashboard counts them.
type Counts struct {
	CompletedTasks      int
	CompletedInterviews int
	FirstTasks          int
	EngagedApplications int
	NewContacts         int
	NewApplications     int
	// Events of any type completed in the week, and days the owner used the app (asked for
	// with Scope.Activity only): what makes a candidate « active ».
	CompletedEvents int
	ActiveDays      int
}

// Active says whether the week shows the owner at work: signed in, or completed a task or an
// event.
func (c Counts) Active() bool {
	return c.ActiveDays > 0 || c.CompletedTasks > 0 || c.CompletedEvents > 0
}

// Scope names whose weeks to count: one candidate, every candidate of an agency, every
// candidate, or the candidates listed.
type Scope struct {
	Owner    uuid.UUID
	Agency   uuid.UUID
	Everyone bool
	Owners   []uuid.UUID
	// Activity adds the completed events and the days of use.
	Activity bool
}

// owned answers the predicate on an owner column for the scope.
func (s Scope) owned(column string) *sql.Predicate {
	switch {
	case s.Everyone:
		return sql.In(column, sql.Select(user.FieldID).From(sql.Table(user.Table)).Where(sql.EQ(user.FieldRole, user.RoleCandidate)))
	case s.Owners != nil:
		ids := make([]any, len(s.Owners))
		for i, id := range s.Owners {
			ids[i] = id
		}
		return sql.In(column, ids...)
	case s.Agency != uuid.Nil:
		return sql.In(column, sql.Select(user.FieldID).From(sql.Table(user.Table)).
			Where(sql.And(sql.EQ(user.FieldAgencyID, s.Agency), sql.EQ(user.FieldRole, user.RoleCandidate))))
	}
	return sql.EQ(column, s.Owner)
}

// History is the weeks of every owner of a scope (owners without any figure are absent).
type History map[uuid.UUID][]Counts

func (h History) at(owner uuid.UUID, weeks int) []Counts {
	c, ok := h[owner]
	if !ok {
		c = make([]Counts, weeks)
		h[owner] = c
	}
	return c
}

// WeekOf is the SQL expression of the index of the span column falls in, for rows the query
// bounds to the spans: a binary search of the weeks' ends in nested CASEs, so each row costs
// four comparisons rather than twelve. Rows are grouped on its alias "week", not on the
// expression: PostgreSQL would not match a grouped expression whose placeholders are numbered
// anew.
func WeekOf(column string, spans []Span, dates bool) sql.Querier {
	return sql.ExprFunc(func(b *sql.Builder) { weekIn(b, column, spans, dates, 0, len(spans)) })
}

// weekIn writes the index among spans[lo:hi] of a value known to fall in one of them.
func weekIn(b *sql.Builder, column string, spans []Span, dates bool, lo, hi int) {
	if hi-lo == 1 {
		b.WriteString(strconv.Itoa(lo))
		return
	}
	mid := (lo + hi) / 2
	var before *sql.Predicate
	if dates {
		before = sql.LT(column, spans[mid].FirstDay)
	} else {
		before = sql.LT(column, spans[mid].Start)
	}
	b.WriteString("(CASE WHEN ").Join(before).WriteString(" THEN ")
	weekIn(b, column, spans, dates, lo, mid)
	b.WriteString(" ELSE ")
	weekIn(b, column, spans, dates, mid, hi)
	b.WriteString(" END)")
}

// weekRow is one (owner, week) group of a history statement.
type weekRow struct {
	Owner uuid.UUID `json:"owner"`
	Week  *int64    `json:"week"`
	A     int64     `json:"a"`
	B     int64     `json:"b"`
}

// ComputeHistory counts the spans' figures of every owner of the scope in one aggregate
// statement per table (tasks, events, contacts, applications twice, and the days of use when
// asked), each grouped by owner and week: the cost does not grow with the number of weeks.
// For many owners (an agency, the platform) the statements run side by side, each on its own
// connection: they read tens of thousands of rows, and the read takes as long as the slowest
// rather than their sum. One candidate's run one after the other (a few milliseconds, and a
// busy server's connections are not spent on one request). The queries name their owners: ctx
// may be the system's.
func ComputeHistory(ctx context.Context, client *ent.Client, scope Scope, spans []Span) (History, error) {
	n := len(spans)
	from, to := spans[0].Start, spans[n-1].End
	group := func(q *sql.Selector, owner, at string) { byWeek(q, owner, at, spans, false) }

	statements := []statement{
		// Tasks: completed, and first tasks with engaged or thanked contacts.
		{func(ctx context.Context, rows *[]weekRow) error {
			return client.Task.Query().Modify(func(q *sql.Selector) {
				contacts := sql.Table(contact.Table).As("c")
				q.LeftJoin(contacts).On(q.C(task.FieldContactID), contacts.C(contact.FieldID))
				group(q, task.FieldOwnerID, task.FieldDeadline)
				completed := sql.EQ(q.C(task.FieldStatus), task.StatusCompleted)
				engaged := sql.In(contacts.C(contact.FieldStatus), contact.StatusEngaged, contact.StatusThanked)
				q.AppendSelectExprAs(countWhere(completed), "a").
					AppendSelectExprAs(countDistinctWhere(q.C(task.FieldContactID), sql.And(completed, engaged)), "b")
				q.Where(sql.And(scope.owned(q.C(task.FieldOwnerID)), sql.GTE(q.C(task.FieldDeadline), from), sql.LT(q.C(task.FieldDeadline), to)))
			}).Scan(ctx, rows)
		}, func(c *Counts, r weekRow) { c.CompletedTasks, c.FirstTasks = int(r.A), int(r.B) }},
		// Events completed: interviews, and any (activity).
		{func(ctx context.Context, rows *[]weekRow) error {
			return client.Event.Query().Modify(func(q *sql.Selector) {
				group(q, event.FieldOwnerID, event.FieldDate)
				q.AppendSelectExprAs(countWhere(sql.EQ(q.C(event.FieldType), event.TypeInterview)), "a").AppendSelectExprAs(CountAll, "b")
				q.Where(sql.And(scope.owned(q.C(event.FieldOwnerID)), sql.EQ(q.C(event.FieldStatus), event.StatusCompleted),
					sql.GTE(q.C(event.FieldDate), from), sql.LT(q.C(event.FieldDate), to)))
			}).Scan(ctx, rows)
		}, func(c *Counts, r weekRow) { c.CompletedInterviews, c.CompletedEvents = int(r.A), int(r.B) }},
		// Contacts added.
		{func(ctx context.Context, rows *[]weekRow) error {
			return client.Contact.Query().Modify(func(q *sql.Selector) {
				group(q, contact.FieldOwnerID, contact.FieldCreatedAt)
				q.AppendSelectExprAs(CountAll, "a")
				q.Where(sql.And(scope.owned(q.C(contact.FieldOwnerID)), sql.GTE(q.C(contact.FieldCreatedAt), from), sql.LT(q.C(contact.FieldCreatedAt), to)))
			}).Scan(ctx, rows)
		}, func(c *Counts, r weekRow) { c.NewContacts = int(r.A) }},
		// Applications engaged, then created: two groupings of the same table.
		{applicationsBy(client, scope, spans, application.FieldEngagedAt), func(c *Counts, r weekRow) { c.EngagedApplications = int(r.A) }},
		{applicationsBy(client, scope, spans, application.FieldCreatedAt), func(c *Counts, r weekRow) { c.NewApplications = int(r.A) }},
	}
	if scope.Activity {
		statements = append(statements, statement{daysOfUse(client, scope, spans), func(c *Counts, r weekRow) { c.ActiveDays = int(r.A) }})
	}

	results := make([][]weekRow, len(statements))
	if scope.Owner != uuid.Nil {
		for i, st := range statements {
			if err := st.read(ctx, &results[i]); err != nil {
				return nil, err
			}
		}
	} else {
		g, gctx := errgroup.WithContext(ctx)
		for i, st := range statements {
			g.Go(func() error { return st.read(gctx, &results[i]) })
		}
		if err := g.Wait(); err != nil {
			return nil, err
		}
	}

	h := History{}
	for i, st := range statements {
		for _, r := range results[i] {
			if r.Week == nil || int(*r.Week) < 0 || int(*r.Week) >= n {
				continue
			}
			st.set(&h.at(r.Owner, n)[*r.Week], r)
		}
	}
	return h, nil
}

// statement is one aggregate of a history: read answers its rows, set puts a row's counts in
// its owner's week.
type statement struct {
	read func(ctx context.Context, rows *[]weekRow) error
	set  func(c *Counts, r weekRow)
}

// CountAll is COUNT(*), for a statement's selected expressions.
var CountAll = sql.ExprFunc(func(b *sql.Builder) { b.WriteString("COUNT(*)") })

// byWeek selects and groups q's rows by owner and by the index of the span their column at
// falls in (a date column when dates).
func byWeek(q *sql.Selector, owner, at string, spans []Span, dates bool) {
	q.Select().
		AppendSelectAs(q.C(owner), "owner").
		AppendSelectExprAs(WeekOf(q.C(at), spans, dates), "week")
	q.GroupBy("owner", "week")
}

// applicationsBy reads the applications of the scope grouped by the week of column.
func applicationsBy(client *ent.Client, scope Scope, spans []Span, column string) func(ctx context.Context, rows *[]weekRow) error {
	from, to := spans[0].Start, spans[len(spans)-1].End
	return func(ctx context.Context, rows *[]weekRow) error {
		return client.Application.Query().Modify(func(q *sql.Selector) {
			byWeek(q, application.FieldOwnerID, column, spans, false)
			q.AppendSelectExprAs(CountAll, "a")
			q.Where(sql.And(scope.owned(q.C(application.FieldOwnerID)), sql.GTE(q.C(column), from), sql.LT(q.C(column), to)))
		}).Scan(ctx, rows)
	}
}

// daysOfUse reads the scope's days of use in the spans, grouped by owner and week.
func daysOfUse(client *ent.Client, scope Scope, spans []Span) func(ctx context.Context, rows *[]weekRow) error {
	return func(ctx context.Context, rows *[]weekRow) error {
		return client.ActiveDay.Query().Modify(func(q *sql.Selector) {
			byWeek(q, activeday.FieldUserID, activeday.FieldDay, spans, true)
			q.AppendSelectExprAs(CountAll, "a")
			q.Where(sql.And(scope.owned(q.C(activeday.FieldUserID)),
				sql.GTE(q.C(activeday.FieldDay), spans[0].FirstDay), sql.LT(q.C(activeday.FieldDay), spans[len(spans)-1].LastDay)))
		}).Scan(ctx, rows)
	}
}

// Objectives are a candidate's weekly objectives: the medium level of each threshold.
type Objectives struct {
	NewContacts, FirstTasks, CompletedInterviews, EngagedApplications int
}

// DefaultObjectives are the spec's default thresholds' medium levels.
func DefaultObjectives() Objectives {
	return Objectives{
		NewContacts: dashboardsetting.DefaultNewContactMedium, FirstTasks: dashboardsetting.DefaultFirstTaskMedium,
		CompletedInterviews: dashboardsetting.DefaultCompletedInterviewMedium, EngagedApplications: dashboardsetting.DefaultEngagedApplicationMedium,
	}
}

// ObjectivesOf answers the objectives of every owner of the scope who set thresholds; the
// others have the defaults.
func ObjectivesOf(ctx context.Context, client *ent.Client, scope Scope) (map[uuid.UUID]Objectives, error) {
	settings, err := client.DashboardSetting.Query().Modify(func(q *sql.Selector) {
		q.Where(scope.owned(q.C(dashboardsetting.FieldOwnerID)))
	}).All(ctx)
	if err != nil {
		return nil, err
	}
	out := make(map[uuid.UUID]Objectives, len(settings))
	for _, d := range settings {
		out[d.OwnerID] = Objectives{NewContacts: d.NewContactMedium, FirstTasks: d.FirstTaskMedium,
			CompletedInterviews: d.CompletedInterviewMedium, EngagedApplications: d.EngagedApplicationMedium}
	}
	return out, nil
}

// Met says whether a week reached every objective; a candidate whose objectives are all zero
// has none to reach.
func (o Objectives) Met(c Counts) bool {
	if o.NewContacts == 0 && o.FirstTasks == 0 && o.CompletedInterviews == 0 && o.EngagedApplications == 0 {
		return false
	}
	return c.NewContacts >= o.NewContacts && c.FirstTasks >= o.FirstTasks &&
		c.CompletedInterviews >= o.CompletedInterviews && c.EngagedApplications >= o.EngagedApplications
}

// Streak counts the weeks in a row that reached the objectives, back from the current (last)
// week when it already has, else from the week before: a week in progress does not break it.
func (o Objectives) Streak(weeks []Counts) int {
	i := len(weeks) - 1
	if i >= 0 && !o.Met(weeks[i]) {
		i--
	}
	n := 0
	for ; i >= 0 && o.Met(weeks[i]); i-- {
		n++
	}
	return n
}
