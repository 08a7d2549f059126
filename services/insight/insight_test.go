package insight_test

import (
	"context"
	"testing"
	"time"

	"connectrpc.com/connect"
	"entgo.io/ent/dialect/sql"
	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent/application"
	"github.com/tremplin/tremplin/ent/event"
	"github.com/tremplin/tremplin/ent/user"
	insightv1 "github.com/tremplin/tremplin/gen/tremplin/insight/v1"
	"github.com/tremplin/tremplin/gen/tremplin/insight/v1/insightv1connect"
	"github.com/tremplin/tremplin/internal/testserver"
	"github.com/tremplin/tremplin/internal/users"
	"github.com/tremplin/tremplin/internal/viewer"
)

var sys = viewer.SystemContext(context.Background())

func insightOf(s *testserver.Session) insightv1connect.InsightServiceClient {
	return testserver.Connect(s, insightv1connect.NewInsightServiceClient)
}

// An agency's 12 weeks against a hand count: the sharing candidates by name and in the
// weekly figures, the others only in the anonymous totals — and those only from 5 candidates
// not sharing; active means a day of use or a completed task or event; on target is each
// candidate's own objectives; the licences week by week add up to the agency's total.
func TestAgencyInsightMatchesAHandCount(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		paris := users.Location("Europe/Paris")
		p := func(month time.Month, d, h int) time.Time { return time.Date(2026, month, d, h, 0, 0, 0, paris) }
		srv.Clock.Set(p(11, 18, 10)) // Wednesday 18 November: week 10 is 9–15 November, 11 the current one
		a := srv.CreateAgency(t, "Agence Rive Gauche", 10)
		admin := srv.SignInAs(t, testserver.AgencyAdmin, "admin@rive.fr", a)
		named := func(s *testserver.Session, first, last string, shares bool) *testserver.Session {
			srv.Client.User.UpdateOneID(s.User.ID).SetFirstName(first).SetLastName(last).SetShareProgressWithAgency(shares).ExecX(sys)
			return s
		}
		// Two share their progress (Zoé has done nothing but sign in), five do not; every one of
		// them signed in today.
		lea := named(srv.SignInAs(t, testserver.LicensedCandidate, "lea@rive.fr", a), "Léa", "Martin", true)
		named(srv.SignInAs(t, testserver.LicensedCandidate, "zoe@rive.fr", a), "Zoé", "Abadie", true)
		var hidden []*testserver.Session
		for _, e := range []string{"h1@rive.fr", "h2@rive.fr", "h3@rive.fr", "h4@rive.fr", "h5@rive.fr"} {
			hidden = append(hidden, named(srv.SignInAs(t, testserver.LicensedCandidate, e, a), "Caché", e, false))
		}
		// Léa: a day of use in week 9; an interview completed and an application sent in week
		// 10, which reaches her one objective (an interview a week).
		srv.Client.ActiveDay.Create().SetUserID(lea.User.ID).SetDay("2026-11-03").ExecX(sys)
		interview(srv, lea.User.ID, p(11, 12, 14))
		sent(srv, lea.User.ID, p(11, 13, 9))
		srv.Client.DashboardSetting.Create().SetOwnerID(lea.User.ID).
			SetNewContactMedium(0).SetNewContactHigh(0).SetFirstTaskLow(0).SetFirstTaskMedium(0).SetFirstTaskHigh(0).
			SetCompletedInterviewLow(0).SetCompletedInterviewMedium(1).SetCompletedInterviewHigh(1).
			SetEngagedApplicationLow(0).SetEngagedApplicationMedium(0).SetEngagedApplicationHigh(0).SetNewContactLow(0).ExecX(sys)
		// A hidden candidate sent two applications in week 10 (sending is not being active:
		// the date is the application's, not a day of use).
		sent(srv, hidden[0].User.ID, p(11, 10, 9))
		sent(srv, hidden[0].User.ID, p(11, 11, 9))
		// Another agency's candidate counts nowhere here.
		other := srv.SignInAs(t, testserver.LicensedCandidate, "autre@ailleurs.fr")
		interview(srv, other.User.ID, p(11, 12, 15))

		res, err := insightOf(admin).GetAgencyInsight(context.Background(), &insightv1.GetAgencyInsightRequest{})
		if err != nil {
			t.Fatal(err)
		}
		if res.GetCandidates() != 7 || res.GetSharingCandidates() != 2 || res.GetAgency().GetName() != "Agence Rive Gauche" {
			t.Errorf("candidates %d, sharing %d, agency %v", res.GetCandidates(), res.GetSharingCandidates(), res.GetAgency())
		}
		type fig struct{ active, sent, interviews, onTarget int32 }
		of := func(f *insightv1.AgencyWeekFigures) fig {
			return fig{f.GetActiveCandidates(), f.GetApplicationsSent(), f.GetInterviews(), f.GetCandidatesOnTarget()}
		}
		weeks := res.GetWeeks()
		if len(weeks) != 12 {
			t.Fatalf("%d weeks", len(weeks))
		}
		wantSharing := map[int]fig{9: {active: 1}, 10: {1, 1, 1, 1}, 11: {active: 2}}
		wantEveryone := map[int]fig{9: {active: 1}, 10: {1, 3, 1, 1}, 11: {active: 7}}
		for i, w := range weeks {
			if got := of(w.GetSharing()); got != wantSharing[i] {
				t.Errorf("week %d, sharing: %+v, want %+v", i, got, wantSharing[i])
			}
			if w.GetEveryone() == nil {
				t.Fatalf("week %d: no anonymous totals with 5 candidates not sharing", i)
			}
			if got := of(w.GetEveryone()); got != wantEveryone[i] {
				t.Errorf("week %d, everyone: %+v, want %+v", i, got, wantEveryone[i])
			}
		}
		// The table: the sharing candidates only, by name.
		rows := res.GetSharing()
		if len(rows) != 2 || rows[0].GetLastName() != "Abadie" || rows[1].GetLastName() != "Martin" {
			t.Fatalf("table %v", rows)
		}
		if r := rows[1]; r.GetActiveWeeks() != 3 || r.GetWeeksOnTarget() != 1 || r.GetApplicationsSent() != 1 || r.GetInterviews() != 1 {
			t.Errorf("Léa's row %v", r)
		}
		// Licences: 7 used now of 10; every week adds up.
		last := res.GetLicences()[11]
		if last.GetUsed() != 7 || last.GetPending() != 0 || last.GetRemaining() != 3 {
			t.Errorf("licences now %v", last)
		}
		for i, l := range res.GetLicences() {
			if l.GetUsed()+l.GetPending()+l.GetRemaining() != 10 {
				t.Errorf("licences of week %d: %v", i, l)
			}
		}

		// With one of the five not sharing moved away, four remain: the anonymous totals are
		// withheld (they would give the four's weeks away from the named ones).
		b := srv.CreateAgency(t, "Agence Ailleurs", 5)
		srv.Client.User.UpdateOneID(hidden[4].User.ID).SetAgencyID(b.ID).ExecX(sys)
		res, err = insightOf(admin).GetAgencyInsight(context.Background(), &insightv1.GetAgencyInsightRequest{})
		if err != nil {
			t.Fatal(err)
		}
		for i, w := range res.GetWeeks() {
			if w.GetEveryone() != nil {
				t.Errorf("week %d shows anonymous totals with 4 candidates not sharing", i)
			}
		}
		if got := of(res.GetWeeks()[10].GetSharing()); got != wantSharing[10] {
			t.Errorf("week 10, sharing: %+v", got)
		}

		// The platform admin names the agency; another agency's admin cannot.
		platform := srv.SignInAs(t, testserver.Admin, "eva@tremplin.fr")
		res, err = insightOf(platform).GetAgencyInsight(context.Background(), &insightv1.GetAgencyInsightRequest{AgencyId: a.ID.String()})
		if err != nil || res.GetSharingCandidates() != 2 {
			t.Errorf("the platform admin's read: %v %v", res, err)
		}
		outsider := srv.SignInAs(t, testserver.AgencyAdmin, "admin@ailleurs.fr", b)
		_, err = insightOf(outsider).GetAgencyInsight(context.Background(), &insightv1.GetAgencyInsightRequest{AgencyId: a.ID.String()})
		testserver.WantRefusal(t, "another agency", err, connect.CodeNotFound, "NOT_FOUND")
	})
}

