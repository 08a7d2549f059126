package server_test

import (
	"net/http"
	"testing"

	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/testserver"
)

// What a kept answer costs the database: one statement — the session with its user, licence
// and data version — whether the browser revalidates (304) or the server sends its kept
// encoding (200), on each dialect. The answer itself is read once, the first time.
func TestAKeptAnswerCostsOneStatement(t *testing.T) {
	for _, dia := range testdb.Dialects() {
		t.Run(string(dia), func(t *testing.T) {
			srv := testserver.New(t, dia, testserver.Options{CountStatements: true})
			alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@test.fr")
			for _, path := range []string{"/api/contacts", "/api/applications", "/api/tasks", "/api/dashboard"} {
				fetch := func(etag string) (int, string) {
					t.Helper()
					res, _ := get(t, alice.HTTP, srv.URL+path, etag)
					return res.StatusCode, res.Header.Get("ETag")
				}
				status, etag := fetch("")
				if status != http.StatusOK || etag == "" {
					t.Fatalf("GET %s: %d, ETag %q", path, status, etag)
				}
				srv.Statements.Store(0)
				if status, again := fetch(""); status != http.StatusOK || again != etag {
					t.Fatalf("GET %s again: %d, ETag %q, want the kept %q", path, status, again, etag)
				}
				if n := srv.Statements.Load(); n != 1 {
					t.Errorf("GET %s answered from the kept encoding with %d statements, want 1", path, n)
				}
				srv.Statements.Store(0)
				if status, _ := fetch(etag); status != http.StatusNotModified {
					t.Fatalf("GET %s revalidated: %d, want 304", path, status)
				}
				if n := srv.Statements.Load(); n != 1 {
					t.Errorf("GET %s revalidated (304) with %d statements, want 1", path, n)
				}
			}
		})
	}
}
