package agency

import (
	"context"
	"errors"

	"github.com/tremplin/tremplin/ent"
	agencyv1 "github.com/tremplin/tremplin/gen/tremplin/agency/v1"
	"github.com/tremplin/tremplin/internal/access"
	"github.com/tremplin/tremplin/internal/accounts"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/handler"
	"github.com/tremplin/tremplin/internal/invitations"
	"github.com/tremplin/tremplin/internal/licenses"
	"github.com/tremplin/tremplin/internal/users"
	"github.com/tremplin/tremplin/internal/webhooks/outbox"
)

var defineAsB2BRoot = (&agencyv1.DefineAsB2BRequest{}).ProtoReflect().Descriptor()

// AllocateLicenseToCandidate gives one of the agency's remaining licences to one of its B2B
// candidates who holds none (or an expired one), ends their free access (a candidate never
// holds both), and tells them: an invitation when they never signed in, otherwise the news that
// their access is open again.
func (s *Service) AllocateLicenseToCandidate(ctx context.Context, req *agencyv1.AllocateLicenseToCandidateRequest) (*agencyv1.AllocateLicenseToCandidateResponse, error) {
	v, agencyID, err := managerAndAgency(ctx, req.GetId())
	if err != nil {
		return nil, err
	}
	now := s.Now()
	var (
		sent      told
		freeEnded bool
	)
	u, err := s.changeCandidate(ctx, v, req.GetCandidateId(), agencyID, func(ctx context.Context, tx *ent.Tx, u *ent.User) (*ent.User, error) {
		switch {
		case u.IsB2c || u.AgencyID == nil:
			return nil, errB2CLicense()
		case !users.LicenceCanBeGiven(u, u.Edges.License, now):
			return nil, errHoldsLicense()
		}
		// The pool's counter moves in one guarded UPDATE (licenses.TakeOne): two allocations
		// at once never hand out more than the agency bought.
		lic, err := licenses.Allocate(ctx, tx.Client(), *u.AgencyID, u.ID, now)
		switch {
		case errors.Is(err, licenses.ErrNoneLeft):
			return nil, errNoLicenseLeft()
		case errors.Is(err, licenses.ErrHeld):
			return nil, errHoldsLicense()
		case err != nil:
			return nil, err
		}
		u.Edges.License = lic
		if u.HasFreeAccess {
			if err := endFreeAccess(ctx, tx, u); err != nil {
				return nil, err
			}
			freeEnded = true
		}
		sent, err = s.tell(ctx, tx.Client(), u, now, true)
		return u, err
	})
	if err != nil {
		return nil, err
	}
	s.Invitations.Send(sent.mail)
	return &agencyv1.AllocateLicenseToCandidateResponse{
		Candidate:         users.ToProto(u, now),
		InvitationSent:    sent.invited,
		CandidateNotified: sent.notified,
		FreeAccessEnded:   freeEnded,
	}, nil
}

// endFreeAccess turns u's free access off (a licence replaces it), keeping its loaded edges.
func endFreeAccess(ctx context.Context, tx *ent.Tx, u *ent.User) error {
	if err := tx.User.UpdateOne(u).SetHasFreeAccess(false).Exec(ctx); err != nil {
		return err
	}
	u.HasFreeAccess = false
	return nil
}

