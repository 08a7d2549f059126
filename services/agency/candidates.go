package agency

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/user"
	agencyv1 "github.com/tremplin/tremplin/gen/tremplin/agency/v1"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	"github.com/tremplin/tremplin/internal/access"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/contacts"
	"github.com/tremplin/tremplin/internal/handler"
	"github.com/tremplin/tremplin/internal/invitations"
	"github.com/tremplin/tremplin/internal/licenses"
	"github.com/tremplin/tremplin/internal/paging"
	"github.com/tremplin/tremplin/internal/users"
	"github.com/tremplin/tremplin/internal/viewer"
	"github.com/tremplin/tremplin/internal/webhooks/outbox"
)

var createCandidateRoot = (&agencyv1.CreateCandidateRequest{}).ProtoReflect().Descriptor()

// CreateCandidate creates a candidate: B2B of an agency (with one of its remaining licences
// when there is one) or B2C (platform admin only), and e-mails them an invitation when they
// can then sign in.
func (s *Service) CreateCandidate(ctx context.Context, req *agencyv1.CreateCandidateRequest) (*agencyv1.CreateCandidateResponse, error) {
	v, agencyID, err := managerAndAgency(ctx, req.GetId())
	if err != nil {
		return nil, err
	}
	// The B2C toggle is the platform admin's, on by default; agency admins create B2B
	// candidates of their agency.
	isB2C := req.IsB2C == nil || req.GetIsB2C()
	if !handler.ManagesAll(v) {
		if req.GetIsB2C() {
			return nil, errB2CByAgency()
		}
		isB2C = false
	}
	if !isB2C && agencyID == nil {
		return nil, apierr.InvalidField(createCandidateRoot, "id", "id.required", apierr.Required)
	}
	origin := originAdmin
	if !handler.ManagesAll(v) {
		origin = originAgency
	}
	now := s.Now()
	var (
		created *ent.User
		inv     *invitations.Invitation
	)
	err = s.Tx(ctx, func(ctx context.Context, tx *ent.Tx) error {
		client := tx.Client()
		var ag *ent.Agency
		if agencyID != nil {
			if ag, err = client.Agency.Get(ctx, *agencyID); err != nil {
				return err
			}
		}
		create := client.User.Create().
			SetRole(user.RoleCandidate).
			SetEmail(users.NormalizeEmail(req.GetEmail())).
			SetIsB2c(isB2C).
			SetNillableAgencyID(agencyID).
			SetOrigin(origin)
		setProfile(create.Mutation(), req)
		u, err := create.Save(ctx)
		if ent.IsConstraintError(err) {
			return errEmailUsed()
		}
		if err != nil {
			return err
		}
		u.Edges.Agency = ag
		if !isB2C {
			lic, err := licenses.Allocate(ctx, client, *agencyID, u.ID, now)
			switch {
			case errors.Is(err, licenses.ErrNoneLeft): // created without: invited once one is allocated
			case err != nil:
				return err
			default:
				u.Edges.License = lic
			}
		}
		created = u
		if inv, err = s.invite(ctx, client, u, now); err != nil {
			return err
		}
		if agencyID == nil {
			return nil
		}
		return outbox.Emit(ctx, client, *agencyID, outbox.CandidateCreated, outbox.CandidateCreatedData{
			AgencyID: agencyID.String(), Candidate: outbox.CandidateOf(u), LicenseAllocated: u.Edges.License != nil,
		}, now)
	})
	if err != nil {
		return nil, err
	}
	s.Invitations.Send(inv)
	return &agencyv1.CreateCandidateResponse{Candidate: users.ToProto(created, now), InvitationSent: inv != nil}, nil
}

// invite prepares the candidate's invitation in the caller's transaction when they can be
// invited (access.Invitable), and dates it on their licence; nil when not.
func (s *Service) invite(ctx context.Context, client *ent.Client, u *ent.User, now time.Time) (*invitations.Invitation, error) {
	if !access.Invitable(u, u.Edges.License, now) {
		return nil, nil
	}
	inv, err := s.Invitations.Prepare(ctx, client, invitations.For{User: u, AgencyName: agencyName(u)})
	if err != nil {
		return nil, err
	}
	return inv, dateInvitation(ctx, u, now)
}

