package agency

import (
	"context"
	"strings"

	"github.com/google/uuid"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/agency"
	"github.com/tremplin/tremplin/ent/apikey"
	agencyv1 "github.com/tremplin/tremplin/gen/tremplin/agency/v1"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/authn"
	"github.com/tremplin/tremplin/internal/handler"
	"github.com/tremplin/tremplin/internal/viewer"
)

// API keys are managed by people only: the access policy of these RPCs (people_only) refuses
// calls made with a key before they get here, and the tenancy rules refuse them again.

// CreateApiKey makes a key for the caller's agency (an agency admin), or for the agency named
// or the platform (the platform admin), and answers its secret, this once.
func (s *Service) CreateApiKey(ctx context.Context, req *agencyv1.CreateApiKeyRequest) (*agencyv1.CreateApiKeyResponse, error) {
	v, err := handler.Manager(ctx)
	if err != nil {
		return nil, err
	}
	name := strings.TrimSpace(req.GetName())
	if name == "" {
		return nil, apierr.InvalidField(req.ProtoReflect().Descriptor(), "name", "name.required", apierr.Required)
	}
	agencyID, err := agencyOf(v, req.GetAgencyId())
	if err != nil {
		return nil, err
	}
	role := apikey.RoleAgencyAdmin
	if agencyID == nil {
		role = apikey.RoleAdmin // the platform admin's platform key
	} else if _, err := s.Client.Agency.Query().Where(agency.ID(*agencyID)).OnlyID(ctx); err != nil {
		return nil, err
	}
	secret, prefix, hash := authn.NewAPIKey()
	create := s.Client.APIKey.Create().SetName(name).SetPrefix(prefix).SetKeyHash(hash).SetRole(role).
		SetNillableAgencyID(agencyID).SetCreatedAt(s.Now())
	if v.UserID != uuid.Nil {
		create.SetCreatedByID(v.UserID)
	}
	key, err := create.Save(ctx)
	if err != nil {
		return nil, err
	}
	presented, err := s.presentKeys(ctx, []*ent.APIKey{key})
	if err != nil {
		return nil, err
	}
	return &agencyv1.CreateApiKeyResponse{ApiKey: presented[0], Secret: secret}, nil
}

// ListApiKeys answers the keys of the caller's agency, or of the agency the platform admin
// names (every key when none), newest first, revoked ones included.
func (s *Service) ListApiKeys(ctx context.Context, req *agencyv1.ListApiKeysRequest) (*agencyv1.ListApiKeysResponse, error) {
	v, agencyID, err := managerAndAgency(ctx, req.GetAgencyId())
	if err != nil {
		return nil, err
	}
	q := s.Client.APIKey.Query().Order(ent.Desc(apikey.FieldCreatedAt), ent.Desc(apikey.FieldID))
	if agencyID != nil {
		if handler.ManagesAll(v) {
			// An unknown agency is NotFound, not an empty list.
			if _, err := s.Client.Agency.Query().Where(agency.ID(*agencyID)).OnlyID(ctx); err != nil {
				return nil, err
			}
		}
		q.Where(apikey.AgencyID(*agencyID))
	}
	keys, err := q.All(ctx)
	if err != nil {
		return nil, err
	}
	list, err := s.presentKeys(ctx, keys)
	if err != nil {
		return nil, err
	}
	return &agencyv1.ListApiKeysResponse{ApiKeys: list}, nil
}

// RevokeApiKey revokes a key the caller manages; the next call made with it is refused.
// Revoking it again keeps the first revocation's time.
func (s *Service) RevokeApiKey(ctx context.Context, req *agencyv1.RevokeApiKeyRequest) (*agencyv1.RevokeApiKeyResponse, error) {
	v, id, err := handler.ManagerAndID(ctx, req.GetId(), apierr.APIKey)
	if err != nil {
		return nil, err
	}
	q := s.Client.APIKey.Query().Where(apikey.ID(id))
	if !handler.ManagesAll(v) {
		q.Where(apikey.AgencyID(v.AgencyID))
	}
	key, err := q.Only(ctx)
	if err != nil {
		return nil, err
	}
	if key.RevokedAt == nil {
		err := s.Client.APIKey.Update().Where(apikey.ID(key.ID), apikey.RevokedAtIsNil()).SetRevokedAt(s.Now()).Exec(ctx)
		if err != nil {
			return nil, err
		}
	}
	return &agencyv1.RevokeApiKeyResponse{}, nil
}

// presentKeys answers keys as the API shows them, with the names of their agencies.
func (s *Service) presentKeys(ctx context.Context, keys []*ent.APIKey) ([]*agencyv1.ApiKey, error) {
	var ids []uuid.UUID
	for _, k := range keys {
		if k.AgencyID != nil {
			ids = append(ids, *k.AgencyID)
		}
	}
	names := map[uuid.UUID]string{}
	if len(ids) > 0 {
		// The caller manages these agencies: their keys were read through the same rules.
		agencies, err := s.Client.Agency.Query().Where(agency.IDIn(ids...)).Select(agency.FieldID, agency.FieldName).All(viewer.SystemContext(ctx))
		if err != nil {
			return nil, err
		}
		for _, a := range agencies {
			names[a.ID] = a.Name
		}
	}
	out := make([]*agencyv1.ApiKey, 0, len(keys))
	for _, k := range keys {
		p := &agencyv1.ApiKey{Id: k.ID.String(), Name: k.Name, Prefix: k.Prefix, CreatedDate: timestamppb.New(k.CreatedAt)}
		if k.AgencyID != nil {
			p.Agency = &commonv1.AgencyRef{Id: k.AgencyID.String(), Name: names[*k.AgencyID]}
		}
		if k.LastUsedAt != nil {
			p.LastUsedDate = timestamppb.New(*k.LastUsedAt)
		}
		if k.RevokedAt != nil {
			p.RevokedDate = timestamppb.New(*k.RevokedAt)
		}
		out = append(out, p)
	}
	return out, nil
}
