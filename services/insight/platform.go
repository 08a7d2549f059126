package insight

import (
	"context"
	"time"

	"entgo.io/ent/dialect/sql"
	"github.com/google/uuid"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/tremplin/tremplin/ent/agency"
	"github.com/tremplin/tremplin/ent/license"
	"github.com/tremplin/tremplin/ent/pageview"
	"github.com/tremplin/tremplin/ent/user"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	insightv1 "github.com/tremplin/tremplin/gen/tremplin/insight/v1"
	"github.com/tremplin/tremplin/internal/dashboard"
	"github.com/tremplin/tremplin/internal/handler"
	"github.com/tremplin/tremplin/internal/viewer"
)

// GetPlatformInsight answers the platform admin's view: every agency at a glance, the B2C
// funnel and the page views of the last 12 weeks. The platform admin sees every candidate's
// figures as anonymous totals per agency, whatever their consent: no one is named.
func (s *Service) GetPlatformInsight(ctx context.Context, _ *insightv1.GetPlatformInsightRequest) (*insightv1.GetPlatformInsightResponse, error) {
	v, err := handler.Admin(ctx)
	if err != nil {
		return nil, err
	}
	now, spans, err := s.readerWeeks(ctx, v)
	if err != nil {
		return nil, err
	}
	sys := viewer.SystemContext(ctx)
	res := &insightv1.GetPlatformInsightResponse{}
	if res.Agencies, err = s.agencySummaries(sys, spans); err != nil {
		return nil, err
	}
	if res.Funnel, err = s.funnel(sys, spans, now); err != nil {
		return nil, err
	}
	if res.PageViewWeeks, res.Routes, err = s.pageViews(sys, spans); err != nil {
		return nil, err
	}
	return res, nil
}

// agencySummaries answers every agency, by name, with its candidates' figures: the weeks of
// every candidate in one history (grouped by owner), then summed by agency.
func (s *Service) agencySummaries(ctx context.Context, spans []dashboard.Span) ([]*insightv1.AgencySummary, error) {
	agencies, err := s.Client.Agency.Query().Order(agency.ByName(), agency.ByID()).All(ctx)
	if err != nil {
		return nil, err
	}
	// The candidates and their data versions first: their weeks are kept under these.
	candidates, err := s.Client.User.Query().Where(user.RoleEQ(user.RoleCandidate), user.AgencyIDNotNil()).
		Select(user.FieldID, user.FieldAgencyID, user.FieldShareProgressWithAgency, user.FieldDataVersion).All(ctx)
	if err != nil {
		return nil, err
	}
	history, err := s.Weeks.History(ctx, s.Client, dashboard.Scope{Everyone: true, Activity: true}, versions(candidates), spans)
	if err != nil {
		return nil, err
	}
	var pending []struct {
		AgencyID uuid.UUID `json:"agency_id"`
		Count    int       `json:"count"`
	}
	err = s.Client.License.Query().Where(license.ActivationDateIsNil()).GroupBy(license.FieldAgencyID).
		Aggregate(func(*sql.Selector) string { return sql.As(sql.Count("*"), "count") }).Scan(ctx, &pending)
	if err != nil {
		return nil, err
	}
	pendingOf := map[uuid.UUID]int{}
	for _, p := range pending {
		pendingOf[p.AgencyID] = p.Count
	}

	byID := map[uuid.UUID]*insightv1.AgencySummary{}
	out := make([]*insightv1.AgencySummary, 0, len(agencies))
	for _, a := range agencies {
		sum := &insightv1.AgencySummary{
			Agency:        &commonv1.AgencyRef{Id: a.ID.String(), Name: a.Name},
			LicencesUsed:  int32(a.NumAllocatedLicenses - pendingOf[a.ID]), //nolint:gosec // an agency's licences
			LicencesTotal: int32(a.NumTotalLicenses),                       //nolint:gosec // idem
		}
		byID[a.ID] = sum
		out = append(out, sum)
	}
	current := len(spans) - 1
	for _, c := range candidates {
		sum := byID[*c.AgencyID]
		if sum == nil {
			continue
		}
		sum.Candidates++
		if c.ShareProgressWithAgency {
			sum.SharingCandidates++
		}
		weeks := history[c.ID]
		for i, w := range weeks {
			sum.ApplicationsSent += int32(w.EngagedApplications) //nolint:gosec // an agency's weeks
			sum.Interviews += int32(w.CompletedInterviews)       //nolint:gosec // idem
			if i == current {
				sum.ActiveCandidates += count(w.Active())
			}
		}
	}
	return out, nil
}

// weekRow is one week's count of a funnel or page-view statement.
type weekRow struct {
	Week  *int64 `json:"week"`
	Role  string `json:"role"`
	Count int64  `json:"count"`
}