func interview(srv *testserver.Start, owner uuid.UUID, at time.Time) {
	srv.Client.Event.Create().SetOwnerID(owner).SetSubject(event.SubjectRecruitment).SetType(event.TypeInterview).
		SetStatus(event.StatusCompleted).SetMediaType(event.MediaTypeMobile).SetDate(at.UTC()).ExecX(sys)
}

func sent(srv *testserver.Start, owner uuid.UUID, at time.Time) {
	srv.Client.Application.Create().SetOwnerID(owner).SetCompany("Airbus").SetJob("Acheteuse").
		SetSource(application.SourceJobBoard).SetCreatedAt(at.UTC()).SetStatus(application.StatusEngaged).SetEngagedAt(at.UTC()).ExecX(sys)
}

// Page views are counted by route pattern, day and role, and nothing else: an unknown route
// is refused in French; the platform admin reads them by week and by route, with the B2C
// funnel.
func TestPageViewsAndTheFunnel(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		paris := users.Location("Europe/Paris")
		p := func(month time.Month, d, h int) time.Time { return time.Date(2026, month, d, h, 0, 0, 0, paris) }
		srv.Clock.Set(p(11, 18, 10))
		visitor := insightv1connect.NewInsightServiceClient(srv.WebClient(t), srv.URL)
		for range 2 {
			if _, err := visitor.RecordPageView(context.Background(), &insightv1.RecordPageViewRequest{Route: "/login"}); err != nil {
				t.Fatal(err)
			}
		}
		candidate := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		if _, err := insightOf(candidate).RecordPageView(context.Background(), &insightv1.RecordPageViewRequest{Route: "/contact/:id"}); err != nil {
			t.Fatal(err)
		}
		_, err := visitor.RecordPageView(context.Background(), &insightv1.RecordPageViewRequest{Route: "/contact/0192"})
		testserver.WantRefusal(t, "a real address", err, connect.CodeInvalidArgument, "INVALID_FIELDS")
		if n := srv.Client.PageView.Query().CountX(sys); n != 2 {
			t.Errorf("%d rows of page views, want 2 (route, day and role)", n)
		}

		// The funnel: a trial started in week 10 that became Premium in week 11; one that
		// ended in week 10 unpaid; one ending later this week (not ended yet).
		b2c := func(email string, created time.Time, trialEnd time.Time, premium *time.Time) {
			c := srv.Client.User.Create().SetRole(user.RoleCandidate).SetEmail(email).SetIsB2c(true).
				SetCreatedAt(created.UTC()).SetTrialEndAt(trialEnd.UTC())
			if premium != nil {
				c.SetPremiumAt(premium.UTC()).SetHasPaid(true)
			}
			c.ExecX(sys)
		}
		paid := p(11, 16, 9)
		b2c("paye@exemple.fr", p(11, 9, 9), p(11, 23, 9), &paid)
		b2c("fini@exemple.fr", p(10, 28, 9), p(11, 11, 9), nil)
		b2c("encours@exemple.fr", p(11, 5, 9), p(11, 20, 9), nil)

		admin := srv.SignInAs(t, testserver.Admin, "eva@tremplin.fr")
		res, err := insightOf(admin).GetPlatformInsight(context.Background(), &insightv1.GetPlatformInsightRequest{})
		if err != nil {
			t.Fatal(err)
		}
		now := res.GetPageViewWeeks()[11]
		if now.GetAnonymous() != 2 || now.GetCandidate() != 1 || now.GetAgencyAdmin() != 0 {
			t.Errorf("this week's views %v", now)
		}
		routes := res.GetRoutes()
		if len(routes) != 2 || routes[0].GetRoute() != "/login" || routes[0].GetViews() != 2 || routes[1].GetRoute() != "/contact/:id" {
			t.Errorf("routes %v", routes)
		}
		type funnel struct{ started, premium, ended int32 }
		// (Alice, signed in by the kit, is dated by the real clock, after these weeks.)
		want := map[int]funnel{8: {started: 1}, 9: {started: 1}, 10: {started: 1, ended: 1}, 11: {premium: 1}}
		if len(res.GetFunnel()) != 12 {
			t.Fatalf("the funnel has %d weeks, want 12", len(res.GetFunnel()))
		}
		for i, f := range res.GetFunnel() {
			got := funnel{f.GetTrialsStarted(), f.GetBecamePremium(), f.GetTrialsEnded()}
			if got != want[i] {
				t.Errorf("funnel week %d: %+v, want %+v", i, got, want[i])
			}
		}
	})
}

