package auth_test

import (
	"net/http"
	"testing"

	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/internal/benchmark"
	"github.com/tremplin/tremplin/internal/testserver"
)

// Budgets (issue 2): login round trip (argon2id included) under 100 ms p50, me under 2 ms p50,
// measured over real HTTP against a whole server. Run with
//
//	go test -run '^$' -bench . ./services/auth/
//
// Each benchmark reports p50-ms and p95-ms; they are measurements, not assertions.
func BenchmarkLoginRoundTrip(b *testing.B) {
	testserver.EachDialect(b, func(b *testing.B, srv *testserver.Start) {
		srv.CreateUser(b, "bench@exemple.fr", testserver.UserSpec{Role: user.RoleAdmin})
		body := `{"email":"bench@exemple.fr","password":"` + testserver.Password + `"}`
		benchmark.HTTP(b, http.DefaultClient, func() *http.Request {
			return srv.Request(b, http.MethodPost, "/api/auth/login", body, "Content-Type", "application/json")
		})
	})
}

func BenchmarkMe(b *testing.B) {
	testserver.EachDialect(b, func(b *testing.B, srv *testserver.Start) {
		ag := srv.CreateAgency(b, "Agence", 2)
		c := srv.SignInAs(b, testserver.LicensedCandidate, "bench@exemple.fr", ag)
		b.Run("connect", func(b *testing.B) {
			c.Bench(b, http.MethodPost, "/tremplin.auth.v1.AuthService/Me", "{}", "Content-Type", "application/json")
		})
		b.Run("json-route", func(b *testing.B) { c.Bench(b, http.MethodGet, "/api/auth/me", "") })
	})
}
