// Package access decides who may use what: a candidate's status and premium access derived
// from their account and licence (spec section 4), and the access policy declared on every
// RPC in the protos.
package access

import (
	"time"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/user"
)

// Candidate statuses, as the spec writes them.
const (
	StatusJustCreated              = "just-created"
	StatusInTrialPeriod            = "in-trial-period"
	StatusWithoutLicenseAfterTrial = "without-license-after-trial-period"
	StatusWithPendingLicense       = "with-pending-license"
	StatusWithValidLicense         = "with-valid-license"
	StatusWithExpiredLicense       = "with-expired-license"
)

// Access is what a user may do right now.
type Access struct {
	// Status is the candidate's status ("" for agency admins and admins).
	Status string
	// Premium: the candidate may use premium features.
	Premium bool
	// SignIn: the user may hold a session. False only for a B2B candidate without a valid
	// licence (or trial) and without free access: the spec's no-licence outcome.
	SignIn bool
}

// Evaluate derives a user's access from their account, their licence (nil when none) and the
// time. Status is never stored, so it can never drift from the facts.
func Evaluate(u *ent.User, license *ent.License, now time.Time) Access {
	if u.Role != user.RoleCandidate {
		return Access{SignIn: true}
	}
	status := candidateStatus(u, license, now)
	premium := u.HasFreeAccess ||
		status == StatusWithValidLicense ||
		(u.IsB2c && (u.HasPaid || status == StatusInTrialPeriod))
	signIn := u.IsB2c || u.HasFreeAccess ||
		status == StatusInTrialPeriod || status == StatusWithValidLicense
	return Access{Status: status, Premium: premium, SignIn: signIn}
}

func candidateStatus(u *ent.User, license *ent.License, now time.Time) string {
	if u.IsB2c {
		switch {
		case u.TrialEndAt != nil && now.Before(*u.TrialEndAt):
			return StatusInTrialPeriod
		case u.FirstLoginAt == nil && u.TrialEndAt == nil:
			return StatusJustCreated
		default:
			return StatusWithoutLicenseAfterTrial
		}
	}
	switch {
	case license == nil && u.FirstLoginAt == nil:
		return StatusJustCreated
	case license == nil:
		return StatusWithoutLicenseAfterTrial
	case license.ActivationDate == nil:
		return StatusWithPendingLicense
	case license.ExpirationDate != nil && !now.Before(*license.ExpirationDate):
		return StatusWithExpiredLicense
	default:
		return StatusWithValidLicense
	}
}
