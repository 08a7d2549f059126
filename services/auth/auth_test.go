package auth_test

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/tremplin/tremplin/ent/license"
	"github.com/tremplin/tremplin/ent/user"
	authv1 "github.com/tremplin/tremplin/gen/tremplin/auth/v1"
	"github.com/tremplin/tremplin/gen/tremplin/auth/v1/authv1connect"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/testserver"
	"github.com/tremplin/tremplin/internal/viewer"
)

const pw = testserver.Password

func authClient(srv *testserver.Start, c *http.Client) authv1connect.AuthServiceClient {
	return authv1connect.NewAuthServiceClient(c, srv.URL)
}

func login(t *testing.T, srv *testserver.Start, c *http.Client, email, password string) (int, map[string]any) {
	t.Helper()
	return srv.JSON(t, c, http.MethodPost, "/api/auth/login", map[string]string{"email": email, "password": password})
}

func TestLoginMeLogoutOverJSON(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		ag := srv.CreateAgency(t, "Agence Nord", 3)
		srv.CreateUser(t, "Paul@Exemple.fr", testserver.UserSpec{FirstName: "Paul", AgencyID: &ag.ID, License: "valid"})
		c := testserver.HTTPClient(t)

		status, body := login(t, srv, c, "  paul@exemple.FR ", pw)
		if status != http.StatusOK {
			t.Fatalf("login: %d %v", status, body)
		}
		u := body["user"].(map[string]any)
		for key, want := range map[string]any{"firstName": "Paul", "role": "candidate", "status": "with-valid-license", "isB2C": false, "hasPremiumAccess": true, "email": "paul@exemple.fr"} {
			if u[key] != want {
				t.Errorf("user.%s = %v, want %v", key, u[key], want)
			}
		}
		if _, ok := u["license"].(map[string]any)["expirationDate"]; !ok {
			t.Errorf("licence dates missing: %v", u["license"])
		}
		cookie := sessionCookie(t, c, srv)

		status, body = srv.JSON(t, c, http.MethodGet, "/api/auth/me", nil)
		if status != http.StatusOK || body["user"].(map[string]any)["firstName"] != "Paul" {
			t.Fatalf("me: %d %v", status, body)
		}
		if agency, _ := body["user"].(map[string]any)["agency"].(map[string]any); agency["name"] != "Agence Nord" {
			t.Errorf("me: agency %v, want Agence Nord", agency)
		}

		status, _ = srv.JSON(t, c, http.MethodPost, "/api/auth/logout", map[string]any{})
		if status != http.StatusOK {
			t.Fatalf("logout: %d", status)
		}
		// The jar dropped the cookie; replay the old one by hand: the server ended the session.
		req, _ := http.NewRequest(http.MethodGet, srv.URL+"/api/auth/me", nil)
		req.AddCookie(cookie)
		status, body = testserver.Do(t, http.DefaultClient, req)
		if status != http.StatusUnauthorized || body["type"] != "UNAUTHENTICATED" {
			t.Fatalf("me with the old cookie after logout: %d %v", status, body)
		}
	})
}

func sessionCookie(t *testing.T, c *http.Client, srv *testserver.Start) *http.Cookie {
	t.Helper()
	u, _ := url.Parse(srv.URL)
	for _, ck := range c.Jar.Cookies(u) {
		if ck.Name == "tremplin_session" {
			return ck
		}
	}
	t.Fatal("no session cookie")
	return nil
}

func TestSessionCookieAttributes(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	srv.CreateUser(t, "admin@exemple.fr", testserver.UserSpec{Role: user.RoleAdmin})
	res, err := http.Post(srv.URL+"/api/auth/login", "application/json", strings.NewReader(`{"email":"admin@exemple.fr","password":"`+pw+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	raw := res.Header.Get("Set-Cookie")
	for _, want := range []string{"tremplin_session=", "HttpOnly", "SameSite=Lax", "Path=/"} {
		if !strings.Contains(raw, want) {
			t.Errorf("Set-Cookie %q lacks %q", raw, want)
		}
	}
	if strings.Contains(raw, "Secure") {
		t.Errorf("Secure on a plain-HTTP server would lose the cookie: %q", raw)
	}
	token := regexp.MustCompile(`tremplin_session=([^;]+)`).FindStringSubmatch(raw)[1]
	if len(token) < 43 {
		t.Errorf("session token %q is shorter than 256 bits", token)
	}
}

func TestLoginOverConnect(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		srv.CreateUser(t, "lea@exemple.fr", testserver.UserSpec{FirstName: "Léa", IsB2C: true})
		c := authClient(srv, testserver.HTTPClient(t))
		ctx := context.Background()
		res, err := c.Login(ctx, &authv1.LoginRequest{Email: "lea@exemple.fr", Password: pw})
		if err != nil {
			t.Fatal(err)
		}
		// First sign-in of a B2C candidate starts the trial.
		got := res.GetUser()
		if got.GetStatus() != commonv1.UserStatus_USER_STATUS_IN_TRIAL_PERIOD || !got.GetHasPremiumAccess() {
			t.Errorf("status %v premium %v, want in trial with premium", got.GetStatus(), got.GetHasPremiumAccess())
		}
		if want := srv.Clock.Now().AddDate(0, 0, 14); !got.GetTrialEndDate().AsTime().Equal(want) {
			t.Errorf("trial ends %v, want %v", got.GetTrialEndDate().AsTime(), want)
		}
		me, err := c.Me(ctx, &authv1.MeRequest{})
		if err != nil || me.GetUser().GetFirstName() != "Léa" {
			t.Fatalf("me: %v %v", me, err)
		}
		// Saved, not only answered.
		if !me.GetUser().GetTrialEndDate().AsTime().Equal(got.GetTrialEndDate().AsTime()) {
			t.Errorf("me: trial ends %v, login said %v", me.GetUser().GetTrialEndDate().AsTime(), got.GetTrialEndDate().AsTime())
		}
		if _, err := c.Logout(ctx, &authv1.LogoutRequest{}); err != nil {
			t.Fatal(err)
		}
		if _, err := c.Me(ctx, &authv1.MeRequest{}); connect.CodeOf(err) != connect.CodeUnauthenticated {
			t.Fatalf("me after logout: %v", err)
		}
	})
}

