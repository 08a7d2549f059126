package agency

import (
	"context"
	"errors"
	"strings"

	"entgo.io/ent/dialect/sql"
	"github.com/google/uuid"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/agency"
	"github.com/tremplin/tremplin/ent/predicate"
	"github.com/tremplin/tremplin/ent/user"
	agencyv1 "github.com/tremplin/tremplin/gen/tremplin/agency/v1"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/enums"
	"github.com/tremplin/tremplin/internal/handler"
	"github.com/tremplin/tremplin/internal/invitations"
	"github.com/tremplin/tremplin/internal/licenses"
	"github.com/tremplin/tremplin/internal/users"
)

var allocateRoot = (&agencyv1.AllocateLicensesRequest{}).ProtoReflect().Descriptor()

// ListAgencies answers every agency, by name, with its admin and licence counts.
func (s *Service) ListAgencies(ctx context.Context, _ *agencyv1.ListAgenciesRequest) (*agencyv1.ListAgenciesResponse, error) {
	if _, err := handler.Admin(ctx); err != nil {
		return nil, err
	}
	list, err := presentAgencies(ctx, s.Client)
	if err != nil {
		return nil, err
	}
	return &agencyv1.ListAgenciesResponse{Agencies: list}, nil
}

// GetAgency answers one agency the caller manages.
func (s *Service) GetAgency(ctx context.Context, req *agencyv1.GetAgencyRequest) (*agencyv1.GetAgencyResponse, error) {
	v, id, err := handler.ManagerAndID(ctx, req.GetId(), apierr.Agency)
	if err != nil {
		return nil, err
	}
	if _, err := agencyOf(v, id.String()); err != nil {
		return nil, err
	}
	a, err := presentAgency(ctx, s.Client, id)
	if err != nil {
		return nil, err
	}
	return &agencyv1.GetAgencyResponse{Agency: a}, nil
}

// CreateAgency creates an agency and its admin's account, and e-mails the admin an
// invitation once both exist.
func (s *Service) CreateAgency(ctx context.Context, req *agencyv1.CreateAgencyRequest) (*agencyv1.CreateAgencyResponse, error) {
	if _, err := handler.Admin(ctx); err != nil {
		return nil, err
	}
	name := strings.TrimSpace(req.GetName())
	if name == "" {
		return nil, apierr.InvalidField(req.ProtoReflect().Descriptor(), "name", "name.required", apierr.Required)
	}
	a, err := s.saveAgency(ctx, func(ctx context.Context, client *ent.Client) (uuid.UUID, *invitations.Invitation, error) {
		a, err := client.Agency.Create().SetName(name).SetEmail(users.NormalizeEmail(req.GetEmail())).Save(ctx)
		if err != nil {
			return uuid.Nil, nil, err
		}
		inv, err := s.createAdmin(ctx, client, a, req.GetUserProfile())
		return a.ID, inv, err
	})
	if err != nil {
		return nil, err
	}
	return &agencyv1.CreateAgencyResponse{Agency: a}, nil
}

// createAdmin creates the agency's admin account from the form and prepares their
// invitation.
func (s *Service) createAdmin(ctx context.Context, client *ent.Client, a *ent.Agency, p *agencyv1.AgencyAdmin) (*invitations.Invitation, error) {
	create := client.User.Create().
		SetRole(user.RoleAgencyAdmin).
		SetAgencyID(a.ID).
		SetOrigin(originAdmin).
		SetEmail(users.NormalizeEmail(p.GetEmail()))
	setProfile(create.Mutation(), p)
	admin, err := create.Save(ctx)
	if ent.IsConstraintError(err) {
		return nil, errEmailUsed()
	}
	if err != nil {
		return nil, err
	}
	return s.Invitations.Prepare(ctx, client, invitations.For{User: admin, AdminOf: a.Name})
}

// adminProfile is what the agency form says of its admin.
type adminProfile interface {
	GetCivility() commonv1.Civility
	GetFirstName() string
	GetLastName() string
	GetJob() string
	GetMobileNumber() string
	GetPhoneNumber() string
}

// setProfile writes a person's details from a form (the agency's admin, a candidate).
func setProfile(m *ent.UserMutation, p adminProfile) {
	m.SetFirstName(strings.TrimSpace(p.GetFirstName()))
	m.SetLastName(strings.TrimSpace(p.GetLastName()))
	m.SetJob(strings.TrimSpace(p.GetJob()))
	m.SetMobileNumber(strings.TrimSpace(p.GetMobileNumber()))
	m.SetPhoneNumber(strings.TrimSpace(p.GetPhoneNumber()))
	if c := enums.Spec(p.GetCivility()); c != "" {
		m.SetCivility(user.Civility(c))
	} else {
		m.ClearCivility()
	}
}

