package jobs_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/tremplin/tremplin/ent/activeday"
	"github.com/tremplin/tremplin/ent/pageview"
	"github.com/tremplin/tremplin/internal/testserver"
	"github.com/tremplin/tremplin/internal/viewer"
)

// The nightly retention keeps the audience measures 13 months, as the legal notice says:
// the night of 28 November 2026, the page-view counts and days of use of 27 October 2025 go,
// those of the 28th stay.
func TestRetentionForgetsMeasuresAfterThirteenMonths(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		sys := viewer.SystemContext(context.Background())
		u := srv.CreateUser(t, "lea@exemple.fr", testserver.UserSpec{IsB2C: true})
		for _, day := range []string{"2025-10-27", "2025-10-28", "2025-10-29", "2026-11-27"} {
			srv.Client.PageView.Create().SetDay(day).SetRoute("/contacts").SetRole(pageview.RoleCandidate).SetViews(3).ExecX(sys)
			srv.Client.ActiveDay.Create().SetUserID(u.ID).SetDay(day).ExecX(sys)
		}
		tickAt(t, srv, utc(2026, time.November, 28, 2, 0))

		kept := srv.Client.PageView.Query().Order(pageview.ByDay()).Select(pageview.FieldDay).StringsX(sys)
		if want := []string{"2025-10-28", "2025-10-29", "2026-11-27"}; !slices.Equal(kept, want) {
			t.Errorf("page views kept %v, want %v", kept, want)
		}
		days := srv.Client.ActiveDay.Query().Order(activeday.ByDay()).Select(activeday.FieldDay).StringsX(sys)
		if want := []string{"2025-10-28", "2025-10-29", "2026-11-27"}; !slices.Equal(days, want) {
			t.Errorf("days of use kept %v, want %v", days, want)
		}
	})
}