// Each reader records so many page views, then is refused until their budget refills (one a
// second): 300 from an address nobody signed in on, the 301st refused with a reason and counted
// nowhere; a person signed in at the same address has a budget of their own; a second later,
// one more.
func TestPageViewsAreBoundedPerReader(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		visitor := insightv1connect.NewInsightServiceClient(srv.WebClient(t), srv.URL)
		view := func(c insightv1connect.InsightServiceClient) error {
			_, err := c.RecordPageView(context.Background(), &insightv1.RecordPageViewRequest{Route: "/login"})
			return err
		}
		for i := range 300 {
			if err := view(visitor); err != nil {
				t.Fatalf("view %d: %v", i+1, err)
			}
		}
		testserver.WantRefusal(t, "the 301st view", view(visitor), connect.CodeResourceExhausted, "RATE_LIMITED")
		candidate := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		if err := view(insightOf(candidate)); err != nil {
			t.Errorf("a signed-in reader at the same address: %v", err)
		}
		srv.Clock.Set(srv.Clock.Now().Add(time.Second))
		if err := view(visitor); err != nil {
			t.Errorf("a second later: %v", err)
		}
		testserver.WantRefusal(t, "the next at once", view(visitor), connect.CodeResourceExhausted, "RATE_LIMITED")
		var views int64
		for _, p := range srv.Client.PageView.Query().AllX(sys) {
			views += p.Views
		}
		if views != 302 {
			t.Errorf("%d views counted, want 302 (301 anonymous, 1 candidate's)", views)
		}
	})
}

