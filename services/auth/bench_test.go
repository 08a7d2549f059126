package auth_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/internal/benchmark"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/testserver"
)

// Budgets (issue 2): login round trip (argon2id included) under 100 ms p50, me under 2 ms p50,
// measured over real HTTP against a whole server. Run with
//
//	go test -run '^$' -bench . ./services/auth/
//
// Each benchmark reports p50-ms and p95-ms; they are measurements, not assertions.
func BenchmarkLoginRoundTrip(b *testing.B) {
	for _, dia := range testdb.Dialects() {
		b.Run(string(dia), func(b *testing.B) {
			srv := testserver.New(b, dia)
			srv.CreateUser(b, "bench@exemple.fr", testserver.UserSpec{Role: user.RoleAdmin})
			body := `{"email":"bench@exemple.fr","password":"` + testserver.Password + `"}`
			benchmark.HTTP(b, http.DefaultClient, func() *http.Request {
				req, _ := http.NewRequest(http.MethodPost, srv.URL+"/api/auth/login", strings.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				return req
			})
		})
	}
}

func BenchmarkMe(b *testing.B) {
	for _, dia := range testdb.Dialects() {
		b.Run(string(dia), func(b *testing.B) {
			srv := testserver.New(b, dia)
			ag := srv.CreateAgency(b, "Agence", 2)
			c := srv.SignInAs(b, testserver.LicensedCandidate, "bench@exemple.fr", ag).HTTP
			b.Run("connect", func(b *testing.B) {
				benchmark.HTTP(b, c, func() *http.Request {
					req, _ := http.NewRequest(http.MethodPost, srv.URL+"/tremplin.auth.v1.AuthService/Me", strings.NewReader("{}"))
					req.Header.Set("Content-Type", "application/json")
					return req
				})
			})
			b.Run("json-route", func(b *testing.B) {
				benchmark.HTTP(b, c, func() *http.Request {
					req, _ := http.NewRequest(http.MethodGet, srv.URL+"/api/auth/me", nil)
					return req
				})
			})
		})
	}
}
