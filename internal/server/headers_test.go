package server_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/testserver"
)

// Every answer of the running server carries the security headers: the JSON gateway's, Connect's
// (answered or refused), the health check's and an unknown address's. Only the app's page
// carries a style nonce in its policy (spa_test.go).
func TestEveryAnswerCarriesTheSecurityHeaders(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	for _, c := range []struct{ method, path, contentType, body string }{
		{http.MethodGet, "/api/auth/me", "", ""},
		{http.MethodPost, "/tremplin.auth.v1.AuthService/Me", "application/json", "{}"},
		{http.MethodPost, "/tremplin.auth.v1.AuthService/Login", "application/json", `{"email":"personne@exemple.fr","password":"x"}`},
		{http.MethodGet, "/healthz", "", ""},
		{http.MethodGet, "/api/nulle-part", "", ""},
	} {
		req, err := http.NewRequest(c.method, srv.URL+c.path, strings.NewReader(c.body))
		if err != nil {
			t.Fatal(err)
		}
		if c.contentType != "" {
			req.Header.Set("Content-Type", c.contentType)
		}
		res, err := testserver.HTTPClientNoJar().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_ = res.Body.Close()
		h := res.Header
		if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("X-Frame-Options") != "DENY" ||
			h.Get("Referrer-Policy") != "strict-origin-when-cross-origin" {
			t.Errorf("%s %s (%d): headers %v", c.method, c.path, res.StatusCode, h)
		}
		if csp := h.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'none'") || strings.Contains(csp, "nonce-") {
			t.Errorf("%s %s (%d): policy %q", c.method, c.path, res.StatusCode, csp)
		}
	}
}
