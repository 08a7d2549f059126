package server_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"connectrpc.com/connect"
	"connectrpc.com/grpcreflect"

	"github.com/tremplin/tremplin/ent/apikey"
	"github.com/tremplin/tremplin/ent/user"
	authv1 "github.com/tremplin/tremplin/gen/tremplin/auth/v1"
	"github.com/tremplin/tremplin/gen/tremplin/auth/v1/authv1connect"
	"github.com/tremplin/tremplin/internal/authn"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/testserver"
	"github.com/tremplin/tremplin/internal/viewer"
)

func TestHealthz(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	res, err := http.Get(srv.URL + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || strings.TrimSpace(string(body)) != "ok" {
		t.Fatalf("got %d %q", res.StatusCode, body)
	}
}

// Client routes get index.html; built files are served as they are, hashed assets cached.
func TestWebAppIsServedWithIndexFallback(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	for _, path := range []string{"/", "/login", "/contact/0196", "/new-password?id=1&token=2"} {
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK || !strings.Contains(string(body), `<div id=root>`) {
			t.Errorf("%s: %d %q", path, res.StatusCode, body)
		}
	}
	res, err := http.Get(srv.URL + "/assets/app-abc.js")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if string(body) != "console.log('tremplin')" || !strings.Contains(res.Header.Get("Cache-Control"), "immutable") {
		t.Errorf("asset: %q cache %q", body, res.Header.Get("Cache-Control"))
	}
	// Unknown API routes are JSON errors, not the web app.
	status, got := srv.JSON(t, http.DefaultClient, http.MethodGet, "/api/nothing-here", nil)
	if status != http.StatusNotFound || got["type"] != "NOT_FOUND" {
		t.Errorf("unknown /api route: %d %v", status, got)
	}
}

// Through the whole server: an app address without a session cookie is a redirect to the login,
// while the API, the RPCs, the health check and the assets answer for themselves.
func TestOnlyPagesRedirectVisitorsWithoutASession(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	do := func(method, path, contentType string) *http.Response {
		t.Helper()
		req, err := http.NewRequest(method, srv.URL+path, strings.NewReader("{}"))
		if err != nil {
			t.Fatal(err)
		}
		if contentType != "" {
			req.Header.Set("Content-Type", contentType)
		}
		res, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		return res
	}
	if res := do(http.MethodGet, "/contact/0196?tab=1", ""); res.StatusCode != http.StatusFound || res.Header.Get("Location") != "/login?next=%2Fcontact%2F0196%3Ftab%3D1" {
		t.Errorf("/contact/0196: %d %q", res.StatusCode, res.Header.Get("Location"))
	}
	for _, tc := range []struct {
		method, path, contentType string
		want                      int
	}{
		{http.MethodGet, "/api/contacts", "", http.StatusUnauthorized},
		{http.MethodGet, "/api/nothing-here", "", http.StatusNotFound},
		{http.MethodPost, "/tremplin.auth.v1.AuthService/Me", "application/json", http.StatusUnauthorized},
		{http.MethodGet, "/healthz", "", http.StatusOK},
		{http.MethodGet, "/assets/app-abc.js", "", http.StatusOK},
		{http.MethodGet, "/login", "", http.StatusOK},
	} {
		if res := do(tc.method, tc.path, tc.contentType); res.StatusCode != tc.want || res.Header.Get("Location") != "" {
			t.Errorf("%s %s: %d %q, want %d", tc.method, tc.path, res.StatusCode, res.Header.Get("Location"), tc.want)
		}
	}
}

// `grpcurl -plaintext host list` relies on server reflection: it lists the six services.
func TestReflectionListsTheSixServices(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	client := grpcreflect.NewClient(testserver.H2CClient(), srv.URL, connect.WithGRPC())
	stream := client.NewStream(context.Background())
	defer stream.Close()
	names, err := stream.ListServices()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"tremplin.auth.v1.AuthService", "tremplin.network.v1.NetworkService", "tremplin.activity.v1.ActivityService",
		"tremplin.opportunity.v1.OpportunityService", "tremplin.agency.v1.AgencyService", "tremplin.billing.v1.BillingService",
	} {
		found := false
		for _, n := range names {
			found = found || string(n) == want
		}
		if !found {
			t.Errorf("%s missing from %v", want, names)
		}
	}
}

func TestGRPCHealthAndCalls(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	srv.CreateUser(t, "admin@exemple.fr", testserver.UserSpec{Role: user.RoleAdmin})
	h2c := testserver.H2CClient()
	status, body := srv.ConnectJSON(t, http.DefaultClient, "/grpc.health.v1.Health/Check", "{}")
	if status != http.StatusOK || body["status"] != "SERVING_STATUS_SERVING" {
		t.Errorf("health: %d %v", status, body)
	}
	// A gRPC (h2c) and a gRPC-Web client reach the same handlers.
	for name, opt := range map[string]connect.ClientOption{"grpc": connect.WithGRPC(), "grpc-web": connect.WithGRPCWeb()} {
		client := authv1connect.NewAuthServiceClient(h2c, srv.URL, opt)
		_, err := client.Login(context.Background(), &authv1.LoginRequest{Email: "admin@exemple.fr", Password: "faux"})
		if connect.CodeOf(err) != connect.CodePermissionDenied {
			t.Errorf("%s: %v", name, err)
		}
		res, err := client.Login(context.Background(), &authv1.LoginRequest{Email: "admin@exemple.fr", Password: testserver.Password})
		if err != nil || res.GetUser().GetEmail() != "admin@exemple.fr" {
			t.Errorf("%s login: %v %v", name, res, err)
		}
	}
}

