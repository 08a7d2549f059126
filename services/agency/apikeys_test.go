package agency_test

import (
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/google/uuid"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/protobuf/proto"

	"github.com/tremplin/tremplin/ent/apikey"
	agencyv1 "github.com/tremplin/tremplin/gen/tremplin/agency/v1"
	"github.com/tremplin/tremplin/gen/tremplin/agency/v1/agencyv1connect"
	authv1 "github.com/tremplin/tremplin/gen/tremplin/auth/v1"
	"github.com/tremplin/tremplin/gen/tremplin/auth/v1/authv1connect"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/config"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/testserver"
)

// keyed are the clients of a partner holding an API key, one per protocol the server speaks.
type keyed struct {
	grpc, connect agencyv1connect.AgencyServiceClient
	auth          authv1connect.AuthServiceClient
	json          *testserver.Session
}

func withKey(srv *testserver.Start, secret string) *keyed {
	return &keyed{
		grpc:    agencyv1connect.NewAgencyServiceClient(testserver.KeyClient(secret, true), srv.URL, connect.WithGRPC()),
		connect: agencyv1connect.NewAgencyServiceClient(testserver.KeyClient(secret, false), srv.URL),
		auth:    authv1connect.NewAuthServiceClient(testserver.KeyClient(secret, true), srv.URL, connect.WithGRPC()),
		json:    srv.KeySession(secret),
	}
}