func TestWrongCredentialsAreNot401(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		srv.CreateUser(t, "marc@exemple.fr", testserver.UserSpec{Role: user.RoleAdmin})
		c := testserver.HTTPClient(t)
		for _, creds := range [][2]string{{"marc@exemple.fr", "Mauvais-mdp-1"}, {"personne@exemple.fr", pw}} {
			status, body := login(t, srv, c, creds[0], creds[1])
			if status != http.StatusForbidden || body["type"] != "INVALID_CREDENTIALS" {
				t.Errorf("%s: got %d %v, want 403 INVALID_CREDENTIALS", creds[0], status, body)
			}
		}
		_, err := authClient(srv, c).Login(context.Background(), &authv1.LoginRequest{Email: "marc@exemple.fr", Password: "nope"})
		if connect.CodeOf(err) != connect.CodePermissionDenied || apierr.ReasonOf(err) != "INVALID_CREDENTIALS" {
			t.Errorf("connect: %v (%s)", err, apierr.ReasonOf(err))
		}
	})
}

// The spec's no-licence outcome: a B2B candidate without a valid licence gets 401 at login —
// ACCESS_EXPIRED with the spec's message when their licence expired, NO_LICENSE_YET when they
// hold none — and is treated as logged out by me once the licence expires.
func TestB2BCandidateWithoutValidLicence(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		ag := srv.CreateAgency(t, "Agence Sud", 3)
		srv.CreateUser(t, "expire@exemple.fr", testserver.UserSpec{AgencyID: &ag.ID, License: "expired"})
		srv.CreateUser(t, "sanslicence@exemple.fr", testserver.UserSpec{AgencyID: &ag.ID})
		srv.CreateUser(t, "valide@exemple.fr", testserver.UserSpec{AgencyID: &ag.ID, License: "valid"})
		// One who signed in before and whose licence was taken back (made B2C, then B2B again
		// with free access, which was then revoked) has none either.
		returning := srv.CreateUser(t, "revenu@exemple.fr", testserver.UserSpec{AgencyID: &ag.ID})
		srv.Client.User.UpdateOne(returning).SetFirstLoginAt(srv.Clock.Now().AddDate(0, -3, 0)).ExecX(viewer.SystemContext(context.Background()))
		c := testserver.HTTPClient(t)
		// The spec's message is for an expired licence; a candidate who holds none is told so.
		for email, want := range map[string][2]string{
			"expire@exemple.fr": {"ACCESS_EXPIRED",
				"Votre période d'essai ou votre licence a expiré. Merci de demander une licence auprès de votre administrateur de compte."},
			"sanslicence@exemple.fr": {"NO_LICENSE_YET",
				"Votre compte n'a pas encore de licence. Merci de demander une licence auprès de votre administrateur de compte."},
			"revenu@exemple.fr": {"NO_LICENSE_YET",
				"Votre compte n'a pas encore de licence. Merci de demander une licence auprès de votre administrateur de compte."},
		} {
			status, body := login(t, srv, c, email, pw)
			if status != http.StatusUnauthorized || body["type"] != want[0] || body["message"] != want[1] {
				t.Errorf("%s: got %d %v", email, status, body)
			}
		}
		_, err0 := authClient(srv, c).Login(context.Background(), &authv1.LoginRequest{Email: "sanslicence@exemple.fr", Password: pw})
		if connect.CodeOf(err0) != connect.CodeUnauthenticated || apierr.ReasonOf(err0) != "NO_LICENSE_YET" {
			t.Errorf("connect, no licence: %v (%s)", err0, apierr.ReasonOf(err0))
		}
		_, err := authClient(srv, c).Login(context.Background(), &authv1.LoginRequest{Email: "expire@exemple.fr", Password: pw})
		if connect.CodeOf(err) != connect.CodeUnauthenticated || apierr.ReasonOf(err) != "ACCESS_EXPIRED" {
			t.Errorf("connect: %v (%s)", err, apierr.ReasonOf(err))
		}

		if status, body := login(t, srv, c, "valide@exemple.fr", pw); status != http.StatusOK {
			t.Fatalf("valid licence: %d %v", status, body)
		}
		// The licence expires while the session lives.
		sys := viewer.SystemContext(context.Background())
		srv.Client.License.Update().Where(license.HasCandidateWith(user.Email("valide@exemple.fr"))).
			SetExpirationDate(srv.Clock.Now().Add(-time.Minute)).ExecX(sys)
		status, body := srv.JSON(t, c, http.MethodGet, "/api/auth/me", nil)
		if status != http.StatusUnauthorized || body["type"] != "ACCESS_EXPIRED" {
			t.Errorf("me after the licence expired: %d %v", status, body)
		}
	})
}

