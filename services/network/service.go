// Package network implements NetworkService: a candidate's network of contacts (who introduced
// whom), its tags, the CSV import and export. Every call acts on the signed-in candidate's own
// contacts: queries name the owner explicitly, and the ent privacy layer filters them again.
//
// The rules shared with other services live in internal/contacts (normalisation, keys,
// statuses) and internal/tasks (the first task of a new contact).
package network

import (
	"context"

	"entgo.io/ent/dialect/sql"
	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/gen/tremplin/network/v1/networkv1connect"
	"github.com/tremplin/tremplin/internal/db/rowlock"
	"github.com/tremplin/tremplin/internal/handler"
)

// Service implements networkv1connect.NetworkServiceHandler.
type Service struct {
	handler.Base
}

var _ networkv1connect.NetworkServiceHandler = (*Service)(nil)

// lockNetwork serialises the changes of one candidate's intermediary tree on PostgreSQL
// (SQLite has one writer at a time already): two re-parentings at once could otherwise make
// a cycle. It locks the candidate's user row for the transaction.
func lockNetwork(ctx context.Context, tx *ent.Tx, owner uuid.UUID) error {
	var rows []struct {
		ID uuid.UUID `json:"id"`
	}
	return tx.User.Query().Where(user.ID(owner)).Modify(func(s *sql.Selector) {
		s.Select(s.C(user.FieldID))
		rowlock.OnPostgres(s)
	}).Scan(ctx, &rows)
}