// SendNewEmailInvitation e-mails a fresh invitation to a candidate who never signed in and
// can once they have a password. The agency id is optional: the spec's route names it (the
// candidate must then be of it), /api/candidates/{candidateId}/send-new-email-invitation does
// not, for a candidate of no agency too.
func (s *Service) SendNewEmailInvitation(ctx context.Context, req *agencyv1.SendNewEmailInvitationRequest) (*agencyv1.SendNewEmailInvitationResponse, error) {
	v, err := handler.Manager(ctx)
	if err != nil {
		return nil, err
	}
	agencyID, err := apierr.OptionalID(req.GetId(), apierr.Agency)
	if err != nil {
		return nil, err
	}
	if agencyID != nil {
		if agencyID, err = agencyOf(v, agencyID.String()); err != nil {
			return nil, err
		}
	}
	now := s.Now()
	var inv *invitations.Invitation
	u, err := s.changeCandidate(ctx, v, req.GetCandidateId(), agencyID, func(ctx context.Context, tx *ent.Tx, u *ent.User) (*ent.User, error) {
		switch {
		case u.FirstLoginAt != nil:
			return nil, errAlreadyActive()
		case !access.Invitable(u, u.Edges.License, now):
			return nil, errNoLicenseToInvite()
		}
		var err error
		inv, err = s.invite(ctx, tx.Client(), u, now)
		return u, err
	})
	if err != nil {
		return nil, err
	}
	s.Invitations.Send(inv)
	return &agencyv1.SendNewEmailInvitationResponse{Candidate: users.ToProto(u, now)}, nil
}

// DefineAsB2C makes a candidate B2C: their pending licence goes back to the agency's pool
// (an expired one is dropped, still counted as used), and one who never had a trial gets it.
func (s *Service) DefineAsB2C(ctx context.Context, req *agencyv1.DefineAsB2CRequest) (*agencyv1.DefineAsB2CResponse, error) {
	v, err := handler.Admin(ctx)
	if err != nil {
		return nil, err
	}
	now := s.Now()
	u, err := s.changeCandidate(ctx, v, req.GetId(), nil, func(ctx context.Context, tx *ent.Tx, u *ent.User) (*ent.User, error) {
		if u.IsB2c {
			return u, nil
		}
		if !users.CanBeMadeB2C(u, u.Edges.License, now) {
			return nil, errValidLicenseToB2C()
		}
		if err := licenses.Release(ctx, tx.Client(), u.ID); err != nil {
			return nil, err
		}
		shared, before := u.ShareProgressWithAgency, u.AgencyID
		update := tx.User.UpdateOne(u).SetIsB2c(true)
		// The trial starts at the first sign-in; one who signed in as B2B starts it now.
		if u.TrialEndAt == nil && u.FirstLoginAt != nil {
			update.SetTrialEndAt(now.AddDate(0, 0, s.TrialDays))
		}
		agency := u.Edges.Agency
		u, err := update.Save(ctx)
		if err != nil {
			return nil, err
		}
		u.Edges.Agency = agency
		// Sharing ends with the arrangement (internal/consent): the agency is told.
		return u, outbox.ConsentChange(ctx, tx.Client(), shared, before, u, now)
	})
	if err != nil {
		return nil, err
	}
	return &agencyv1.DefineAsB2CResponse{
		Candidate: users.ToProto(u, now),
		Actions:   &agencyv1.CandidateActions{SendInvitationEmail: access.Invitable(u, u.Edges.License, now)},
	}, nil
}