// told is what tell e-mailed a candidate given a licence.
type told struct {
	mail *invitations.Invitation
	// invited: an invitation (they never signed in); notified: the news that a licence opens
	// their access (they signed in before).
	invited, notified bool
}

// tell prepares the e-mail of a candidate who has just been given a licence, in the caller's
// transaction: an invitation when they never signed in (and can then), otherwise the news that
// the licence opens their access — again when renewed (their licence had expired). Either dates
// the licence's invitation.
func (s *Service) tell(ctx context.Context, client *ent.Client, u *ent.User, now time.Time, renewed bool) (told, error) {
	if u.FirstLoginAt == nil {
		inv, err := s.invite(ctx, client, u, now)
		return told{mail: inv, invited: inv != nil}, err
	}
	inv, err := s.Invitations.PrepareLicence(invitations.For{User: u, AgencyName: agencyName(u)}, renewed)
	if err != nil {
		return told{}, err
	}
	return told{mail: inv, notified: true}, dateInvitation(ctx, u, now)
}

// dateInvitation records on u's licence (if any) when they were last told about it.
func dateInvitation(ctx context.Context, u *ent.User, now time.Time) error {
	lic := u.Edges.License
	if lic == nil {
		return nil
	}
	var err error
	u.Edges.License, err = lic.Update().SetInvitationDate(now).Save(ctx)
	return err
}

func agencyName(u *ent.User) string {
	if u.Edges.Agency != nil {
		return u.Edges.Agency.Name
	}
	return ""
}

// ListCandidates answers the candidates the caller manages, with the counts of the status
// tabs.
func (s *Service) ListCandidates(ctx context.Context, req *agencyv1.ListCandidatesRequest) (*agencyv1.ListCandidatesResponse, error) {
	v, err := handler.Manager(ctx)
	if err != nil {
		return nil, err
	}
	page, err := paging.Request("agency.ListCandidates", req, candidateKeys...)
	if err != nil {
		return nil, err
	}
	list, counts, next, err := s.listCandidates(ctx, v, nil, req.GetSearch(), req.GetStatus(), page)
	if err != nil {
		return nil, err
	}
	return &agencyv1.ListCandidatesResponse{Candidates: list, Counts: counts, NextPageToken: next}, nil
}

// ListAgencyCandidates answers the candidates of one agency the caller manages, with the
// counts of the status tabs.
func (s *Service) ListAgencyCandidates(ctx context.Context, req *agencyv1.ListAgencyCandidatesRequest) (*agencyv1.ListAgencyCandidatesResponse, error) {
	v, id, err := handler.ManagerAndID(ctx, req.GetId(), apierr.Agency)
	if err != nil {
		return nil, err
	}
	page, err := paging.Request("agency.ListAgencyCandidates", req, candidateKeys...)
	if err != nil {
		return nil, err
	}
	if _, err := agencyOf(v, id.String()); err != nil {
		return nil, err
	}
	if _, err := s.Client.Agency.Get(ctx, id); err != nil {
		return nil, err
	}
	list, counts, next, err := s.listCandidates(ctx, v, &id, req.GetSearch(), req.GetStatus(), page)
	if err != nil {
		return nil, err
	}
	return &agencyv1.ListAgencyCandidatesResponse{Candidates: list, Counts: counts, NextPageToken: next}, nil
}

// candidateKeys are the sort keys of a candidate list: newest first, then id.
var candidateKeys = []paging.Kind{paging.Time, paging.UUID}

