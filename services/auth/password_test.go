package auth_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/tremplin/tremplin/ent/actiontoken"
	"github.com/tremplin/tremplin/ent/user"
	authv1 "github.com/tremplin/tremplin/gen/tremplin/auth/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/authn"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/testserver"
	"github.com/tremplin/tremplin/internal/viewer"
)

// resetLink asks for a reset over JSON and answers the id and token of the link e-mailed.
func resetLink(t *testing.T, srv *testserver.Start, email string) (id, token string) {
	t.Helper()
	sent := srv.Mail.Count(email)
	status, body := srv.JSON(t, testserver.HTTPClient(t), http.MethodPost, "/api/users/reset-password", map[string]string{"email": email})
	if status != http.StatusOK || len(body) != 0 {
		t.Fatalf("reset-password: %d %v", status, body)
	}
	msg := srv.Mail.WaitForNth(t, email, sent+1) // this request's, not an earlier one's
	if !strings.Contains(msg.Subject, "mot de passe") {
		t.Errorf("subject %q", msg.Subject)
	}
	return srv.LinkIn(t, msg.Text, "update-password")
}

func TestResetAndNewPassword(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		signedIn := srv.SignInAs(t, testserver.Admin, "claire@exemple.fr")
		u := signedIn.User

		id, token := resetLink(t, srv, "Claire@exemple.fr")
		if id != u.ID.String() || len(token) < 40 {
			t.Fatalf("link id %q token %q", id, token)
		}
		// Only the hash of the token is stored.
		stored := srv.Client.ActionToken.Query().Where(actiontoken.UserID(u.ID)).OnlyX(viewer.SystemContext(context.Background()))
		if strings.Contains(string(stored.TokenHash), token) {
			t.Fatal("the token is stored in clear")
		}

		newPassword := "Nouveau-mdp-2026!"
		c := testserver.HTTPClient(t)
		status, body := srv.JSON(t, c, http.MethodPost, "/api/users/new-password", map[string]string{"id": id, "password": newPassword, "token": token})
		if status != http.StatusOK {
			t.Fatalf("new-password: %d %v", status, body)
		}
		if status, _ := login(t, srv, c, "claire@exemple.fr", pw); status != http.StatusForbidden {
			t.Errorf("the old password still works: %d", status)
		}
		if status, _ := login(t, srv, c, "claire@exemple.fr", newPassword); status != http.StatusOK {
			t.Errorf("the new password does not work: %d", status)
		}
		// Changing the password ended the sessions opened before.
		if status, _ := signedIn.JSON(t, http.MethodGet, "/api/auth/me", nil); status != http.StatusUnauthorized {
			t.Errorf("a session opened before the change still works: %d", status)
		}
		// The link works once.
		status, body = srv.JSON(t, c, http.MethodPost, "/api/users/new-password", map[string]string{"id": id, "password": "Encore-1-autre!", "token": token})
		if status != http.StatusBadRequest || body["type"] != "TOKEN_INVALID" {
			t.Errorf("second use: %d %v, want 400 TOKEN_INVALID", status, body)
		}
	})
}

func TestResetLinkExpiresAndBelongsToItsUser(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	srv.CreateUser(t, "a@exemple.fr", testserver.UserSpec{Role: user.RoleAdmin})
	other := srv.CreateUser(t, "b@exemple.fr", testserver.UserSpec{Role: user.RoleAdmin})
	client := authClient(srv, testserver.HTTPClient(t))
	ctx := context.Background()

	_, first := resetLink(t, srv, "a@exemple.fr")
	_, err := client.NewPassword(ctx, &authv1.NewPasswordRequest{Id: other.ID.String(), Password: "Autre-mdp-2026!", Token: first})
	if connect.CodeOf(err) != connect.CodeFailedPrecondition || apierr.ReasonOf(err) != "TOKEN_INVALID" {
		t.Errorf("a's token used for b: %v", err)
	}

	// Two hours and a second later, a link no longer works.
	id, token := resetLink(t, srv, "a@exemple.fr")
	if token == first {
		t.Fatal("the second link carries the first one's token")
	}
	srv.Clock.Advance(2*time.Hour + time.Second)
	_, err = client.NewPassword(ctx, &authv1.NewPasswordRequest{Id: id, Password: "Autre-mdp-2026!", Token: token})
	if connect.CodeOf(err) != connect.CodeFailedPrecondition || apierr.ReasonOf(err) != "TOKEN_INVALID" {
		t.Errorf("expired token: %v", err)
	}
	// A second before, it does.
	id, token = resetLink(t, srv, "a@exemple.fr")
	srv.Clock.Advance(2*time.Hour - time.Second)
	if _, err := client.NewPassword(ctx, &authv1.NewPasswordRequest{Id: id, Password: "Autre-mdp-2026!", Token: token}); err != nil {
		t.Errorf("a link used within its two hours: %v", err)
	}
}

func TestNewLinkVoidsTheOlderOne(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	srv.CreateUser(t, "a@exemple.fr", testserver.UserSpec{Role: user.RoleAdmin})
	id, first := resetLink(t, srv, "a@exemple.fr")
	_, _ = resetLink(t, srv, "a@exemple.fr")
	_, err := authClient(srv, testserver.HTTPClient(t)).NewPassword(context.Background(),
		&authv1.NewPasswordRequest{Id: id, Password: "Autre-mdp-2026!", Token: first})
	if apierr.ReasonOf(err) != "TOKEN_INVALID" {
		t.Errorf("the first link still works after a second was sent: %v", err)
	}
}