func TestPendingLicenceIsActivatedAtFirstLogin(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	ag := srv.CreateAgency(t, "Agence Est", 3)
	srv.CreateUser(t, "nouveau@exemple.fr", testserver.UserSpec{AgencyID: &ag.ID, License: "pending"})
	status, body := login(t, srv, testserver.HTTPClient(t), "nouveau@exemple.fr", pw)
	if status != http.StatusOK {
		t.Fatalf("login: %d %v", status, body)
	}
	u := body["user"].(map[string]any)
	lic := u["license"].(map[string]any)
	if u["status"] != "with-valid-license" || lic["activationDate"] == nil {
		t.Fatalf("got %v", u)
	}
	want := srv.Clock.Now().AddDate(1, 0, 0).Format(time.RFC3339)
	if lic["expirationDate"] != want {
		t.Errorf("licence expires %v, want %v", lic["expirationDate"], want)
	}
	// Saved, not only answered: a day later, the next sign-in finds the licence as it was.
	srv.Clock.Advance(24 * time.Hour)
	status, body = login(t, srv, testserver.HTTPClient(t), "nouveau@exemple.fr", pw)
	if lic := body["user"].(map[string]any)["license"].(map[string]any); status != http.StatusOK || lic["expirationDate"] != want {
		t.Errorf("second login: %d, licence %v", status, lic)
	}
}

// A B2C candidate whose trial has ended still signs in, without premium access.
func TestB2CTrialEndedSignsInWithoutPremium(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		ended := srv.Clock.Now().AddDate(0, 0, -2)
		srv.CreateUser(t, "hugo@exemple.fr", testserver.UserSpec{IsB2C: true, TrialEnd: &ended})
		c := testserver.HTTPClient(t)
		status, body := login(t, srv, c, "hugo@exemple.fr", pw)
		if status != http.StatusOK {
			t.Fatalf("login: %d %v", status, body)
		}
		u := body["user"].(map[string]any)
		if u["status"] != "without-license-after-trial-period" || u["hasPremiumAccess"] != false {
			t.Errorf("got status %v premium %v", u["status"], u["hasPremiumAccess"])
		}
		if status, _ := srv.JSON(t, c, http.MethodGet, "/api/auth/me", nil); status != http.StatusOK {
			t.Errorf("me: %d", status)
		}
	})
}

func TestLoginIsRateLimitedPerAccount(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		srv.CreateUser(t, "cible@exemple.fr", testserver.UserSpec{Role: user.RoleAdmin})
		srv.CreateUser(t, "voisin@exemple.fr", testserver.UserSpec{Role: user.RoleAdmin})
		c := testserver.HTTPClient(t)
		for i := range 5 {
			if status, body := login(t, srv, c, "cible@exemple.fr", "Mauvais-mdp-1"); status != http.StatusForbidden {
				t.Fatalf("attempt %d: %d %v", i+1, status, body)
			}
		}
		// Locked now, even with the right password.
		status, body := login(t, srv, c, "cible@exemple.fr", pw)
		if status != http.StatusTooManyRequests || body["type"] != "TOO_MANY_ATTEMPTS" {
			t.Fatalf("6th attempt: %d %v, want 429 TOO_MANY_ATTEMPTS", status, body)
		}
		_, err := authClient(srv, c).Login(context.Background(), &authv1.LoginRequest{Email: "cible@exemple.fr", Password: pw})
		if connect.CodeOf(err) != connect.CodeResourceExhausted {
			t.Errorf("connect: %v", err)
		}
		// Another account, from the same address, is unaffected.
		if status, body := login(t, srv, c, "voisin@exemple.fr", pw); status != http.StatusOK {
			t.Fatalf("other account: %d %v", status, body)
		}
	})
}

func sysCtx() context.Context { return viewer.SystemContext(context.Background()) }
