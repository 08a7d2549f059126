// Package users presents a user account to the API (auth's session user, agency's candidate
// listings) and holds the account rules both share.
package users

import (
	"strings"
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/tremplin/tremplin/ent"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	"github.com/tremplin/tremplin/internal/access"
	"github.com/tremplin/tremplin/internal/enums"
)

// NormalizeEmail is the stored form of an e-mail address: trimmed and lower-cased.
func NormalizeEmail(email string) string { return strings.ToLower(strings.TrimSpace(email)) }

// ToProto presents u. Its License and Agency edges are used when loaded: the actions that
// need a licence of the agency's pool (actions.go) are offered only when the agency was
// loaded and has one left.
func ToProto(u *ent.User, now time.Time) *commonv1.User {
	license := u.Edges.License
	acc := access.Evaluate(u, license, now)
	agency := u.Edges.Agency
	out := &commonv1.User{
		Id:                      u.ID.String(),
		Role:                    enums.StringOf[commonv1.Role](u.Role),
		CreatedDate:             timestamppb.New(u.CreatedAt),
		Email:                   u.Email,
		FirstName:               u.FirstName,
		LastName:                u.LastName,
		Job:                     u.Job,
		MobileNumber:            u.MobileNumber,
		PhoneNumber:             u.PhoneNumber,
		Status:                  enums.Parse[commonv1.UserStatus](acc.Status),
		FirstLoginDate:          timestampOrNil(u.FirstLoginAt),
		LastLoginDate:           timestampOrNil(u.LastLoginAt),
		HasPaid:                 u.HasPaid,
		IsB2C:                   u.IsB2c,
		TrialEndDate:            timestampOrNil(u.TrialEndAt),
		TaskNotifications:       u.TaskNotifications,
		ShareProgressWithAgency: u.ShareProgressWithAgency,
		TimeZone:                LocationOf(u).String(),
		Origin:                  u.Origin,
		HasFreeAccess:           u.HasFreeAccess,
		HasPremiumAccess:        acc.Premium,
		// A licence can go to a B2B candidate of an agency that has one left, who holds none,
		// or whose licence expired.
		CanBeReAllocatedLicense: LicenceCanBeGiven(u, license, now) && agency != nil && Remaining(agency) > 0,
		// An invitation can be sent again until the candidate has signed in once, when they
		// would then be let in.
		CanBeSentAgainEmailInvitation: access.Invitable(u, license, now),
		CanBeGrantedFreeAccess:        FreeAccessCanBeGiven(u, license, now),
		CanBeDefinedAsB2C:             CanBeMadeB2C(u, license, now),
		CanBeDefinedAsB2B:             CanBeMadeB2B(u, agency),
	}
	if u.Civility != nil {
		out.Civility = enums.StringOf[commonv1.Civility](*u.Civility)
	}
	if license != nil {
		out.License = &commonv1.License{
			InvitationDate: timestampOrNil(license.InvitationDate),
			ActivationDate: timestampOrNil(license.ActivationDate),
			AllocationDate: timestamppb.New(license.AllocationDate),
			ExpirationDate: timestampOrNil(license.ExpirationDate),
		}
	}
	if agency != nil {
		out.Agency = &commonv1.AgencyRef{Id: agency.ID.String(), Name: agency.Name}
	}
	return out
}

func timestampOrNil(t *time.Time) *timestamppb.Timestamp {
	if t == nil {
		return nil
	}
	return timestamppb.New(*t)
}
