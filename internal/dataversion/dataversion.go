// Package dataversion keeps users.data_version moving with the candidate's own data: every
// successful change to a contact, tag, task, event, application or dashboard setting bumps
// its owner's version, in the same transaction. Views derived from that data and kept in
// memory (the contact list of a large network) compare versions to know they are stale; the
// version is loaded with the session, so checking costs no query.
package dataversion

import (
	"context"
	"sync"

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
	Tx() (*entgen.Tx, error)
}

// bumped is the owners whose version a transaction has moved already (uuid.Nil: every
// candidate's). Readers compare versions for equality, so one step per transaction is enough.
type bumped struct {
	mu     sync.Mutex
	owners map[uuid.UUID]bool
}

type scopeKey struct{}

// TxScope marks ctx as the scope of one transaction (see db.WithTx): inside it, an owner's
// version moves at the first change only, so importing 5,000 contacts costs one UPDATE, not
// 5,000.
func TxScope(ctx context.Context) context.Context {
	return context.WithValue(ctx, scopeKey{}, &bumped{owners: map[uuid.UUID]bool{}})
}

// firstInTx reports whether m is the first change of owner in the transaction scope of ctx,
// and records it (a failed bump fails the transaction, scope and all). Changes outside a
// transaction scope always count as first.
func firstInTx(ctx context.Context, m clientMutation, owner uuid.UUID) bool {
	b, _ := ctx.Value(scopeKey{}).(*bumped)
	if b == nil {
		return true
	}
	if _, err := m.Tx(); err != nil { // the scope's context used outside its transaction
		return true
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.owners[owner] {
		return false
	}
	b.owners[owner] = true
	return true
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
			owner := uuid.Nil // every candidate
			v := viewer.FromContext(ctx)
			switch {
			case v != nil && v.Role == viewer.RoleCandidate:
				owner = v.UserID
				update.Where(user.ID(owner))
			case m.Op().Is(ent.OpCreate):
				field, _ := m.Field("owner_id")
				owner, _ = field.(uuid.UUID)
				update.Where(user.ID(owner))
			default:
				update.Where(user.RoleEQ(user.RoleCandidate))
			}
			if !firstInTx(ctx, cm, owner) {
				return value, nil
			}
			if err := update.Exec(ctx); err != nil {
				return nil, err
			}
			return value, nil
		})
	}
}