// An agency's weeks are kept between readings, and a reading still shows every change made
// since: an interview added, then deleted, in a past week; a first day of use this week (the
// days of use are not part of the candidate's data version); and a reader in another time
// zone, whose weeks cut the same rows elsewhere.
func TestAgencyInsightShowsEveryChangeSinceTheLastReading(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		paris := users.Location("Europe/Paris")
		p := func(month time.Month, d, h, m int) time.Time { return time.Date(2026, month, d, h, m, 0, 0, paris) }
		a := srv.CreateAgency(t, "Agence Rive Gauche", 10)
		// Léa signs in during week 10 (9–15 November), not since.
		srv.Clock.Set(p(11, 10, 10, 0))
		lea := srv.SignInAs(t, testserver.LicensedCandidate, "lea@rive.fr", a)
		srv.Client.User.UpdateOneID(lea.User.ID).SetShareProgressWithAgency(true).ExecX(sys)
		srv.Clock.Set(p(11, 18, 10, 0)) // Wednesday of week 11, the current one
		admin := srv.SignInAs(t, testserver.AgencyAdmin, "admin@rive.fr", a)

		type fig struct{ active, interviews int32 }
		read := func(who *testserver.Session, step string, want map[int]fig) {
			t.Helper()
			res, err := insightOf(who).GetAgencyInsight(context.Background(), &insightv1.GetAgencyInsightRequest{AgencyId: a.ID.String()})
			if err != nil {
				t.Fatalf("%s: %v", step, err)
			}
			if len(res.GetWeeks()) != 12 {
				t.Fatalf("%s: %d weeks, want 12", step, len(res.GetWeeks()))
			}
			for i, w := range res.GetWeeks() {
				got := fig{w.GetSharing().GetActiveCandidates(), w.GetSharing().GetInterviews()}
				if got != want[i] {
					t.Errorf("%s, week %d: %+v, want %+v", step, i, got, want[i])
				}
			}
		}
		read(admin, "first reading", map[int]fig{10: {active: 1}})

		// An interview of week 10, completed late on Sunday night.
		interview(srv, lea.User.ID, p(11, 15, 23, 30))
		read(admin, "after an interview", map[int]fig{10: {1, 1}})

		// Léa uses the app today: she is active this week.
		srv.Client.ActiveDay.Create().SetUserID(lea.User.ID).SetDay("2026-11-18").ExecX(sys)
		read(admin, "after a day of use", map[int]fig{10: {1, 1}, 11: {active: 1}})

		// An interview on Monday 16 at 1:30 in Paris is in week 11 for the agency admin; in
		// Cayenne (UTC−3), where the platform admin reads, it is Sunday 21:30, in week 10 with
		// the other.
		interview(srv, lea.User.ID, p(11, 16, 1, 30))
		read(admin, "after a Monday interview", map[int]fig{10: {1, 1}, 11: {1, 1}})
		platform := srv.SignInAs(t, testserver.Admin, "eva@tremplin.fr")
		srv.Client.User.UpdateOneID(platform.User.ID).SetTimeZone("America/Cayenne").ExecX(sys)
		read(platform, "in Cayenne", map[int]fig{10: {1, 2}, 11: {active: 1}})

		// The first interview deleted: week 10 counts one fewer.
		first := srv.Client.Event.Query().Order(func(s *sql.Selector) { s.OrderBy(s.C("date")) }).FirstX(sys)
		srv.Client.Event.DeleteOne(first).ExecX(sys)
		read(admin, "after a deletion", map[int]fig{10: {active: 1}, 11: {1, 1}})
	})
}
