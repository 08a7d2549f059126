// Package agency implements AgencyService: agencies and their licences (the platform admin),
// candidates (the platform admin, and agency admins for their own agency), and API keys
// (apikeys.go). Every handler scopes its queries to the agencies the caller manages, and the
// ent privacy layer (internal/tenancy) filters them again, so another agency's agency,
// candidate or key answers NotFound on both layers.
//
// The licence pool's rules are internal/licenses; who may sign in, internal/access; the
// invitation e-mails, internal/invitations.
package agency

import (
	"context"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/predicate"
	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/gen/tremplin/agency/v1/agencyv1connect"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/db/rowlock"
	"github.com/tremplin/tremplin/internal/handler"
	"github.com/tremplin/tremplin/internal/invitations"
	"github.com/tremplin/tremplin/internal/mail"
	"github.com/tremplin/tremplin/internal/viewer"
)

// Service implements agencyv1connect.AgencyServiceHandler.
type Service struct {
	agencyv1connect.UnimplementedAgencyServiceHandler
	handler.Base

	Invitations *invitations.Inviter
	// Mail sends the other e-mails (a deleted candidate's confirmation).
	Mail *mail.Queue
	// TrialDays is the length of the trial a candidate made B2C gets.
	TrialDays int
}

var _ agencyv1connect.AgencyServiceHandler = (*Service)(nil)

// Origins of the accounts this service creates.
const (
	originAgency = "agency" // created by an agency admin
	originAdmin  = "admin"  // created by the platform admin
)

// agencyOf reads the agency id a request names and checks that the caller manages it: an
// agency admin only their own (another agency answers NotFound, as an unknown id does). An
// empty id means the caller's own agency: nil for the platform admin.
func agencyOf(v *viewer.Viewer, raw string) (*uuid.UUID, error) {
	id, err := apierr.OptionalID(raw, apierr.Agency)
	if err != nil {
		return nil, err
	}
	if handler.ManagesAll(v) {
		return id, nil
	}
	if id != nil && *id != v.AgencyID {
		return nil, apierr.NotFound(apierr.Agency)
	}
	return &v.AgencyID, nil
}

// managerAndAgency is the prologue of an RPC a Manager calls for the agency the request may
// name: the caller (handler.Manager), then that agency, checked (agencyOf).
func managerAndAgency(ctx context.Context, raw string) (*viewer.Viewer, *uuid.UUID, error) {
	v, err := handler.Manager(ctx)
	if err != nil {
		return nil, nil, err
	}
	agencyID, err := agencyOf(v, raw)
	if err != nil {
		return nil, nil, err
	}
	return v, agencyID, nil
}

// candidates is the query of the candidates the caller manages: every candidate for the
// platform admin, their agency's for an agency admin (the tenancy rules filter it again).
func candidates(client *ent.Client, v *viewer.Viewer) *ent.UserQuery {
	q := client.User.Query().Where(user.RoleEQ(user.RoleCandidate))
	if !handler.ManagesAll(v) {
		q.Where(user.AgencyID(v.AgencyID))
	}
	return q
}

// candidateOf loads a candidate the caller manages, with their licence and agency; in
// agency (when not nil) only. Anyone else — another agency's candidate, an admin, an unknown
// id — answers « Candidat introuvable ».
func candidateOf(ctx context.Context, client *ent.Client, v *viewer.Viewer, id uuid.UUID, agency *uuid.UUID) (*ent.User, error) {
	return findCandidate(ctx, client, v, id, agency)
}

// lockCandidate is candidateOf in a transaction that changes the candidate: on PostgreSQL
// their row stays locked until it ends (SELECT … FOR UPDATE), so two changes of one candidate
// (a licence given while they are made B2C…) happen one after the other. SQLite transactions
// hold the write lock from their start already.
func lockCandidate(ctx context.Context, tx *ent.Tx, v *viewer.Viewer, id uuid.UUID, agency *uuid.UUID) (*ent.User, error) {
	return findCandidate(ctx, tx.Client(), v, id, agency, rowlock.OnPostgres)
}

// changeCandidate is the frame of every action on one candidate: it reads the candidate id the
// request names (rawID), then runs change in one transaction on that candidate, locked
// (lockCandidate) and in agency when not nil. change answers the candidate as it leaves them
// (a saved copy, or u itself), which changeCandidate answers once the transaction committed.
func (s *Service) changeCandidate(ctx context.Context, v *viewer.Viewer, rawID string, agency *uuid.UUID, change func(ctx context.Context, tx *ent.Tx, u *ent.User) (*ent.User, error)) (*ent.User, error) {
	id, err := apierr.ID(rawID, apierr.Candidate)
	if err != nil {
		return nil, err
	}
	var changed *ent.User
	err = s.Tx(ctx, func(ctx context.Context, tx *ent.Tx) error {
		u, err := lockCandidate(ctx, tx, v, id, agency)
		if err != nil {
			return err
		}
		changed, err = change(ctx, tx, u)
		return err
	})
	if err != nil {
		return nil, err
	}
	return changed, nil
}

func findCandidate(ctx context.Context, client *ent.Client, v *viewer.Viewer, id uuid.UUID, agency *uuid.UUID, more ...predicate.User) (*ent.User, error) {
	q := candidates(client, v).Where(user.ID(id)).Where(more...)
	if agency != nil {
		q.Where(user.AgencyID(*agency))
	}
	u, err := q.WithLicense().WithAgency().Only(ctx)
	if ent.IsNotFound(err) {
		return nil, apierr.NotFound(apierr.Candidate)
	}
	return u, err
}