// An agency admin makes a key, sees its secret once, and the key then acts for the agency
// with an agency admin's rights — but cannot manage keys — until it is revoked, from which
// call on it is refused.
func TestAnAgencyKeyActsForItsAgencyUntilRevoked(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		ag, boss := agencyRunBy(t, srv, "agence@horizon.fr", 3)
		created, err := agencyOf(boss).CreateApiKey(bg, &agencyv1.CreateApiKeyRequest{Name: "  Notre ATS  "})
		if err != nil {
			t.Fatal(err)
		}
		secret, key := created.GetSecret(), created.GetApiKey()
		if !strings.HasPrefix(secret, key.GetPrefix()+"_") || !strings.HasPrefix(key.GetPrefix(), "tpk_") || len(key.GetPrefix()) != 12 || len(secret) < 50 {
			t.Errorf("secret %q with prefix %q: want tpk_<8 visible>_<random>", secret, key.GetPrefix())
		}
		if key.GetName() != "Notre ATS" || key.GetAgency().GetId() != ag.ID.String() || key.GetAgency().GetName() != ag.Name ||
			!key.GetCreatedDate().AsTime().Equal(srv.Clock.Now()) || key.GetLastUsedDate() != nil || key.GetRevokedDate() != nil {
			t.Errorf("created key: %v", key)
		}
		// Only the hash is kept: nothing stored holds the secret.
		stored := srv.Client.APIKey.GetX(sys, uuid.MustParse(key.GetId()))
		if string(stored.KeyHash) == secret || len(stored.KeyHash) != 32 || stored.Prefix != key.GetPrefix() || stored.CreatedByID == nil || *stored.CreatedByID != boss.User.ID {
			t.Errorf("stored key: %+v", stored)
		}

		p := withKey(srv, secret)
		me, err := p.auth.Me(bg, &authv1.MeRequest{})
		if err != nil || me.GetApiKey().GetId() != key.GetId() || me.GetApiKey().GetName() != "Notre ATS" || me.GetApiKey().GetPrefix() != key.GetPrefix() ||
			me.GetUser().GetRole() != commonv1.Role_ROLE_AGENCY_ADMIN || me.GetUser().GetAgency().GetId() != ag.ID.String() || me.GetUser().GetAgency().GetName() != ag.Name {
			t.Fatalf("Me with the key: %v %v", me, err)
		}
		// It acts for the agency, over every protocol.
		if _, err := p.grpc.CreateCandidate(bg, &agencyv1.CreateCandidateRequest{Email: "partenaire@horizon.fr", FirstName: "Paul"}); err != nil {
			t.Fatalf("creating a candidate with the key: %v", err)
		}
		if res, err := p.connect.ListCandidates(bg, &agencyv1.ListCandidatesRequest{}); err != nil || !slices.Equal(emails(res.GetCandidates()), []string{"partenaire@horizon.fr"}) {
			t.Errorf("listing with the key: %v %v", res, err)
		}
		if status, body := p.json.JSON(t, http.MethodGet, "/api/agency/"+ag.ID.String(), nil); status != http.StatusOK || body["agency"].(map[string]any)["name"] != ag.Name {
			t.Errorf("GET /api/agency with the key: %d %v", status, body)
		}
		// But not a person's own profile, and not the platform admin's RPCs.
		_, err = authv1connect.NewAuthServiceClient(testserver.KeyClient(secret, false), srv.URL).UpdateProfile(bg, &authv1.UpdateProfileRequest{Id: boss.User.ID.String(), Job: proto.String("pirate")})
		testserver.WantRefusal(t, "a key changing its creator's profile", err, connect.CodePermissionDenied, "ROLE_NOT_ALLOWED")
		_, err = p.grpc.ListAgencies(bg, &agencyv1.ListAgenciesRequest{})
		testserver.WantRefusal(t, "an agency key listing agencies", err, connect.CodePermissionDenied, "ROLE_NOT_ALLOWED")

		// A key manages no keys, over any protocol.
		keyCalls := map[string]func() error{
			"create over gRPC": func() error {
				_, err := p.grpc.CreateApiKey(bg, &agencyv1.CreateApiKeyRequest{Name: "une autre"})
				return err
			},
			"create over Connect": func() error {
				_, err := p.connect.CreateApiKey(bg, &agencyv1.CreateApiKeyRequest{Name: "une autre", AgencyId: ag.ID.String()})
				return err
			},
			"list": func() error { _, err := p.grpc.ListApiKeys(bg, &agencyv1.ListApiKeysRequest{}); return err },
			"revoke itself": func() error {
				_, err := p.connect.RevokeApiKey(bg, &agencyv1.RevokeApiKeyRequest{Id: key.GetId()})
				return err
			},
		}
		for what, call := range keyCalls {
			testserver.WantRefusal(t, "a key calling "+what, call(), connect.CodePermissionDenied, "API_KEY_NOT_ALLOWED")
		}
		for _, r := range []struct{ method, path string }{{http.MethodPost, "/api/api-keys"}, {http.MethodGet, "/api/api-keys"}, {http.MethodDelete, "/api/api-keys/" + key.GetId()}} {
			var body any
			if r.method == http.MethodPost {
				body = map[string]any{"name": "une autre"}
			}
			if status, res := p.json.JSON(t, r.method, r.path, body); status != http.StatusForbidden || res["type"] != "API_KEY_NOT_ALLOWED" {
				t.Errorf("a key calling %s %s: %d %v", r.method, r.path, status, res)
			}
		}
		if n := srv.Client.APIKey.Query().CountX(sys); n != 1 {
			t.Errorf("%d keys after the key tried to make some, want 1", n)
		}

		// The list shows it used, never its secret.
		list, err := agencyOf(boss).ListApiKeys(bg, &agencyv1.ListApiKeysRequest{})
		if err != nil || len(list.GetApiKeys()) != 1 || !list.GetApiKeys()[0].GetLastUsedDate().AsTime().Equal(srv.Clock.Now()) {
			t.Fatalf("list: %v %v", list, err)
		}
		if status, body := boss.JSON(t, http.MethodGet, "/api/api-keys", nil); status != http.StatusOK || strings.Contains(jsonText(t, body), secret[len(key.GetPrefix()):]) {
			t.Errorf("GET /api/api-keys: %d %v", status, body)
		}

		// Revoked: refused from the very next call, on every protocol.
		srv.Clock.Advance(time.Minute)
		if _, err := agencyOf(boss).RevokeApiKey(bg, &agencyv1.RevokeApiKeyRequest{Id: key.GetId()}); err != nil {
			t.Fatal(err)
		}
		_, err = p.grpc.ListCandidates(bg, &agencyv1.ListCandidatesRequest{})
		testserver.WantRefusal(t, "gRPC with a revoked key", err, connect.CodeUnauthenticated, "UNAUTHENTICATED")
		_, err = p.connect.ListCandidates(bg, &agencyv1.ListCandidatesRequest{})
		testserver.WantRefusal(t, "Connect with a revoked key", err, connect.CodeUnauthenticated, "UNAUTHENTICATED")
		if status, body := p.json.JSON(t, http.MethodGet, "/api/candidates", nil); status != http.StatusUnauthorized {
			t.Errorf("JSON with a revoked key: %d %v", status, body)
		}
		revokedAt := srv.Clock.Now()
		srv.Clock.Advance(time.Hour)
		if _, err := agencyOf(boss).RevokeApiKey(bg, &agencyv1.RevokeApiKeyRequest{Id: key.GetId()}); err != nil {
			t.Errorf("revoking twice: %v", err)
		}
		list, err = agencyOf(boss).ListApiKeys(bg, &agencyv1.ListApiKeysRequest{})
		if err != nil || len(list.GetApiKeys()) != 1 || !list.GetApiKeys()[0].GetRevokedDate().AsTime().Equal(revokedAt) {
			t.Errorf("list after revoking: %v %v", list, err)
		}
	})
}

