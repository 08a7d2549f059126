package users

import (
	"time"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/internal/access"
)

// The rules of what staff may do to a candidate (spec sections 4 and 6). One rule for both
// sides: ToProto's can_be_… flags offer an action in the candidates screen exactly when
// AgencyService accepts it. A candidate never holds free access and a pending or valid licence
// together: free access is not given to a licence holder, and a licence ends free access.

// LicenceCanBeGiven reports whether a licence of their agency may go to u, the agency's pool
// aside: a B2B candidate of an agency who holds no pending or valid licence (none, or an
// expired one, which then starts again).
func LicenceCanBeGiven(u *ent.User, lic *ent.License, now time.Time) bool {
	return u.Role == user.RoleCandidate && !u.IsB2c && u.AgencyID != nil && !access.Live(lic, now)
}

// FreeAccessCanBeGiven reports whether free access may be granted to u: a candidate without it
// who holds no pending or valid licence (the spec: impossible for a candidate with a licence).
func FreeAccessCanBeGiven(u *ent.User, lic *ent.License, now time.Time) bool {
	return u.Role == user.RoleCandidate && !u.HasFreeAccess && !access.Live(lic, now)
}

// CanBeMadeB2C reports whether u may be made B2C: a B2B candidate whose licence, if any, is
// not valid (a pending one goes back to the pool, an expired one is dropped).
func CanBeMadeB2C(u *ent.User, lic *ent.License, now time.Time) bool {
	valid := lic != nil && lic.ActivationDate != nil && !access.Expired(lic, now)
	return u.Role == user.RoleCandidate && !u.IsB2c && !valid
}

// CanBeMadeB2B reports whether u may be made B2B in ag, their agency (nil for one of no agency,
// who is made B2B in an agency chosen then): a B2C candidate who does not pay, and who keeps
// free access (no licence taken) or takes one of the agency's remaining licences.
func CanBeMadeB2B(u *ent.User, ag *ent.Agency) bool {
	if u.Role != user.RoleCandidate || !u.IsB2c || u.HasPaid {
		return false
	}
	return u.HasFreeAccess || u.AgencyID == nil || (ag != nil && Remaining(ag) > 0)
}

// Remaining is the number of licences the agency can still give, as its row was read.
func Remaining(ag *ent.Agency) int { return ag.NumTotalLicenses - ag.NumAllocatedLicenses }
