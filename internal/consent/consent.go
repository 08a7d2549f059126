// Package consent keeps a candidate's consent to the coach view (share_progress_with_agency)
// tied to what it was given to: the agency following them, under one arrangement (B2B with
// its licence, or B2C). It is a hook on the user schema, so that no writer — define-as-B2B
// or B2C, the demo seed, a job, code not written yet — moves a candidate and keeps it.
package consent

import (
	"context"

	"entgo.io/ent"

	entgen "github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/hook"
)

// Hook ends the consent of a user whose agency changes (to another, or to none) or who moves
// between B2B and B2C, unless the same write sets the consent itself. A bulk update that
// touches either ends it for every user it writes: it has no old values to compare.
func Hook() ent.Hook {
	return hook.On(func(next ent.Mutator) ent.Mutator {
		return hook.UserFunc(func(ctx context.Context, m *entgen.UserMutation) (entgen.Value, error) {
			if _, set := m.ShareProgressWithAgency(); !set {
				moves, err := moves(ctx, m)
				if err != nil {
					return nil, err
				}
				if moves {
					m.SetShareProgressWithAgency(false)
				}
			}
			return next.Mutate(ctx, m)
		})
	}, ent.OpUpdate|ent.OpUpdateOne)
}

// moves reports whether m changes the user's agency or arrangement.
func moves(ctx context.Context, m *entgen.UserMutation) (bool, error) {
	agency, agencySet := m.AgencyID()
	agencyCleared := m.AgencyIDCleared()
	b2c, kindSet := m.IsB2c()
	if !agencySet && !agencyCleared && !kindSet {
		return false, nil
	}
	if !m.Op().Is(ent.OpUpdateOne) {
		return true, nil
	}
	if agencySet || agencyCleared {
		old, err := m.OldAgencyID(ctx)
		if err != nil {
			return false, err
		}
		switch {
		case agencyCleared && !agencySet:
			if old != nil {
				return true, nil
			}
		case old == nil || *old != agency:
			return true, nil
		}
	}
	if kindSet {
		old, err := m.OldIsB2c(ctx)
		if err != nil {
			return false, err
		}
		if old != b2c {
			return true, nil
		}
	}
	return false, nil
}