// The platform admin makes keys for any agency and platform keys, which act as the platform
// admin; an agency admin sees, makes and revokes only their agency's.
func TestThePlatformAdminManagesEveryKey(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	admin := srv.SignInAs(t, testserver.Admin, "admin@tremplin.fr")
	own, mallory := agencyRunBy(t, srv, "agence@pirate.fr", 1)
	ag, _ := agencyRunBy(t, srv, "agence@horizon.fr", 1)
	B := ag.ID.String()

	forB, err := agencyOf(admin).CreateApiKey(bg, &agencyv1.CreateApiKeyRequest{Name: "ATS Horizon", AgencyId: B})
	if err != nil || forB.GetApiKey().GetAgency().GetId() != B {
		t.Fatalf("a key for an agency: %v %v", forB, err)
	}
	srv.Clock.Advance(time.Second)
	platform, err := agencyOf(admin).CreateApiKey(bg, &agencyv1.CreateApiKeyRequest{Name: "tremplinctl"})
	if err != nil || platform.GetApiKey().GetAgency() != nil {
		t.Fatalf("a platform key: %v %v", platform, err)
	}
	srv.Clock.Advance(time.Second)
	mine, err := agencyOf(mallory).CreateApiKey(bg, &agencyv1.CreateApiKeyRequest{Name: "Pirate", AgencyId: own.ID.String()})
	if err != nil {
		t.Fatal(err)
	}
	_, err = agencyOf(admin).CreateApiKey(bg, &agencyv1.CreateApiKeyRequest{Name: "x", AgencyId: uuid.NewString()})
	testserver.WantNotFound(t, "a key for an unknown agency", err, apierr.Agency)
	_, err = agencyOf(admin).CreateApiKey(bg, &agencyv1.CreateApiKeyRequest{Name: "   "})
	testserver.WantFieldViolation(t, "a blank name", err, "name", apierr.Required)

	names := func(res *agencyv1.ListApiKeysResponse) []string {
		var out []string
		for _, k := range res.GetApiKeys() {
			out = append(out, k.GetName())
		}
		return out
	}
	all, err := agencyOf(admin).ListApiKeys(bg, &agencyv1.ListApiKeysRequest{})
	if err != nil || !slices.Equal(names(all), []string{"Pirate", "tremplinctl", "ATS Horizon"}) {
		t.Errorf("every key, newest first: %v %v", names(all), err)
	}
	ofB, err := agencyOf(admin).ListApiKeys(bg, &agencyv1.ListApiKeysRequest{AgencyId: B})
	if err != nil || !slices.Equal(names(ofB), []string{"ATS Horizon"}) {
		t.Errorf("the keys of one agency: %v %v", names(ofB), err)
	}
	if status, body := admin.JSON(t, http.MethodGet, "/api/api-keys?agencyId="+B, nil); status != http.StatusOK || len(body["apiKeys"].([]any)) != 1 {
		t.Errorf("GET /api/api-keys?agencyId=: %d %v", status, body)
	}

	// The platform key acts as the platform admin.
	p := withKey(srv, platform.GetSecret())
	if res, err := p.grpc.ListAgencies(bg, &agencyv1.ListAgenciesRequest{}); err != nil || len(res.GetAgencies()) != 2 {
		t.Errorf("the platform key listing agencies: %v %v", res, err)
	}
	if me, err := p.auth.Me(bg, &authv1.MeRequest{}); err != nil || me.GetUser().GetRole() != commonv1.Role_ROLE_ADMIN || me.GetUser().GetAgency() != nil || me.GetApiKey().GetName() != "tremplinctl" {
		t.Errorf("Me with the platform key: %v %v", me, err)
	}
	_, err = p.grpc.CreateApiKey(bg, &agencyv1.CreateApiKeyRequest{Name: "encore"})
	testserver.WantRefusal(t, "the platform key making a key", err, connect.CodePermissionDenied, "API_KEY_NOT_ALLOWED")

	// An agency admin: their agency's keys only.
	theirs, err := agencyOf(mallory).ListApiKeys(bg, &agencyv1.ListApiKeysRequest{})
	if err != nil || !slices.Equal(names(theirs), []string{"Pirate"}) {
		t.Errorf("mallory's keys: %v %v", names(theirs), err)
	}
	_, err = agencyOf(mallory).ListApiKeys(bg, &agencyv1.ListApiKeysRequest{AgencyId: B})
	testserver.WantNotFound(t, "mallory listing B's keys", err, apierr.Agency)
	_, err = agencyOf(mallory).CreateApiKey(bg, &agencyv1.CreateApiKeyRequest{Name: "intrus", AgencyId: B})
	testserver.WantNotFound(t, "mallory making a key for B", err, apierr.Agency)
	for _, id := range []string{forB.GetApiKey().GetId(), platform.GetApiKey().GetId(), uuid.NewString()} {
		_, err = agencyOf(mallory).RevokeApiKey(bg, &agencyv1.RevokeApiKeyRequest{Id: id})
		testserver.WantNotFound(t, "mallory revoking another's key", err, apierr.APIKey)
	}
	if status, body := mallory.JSON(t, http.MethodDelete, "/api/api-keys/"+forB.GetApiKey().GetId(), nil); status != http.StatusNotFound {
		t.Errorf("DELETE another agency's key: %d %v", status, body)
	}
	if n := srv.Client.APIKey.Query().Where(apikey.RevokedAtNotNil()).CountX(sys); n != 0 {
		t.Errorf("%d keys revoked by mallory", n)
	}
	// The platform admin revokes any.
	if _, err := agencyOf(admin).RevokeApiKey(bg, &agencyv1.RevokeApiKeyRequest{Id: mine.GetApiKey().GetId()}); err != nil {
		t.Errorf("the admin revoking an agency's key: %v", err)
	}
	if _, err := withKey(srv, mine.GetSecret()).grpc.ListCandidates(bg, &agencyv1.ListCandidatesRequest{}); connect.CodeOf(err) != connect.CodeUnauthenticated {
		t.Errorf("a key revoked by the admin: %v", err)
	}
}