// DefineAsB2B makes a candidate B2B in their agency (or the one named, for a candidate of
// none). A B2B candidate needs a licence or free access to sign in: one with free access keeps
// it and takes no licence (a candidate never holds both); any other takes one of the agency's
// remaining licences, and stays B2C when none is left. One who signed in before and got a
// licence is told by e-mail.
func (s *Service) DefineAsB2B(ctx context.Context, req *agencyv1.DefineAsB2BRequest) (*agencyv1.DefineAsB2BResponse, error) {
	v, err := handler.Admin(ctx)
	if err != nil {
		return nil, err
	}
	named, err := apierr.OptionalID(req.GetAgencyId(), apierr.Agency)
	if err != nil {
		return nil, err
	}
	now := s.Now()
	var sent told
	u, err := s.changeCandidate(ctx, v, req.GetId(), nil, func(ctx context.Context, tx *ent.Tx, u *ent.User) (*ent.User, error) {
		if !u.IsB2c {
			if named != nil && (u.AgencyID == nil || *named != *u.AgencyID) {
				return nil, errOtherAgency()
			}
			return u, nil
		}
		if u.HasPaid {
			return nil, errPayingToB2B()
		}
		agencyID := u.AgencyID
		if named != nil {
			agencyID = named
		}
		if agencyID == nil {
			return nil, apierr.InvalidField(defineAsB2BRoot, "agency_id", "agency_id.required", apierr.Required)
		}
		ag, err := tx.Agency.Get(ctx, *agencyID)
		if err != nil {
			return nil, err
		}
		// A B2C candidate holds no licence; one left from before would be another agency's.
		if err := licenses.Release(ctx, tx.Client(), u.ID); err != nil {
			return nil, err
		}
		var lic *ent.License
		if !u.HasFreeAccess {
			lic, err = licenses.Allocate(ctx, tx.Client(), ag.ID, u.ID, now)
			switch {
			case errors.Is(err, licenses.ErrNoneLeft):
				return nil, errNoLicenseLeft()
			case err != nil:
				return nil, err
			}
		}
		shared, before := u.ShareProgressWithAgency, u.AgencyID
		if u, err = tx.User.UpdateOne(u).SetIsB2c(false).SetAgencyID(ag.ID).Save(ctx); err != nil {
			return nil, err
		}
		if err := outbox.ConsentChange(ctx, tx.Client(), shared, before, u, now); err != nil {
			return nil, err
		}
		u.Edges.Agency, u.Edges.License = ag, lic
		if lic != nil && u.FirstLoginAt != nil {
			// One who never signed in is invited by the client (actions.send_invitation_email).
			sent, err = s.tell(ctx, tx.Client(), u, now, false)
		}
		return u, err
	})
	if err != nil {
		return nil, err
	}
	s.Invitations.Send(sent.mail)
	return &agencyv1.DefineAsB2BResponse{
		Candidate:         users.ToProto(u, now),
		Actions:           &agencyv1.CandidateActions{SendInvitationEmail: access.Invitable(u, u.Edges.License, now)},
		CandidateNotified: sent.notified,
	}, nil
}

// SetFreeAccess grants or revokes free premium access; granting it to a candidate holding a
// pending or valid licence is refused.
func (s *Service) SetFreeAccess(ctx context.Context, req *agencyv1.SetFreeAccessRequest) (*agencyv1.SetFreeAccessResponse, error) {
	v, err := handler.Manager(ctx)
	if err != nil {
		return nil, err
	}
	now := s.Now()
	u, err := s.changeCandidate(ctx, v, req.GetId(), nil, func(ctx context.Context, tx *ent.Tx, u *ent.User) (*ent.User, error) {
		if req.GetHasFreeAccess() == u.HasFreeAccess {
			return u, nil // already so: nothing to change
		}
		if req.GetHasFreeAccess() && !users.FreeAccessCanBeGiven(u, u.Edges.License, now) {
			return nil, errFreeAccessWithLicense()
		}
		edges := u.Edges
		u, err := tx.User.UpdateOne(u).SetHasFreeAccess(req.GetHasFreeAccess()).Save(ctx)
		if err != nil {
			return nil, err
		}
		u.Edges = edges
		return u, nil
	})
	if err != nil {
		return nil, err
	}
	return &agencyv1.SetFreeAccessResponse{Candidate: users.ToProto(u, now)}, nil
}

// DeleteCandidate deletes a candidate and everything they own in one transaction, as their own
// deletion does (internal/accounts), and tells them by e-mail.
func (s *Service) DeleteCandidate(ctx context.Context, req *agencyv1.DeleteCandidateRequest) (*agencyv1.DeleteCandidateResponse, error) {
	v, err := handler.Manager(ctx)
	if err != nil {
		return nil, err
	}
	deleted, err := s.changeCandidate(ctx, v, req.GetId(), nil, func(ctx context.Context, tx *ent.Tx, u *ent.User) (*ent.User, error) {
		return u, accounts.Delete(ctx, tx, u.ID)
	})
	if err != nil {
		return nil, err
	}
	msg, err := accounts.DeletedMail(deleted, false)
	if err != nil {
		return nil, err
	}
	s.Mail.Enqueue(msg)
	return &agencyv1.DeleteCandidateResponse{}, nil
}
