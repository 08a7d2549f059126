package auth_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tremplin/tremplin/internal/config"
	"github.com/tremplin/tremplin/internal/credentials"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/testserver"
)

// The life of a browser session, end to end through the JSON routes with cookies: what a
// browser holds after each step, and whether the server still honours a token replayed by
// hand once the browser has dropped it.

// signInRaw posts the credentials with the cookies given (none: a fresh browser) and answers
// the session cookie the server set.
func signInRaw(t *testing.T, srv *testserver.Start, email string, carried ...*http.Cookie) *http.Cookie {
	t.Helper()
	return signInWith(t, srv, email, pw, carried...)
}

// signInWith is signInRaw with another password than the helpers' own.
func signInWith(t *testing.T, srv *testserver.Start, email, password string, carried ...*http.Cookie) *http.Cookie {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, srv.URL+"/api/auth/login",
		strings.NewReader(`{"email":"`+email+`","password":"`+password+`"}`))
	req.Header.Set("Content-Type", "application/json")
	for _, c := range carried {
		req.AddCookie(c)
	}
	res, err := testserver.HTTPClientNoJar().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("sign-in of %s: %d", email, res.StatusCode)
	}
	return setCookie(t, res)
}

// setCookie answers the session cookie a response sets (fails when it sets none).
func setCookie(t *testing.T, res *http.Response) *http.Cookie {
	t.Helper()
	for _, c := range res.Cookies() {
		if c.Name == credentials.CookieName {
			return c
		}
	}
	t.Fatalf("%s: no %s cookie set (Set-Cookie %q)", res.Request.URL.Path, credentials.CookieName, res.Header.Values("Set-Cookie"))
	return nil
}

// meWith answers the status of GET /api/auth/me with the session token alone.
func meWith(t *testing.T, srv *testserver.Start, token *http.Cookie) int {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/api/auth/me", nil)
	req.AddCookie(&http.Cookie{Name: token.Name, Value: token.Value})
	status, body := testserver.Do(t, testserver.HTTPClientNoJar(), req)
	if status != http.StatusOK && (status != http.StatusUnauthorized || body["type"] != "UNAUTHENTICATED") {
		t.Fatalf("me: %d %v, want 200 or 401 UNAUTHENTICATED", status, body)
	}
	return status
}

// postWith posts a JSON body to path with the session token alone.
func postWith(t *testing.T, srv *testserver.Start, token *http.Cookie, path, body string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, srv.URL+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if token != nil {
		req.AddCookie(&http.Cookie{Name: token.Name, Value: token.Value})
	}
	res, err := testserver.HTTPClientNoJar().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = res.Body.Close()
	return res
}

// A sign-in always answers a token of its own making, whatever the browser carried — a token
// planted by someone else, or the browser's own live session: nobody can choose, or know
// beforehand, the token of the session a sign-in opens. The session the browser carried is
// ended, its cookie being replaced.
func TestSignInIssuesANewToken(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		srv.CreateUser(t, "alice@exemple.fr", testserver.UserSpec{IsB2C: true, FreeAccess: true})
		srv.CreateUser(t, "bruno@exemple.fr", testserver.UserSpec{IsB2C: true, FreeAccess: true})

		planted := &http.Cookie{Name: credentials.CookieName, Value: "jeton-choisi-par-un-tiers-0123456789abcdefghijk"}
		got := signInRaw(t, srv, "alice@exemple.fr", planted)
		if got.Value == planted.Value {
			t.Fatal("the sign-in kept the token the browser carried")
		}
		if meWith(t, srv, planted) != http.StatusUnauthorized {
			t.Error("the planted token opens a session")
		}
		if meWith(t, srv, got) != http.StatusOK {
			t.Fatal("the new token does not work")
		}

		again := signInRaw(t, srv, "alice@exemple.fr", got)
		if again.Value == got.Value {
			t.Fatal("signing in again kept the live token")
		}
		if meWith(t, srv, again) != http.StatusOK {
			t.Error("the second sign-in's token does not work")
		}
		if meWith(t, srv, got) != http.StatusUnauthorized {
			t.Error("the session the browser carried still works after it signed in again")
		}

		// Someone else signing in on the same browser: the first session ends too (the browser
		// no longer holds it), the new one is Bruno's.
		bruno := signInRaw(t, srv, "bruno@exemple.fr", again)
		if meWith(t, srv, again) != http.StatusUnauthorized {
			t.Error("Alice's session still works after Bruno signed in on her browser")
		}
		status, body := srv.JSON(t, withToken(t, srv, bruno), http.MethodGet, "/api/auth/me", nil)
		if user, _ := body["user"].(map[string]any); status != http.StatusOK || user["email"] != "bruno@exemple.fr" {
			t.Errorf("me after Bruno's sign-in: %d %v", status, body)
		}
	})
}

