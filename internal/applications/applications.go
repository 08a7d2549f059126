// Package applications holds the rules of a job application that other services apply: an
// activity may be linked only to an open application, and completing the first one engages
// it (ActivityService).
package applications

import (
	"context"
	"fmt"
	"time"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/application"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/db/rowlock"
)

// ErrClosed refuses a change to a won or lost application (final).
func ErrClosed() *connect.Error {
	return apierr.New(connect.CodeFailedPrecondition, commonv1.ErrorReason_ERROR_REASON_APPLICATION_CLOSED,
		"Cette opportunité est clôturée (gagnée ou perdue) : elle ne peut plus changer")
}

// IsClosed reports whether status is final (win or lost).
func IsClosed(status application.Status) bool {
	return status == application.StatusWin || status == application.StatusLost
}

// EnsureOpen answers the owner's application id, refusing a won or lost one: no new activity
// may be linked to it. NotFound when it is not the owner's. In a transaction on PostgreSQL
// the row stays locked until it ends (see Lock), so the application cannot be closed between
// this check and the activity's insertion.
func EnsureOpen(ctx context.Context, client *ent.Client, owner, id uuid.UUID) (*ent.Application, error) {
	a, err := Lock(ctx, client, owner, id)
	if err != nil {
		return nil, err
	}
	if IsClosed(a.Status) {
		return nil, ErrClosed()
	}
	return a, nil
}

// Lock reads the owner's application id for a change that depends on its status: on
// PostgreSQL the row is locked (SELECT … FOR UPDATE) until the caller's transaction ends, so
// two closings, or a closing and a new activity, cannot both pass their check; SQLite has one
// writer at a time already. NotFound when it is not the owner's.
func Lock(ctx context.Context, client *ent.Client, owner, id uuid.UUID) (*ent.Application, error) {
	return client.Application.Query().
		Where(application.ID(id), application.OwnerID(owner)).
		Modify(rowlock.OnPostgres).
		Only(ctx)
}

// OnActivityCompleted engages the application when it is still new: the first completed
// activity linked to it is the engagement, dated at. One conditional UPDATE, in the caller's
// transaction (pass tx.Client()), so two completions at once engage it once.
func OnActivityCompleted(ctx context.Context, client *ent.Client, owner, id uuid.UUID, at time.Time) error {
	_, err := client.Application.Update().
		Where(application.ID(id), application.OwnerID(owner), application.StatusEQ(application.StatusNew)).
		SetStatus(application.StatusEngaged).
		SetEngagedAt(at).
		Save(ctx)
	if err != nil {
		return fmt.Errorf("applications: engaging %s: %w", id, err)
	}
	return nil
}