// A key of agency A never reads nor changes agency B, over gRPC, Connect and the JSON routes:
// B's ids answer NotFound as unknown ids do, and B is as it was.
func TestAKeyNeverReachesAnotherAgency(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		admin := srv.SignInAs(t, testserver.Admin, "admin@tremplin.fr")
		own, _ := agencyRunBy(t, srv, "agence@pirate.fr", 5)
		ag, boss := agencyRunBy(t, srv, "agence@horizon.fr", 2)
		theirs := createCandidate(t, boss, ag.ID, "lea@horizon.fr", "Léa", "Horizon")
		B, them := ag.ID.String(), theirs.GetId()
		bKey, err := agencyOf(boss).CreateApiKey(bg, &agencyv1.CreateApiKeyRequest{Name: "ATS Horizon"})
		if err != nil {
			t.Fatal(err)
		}
		before, err := agencyOf(admin).ListAgencyCandidates(bg, &agencyv1.ListAgencyCandidatesRequest{Id: B})
		if err != nil {
			t.Fatal(err)
		}
		countsBefore := countsOf(t, admin, ag.ID)
		p := withKey(srv, srv.APIKey(t, own.ID.String()))

		for name, api := range map[string]agencyv1connect.AgencyServiceClient{"gRPC": p.grpc, "Connect": p.connect} {
			agencyNotFound := func(what string, err error) {
				t.Helper()
				testserver.WantNotFound(t, name+": "+what, err, apierr.Agency)
			}
			candidateNotFound := func(what string, err error) {
				t.Helper()
				testserver.WantNotFound(t, name+": "+what, err, apierr.Candidate)
			}
			_, err := api.GetAgency(bg, &agencyv1.GetAgencyRequest{Id: B})
			agencyNotFound("get B", err)
			_, err = api.ListAgencyCandidates(bg, &agencyv1.ListAgencyCandidatesRequest{Id: B})
			agencyNotFound("list B's candidates", err)
			_, err = api.CreateCandidate(bg, &agencyv1.CreateCandidateRequest{Id: B, Email: "intrus@pirate.fr"})
			agencyNotFound("create in B", err)
			_, err = api.GetCandidateLicense(bg, &agencyv1.GetCandidateLicenseRequest{Id: them})
			candidateNotFound("licence of B's candidate", err)
			_, err = api.SetFreeAccess(bg, &agencyv1.SetFreeAccessRequest{Id: them, HasFreeAccess: true})
			candidateNotFound("free access for B's candidate", err)
			_, err = api.GetCandidateProgress(bg, &agencyv1.GetCandidateProgressRequest{Id: them})
			candidateNotFound("coach view of B's candidate", err)
			_, err = api.DeleteCandidate(bg, &agencyv1.DeleteCandidateRequest{Id: them})
			candidateNotFound("delete B's candidate", err)
			res, err := api.ListCandidates(bg, &agencyv1.ListCandidatesRequest{Search: "horizon"})
			if err != nil || len(res.GetCandidates()) != 0 {
				t.Errorf("%s: searching B's candidates: %v %v", name, res, err)
			}
		}
		for _, r := range []struct {
			method, path string
			body         any
		}{
			{http.MethodGet, "/api/agency/" + B, nil},
			{http.MethodGet, "/api/agency/" + B + "/candidates", nil},
			{http.MethodPost, "/api/agency/" + B + "/create-candidate", map[string]any{"email": "intrus@pirate.fr"}},
			{http.MethodGet, "/api/candidates/" + them + "/license", nil},
			{http.MethodPost, "/api/candidates/" + them + "/free-access", map[string]any{"hasFreeAccess": true}},
			{http.MethodDelete, "/api/users/" + them, nil},
		} {
			p.json.WantJSONRefusal(t, r.method, r.path, r.body, http.StatusNotFound, "NOT_FOUND")
		}
		// B and its key are as they were.
		after, err := agencyOf(admin).ListAgencyCandidates(bg, &agencyv1.ListAgencyCandidatesRequest{Id: B})
		if err != nil || !proto.Equal(before, after) || countsOf(t, admin, ag.ID) != countsBefore {
			t.Errorf("B changed:\n%v\n%v (%v)", before, after, err)
		}
		if _, err := withKey(srv, bKey.GetSecret()).grpc.GetAgency(bg, &agencyv1.GetAgencyRequest{Id: B}); err != nil {
			t.Errorf("B's own key: %v", err)
		}
	})
}