// withToken is a browser holding token.
func withToken(t *testing.T, srv *testserver.Start, token *http.Cookie) *http.Client {
	t.Helper()
	c := testserver.HTTPClient(t)
	req, _ := http.NewRequest(http.MethodGet, srv.URL, nil)
	c.Jar.SetCookies(req.URL, []*http.Cookie{{Name: token.Name, Value: token.Value, Path: "/"}})
	return c
}

// Signing out ends the session on the server and clears the browser's cookie with the
// attributes it was set with, so the browser drops that very cookie.
func TestSignOutEndsTheSessionAndClearsTheCookie(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	srv.CreateUser(t, "alice@exemple.fr", testserver.UserSpec{IsB2C: true, FreeAccess: true})
	token := signInRaw(t, srv, "alice@exemple.fr")
	other := signInRaw(t, srv, "alice@exemple.fr") // another device

	res := postWith(t, srv, token, "/api/auth/logout", "{}")
	if res.StatusCode != http.StatusOK {
		t.Fatalf("logout: %d", res.StatusCode)
	}
	cleared := setCookie(t, res)
	raw := res.Header.Get("Set-Cookie")
	if cleared.Value != "" || cleared.MaxAge >= 0 || !strings.Contains(raw, "Max-Age=0") ||
		cleared.Path != "/" || !cleared.HttpOnly || cleared.SameSite != http.SameSiteLaxMode {
		t.Errorf("the cookie is not cleared as it was set: %q", raw)
	}
	if meWith(t, srv, token) != http.StatusUnauthorized {
		t.Error("the token still works after sign-out")
	}
	// Signing out is this browser's: the other device stays signed in.
	if meWith(t, srv, other) != http.StatusOK {
		t.Error("signing out on one device ended the other's session")
	}
	// Signing out again, or without a session, still answers and clears the cookie.
	for name, c := range map[string]*http.Cookie{"again": token, "without a session": nil} {
		res := postWith(t, srv, c, "/api/auth/logout", "{}")
		if res.StatusCode != http.StatusOK || setCookie(t, res).MaxAge >= 0 {
			t.Errorf("logout %s: %d %q", name, res.StatusCode, res.Header.Get("Set-Cookie"))
		}
	}
}

// A new password (set from the « mot de passe oublié » link: the only way a password changes)
// ends every session of the account — the other devices', and also the one of the browser
// that set it, which goes to the sign-in page as the spec says; signing in with the new
// password opens a new one.
func TestNewPasswordEndsEverySession(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		srv.CreateUser(t, "alice@exemple.fr", testserver.UserSpec{IsB2C: true, FreeAccess: true})
		here := signInRaw(t, srv, "alice@exemple.fr")
		other := signInRaw(t, srv, "alice@exemple.fr")

		id, token := resetLink(t, srv, "alice@exemple.fr")
		res := postWith(t, srv, here, "/api/users/new-password",
			`{"id":"`+id+`","token":"`+token+`","password":"Nouveau-mdp-2026!"}`)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("new-password: %d", res.StatusCode)
		}
		for name, c := range map[string]*http.Cookie{"the browser that changed it": here, "another device": other} {
			if meWith(t, srv, c) != http.StatusUnauthorized {
				t.Errorf("%s: its session survived the new password", name)
			}
		}
		if meWith(t, srv, signInWith(t, srv, "alice@exemple.fr", "Nouveau-mdp-2026!", here)) != http.StatusOK {
			t.Error("no session after signing in again")
		}
	})
}

// Deleting one's account ends its sessions: the token of the browser that deleted it, and of
// any other device, are refused.
func TestAccountDeletionEndsEverySession(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	srv.CreateUser(t, "alice@exemple.fr", testserver.UserSpec{IsB2C: true, FreeAccess: true})
	here := signInRaw(t, srv, "alice@exemple.fr")
	other := signInRaw(t, srv, "alice@exemple.fr")
	res := postWith(t, srv, here, "/api/users/me/delete", `{"password":"`+pw+`"}`)
	if res.StatusCode != http.StatusOK || setCookie(t, res).MaxAge >= 0 {
		t.Fatalf("delete: %d %q", res.StatusCode, res.Header.Get("Set-Cookie"))
	}
	for name, c := range map[string]*http.Cookie{"the browser that deleted it": here, "another device": other} {
		if meWith(t, srv, c) != http.StatusUnauthorized {
			t.Errorf("%s: its session survived the deletion", name)
		}
	}
}

