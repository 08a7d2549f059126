package jobs

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent/activeday"
	"github.com/tremplin/tremplin/ent/pageview"
	"github.com/tremplin/tremplin/internal/viewer"
)

// measuresKept is how long the audience measures are kept: page-view counts and days of use
// (the CNIL's exemption for audience measurement allows 13 months at most).
const measuresKept = 13

// forgetMeasures deletes the page-view counts and days of use older than 13 months (by their
// calendar day, compared as text: "2025-10-27" < "2025-10-28"), as part of the nightly
// retention.
func (r *Runner) forgetMeasures(ctx context.Context, now time.Time, failed *failures) int {
	ctx = viewer.SystemContext(ctx)
	oldest := now.UTC().AddDate(0, -measuresKept, 0).Format(time.DateOnly)
	views, err := r.Client.PageView.Delete().Where(pageview.DayLT(oldest)).Exec(ctx)
	if err != nil {
		failed.add(uuid.Nil, err)
	}
	days, err := r.Client.ActiveDay.Delete().Where(activeday.DayLT(oldest)).Exec(ctx)
	if err != nil {
		failed.add(uuid.Nil, err)
	}
	return views + days
}
