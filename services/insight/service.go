// Package insight implements InsightService: how the weeks go for an agency's candidates
// (« Suivi de l'agence »), for the platform (agencies, the B2C funnel, page views), and the
// first-party count of page views. The weekly figures are internal/dashboard's, counted for
// many candidates at once.
package insight

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/gen/tremplin/insight/v1/insightv1connect"
	"github.com/tremplin/tremplin/internal/authn"
	"github.com/tremplin/tremplin/internal/dashboard"
	"github.com/tremplin/tremplin/internal/handler"
	"github.com/tremplin/tremplin/internal/users"
	"github.com/tremplin/tremplin/internal/viewer"
)

// Service implements insightv1connect.InsightServiceHandler.
type Service struct {
	handler.Base
	// Weeks keeps candidates' weeks between two readings of an agency (dashboard.NewKeptWeeks).
	Weeks *dashboard.KeptWeeks
	// Views bounds the page views each reader may record (authn.NewViewLimiter).
	Views *authn.ViewLimiter
}

var _ insightv1connect.InsightServiceHandler = (*Service)(nil)

// minHidden is the fewest candidates not sharing their progress for whom anonymous totals are
// shown: below it, the totals minus the named figures would give someone's weeks away.
const minHidden = 5

// readerWeeks answers now and the weeks every staff view shows (dashboard.HistoryWeeks, the
// current one last), in the reader's time zone: a person's own, the default for an API key (no
// person behind it).
func (s *Service) readerWeeks(ctx context.Context, v *viewer.Viewer) (time.Time, []dashboard.Span, error) {
	now, loc := s.Now(), users.Location("")
	if v.UserID != uuid.Nil {
		var err error
		if now, loc, err = s.CallerTime(ctx, v); err != nil {
			return time.Time{}, nil, err
		}
	}
	return now, dashboard.Spans(now, loc, dashboard.HistoryWeeks), nil
}

// versions are the candidates as the kept weeks know them: their ids and data versions (read
// before their weeks, see dashboard.KeptWeeks.History).
func versions(candidates []*ent.User) []dashboard.Versioned {
	out := make([]dashboard.Versioned, len(candidates))
	for i, c := range candidates {
		out[i] = dashboard.Versioned{ID: c.ID, Version: c.DataVersion}
	}
	return out
}
