package insight_test

import (
	"context"
	"testing"
	"time"

	"entgo.io/ent/dialect/sql"

	insightv1 "github.com/tremplin/tremplin/gen/tremplin/insight/v1"
	"github.com/tremplin/tremplin/internal/testserver"
	"github.com/tremplin/tremplin/internal/users"
)

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
