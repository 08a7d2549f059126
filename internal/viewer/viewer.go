// Package viewer carries who is acting in a context: a signed-in user, an API key, or the
// system itself (background jobs, sign-in lookups). The tenancy rules of the ent layer and the
// access policy of the API both read it.
package viewer

import (
	"context"

	"github.com/google/uuid"
)

// Role is the spec's role string.
type Role string

const (
	RoleCandidate   Role = "candidate"
	RoleAgencyAdmin Role = "agency-admin"
	RoleAdmin       Role = "admin"
)

// Viewer is the identity a request or a job acts as.
type Viewer struct {
	// UserID is the signed-in user (zero for a platform API key or the system).
	UserID uuid.UUID
	Role   Role
	// AgencyID is the agency an agency admin (or an agency API key) acts for.
	AgencyID uuid.UUID
	// Premium is true when a candidate may use premium features right now.
	Premium bool
	// SessionID is set for browser sessions, APIKeyID for API keys.
	SessionID uuid.UUID
	APIKeyID  uuid.UUID
	// system marks trusted server code that bypasses tenancy (jobs, sign-in).
	system bool
}

// IsSystem reports whether the viewer is trusted server code.
func (v *Viewer) IsSystem() bool { return v != nil && v.system }

type ctxKey struct{}

// NewContext returns a context carrying v.
func NewContext(ctx context.Context, v *Viewer) context.Context {
	return context.WithValue(ctx, ctxKey{}, v)
}

// FromContext returns the viewer of ctx, or nil when nobody is signed in.
func FromContext(ctx context.Context) *Viewer {
	v, _ := ctx.Value(ctxKey{}).(*Viewer)
	return v
}

// SystemContext returns a context in which server code may read and write every row. Use it
// only where no user is acting yet (sign-in, jobs, operator commands) and say why at the call.
func SystemContext(ctx context.Context) context.Context {
	return NewContext(ctx, &Viewer{system: true})
}