// The answer is the same whether or not the address has an account, and no mail leaves.
func TestResetOfUnknownAddressAnswersTheSame(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	srv.CreateUser(t, "connu@exemple.fr", testserver.UserSpec{Role: user.RoleAdmin})
	c := testserver.HTTPClient(t)
	known, knownBody := srv.JSON(t, c, http.MethodPost, "/api/users/reset-password", map[string]string{"email": "connu@exemple.fr"})
	unknown, unknownBody := srv.JSON(t, c, http.MethodPost, "/api/users/reset-password", map[string]string{"email": "inconnu@exemple.fr"})
	if known != unknown || len(knownBody) != len(unknownBody) {
		t.Fatalf("known %d %v, unknown %d %v", known, knownBody, unknown, unknownBody)
	}
	srv.Mail.WaitFor(t, "connu@exemple.fr")
	time.Sleep(100 * time.Millisecond)
	for _, m := range srv.Mail.Messages() {
		for _, to := range m.To {
			if to == "inconnu@exemple.fr" {
				t.Fatal("a mail went to an address without an account")
			}
		}
	}
}

func TestNewPasswordAppliesThePasswordRule(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	srv.CreateUser(t, "a@exemple.fr", testserver.UserSpec{Role: user.RoleAdmin})
	id, token := resetLink(t, srv, "a@exemple.fr")
	c := testserver.HTTPClient(t)
	for _, bad := range []string{"Court-1", "sansmajuscule-1!", "SANSMINUSCULE-1!", "Sans-chiffre!", "Sanspecial1", "Avec espace-1!"} {
		status, body := srv.JSON(t, c, http.MethodPost, "/api/users/new-password", map[string]string{"id": id, "password": bad, "token": token})
		if status != http.StatusBadRequest || body["type"] != "INVALID_FIELDS" || !strings.Contains(body["message"].(string), "Le format du mot de passe est incorrect") {
			t.Errorf("%q: %d %v", bad, status, body)
		}
	}
	// The refusals did not spend the link.
	if status, body := srv.JSON(t, c, http.MethodPost, "/api/users/new-password", map[string]string{"id": id, "password": "Tout-bon-2026!", "token": token}); status != http.StatusOK {
		t.Errorf("valid password: %d %v", status, body)
	}
}

// A reset link sets the password and nothing else: the person signs in with it (an
// invitation signs them in; services/agency tests it end to end). An account that accepted
// the terms is not asked for them again (links_test.go: one that never did is).
func TestResetLinkDoesNotSignIn(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		created := srv.CreateUser(t, "a@exemple.fr", testserver.UserSpec{Role: user.RoleAdmin})
		srv.Clock.Advance(time.Hour)
		id, token := resetLink(t, srv, "a@exemple.fr")
		c := testserver.HTTPClient(t)
		status, body := srv.JSON(t, c, http.MethodPost, "/api/users/new-password", map[string]any{"id": id, "password": "Tout-bon-2026!", "token": token})
		if status != http.StatusOK || body["user"] != nil {
			t.Fatalf("new-password from a reset link: %d %v", status, body)
		}
		if status, _ := srv.JSON(t, c, http.MethodGet, "/api/auth/me", nil); status != http.StatusUnauthorized {
			t.Errorf("signed in by a reset link: %d", status)
		}
		stored := srv.Client.User.Query().Where(user.Email("a@exemple.fr")).OnlyX(viewer.SystemContext(context.Background()))
		if !stored.TermsAcceptedAt.Equal(*created.TermsAcceptedAt) || stored.FirstLoginAt != nil {
			t.Errorf("a reset recorded terms %v (accepted %v) or a sign-in %v", stored.TermsAcceptedAt, created.TermsAcceptedAt, stored.FirstLoginAt)
		}
	})
}

// An invitation completed for a B2B candidate who lost their licence meanwhile sets the
// password but answers the no-licence outcome instead of signing in.
func TestInvitationWithoutAccessDoesNotSignIn(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		ag := srv.CreateAgency(t, "Agence Ouest", 1)
		u := srv.CreateUser(t, "b2b@exemple.fr", testserver.UserSpec{AgencyID: &ag.ID})
		tokens := &authn.ActionTokens{Client: srv.Client, Clock: srv.Clock}
		token, err := tokens.Issue(context.Background(), u.ID, authn.KindInvitation, time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		c := testserver.HTTPClient(t)
		status, body := srv.JSON(t, c, http.MethodPost, "/api/users/new-password", map[string]any{"id": u.ID.String(), "password": "Tout-bon-2026!", "token": token, "acceptTerms": true})
		// They hold none: the refusal says so (NO_LICENSE_YET), not that it expired.
		if status != http.StatusUnauthorized || body["type"] != "NO_LICENSE_YET" {
			t.Fatalf("invitation without a licence: %d %v", status, body)
		}
		if status, _ := srv.JSON(t, c, http.MethodGet, "/api/auth/me", nil); status != http.StatusUnauthorized {
			t.Errorf("signed in without a licence: %d", status)
		}
		if status, body := srv.JSON(t, c, http.MethodPost, "/api/auth/login", map[string]string{"email": "b2b@exemple.fr", "password": "Tout-bon-2026!"}); status != http.StatusUnauthorized || body["type"] != "NO_LICENSE_YET" {
			t.Errorf("the password was not set: %d %v", status, body)
		}
	})
}