// A session left unused for the idle time (SESSION_IDLE, a week by default) ends; each use
// keeps it alive again, until the absolute end (SESSION_MAX, a month) however often it is
// used. The fake clock stands for the days going by.
func TestSessionsExpireWhenIdleAndAtTheirEnd(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		idle, end := srv.Config.SessionIdle, srv.Config.SessionMax
		if idle != config.DefaultSessionIdle || end != config.DefaultSessionMax {
			t.Fatalf("the test server's sessions last %v idle, %v at most: not the defaults", idle, end)
		}
		srv.CreateUser(t, "alice@exemple.fr", testserver.UserSpec{IsB2C: true, FreeAccess: true})

		// Idle: used just before the idle time, twice — alive past one idle time from the
		// sign-in — then left unused one idle time: over.
		token := signInRaw(t, srv, "alice@exemple.fr")
		for range 2 {
			srv.Clock.Advance(idle - time.Minute)
			if meWith(t, srv, token) != http.StatusOK {
				t.Fatalf("a session used %v ago ended", idle-time.Minute)
			}
		}
		srv.Clock.Advance(idle)
		if meWith(t, srv, token) != http.StatusUnauthorized {
			t.Fatalf("a session unused for %v still works", idle)
		}

		// Absolute: used every few days, it still ends when the maximum has passed since the
		// sign-in; the cookie says as much to the browser.
		token = signInRaw(t, srv, "alice@exemple.fr")
		if token.MaxAge != int(end/time.Second) {
			t.Errorf("the cookie lives %d s, the session %v", token.MaxAge, end)
		}
		step := idle - 24*time.Hour
		elapsed := time.Duration(0)
		for elapsed+step < end {
			srv.Clock.Advance(step)
			elapsed += step
			if meWith(t, srv, token) != http.StatusOK {
				t.Fatalf("a session used every %v ended after %v", step, elapsed)
			}
		}
		srv.Clock.Advance(end - elapsed - time.Minute)
		if meWith(t, srv, token) != http.StatusOK {
			t.Fatalf("a session ended a minute before its maximum")
		}
		srv.Clock.Advance(time.Minute)
		if meWith(t, srv, token) != http.StatusUnauthorized {
			t.Fatalf("a session used a minute ago still works %v after the sign-in", end)
		}
	})
}

// The session cookie is out of scripts' reach (HttpOnly), not sent by other sites' requests
// except top-level navigations (SameSite=Lax), valid for the whole app (Path=/), and, when the
// app is public over HTTPS (PUBLIC_URL https://…, behind a proxy that ends TLS or served
// by the server itself), never sent over plain HTTP (Secure) — which a local server on
// http://localhost leaves off, or its browser would drop the cookie. Clearing it at sign-out
// carries the same attributes.
func TestSessionCookieFlags(t *testing.T) {
	for _, tt := range []struct {
		name      string
		publicURL string
		secure    bool
	}{
		{"local, plain HTTP", "", false},
		{"behind an HTTPS proxy", "https://tremplin.exemple.fr", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			srv := testserver.New(t, testdb.SQLite, testserver.Options{Configure: func(c *config.Config) {
				if tt.publicURL != "" {
					c.PublicURL = tt.publicURL
				}
			}})
			srv.CreateUser(t, "alice@exemple.fr", testserver.UserSpec{IsB2C: true, FreeAccess: true})
			req, _ := http.NewRequest(http.MethodPost, srv.URL+"/api/auth/login",
				strings.NewReader(`{"email":"alice@exemple.fr","password":"`+pw+`"}`))
			req.Header.Set("Content-Type", "application/json")
			res, err := testserver.HTTPClientNoJar().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			_ = res.Body.Close()
			signedIn := setCookie(t, res)
			out := setCookie(t, postWith(t, srv, signedIn, "/api/auth/logout", "{}"))
			for name, c := range map[string]*http.Cookie{"sign-in": signedIn, "sign-out": out} {
				if !c.HttpOnly || c.SameSite != http.SameSiteLaxMode || c.Path != "/" || c.Domain != "" || c.Secure != tt.secure {
					t.Errorf("%s: %q, want HttpOnly, SameSite=Lax, Path=/, no Domain, Secure=%v", name, c.Raw, tt.secure)
				}
			}
			if len(signedIn.Value) < 43 { // 256 bits, base64url
				t.Errorf("a token of %d characters", len(signedIn.Value))
			}
			if want := strconv.Itoa(int(srv.Config.SessionMax / time.Second)); !strings.Contains(signedIn.Raw, "Max-Age="+want) {
				t.Errorf("sign-in cookie %q: no Max-Age=%s", signedIn.Raw, want)
			}
		})
	}
}