// A key's last-used time is written at most once a minute, not on every call.
func TestAKeysLastUseIsWrittenAtMostOnceAMinute(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	ag, _ := agencyRunBy(t, srv, "agence@horizon.fr", 1)
	p := withKey(srv, srv.APIKey(t, ag.ID.String()))
	lastUsed := func() time.Time {
		t.Helper()
		k := srv.Client.APIKey.Query().OnlyX(sys)
		if k.LastUsedAt == nil {
			return time.Time{}
		}
		return *k.LastUsedAt
	}
	if !lastUsed().IsZero() {
		t.Fatal("a key never used has a last-used time")
	}
	first := srv.Clock.Now()
	for range 3 {
		if _, err := p.grpc.GetAgency(bg, &agencyv1.GetAgencyRequest{Id: ag.ID.String()}); err != nil {
			t.Fatal(err)
		}
		srv.Clock.Advance(25 * time.Second)
	}
	if got := lastUsed(); !got.Equal(first) {
		t.Errorf("after 3 calls within a minute: last used %v, want the first call's %v", got, first)
	}
	srv.Clock.Advance(time.Minute)
	if _, err := p.grpc.GetAgency(bg, &agencyv1.GetAgencyRequest{Id: ag.ID.String()}); err != nil {
		t.Fatal(err)
	}
	if got := lastUsed(); !got.Equal(srv.Clock.Now()) {
		t.Errorf("a call more than a minute later: last used %v, want %v", got, srv.Clock.Now())
	}
}

