package authn_test

import (
	"context"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"testing"
	"time"

	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/internal/authn"
	"github.com/tremplin/tremplin/internal/clock"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/viewer"
)

// A session cookie lives as long as the session from the moment the browser receives it,
// whatever the browser's clock says: a browser a month ahead of the server keeps it.
func TestSessionCookieOutlivesAClockAheadOfTheServer(t *testing.T) {
	db := testdb.New(t, testdb.SQLite)
	serverNow := time.Now().Add(-45 * 24 * time.Hour) // the server's clock, far behind
	s := &authn.Sessions{Client: db.Client, Clock: clock.NewFake(serverNow), Idle: 7 * 24 * time.Hour, Max: 30 * 24 * time.Hour}
	ctx := viewer.SystemContext(context.Background())
	u := db.Client.User.Create().SetEmail("alice@exemple.fr").SetFirstName("Alice").SetLastName("Martin").SetRole(user.RoleCandidate).SaveX(ctx)
	c, err := s.Create(ctx, u.ID, "127.0.0.1", "test")
	if err != nil {
		t.Fatal(err)
	}
	jar, _ := cookiejar.New(nil)
	site, _ := url.Parse("http://127.0.0.1/")
	jar.SetCookies(site, []*http.Cookie{c})
	if got := jar.Cookies(site); len(got) != 1 {
		t.Fatalf("the browser kept %d cookies, want the session's", len(got))
	}
}
