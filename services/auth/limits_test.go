package auth_test

import (
	"fmt"
	"net/http"
	"slices"
	"sync"
	"testing"

	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/testserver"
)

// concurrently posts n bodies to path at once and counts the answers by status.
func concurrently(t *testing.T, srv *testserver.Start, path string, n int, body func(i int) map[string]string) map[int]int {
	t.Helper()
	var mu sync.Mutex
	var wg sync.WaitGroup
	counts := map[int]int{}
	start := make(chan struct{})
	c := testserver.HTTPClient(t)
	for i := range n {
		wg.Go(func() {
			<-start
			status, _ := srv.JSON(t, c, http.MethodPost, path, body(i))
			mu.Lock()
			counts[status]++
			mu.Unlock()
		})
	}
	close(start)
	wg.Wait()
	return counts
}

// Concurrent wrong passwords cannot share the limiter's tokens: 50 at once for one account
// get the account's 5 checks, the others are refused before any password is hashed.
func TestConcurrentSignInsSpendTheLimiterBeforeHashing(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	srv.CreateUser(t, "cible@exemple.fr", testserver.UserSpec{Role: user.RoleAdmin})
	counts := concurrently(t, srv, "/api/auth/login", 50, func(int) map[string]string {
		return map[string]string{"email": "cible@exemple.fr", "password": "Mauvais-mdp-1"}
	})
	if counts[http.StatusForbidden] != 5 || counts[http.StatusTooManyRequests] != 45 {
		t.Errorf("50 wrong passwords at once for one account: %v, want 5×403 and 45×429", counts)
	}

	// 100 unknown addresses at once from one client: its budget of 50, no more.
	srv = testserver.New(t, testdb.SQLite)
	counts = concurrently(t, srv, "/api/auth/login", 100, func(i int) map[string]string {
		return map[string]string{"email": fmt.Sprintf("inconnu-%d@exemple.fr", i), "password": "Mauvais-mdp-1"}
	})
	// 503 (server busy) is a password not checked, whose tokens are given back.
	if checked := counts[http.StatusForbidden]; checked == 0 || checked > 50 || counts[http.StatusOK] != 0 ||
		checked+counts[http.StatusTooManyRequests]+counts[http.StatusServiceUnavailable] != 100 {
		t.Errorf("100 unknown addresses at once: %v, want at most 50 checked (403), the others refused", counts)
	}
}

// Asking for reset links again and again sends a few e-mails, then is refused — the same way
// whether or not the address has an account; a client asking for many addresses is
// refused too.
func TestResetLinksAreLimited(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	srv.CreateUser(t, "connu@exemple.fr", testserver.UserSpec{Role: user.RoleAdmin})
	for _, email := range []string{"connu@exemple.fr", "inconnu@exemple.fr"} {
		counts := concurrently(t, srv, "/api/users/reset-password", 20, func(int) map[string]string {
			return map[string]string{"email": email}
		})
		if counts[http.StatusOK] != 3 || counts[http.StatusTooManyRequests] != 17 {
			t.Errorf("%s, 20 requests at once: %v, want 3×200 and 17×429", email, counts)
		}
	}
	status, body := srv.JSON(t, testserver.HTTPClient(t), http.MethodPost, "/api/users/reset-password", map[string]string{"email": "Connu@exemple.fr"})
	if status != http.StatusTooManyRequests || body["type"] != "TOO_MANY_ATTEMPTS" ||
		body["message"] != "Trop de demandes de réinitialisation. Réessayez dans quelques minutes." {
		t.Errorf("one more: %d %v", status, body)
	}
	srv.Stop() // sends the mails still queued
	mails := 0
	for _, m := range srv.Mail.Messages() {
		if slices.Contains(m.To, "connu@exemple.fr") {
			mails++
		}
	}
	if mails != 3 {
		t.Errorf("%d mails sent, want 3", mails)
	}

	srv = testserver.New(t, testdb.SQLite)
	counts := map[int]int{}
	c := testserver.HTTPClient(t)
	for i := range 12 {
		status, _ := srv.JSON(t, c, http.MethodPost, "/api/users/reset-password", map[string]string{"email": fmt.Sprintf("a%d@exemple.fr", i)})
		counts[status]++
	}
	if counts[http.StatusOK] != 10 || counts[http.StatusTooManyRequests] != 2 {
		t.Errorf("12 addresses from one client: %v, want 10×200 and 2×429", counts)
	}
}
