// Package dataversion keeps users.data_version moving with the candidate's own data: every
// successful change to a contact, tag, task, event, application or dashboard setting bumps
// its owner's version, in the same transaction. Views derived from that data and kept in
// memory (the contact list of a large network) compare versions to know they are stale; the
// version is loaded with the session, so checking costs no query.
package dataversion

import (
	"context"

	"entgo.io/ent"
	"github.com/google/uuid"

	entgen "github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/internal/viewer"
)

// clientMutation is what every generated mutation offers.
type clientMutation interface {
	ent.Mutation
	Client() *entgen.Client
}

// Hook bumps the data version of the owners of the rows a mutation changed.
//
// A candidate only ever changes their own rows (the tenancy policy sees to it), so their
// version moves. A creation names its owner. Updates and deletions by trusted server code
// (jobs, the demo seed) may touch anyone's rows: they move every candidate's version, which
// is always correct and cheap for such rare, bulk operations.
func Hook() ent.Hook {
	return func(next ent.Mutator) ent.Mutator {
		return ent.MutateFunc(func(ctx context.Context, m ent.Mutation) (ent.Value, error) {
			value, err := next.Mutate(ctx, m)
			if err != nil {
				return value, err
			}
			cm, ok := m.(clientMutation)
			if !ok {
				return value, nil
			}
			update := cm.Client().User.Update().AddDataVersion(1)
			v := viewer.FromContext(ctx)
			switch {
			case v != nil && v.Role == viewer.RoleCandidate:
				update.Where(user.ID(v.UserID))
			case m.Op().Is(ent.OpCreate):
				owner, _ := m.Field("owner_id")
				id, _ := owner.(uuid.UUID)
				update.Where(user.ID(id))
			default:
				update.Where(user.RoleEQ(user.RoleCandidate))
			}
			if err := update.Exec(ctx); err != nil {
				return nil, err
			}
			return value, nil
		})
	}
}
