package authn

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/activeday"
	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/internal/users"
)

// markActive records that the user used the app today (their calendar day), once a day: the
// agency's count of active candidates reads it. Best effort, as the session's touch: a lost
// mark only leaves a day uncounted.
func (s *Sessions) markActive(ctx context.Context, userID uuid.UUID, now time.Time, loc *time.Location) {
	_ = s.Client.ActiveDay.Create().SetUserID(userID).SetDay(now.In(loc).Format(time.DateOnly)).
		OnConflictColumns(activeday.FieldUserID, activeday.FieldDay).Ignore().Exec(ctx)
}

// markSignIn marks the day of a new session, in the user's time zone.
func (s *Sessions) markSignIn(ctx context.Context, userID uuid.UUID, now time.Time) {
	zone, err := s.Client.User.Query().Where(user.ID(userID)).Select(user.FieldTimeZone).String(ctx)
	if err != nil {
		return
	}
	s.markActive(ctx, userID, now, users.Location(zone))
}

// newDay says whether a session last seen at last is used again on another day of u's.
func newDay(u *ent.User, last, now time.Time) bool {
	loc := users.LocationOf(u)
	return last.In(loc).Format(time.DateOnly) != now.In(loc).Format(time.DateOnly)
}