// listCandidates reads the candidates the caller manages (of one agency when agencyID is not
// nil), newest first, keeps those the search matches, counts them per status, and answers
// those of the status asked for, one page of them. Statuses are derived from dates, so they
// are computed here, never stored: three statements (candidates, their licences, their
// agencies). The counts cover the whole list, so every row is read whatever the page, and the
// page is cut here on the keyset (created_at, id) rather than in SQL.
func (s *Service) listCandidates(ctx context.Context, v *viewer.Viewer, agencyID *uuid.UUID, search string, status commonv1.UserStatus, page paging.Page) ([]*commonv1.User, *agencyv1.CandidateStatusCounts, *string, error) {
	q := candidates(s.Client, v)
	if agencyID != nil {
		q.Where(user.AgencyID(*agencyID))
	}
	all, err := q.WithLicense().WithAgency().
		Order(ent.Desc(user.FieldCreatedAt), ent.Desc(user.FieldID)).
		All(ctx)
	if err != nil {
		return nil, nil, nil, err
	}
	now := s.Now()
	needle := contacts.Fold(strings.TrimSpace(search))
	counts := &agencyv1.CandidateStatusCounts{}
	var out []*commonv1.User
	var rows []*ent.User
	for _, u := range all {
		if needle != "" && !strings.Contains(searchText(u), needle) {
			continue
		}
		p := users.ToProto(u, now)
		count(counts, p.GetStatus())
		if status != commonv1.UserStatus_USER_STATUS_UNSPECIFIED && p.GetStatus() != status {
			continue
		}
		if after := page.After(); after != nil && !olderThan(u, after[0].(time.Time), after[1].(uuid.UUID)) {
			continue
		}
		if page.Limit() > 0 && len(out) == page.Limit() {
			continue // counted, not answered
		}
		out = append(out, p)
		rows = append(rows, u)
	}
	n, next := page.Cut(len(out), func(i int) []any { return []any{rows[i].CreatedAt, rows[i].ID} })
	return out[:n], counts, next, nil
}

// olderThan reports whether u comes after (created, id) in the list's order: created_at
// descending, then id descending (bytes, as both databases order uuids).
func olderThan(u *ent.User, created time.Time, id uuid.UUID) bool {
	if c := u.CreatedAt.Compare(created); c != 0 {
		return c < 0
	}
	return bytes.Compare(u.ID[:], id[:]) < 0
}

// searchText is what a candidate search looks in, folded: names both ways round, e-mail and
// agency.
func searchText(u *ent.User) string {
	parts := []string{u.FirstName + " " + u.LastName, u.LastName + " " + u.FirstName, u.Email}
	if u.Edges.Agency != nil {
		parts = append(parts, u.Edges.Agency.Name)
	}
	return contacts.Fold(strings.Join(parts, "\n"))
}

func count(c *agencyv1.CandidateStatusCounts, status commonv1.UserStatus) {
	c.All++
	switch status {
	case commonv1.UserStatus_USER_STATUS_JUST_CREATED:
		c.JustCreated++
	case commonv1.UserStatus_USER_STATUS_IN_TRIAL_PERIOD:
		c.InTrialPeriod++
	case commonv1.UserStatus_USER_STATUS_WITHOUT_LICENSE_AFTER_TRIAL_PERIOD:
		c.WithoutLicenseAfterTrialPeriod++
	case commonv1.UserStatus_USER_STATUS_WITH_PENDING_LICENSE:
		c.WithPendingLicense++
	case commonv1.UserStatus_USER_STATUS_WITH_VALID_LICENSE:
		c.WithValidLicense++
	case commonv1.UserStatus_USER_STATUS_WITH_EXPIRED_LICENSE:
		c.WithExpiredLicense++
	}
}

// GetCandidateLicense answers a candidate's licence, empty when they hold none.
func (s *Service) GetCandidateLicense(ctx context.Context, req *agencyv1.GetCandidateLicenseRequest) (*agencyv1.GetCandidateLicenseResponse, error) {
	v, id, err := handler.ManagerAndID(ctx, req.GetId(), apierr.Candidate)
	if err != nil {
		return nil, err
	}
	u, err := candidateOf(ctx, s.Client, v, id, nil)
	if err != nil {
		return nil, err
	}
	out := users.ToProto(u, s.Now()).GetLicense()
	if out == nil {
		out = &commonv1.License{}
	}
	return &agencyv1.GetCandidateLicenseResponse{License: out}, nil
}