// UpdateAgency changes an agency's name and e-mail and, when given, its admin's details. An
// admin who never signed in is invited again at a new address.
func (s *Service) UpdateAgency(ctx context.Context, req *agencyv1.UpdateAgencyRequest) (*agencyv1.UpdateAgencyResponse, error) {
	if _, err := handler.Admin(ctx); err != nil {
		return nil, err
	}
	id, err := apierr.ID(req.GetId(), apierr.Agency)
	if err != nil {
		return nil, err
	}
	name := strings.TrimSpace(req.GetName())
	if name == "" {
		return nil, apierr.InvalidField(req.ProtoReflect().Descriptor(), "name", "name.required", apierr.Required)
	}
	a, err := s.saveAgency(ctx, func(ctx context.Context, client *ent.Client) (uuid.UUID, *invitations.Invitation, error) {
		a, err := client.Agency.UpdateOneID(id).SetName(name).SetEmail(users.NormalizeEmail(req.GetEmail())).Save(ctx)
		if err != nil {
			return id, nil, err
		}
		p := req.GetUserProfile()
		if p == nil {
			return id, nil, nil
		}
		admin, err := firstAdmin(ctx, client, id)
		if ent.IsNotFound(err) {
			inv, err := s.createAdmin(ctx, client, a, p)
			return id, inv, err
		}
		if err != nil {
			return id, nil, err
		}
		email := users.NormalizeEmail(p.GetEmail())
		update := admin.Update().SetEmail(email)
		setProfile(update.Mutation(), p)
		admin, err = update.Save(ctx)
		if ent.IsConstraintError(err) {
			return id, nil, errEmailUsed()
		}
		if err != nil {
			return id, nil, err
		}
		if email == "" || admin.FirstLoginAt != nil {
			return id, nil, nil // no address, or signed in already: no invitation again
		}
		inv, err := s.Invitations.Prepare(ctx, client, invitations.For{User: admin, AdminOf: a.Name})
		return id, inv, err
	})
	if err != nil {
		return nil, err
	}
	return &agencyv1.UpdateAgencyResponse{Agency: a}, nil
}

// saveAgency is the frame of the agency form's RPCs: save runs in one transaction and answers
// the agency's id and the admin's invitation, when there is one to send; the invitation goes
// out only once the transaction committed (a rolled-back one is never mailed), and the agency
// is answered as it now is.
func (s *Service) saveAgency(ctx context.Context, save func(ctx context.Context, client *ent.Client) (uuid.UUID, *invitations.Invitation, error)) (*agencyv1.Agency, error) {
	var (
		id  uuid.UUID
		inv *invitations.Invitation
	)
	err := s.Tx(ctx, func(ctx context.Context, tx *ent.Tx) error {
		var err error
		id, inv, err = save(ctx, tx.Client())
		return err
	})
	if err != nil {
		return nil, err
	}
	s.Invitations.Send(inv)
	return presentAgency(ctx, s.Client, id)
}

// firstAdmin answers the agency's first admin account.
func firstAdmin(ctx context.Context, client *ent.Client, agencyID uuid.UUID) (*ent.User, error) {
	return client.User.Query().
		Where(user.RoleEQ(user.RoleAgencyAdmin), user.AgencyID(agencyID)).
		Order(ent.Asc(user.FieldCreatedAt), ent.Asc(user.FieldID)).
		First(ctx)
}

// AllocateLicenses adds licences to an agency's pool, once per idempotency key.
func (s *Service) AllocateLicenses(ctx context.Context, req *agencyv1.AllocateLicensesRequest) (*agencyv1.AllocateLicensesResponse, error) {
	v, err := handler.Admin(ctx)
	if err != nil {
		return nil, err
	}
	id, err := apierr.ID(req.GetId(), apierr.Agency)
	if err != nil {
		return nil, err
	}
	var by *uuid.UUID
	if v.UserID != uuid.Nil {
		by = &v.UserID
	}
	n, key := int(req.GetNumLicensesToAllocate()), req.GetIdempotencyKey()
	err = s.Tx(ctx, func(ctx context.Context, tx *ent.Tx) error {
		if _, err := tx.Agency.Query().Where(agency.ID(id)).OnlyID(ctx); err != nil {
			return err
		}
		_, err := licenses.AddBatch(ctx, tx.Client(), id, n, key, by)
		return err
	})
	if ent.IsConstraintError(err) && key != "" {
		// The same request, sent twice at once: the other one added the licences.
		_, err = licenses.ReplayOf(ctx, s.Client, id, n, key)
	}
	if errors.Is(err, licenses.ErrKeyReused) {
		return nil, apierr.InvalidField(allocateRoot, "idempotency_key", "idempotency_key.reused",
			"Cette demande a déjà été enregistrée avec un autre nombre de licences")
	}
	if err != nil {
		return nil, err
	}
	a, err := presentAgency(ctx, s.Client, id)
	if err != nil {
		return nil, err
	}
	return &agencyv1.AllocateLicensesResponse{Agency: a}, nil
}

