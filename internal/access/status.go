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
// time. Status is never stored, so it can never drift from the facts: it is evaluated at each
// sign-in and on every authenticated call. The only changes a date cannot make by itself
// happen at sign-in (services/auth): a pending licence is activated (activation and expiration
// dates) and a B2C trial starts. A licence expiring or a trial ending needs nothing written,
// so no nightly job recomputes statuses.
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
	case Expired(license, now):
		return StatusWithExpiredLicense
	default:
		return StatusWithValidLicense
	}
}

// Invitable reports whether an invitation e-mail makes sense for the candidate: they never
// signed in, and will be let in once they have chosen their password (B2C, free access, or a
// licence that has not expired).
func Invitable(u *ent.User, license *ent.License, now time.Time) bool {
	if u.Role != user.RoleCandidate || u.FirstLoginAt != nil {
		return false
	}
	return u.IsB2c || u.HasFreeAccess || (license != nil && !Expired(license, now))
}

// Expired reports whether an activated licence has reached its end.
func Expired(license *ent.License, now time.Time) bool {
	return license.ExpirationDate != nil && !now.Before(*license.ExpirationDate)
}

// Live reports whether a licence is pending or valid: held, not expired.
func Live(license *ent.License, now time.Time) bool {
	return license != nil && !Expired(license, now)
}