// funnel answers the B2C trials week by week: accounts created, first subscriptions giving
// premium, and trials that ended without one (by then) — one statement each, grouped by week.
func (s *Service) funnel(ctx context.Context, spans []dashboard.Span, now time.Time) ([]*insightv1.FunnelWeek, error) {
	n := len(spans)
	out := make([]*insightv1.FunnelWeek, n)
	for i, sp := range spans {
		out[i] = &insightv1.FunnelWeek{Start: timestamppb.New(sp.Start), End: timestamppb.New(sp.End)}
	}
	from, to := spans[0].Start, spans[n-1].End
	steps := []struct {
		column string
		extra  func(q *sql.Selector) *sql.Predicate
		set    func(f *insightv1.FunnelWeek, n int32)
	}{
		{user.FieldCreatedAt, nil, func(f *insightv1.FunnelWeek, n int32) { f.TrialsStarted = n }},
		{user.FieldPremiumAt, nil, func(f *insightv1.FunnelWeek, n int32) { f.BecamePremium = n }},
		{user.FieldTrialEndAt, func(q *sql.Selector) *sql.Predicate {
			// Ended by now (a trial still running has not), without premium by its end (a
			// subscription taken later still ended the trial).
			return sql.And(sql.LTE(q.C(user.FieldTrialEndAt), now),
				sql.Or(sql.IsNull(q.C(user.FieldPremiumAt)), sql.ColumnsGT(q.C(user.FieldPremiumAt), q.C(user.FieldTrialEndAt))))
		}, func(f *insightv1.FunnelWeek, n int32) { f.TrialsEnded = n }},
	}
	for _, step := range steps {
		var rows []weekRow
		err := s.Client.User.Query().Modify(func(q *sql.Selector) {
			col := q.C(step.column)
			q.Select().AppendSelectExprAs(dashboard.WeekOf(col, spans, false), "week").
				AppendSelectExprAs(dashboard.CountAll, "count")
			where := sql.And(sql.EQ(q.C(user.FieldIsB2c), true), sql.GTE(col, from), sql.LT(col, to))
			if step.extra != nil {
				where = sql.And(where, step.extra(q))
			}
			q.Where(where).GroupBy("week")
		}).Scan(ctx, &rows)
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			if r.Week != nil && *r.Week >= 0 && int(*r.Week) < n {
				step.set(out[*r.Week], int32(r.Count)) //nolint:gosec // a week's accounts
			}
		}
	}
	return out, nil
}

// pageViews answers the views of the spans by role, week by week, and by route, most viewed
// first.
func (s *Service) pageViews(ctx context.Context, spans []dashboard.Span) ([]*insightv1.PageViewWeek, []*insightv1.RouteViews, error) {
	n := len(spans)
	weeks := make([]*insightv1.PageViewWeek, n)
	for i, sp := range spans {
		weeks[i] = &insightv1.PageViewWeek{Start: timestamppb.New(sp.Start), End: timestamppb.New(sp.End)}
	}
	inSpans := func(q *sql.Selector) *sql.Predicate {
		return sql.And(sql.GTE(q.C(pageview.FieldDay), spans[0].FirstDay), sql.LT(q.C(pageview.FieldDay), spans[n-1].LastDay))
	}
	var rows []weekRow
	err := s.Client.PageView.Query().Modify(func(q *sql.Selector) {
		q.Select().AppendSelectExprAs(dashboard.WeekOf(q.C(pageview.FieldDay), spans, true), "week").
			AppendSelectAs(q.C(pageview.FieldRole), "role").
			AppendSelectExprAs(sql.ExprFunc(func(b *sql.Builder) { b.WriteString("SUM(" + q.C(pageview.FieldViews) + ")") }), "count")
		q.Where(inSpans(q)).GroupBy("week", "role")
	}).Scan(ctx, &rows)
	if err != nil {
		return nil, nil, err
	}
	for _, r := range rows {
		if r.Week == nil || *r.Week < 0 || int(*r.Week) >= n {
			continue
		}
		w, c := weeks[*r.Week], int32(r.Count) //nolint:gosec // a week's views
		switch pageview.Role(r.Role) {
		case pageview.RoleAnonymous:
			w.Anonymous = c
		case pageview.RoleCandidate:
			w.Candidate = c
		case pageview.RoleAgencyAdmin:
			w.AgencyAdmin = c
		case pageview.RoleAdmin:
			w.Admin = c
		}
	}
	var byRoute []struct {
		Route string `json:"route"`
		Views int64  `json:"views"`
	}
	err = s.Client.PageView.Query().Modify(func(q *sql.Selector) {
		q.Select(q.C(pageview.FieldRoute)).
			AppendSelectExprAs(sql.ExprFunc(func(b *sql.Builder) { b.WriteString("SUM(" + q.C(pageview.FieldViews) + ")") }), "views")
		q.Where(inSpans(q)).GroupBy(q.C(pageview.FieldRoute)).OrderExpr(sql.Expr("views DESC")).OrderBy(q.C(pageview.FieldRoute))
	}).Scan(ctx, &byRoute)
	if err != nil {
		return nil, nil, err
	}
	routes := make([]*insightv1.RouteViews, 0, len(byRoute))
	for _, r := range byRoute {
		routes = append(routes, &insightv1.RouteViews{Route: r.Route, Views: int32(r.Views)}) //nolint:gosec // 12 weeks of views
	}
	return weeks, routes, nil
}
