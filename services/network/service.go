// Package network implements NetworkService: a candidate's network of contacts (who introduced
// whom), its tags, the CSV import and export. Every call acts on the signed-in candidate's own
// contacts: queries name the owner explicitly, and the ent privacy layer filters them again.
//
// The rules shared with other services live in internal/contacts (normalisation, keys,
// statuses) and internal/tasks (the first task of a new contact).
package network

import (
	"context"
	"sync"

	"connectrpc.com/connect"
	"entgo.io/ent/dialect"
	"entgo.io/ent/dialect/sql"
	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/user"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	"github.com/tremplin/tremplin/gen/tremplin/network/v1/networkv1connect"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/authn"
	"github.com/tremplin/tremplin/internal/clock"
	"github.com/tremplin/tremplin/internal/db"
	"github.com/tremplin/tremplin/internal/viewer"
)

// Service implements networkv1connect.NetworkServiceHandler.
type Service struct {
	Client *ent.Client
	// Clock tells "today" for task deadlines and the export file name (default: system clock).
	Clock clock.Clock

	cacheOnce sync.Once
	cache     *networkCache
}

var _ networkv1connect.NetworkServiceHandler = (*Service)(nil)

// The refusals of this service (messages for people; the web app reads the reasons).

func errNotDeletable() *connect.Error {
	return apierr.New(connect.CodeFailedPrecondition, commonv1.ErrorReason_ERROR_REASON_CONTACT_NOT_DELETABLE,
		"La suppression n'est pas possible pour un contact en cours ou clôturé")
}

func errIntermediarySelf() *connect.Error {
	return apierr.New(connect.CodeInvalidArgument, commonv1.ErrorReason_ERROR_REASON_INVALID_INTERMEDIARY,
		"Un contact ne peut pas être son propre intermédiaire")
}

func errIntermediaryDescendant() *connect.Error {
	return apierr.New(connect.CodeInvalidArgument, commonv1.ErrorReason_ERROR_REASON_INVALID_INTERMEDIARY,
		"L'intermédiaire ne peut pas être un contact présenté par ce contact, directement ou non")
}

func errIntermediaryIncomplete() *connect.Error {
	return apierr.New(connect.CodeInvalidArgument, commonv1.ErrorReason_ERROR_REASON_INVALID_INTERMEDIARY,
		"Un contact incomplet ne peut pas être choisi comme intermédiaire")
}

// clock answers the service's clock.
func (s *Service) clock() clock.Clock {
	if s.Clock == nil {
		return clock.Real{}
	}
	return s.Clock
}

// owner answers the signed-in candidate (the access policy of every RPC admits candidates
// only, so a viewer is always there).
func owner(ctx context.Context) (*viewer.Viewer, error) {
	v := viewer.FromContext(ctx)
	if v == nil || v.Role != viewer.RoleCandidate || v.UserID == uuid.Nil {
		return nil, apierr.RoleNotAllowed()
	}
	return v, nil
}

// currentUser answers the candidate's account: the one authentication loaded, or a read.
func (s *Service) currentUser(ctx context.Context, v *viewer.Viewer) (*ent.User, error) {
	if u := authn.UserFrom(ctx); u != nil && u.ID == v.UserID {
		return u, nil
	}
	return s.Client.User.Query().Where(user.ID(v.UserID)).Only(ctx)
}

// parseID reads an id of the request; a malformed one names nothing (protovalidate refuses
// them before this).
func parseID(s, what string) (uuid.UUID, error) {
	id, err := uuid.Parse(s)
	if err != nil {
		return uuid.Nil, apierr.NotFound(what)
	}
	return id, nil
}

// withTx runs fn in a transaction (db.WithTx), rolled back when fn fails. fn answers
// refusals as *connect.Error; any other error is the database's (a not-found one names a
// contact).
func (s *Service) withTx(ctx context.Context, fn func(ctx context.Context, tx *ent.Tx) error) error {
	return apierr.FromEnt(db.WithTx(ctx, s.Client, fn), "Contact")
}

// lockNetwork serialises the changes of one candidate's intermediary tree on PostgreSQL
// (SQLite has one writer at a time already): two re-parentings at once could otherwise make
// a cycle. It locks the candidate's user row for the transaction.
func lockNetwork(ctx context.Context, tx *ent.Tx, owner uuid.UUID) error {
	var rows []struct {
		ID uuid.UUID `json:"id"`
	}
	return tx.User.Query().Where(user.ID(owner)).Modify(func(s *sql.Selector) {
		s.Select(s.C(user.FieldID))
		if s.Dialect() == dialect.Postgres {
			s.ForUpdate()
		}
	}).Scan(ctx, &rows)
}