// A key calling over its rate is refused with ResourceExhausted and the delay to wait in a
// google.rpc.RetryInfo detail (and Retry-After on the JSON routes); its budget refills at its
// rate, and other keys and sessions are not held back by it.
func TestAKeyOverItsRateIsToldWhenToRetry(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite, testserver.Options{Configure: func(c *config.Config) {
		c.APIKeyBurst, c.APIKeyRate = 3, 0.5 // three at once, then one every 2 s
	}})
	ag, boss := agencyRunBy(t, srv, "agence@horizon.fr", 1)
	get := &agencyv1.GetAgencyRequest{Id: ag.ID.String()}
	p := withKey(srv, srv.APIKey(t, ag.ID.String()))
	for i := range 3 {
		if _, err := p.grpc.GetAgency(bg, get); err != nil {
			t.Fatalf("call %d within the burst: %v", i+1, err)
		}
	}
	wantRetry := func(what string, err error) {
		t.Helper()
		testserver.WantRefusal(t, what, err, connect.CodeResourceExhausted, "RATE_LIMITED")
		var cerr *connect.Error
		if !errors.As(err, &cerr) {
			return
		}
		for _, d := range cerr.Details() {
			if v, _ := d.Value(); v != nil {
				if info, ok := v.(*errdetails.RetryInfo); ok {
					if got := info.GetRetryDelay().AsDuration(); got != 2*time.Second {
						t.Errorf("%s: retry in %v, want 2s", what, got)
					}
					return
				}
			}
		}
		t.Errorf("%s: no RetryInfo in %v", what, cerr.Details())
	}
	_, err := p.grpc.GetAgency(bg, get)
	wantRetry("gRPC over the rate", err)
	_, err = p.connect.GetAgency(bg, get)
	wantRetry("Connect over the rate", err)
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/api/agency/"+ag.ID.String(), nil)
	res, err := p.json.HTTP.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") != "2" {
		t.Errorf("JSON over the rate: %d, Retry-After %q", res.StatusCode, res.Header.Get("Retry-After"))
	}
	// Another key of the same agency, and its admin's session, are not held back.
	if _, err := withKey(srv, srv.APIKey(t, ag.ID.String())).grpc.GetAgency(bg, get); err != nil {
		t.Errorf("another key: %v", err)
	}
	if _, err := agencyOf(boss).GetAgency(bg, get); err != nil {
		t.Errorf("the agency admin's session: %v", err)
	}
	// One call more every 2 s.
	srv.Clock.Advance(2 * time.Second)
	if _, err := p.grpc.GetAgency(bg, get); err != nil {
		t.Errorf("2 s later: %v", err)
	}
	_, err = p.grpc.GetAgency(bg, get)
	wantRetry("right after", err)
}

// jsonText answers a decoded JSON body as text, to look for a string anywhere in it.
func jsonText(t *testing.T, body map[string]any) string {
	t.Helper()
	data, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