// agencyRow is an agency with the counts read in the same statement: one snapshot, so the
// licence counts always add up (see internal/licenses).
type agencyRow struct {
	ent.Agency
	Pending    int `json:"pending"`
	Candidates int `json:"candidates"`
}

// presentAgency answers one agency as the API shows it (NotFound « Agence introuvable »).
func presentAgency(ctx context.Context, client *ent.Client, id uuid.UUID) (*agencyv1.Agency, error) {
	list, err := presentAgencies(ctx, client, agency.ID(id))
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, apierr.NotFound(apierr.Agency)
	}
	return list[0], nil
}

// presentAgencies answers the agencies, by name, with their admin and counts: two
// statements whatever their number.
func presentAgencies(ctx context.Context, client *ent.Client, where ...predicate.Agency) ([]*agencyv1.Agency, error) {
	var rows []agencyRow
	err := client.Agency.Query().Where(where...).
		Order(ent.Asc(agency.FieldName), ent.Asc(agency.FieldID)).
		Modify(func(s *sql.Selector) {
			s.AppendSelectExprAs(licenses.PendingCount(s), "pending")
			u := sql.Table(user.Table)
			s.AppendSelectExprAs(sql.Select(sql.Count("*")).From(u).Where(sql.And(
				sql.ColumnsEQ(u.C(user.FieldAgencyID), s.C(agency.FieldID)),
				sql.EQ(u.C(user.FieldRole), user.RoleCandidate),
			)), "candidates")
		}).
		Scan(ctx, &rows)
	if err != nil {
		return nil, err
	}
	ids := make([]uuid.UUID, len(rows))
	for i := range rows {
		ids[i] = rows[i].ID
	}
	admins, err := client.User.Query().
		Where(user.RoleEQ(user.RoleAgencyAdmin), user.AgencyIDIn(ids...)).
		Order(ent.Asc(user.FieldCreatedAt), ent.Asc(user.FieldID)).
		All(ctx)
	if err != nil {
		return nil, err
	}
	adminOf := map[uuid.UUID]*ent.User{}
	for _, a := range admins {
		if _, seen := adminOf[*a.AgencyID]; !seen {
			adminOf[*a.AgencyID] = a
		}
	}
	out := make([]*agencyv1.Agency, len(rows))
	for i := range rows {
		r := &rows[i]
		counts := licenses.CountsOf(&r.Agency, r.Pending)
		out[i] = &agencyv1.Agency{
			Id:                   r.ID.String(),
			Name:                 r.Name,
			Email:                r.Email,
			Admin:                presentAdmin(adminOf[r.ID]),
			NumTotalLicenses:     int32(counts.Total),
			NumUsedLicenses:      int32(counts.Used),
			NumPendingLicenses:   int32(counts.Pending),
			NumRemainingLicenses: int32(counts.Remaining),
			CreatedDate:          timestamppb.New(r.CreatedAt),
			NumCandidates:        int32(r.Candidates),
		}
	}
	return out, nil
}

func presentAdmin(u *ent.User) *agencyv1.AgencyAdmin {
	if u == nil {
		return nil
	}
	out := &agencyv1.AgencyAdmin{
		Id:           u.ID.String(),
		FirstName:    u.FirstName,
		LastName:     u.LastName,
		Email:        u.Email,
		MobileNumber: u.MobileNumber,
		PhoneNumber:  u.PhoneNumber,
		Job:          u.Job,
	}
	if u.Civility != nil {
		out.Civility = enums.StringOf[commonv1.Civility](*u.Civility)
	}
	if u.FirstLoginAt != nil {
		out.FirstLoginDate = timestamppb.New(*u.FirstLoginAt)
	}
	return out
}