// Partner agencies and tremplinctl authenticate with "Authorization: Bearer" API keys; a
// revoked key is refused.
func TestAPIKeyAuthentication(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	ag := srv.CreateAgency(t, "Agence Partenaire", 2)
	secret, prefix, hash := authn.NewAPIKey()
	key := srv.Client.APIKey.Create().SetName("ATS").SetPrefix(prefix).SetKeyHash(hash).
		SetRole(apikey.RoleAgencyAdmin).SetAgencyID(ag.ID).SaveX(viewer.SystemContext(context.Background()))
	me := func(auth string) (*authv1.MeResponse, error) {
		client := authv1connect.NewAuthServiceClient(testserver.H2CClient(), srv.URL, connect.WithGRPC(),
			connect.WithInterceptors(connect.UnaryInterceptorFunc(func(next connect.UnaryFunc) connect.UnaryFunc {
				return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
					req.Header().Set("Authorization", auth)
					return next(ctx, req)
				}
			})))
		return client.Me(context.Background(), &authv1.MeRequest{})
	}
	res, err := me("Bearer " + secret)
	if err != nil || res.GetUser().GetOrigin() != "api-key" || res.GetUser().GetRole().String() != "ROLE_AGENCY_ADMIN" {
		t.Fatalf("valid key: %v %v", res, err)
	}
	if _, err := me("Bearer " + secret + "x"); connect.CodeOf(err) != connect.CodeUnauthenticated {
		t.Errorf("wrong key: %v", err)
	}
	srv.Client.APIKey.UpdateOne(key).SetRevokedAt(srv.Clock.Now()).ExecX(viewer.SystemContext(context.Background()))
	if _, err := me("Bearer " + secret); connect.CodeOf(err) != connect.CodeUnauthenticated {
		t.Errorf("revoked key: %v", err)
	}
}

// State-changing JSON routes refuse another content type, and cross-site requests.
func TestJSONRoutesRefuseFormsAndCrossSiteRequests(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	srv.CreateUser(t, "admin@exemple.fr", testserver.UserSpec{Role: user.RoleAdmin})
	body := `{"email":"admin@exemple.fr","password":"` + testserver.Password + `"}`
	for _, contentType := range []string{"text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""} {
		req, _ := http.NewRequest(http.MethodPost, srv.URL+"/api/auth/login", strings.NewReader(body))
		if contentType != "" {
			req.Header.Set("Content-Type", contentType)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusUnsupportedMediaType || res.Header.Get("Set-Cookie") != "" {
			t.Errorf("content type %q: %d (cookie %q)", contentType, res.StatusCode, res.Header.Get("Set-Cookie"))
		}
	}
	for _, headers := range []map[string]string{
		{"Origin": "https://pirate.example", "Sec-Fetch-Site": "cross-site"},
		{"Origin": "https://pirate.example"},
	} {
		req, _ := http.NewRequest(http.MethodPost, srv.URL+"/api/auth/login", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		for k, v := range headers {
			req.Header.Set(k, v)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusForbidden || res.Header.Get("Set-Cookie") != "" {
			t.Errorf("cross-site %v: %d", headers, res.StatusCode)
		}
	}
	// The same request from the app's own origin goes through.
	req, _ := http.NewRequest(http.MethodPost, srv.URL+"/api/auth/login", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", srv.URL)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	if status, got := testserver.Do(t, http.DefaultClient, req); status != http.StatusOK {
		t.Errorf("same origin: %d %v", status, got)
	}
}

// A request valid but for its size (7 MB of JSON whitespace around a real address) is refused
// for its size, on the JSON route and over Connect, before anything reads it as a request.
func TestRequestBodiesAreCapped(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	body := []byte(`{"email":"lea@exemple.fr"` + strings.Repeat(" ", 7<<20) + `}`)
	for path, want := range map[string]struct {
		status int
		code   string
	}{
		"/api/users/reset-password":                   {http.StatusRequestEntityTooLarge, ""},
		"/tremplin.auth.v1.AuthService/ResetPassword": {http.StatusTooManyRequests, "resource_exhausted"},
	} {
		req, _ := http.NewRequest(http.MethodPost, srv.URL+path, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		status, got := testserver.Do(t, http.DefaultClient, req)
		if status != want.status || (want.code != "" && got["code"] != want.code) {
			t.Errorf("%s with 7 MB: %d %v, want %d %s", path, status, got, want.status, want.code)
		}
	}
}

// On shutdown the server stops taking connections but finishes the requests in flight.
func TestGracefulShutdownFinishesInFlightRequests(t *testing.T) {
	var started atomic.Bool
	release := make(chan struct{})
	srv := testserver.New(t, testdb.SQLite, testserver.Options{Mount: func(mux *http.ServeMux) {
		mux.HandleFunc("GET /test/slow", func(w http.ResponseWriter, r *http.Request) {
			started.Store(true)
			<-release
			_, _ = w.Write([]byte("fini"))
		})
	}})
	result := make(chan string, 1)
	go func() {
		res, err := http.Get(srv.URL + "/test/slow")
		if err != nil {
			result <- "error: " + err.Error()
			return
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		result <- string(body)
	}()
	for !started.Load() {
		time.Sleep(5 * time.Millisecond)
	}
	stopped := make(chan struct{})
	go func() { srv.Stop(); close(stopped) }()
	time.Sleep(100 * time.Millisecond)
	select {
	case <-stopped:
		t.Fatal("the server stopped before its in-flight request finished")
	default:
	}
	if _, err := http.Get(srv.URL + "/healthz"); err == nil {
		t.Error("the server still accepts new requests while shutting down")
	}
	close(release)
	if got := <-result; got != "fini" {
		t.Fatalf("in-flight request: %q", got)
	}
	<-stopped
}
