package authn

import (
	"context"
	"net"
	"net/http"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/apikey"
	"github.com/tremplin/tremplin/internal/access"
	"github.com/tremplin/tremplin/internal/clock"
	"github.com/tremplin/tremplin/internal/credentials"
	"github.com/tremplin/tremplin/internal/viewer"
)

// Outcome is what authentication found.
type Outcome struct {
	// Viewer is the caller, nil when anonymous.
	Viewer *viewer.Viewer
	// User is the signed-in user (nil for API keys and anonymous calls).
	User *ent.User
	// AccessExpired: a valid session whose B2B candidate lost their licence; the call is
	// treated as anonymous but refusals say why.
	AccessExpired bool
}

// Authenticator turns a request's cookie or bearer key into a viewer.
type Authenticator struct {
	Client   *ent.Client
	Sessions *Sessions
	Clock    clock.Clock
}

// Authenticate reads "Authorization: Bearer tpk_…" first, then the session cookie.
func (a *Authenticator) Authenticate(ctx context.Context, h http.Header) (Outcome, error) {
	if secret := credentials.Bearer(h); secret != "" {
		key, err := lookupAPIKey(ctx, a.Client, secret, a.Clock.Now())
		if err != nil || key == nil {
			return Outcome{}, err
		}
		switch {
		case key.Role == apikey.RoleAdmin:
			return Outcome{Viewer: &viewer.Viewer{APIKeyID: key.ID, Role: viewer.RoleAdmin}}, nil
		case key.Role == apikey.RoleAgencyAdmin && key.AgencyID != nil:
			return Outcome{Viewer: &viewer.Viewer{APIKeyID: key.ID, Role: viewer.RoleAgencyAdmin, AgencyID: *key.AgencyID}}, nil
		}
		// An agency key with no agency acts for nobody (never for the platform).
		return Outcome{}, nil
	}
	s, err := a.Sessions.Lookup(ctx, credentials.Session(h))
	if err != nil || s == nil {
		return Outcome{}, err
	}
	u := s.Edges.User
	acc := access.Evaluate(u, u.Edges.License, a.Clock.Now())
	if !acc.SignIn {
		return Outcome{AccessExpired: true}, nil
	}
	v := &viewer.Viewer{UserID: u.ID, Role: viewer.Role(u.Role), Premium: acc.Premium, SessionID: s.ID}
	if u.AgencyID != nil {
		v.AgencyID = *u.AgencyID
	}
	return Outcome{Viewer: v, User: u}, nil
}

// ClientAddress is the caller's address for rate limiting: the connection's peer. Proxy
// headers are not trusted, since anyone can send them.
func ClientAddress(remoteAddr string) string {
	host, _, err := net.SplitHostPort(remoteAddr)
	if err != nil {
		return remoteAddr
	}
	return host
}

type userKey struct{}

// WithUser stores the signed-in user loaded by authentication, so handlers need not load it
// again.
func WithUser(ctx context.Context, u *ent.User) context.Context {
	return context.WithValue(ctx, userKey{}, u)
}

// UserFrom answers the user stored by WithUser, or nil.
func UserFrom(ctx context.Context) *ent.User {
	u, _ := ctx.Value(userKey{}).(*ent.User)
	return u
}
