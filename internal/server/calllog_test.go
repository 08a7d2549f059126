package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"connectrpc.com/connect"

	"github.com/tremplin/tremplin/ent/apikey"
	authv1 "github.com/tremplin/tremplin/gen/tremplin/auth/v1"
	"github.com/tremplin/tremplin/gen/tremplin/auth/v1/authv1connect"
	"github.com/tremplin/tremplin/internal/authn"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/testserver"
	"github.com/tremplin/tremplin/internal/viewer"
)

// lockedBuffer collects the server's log while it runs.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// callLines answers the log lines of calls to procedure.
func (b *lockedBuffer) callLines(t *testing.T, procedure string) []map[string]any {
	t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(b.buf.String()), "\n") {
		var entry map[string]any
		if json.Unmarshal([]byte(line), &entry) == nil && entry["msg"] == "rpc" && entry["procedure"] == procedure {
			out = append(out, entry)
		}
	}
	return out
}

// The line logged for each call names the caller (role, and user or API key), so operators
// can tell who did what; an agency key that names no agency acts for nobody.
func TestCallLogNamesTheCaller(t *testing.T) {
	var log lockedBuffer
	srv := testserver.New(t, testdb.SQLite, testserver.Options{Log: &log})
	ag := srv.CreateAgency(t, "Agence Partenaire", 2)
	sys := viewer.SystemContext(context.Background())
	secret, prefix, hash := authn.NewAPIKey()
	key := srv.Client.APIKey.Create().SetName("ATS").SetPrefix(prefix).SetKeyHash(hash).
		SetRole(apikey.RoleAgencyAdmin).SetAgencyID(ag.ID).SaveX(sys)
	orphan, orphanPrefix, orphanHash := authn.NewAPIKey()
	srv.Client.APIKey.Create().SetName("Sans agence").SetPrefix(orphanPrefix).SetKeyHash(orphanHash).
		SetRole(apikey.RoleAgencyAdmin).SaveX(sys)
	candidate := srv.CreateUser(t, "lea@exemple.fr", testserver.UserSpec{FreeAccess: true})

	withKey := func(secret string) authv1connect.AuthServiceClient {
		return authv1connect.NewAuthServiceClient(testserver.HTTPClient(t), srv.URL, connect.WithInterceptors(
			connect.UnaryInterceptorFunc(func(next connect.UnaryFunc) connect.UnaryFunc {
				return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
					req.Header().Set("Authorization", "Bearer "+secret)
					return next(ctx, req)
				}
			})))
	}
	if _, err := withKey(secret).Me(context.Background(), &authv1.MeRequest{}); err != nil {
		t.Fatal(err)
	}
	if _, err := withKey(orphan).Me(context.Background(), &authv1.MeRequest{}); connect.CodeOf(err) != connect.CodeUnauthenticated {
		t.Errorf("an agency key without agency: %v, want Unauthenticated", err)
	}
	session := authv1connect.NewAuthServiceClient(testserver.HTTPClient(t), srv.URL)
	if _, err := session.Login(context.Background(), &authv1.LoginRequest{Email: "lea@exemple.fr", Password: testserver.Password}); err != nil {
		t.Fatal(err)
	}
	if _, err := session.Me(context.Background(), &authv1.MeRequest{}); err != nil {
		t.Fatal(err)
	}

	lines := log.callLines(t, authv1connect.AuthServiceMeProcedure)
	if len(lines) != 3 {
		t.Fatalf("%d log lines for Me, want 3: %v", len(lines), lines)
	}
	if l := lines[0]; l["role"] != "agency-admin" || l["api_key"] != key.ID.String() || l["user"] != nil {
		t.Errorf("call with an API key logged as %v", l)
	}
	if l := lines[1]; l["role"] != nil || l["code"] != "unauthenticated" {
		t.Errorf("refused call logged as %v", l)
	}
	if l := lines[2]; l["role"] != "candidate" || l["user"] != candidate.ID.String() {
		t.Errorf("call with a session logged as %v", l)
	}
	// The key's id, never its secret (nor its random part) nor the Authorization header.
	log.mu.Lock()
	defer log.mu.Unlock()
	all := log.buf.String()
	for _, s := range []string{secret, secret[len(prefix)+1:], orphan, "Bearer", "authorization", "Authorization"} {
		if strings.Contains(all, s) {
			t.Errorf("the log holds %q:\n%s", s, all)
		}
	}
}
