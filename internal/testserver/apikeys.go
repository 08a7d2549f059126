package testserver

import (
	"context"
	"net/http"
	"testing"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent/apikey"
	"github.com/tremplin/tremplin/internal/authn"
	"github.com/tremplin/tremplin/internal/viewer"
)

// APIKey creates a live API key and answers its secret, to send as
// "Authorization: Bearer <secret>" (see KeyClient). agencyID names the agency the key acts
// for, as that agency's admin; "" makes a platform key, which acts as the platform admin.
func (s *Start) APIKey(t testing.TB, agencyID string) string {
	t.Helper()
	secret, prefix, hash := authn.NewAPIKey()
	create := s.Client.APIKey.Create().SetName("Clé de test").SetPrefix(prefix).SetKeyHash(hash).SetCreatedAt(s.Clock.Now())
	if agencyID == "" {
		create.SetRole(apikey.RoleAdmin)
	} else {
		id, err := uuid.Parse(agencyID)
		if err != nil {
			t.Fatalf("an API key for agency %q: %v", agencyID, err)
		}
		create.SetRole(apikey.RoleAgencyAdmin).SetAgencyID(id)
	}
	if err := create.Exec(viewer.SystemContext(context.Background())); err != nil {
		t.Fatal(err)
	}
	return secret
}

// KeyClient is an HTTP client that sends the API key on every request. h2c makes it speak
// HTTP/2 without TLS, as gRPC needs; otherwise HTTP/1.1 (Connect, the /api routes).
func KeyClient(secret string, h2c bool) *http.Client {
	c := HTTPClientNoJar()
	if h2c {
		c = H2CClient()
	}
	base := c.Transport
	if base == nil {
		base = http.DefaultTransport
	}
	c.Transport = bearer{secret: secret, next: base}
	return c
}

// KeySession is a caller holding an API key instead of a session: JSON and Connect (see
// Connect) send the key. User is nil.
func (s *Start) KeySession(secret string) *Session {
	return &Session{HTTP: KeyClient(secret, false), srv: s}
}

type bearer struct {
	secret string
	next   http.RoundTripper
}

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.secret)
	return b.next.RoundTrip(r)
}
