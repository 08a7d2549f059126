package auth_test

// Issue 18 (security probe): the e-mailed password links must not outlive their use, and the
// terms of use cannot be skipped by taking « mot de passe oublié » instead of the invitation.

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/actiontoken"
	"github.com/tremplin/tremplin/ent/license"
	"github.com/tremplin/tremplin/ent/user"
	authv1 "github.com/tremplin/tremplin/gen/tremplin/auth/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/testserver"
)

const termsRefusal = "Vous devez accepter les conditions générales d'utilisation pour créer votre mot de passe"

// mailedLink waits for the n-th mail (from 1) to the address and answers the id and token of
// the password link it carries.
func mailedLink(t *testing.T, srv *testserver.Start, to string, n int) (id, token string) {
	t.Helper()
	return srv.LinkIn(t, srv.Mail.WaitForNth(t, to, n).Text, "new-password", "update-password")
}

// invited has an agency admin create a B2B candidate, as the product does: the candidate has
// no password, a pending licence, and an invitation e-mail (the first mail to the address).
func invited(t *testing.T, srv *testserver.Start, email string) (boss *testserver.Session, candidateID string) {
	t.Helper()
	boss = srv.SignInAs(t, testserver.AgencyAdmin, "agence-"+email)
	status, body := boss.JSON(t, http.MethodPost, "/api/agency/"+boss.User.AgencyID.String()+"/create-candidate",
		map[string]any{"firstName": "Inès", "lastName": "Probe", "email": email})
	if status != http.StatusOK {
		t.Fatalf("create-candidate: %d %v", status, body)
	}
	return boss, body["candidate"].(map[string]any)["id"].(string)
}

// askReset asks for a reset link over JSON, as the login page's modal does.
func askReset(t *testing.T, srv *testserver.Start, email string) {
	t.Helper()
	if status, body := srv.JSON(t, testserver.HTTPClient(t), http.MethodPost, "/api/users/reset-password", map[string]string{"email": email}); status != http.StatusOK {
		t.Fatalf("reset-password: %d %v", status, body)
	}
}

// setPassword posts the password form of a link over JSON with c.
func setPassword(t *testing.T, srv *testserver.Start, c *http.Client, id, token, password string, terms bool) (int, map[string]any) {
	t.Helper()
	status, body, err := trySetPassword(srv, c, id, token, password, terms)
	if err != nil {
		t.Fatal(err)
	}
	return status, body
}

// trySetPassword is setPassword answering its failure to call, for another goroutine than the
// test's (where t.Fatal must not be called).
func trySetPassword(srv *testserver.Start, c *http.Client, id, token, password string, terms bool) (int, map[string]any, error) {
	return srv.TryJSON(c, http.MethodPost, "/api/users/new-password",
		map[string]any{"id": id, "token": token, "password": password, "acceptTerms": terms})
}

// plantLink stores a live link of kind for the user the way links e-mailed before this change
// were left: outstanding beside the others, whatever happened since.
func plantLink(t *testing.T, srv *testserver.Start, userID uuid.UUID, kind actiontoken.Kind) string {
	t.Helper()
	buf := make([]byte, 32)
	_, _ = rand.Read(buf)
	token := base64.RawURLEncoding.EncodeToString(buf)
	sum := sha256.Sum256([]byte(token)) // the stored form (internal/authn)
	now := srv.Clock.Now()
	srv.Client.ActionToken.Create().SetUserID(userID).SetKind(kind).SetTokenHash(sum[:]).
		SetCreatedAt(now).SetExpiresAt(now.Add(24 * time.Hour)).ExecX(sysCtx())
	return token
}

func wantTokenInvalid(t *testing.T, what string, status int, body map[string]any) {
	t.Helper()
	if status != http.StatusBadRequest || body["type"] != "TOKEN_INVALID" {
		t.Errorf("%s: %d %v, want 400 TOKEN_INVALID", what, status, body)
	}
}

func wantSignedOut(t *testing.T, srv *testserver.Start, what string, c *http.Client) {
	t.Helper()
	if status, body := srv.JSON(t, c, http.MethodGet, "/api/auth/me", nil); status != http.StatusUnauthorized {
		t.Errorf("%s: signed in (%d %v)", what, status, body)
	}
}

func stored(t *testing.T, srv *testserver.Start, email string) *ent.User {
	t.Helper()
	return srv.Client.User.Query().Where(user.Email(email)).WithLicense().OnlyX(sysCtx())
}

// The probe's path: an invited candidate takes « mot de passe oublié » instead of the
// invitation, sets a password from the reset link, signs in. The reset link asks for the terms
// (it does not set a password without them), and afterwards the invitation link is dead: it
// neither sets the password nor signs its holder in.
func TestInvitationDiesWhenTheAccountIsActivatedAnotherWay(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		const email = "ines@exemple.fr"
		invited(t, srv, email)
		invID, invToken := mailedLink(t, srv, email, 1)
		askReset(t, srv, email)
		id, token := mailedLink(t, srv, email, 2)

		c := testserver.HTTPClient(t)
		status, body := setPassword(t, srv, c, id, token, "Par-le-reset-2026", false)
		if status != http.StatusBadRequest || body["type"] != "INVALID_FIELDS" || !strings.Contains(body["message"].(string), termsRefusal) {
			t.Fatalf("reset link without the terms, for an account that never accepted them: %d %v", status, body)
		}
		if status, body := setPassword(t, srv, c, id, token, "Par-le-reset-2026", true); status != http.StatusOK || body["user"] != nil {
			t.Fatalf("reset link with the terms: %d %v", status, body)
		}
		if status, body := login(t, srv, c, email, "Par-le-reset-2026"); status != http.StatusOK {
			t.Fatalf("first sign-in: %d %v", status, body)
		}
		u := stored(t, srv, email)
		if u.TermsAcceptedAt == nil || u.FirstLoginAt == nil || u.Edges.License.ActivationDate == nil {
			t.Errorf("after the reset and the sign-in: terms %v, first sign-in %v, licence activated %v",
				u.TermsAcceptedAt, u.FirstLoginAt, u.Edges.License.ActivationDate)
		}

		holder := testserver.HTTPClient(t)
		status, body = setPassword(t, srv, holder, invID, invToken, "Par-l-invitation-2026", true)
		wantTokenInvalid(t, "the invitation after the account was activated", status, body)
		wantSignedOut(t, srv, "the invitation's holder", holder)
		if status, _ := login(t, srv, holder, email, "Par-le-reset-2026"); status != http.StatusOK {
			t.Errorf("the password set from the reset link no longer works: %d", status)
		}
	})
}

// Issuing a link voids every other outstanding link of the account, whatever their kind: a
// reset voids the invitation, an invitation sent again voids the reset.
func TestIssuingALinkVoidsTheOthers(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		const email = "ines@exemple.fr"
		boss, candidateID := invited(t, srv, email)
		invID, invToken := mailedLink(t, srv, email, 1)
		askReset(t, srv, email)
		resetID, resetToken := mailedLink(t, srv, email, 2)

		c := testserver.HTTPClient(t)
		status, body := setPassword(t, srv, c, invID, invToken, "Par-l-invitation-2026", true)
		wantTokenInvalid(t, "the invitation once a reset link was sent", status, body)
		wantSignedOut(t, srv, "the invitation's holder", c)

		// The agency sends the invitation again: the reset link dies, the new invitation works.
		if status, body := boss.JSON(t, http.MethodPost, "/api/agency/"+boss.User.AgencyID.String()+"/send-new-email-invitation",
			map[string]any{"candidateId": candidateID}); status != http.StatusOK {
			t.Fatalf("send-new-email-invitation: %d %v", status, body)
		}
		againID, againToken := mailedLink(t, srv, email, 3)
		_, err := authClient(srv, c).NewPassword(context.Background(),
			&authv1.NewPasswordRequest{Id: resetID, Token: resetToken, Password: "Par-le-reset-2026", AcceptTerms: true})
		testserver.WantRefusal(t, "the reset link once the invitation was sent again", err, connect.CodeFailedPrecondition, "TOKEN_INVALID")
		if status, body := setPassword(t, srv, c, againID, againToken, "Par-l-invitation-2026", true); status != http.StatusOK || body["user"] == nil {
			t.Errorf("the invitation sent again: %d %v", status, body)
		}
	})
}

// Using a link voids every other outstanding one of the account — also links e-mailed before
// issuing voided the others.
func TestUsingALinkVoidsTheOthers(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		const email = "ines@exemple.fr"
		invited(t, srv, email)
		invID, invToken := mailedLink(t, srv, email, 1)
		id := uuid.MustParse(invID)
		resetToken := plantLink(t, srv, id, actiontoken.KindReset)

		c := testserver.HTTPClient(t)
		if status, body := setPassword(t, srv, c, invID, resetToken, "Par-le-reset-2026", true); status != http.StatusOK {
			t.Fatalf("the reset link: %d %v", status, body)
		}
		holder := testserver.HTTPClient(t)
		_, err := authClient(srv, holder).NewPassword(context.Background(),
			&authv1.NewPasswordRequest{Id: invID, Token: invToken, Password: "Par-l-invitation-2026", AcceptTerms: true})
		testserver.WantRefusal(t, "the invitation once the reset link was used", err, connect.CodeFailedPrecondition, "TOKEN_INVALID")
		wantSignedOut(t, srv, "the invitation's holder", holder)
		if n := srv.Client.ActionToken.Query().Where(actiontoken.UserID(id), actiontoken.UsedAtIsNil()).CountX(sysCtx()); n != 0 {
			t.Errorf("%d links left outstanding", n)
		}
	})
}

// Two links of one account used at the same moment: one sets the password, the other finds
// itself voided (the account's row is written first, so the second waits for the first).
func TestTwoLinksUsedAtOnce(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		const email = "ines@exemple.fr"
		invited(t, srv, email)
		id, invToken := mailedLink(t, srv, email, 1)
		resetToken := plantLink(t, srv, uuid.MustParse(id), actiontoken.KindReset)

		statuses := make(chan int, 2)
		for _, token := range []string{invToken, resetToken} {
			c := testserver.HTTPClient(t)
			go func() {
				status, body, err := trySetPassword(srv, c, id, token, "En-meme-temps-2026", true)
				if err != nil || status != http.StatusOK && body["type"] != "TOKEN_INVALID" {
					t.Errorf("%d %v %v", status, body, err)
				}
				statuses <- status
			}()
		}
		ok := 0
		for range 2 {
			if <-statuses == http.StatusOK {
				ok++
			}
		}
		if ok != 1 {
			t.Errorf("%d links of one account worked at once, want 1", ok)
		}
	})
}

// A successful first sign-in voids the account's outstanding links: the invitation has done
// its work, and a reset asked before is no longer needed.
func TestFirstSignInVoidsOutstandingLinks(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		ag := srv.CreateAgency(t, "Agence Sud", 2)
		u := srv.CreateUser(t, "ines@exemple.fr", testserver.UserSpec{AgencyID: &ag.ID, License: "pending"})
		invitation := plantLink(t, srv, u.ID, actiontoken.KindInvitation)
		reset := plantLink(t, srv, u.ID, actiontoken.KindReset)

		c := testserver.HTTPClient(t)
		if status, body := login(t, srv, c, "ines@exemple.fr", pw); status != http.StatusOK {
			t.Fatalf("first sign-in: %d %v", status, body)
		}
		holder := testserver.HTTPClient(t)
		status, body := setPassword(t, srv, holder, u.ID.String(), invitation, "Par-l-invitation-2026", true)
		wantTokenInvalid(t, "the invitation after the first sign-in", status, body)
		wantSignedOut(t, srv, "the invitation's holder", holder)
		_, err := authClient(srv, holder).NewPassword(context.Background(),
			&authv1.NewPasswordRequest{Id: u.ID.String(), Token: reset, Password: "Par-le-reset-2026", AcceptTerms: true})
		testserver.WantRefusal(t, "a reset link asked before the first sign-in", err, connect.CodeFailedPrecondition, "TOKEN_INVALID")

		// Later sign-ins leave a reset link asked meanwhile alone: it is the way back in.
		askReset(t, srv, "ines@exemple.fr")
		id, token := mailedLink(t, srv, "ines@exemple.fr", 1)
		if status, body := login(t, srv, c, "ines@exemple.fr", pw); status != http.StatusOK {
			t.Fatalf("second sign-in: %d %v", status, body)
		}
		if status, body := setPassword(t, srv, holder, id, token, "Par-le-reset-2026", false); status != http.StatusOK {
			t.Errorf("a reset link after a later sign-in: %d %v", status, body)
		}
	})
}

// An invitation is for an account that never signed in: one still outstanding from before
// (e-mailed before links voided each other) neither sets the password nor signs in.
func TestInvitationOfAnAccountThatSignedInIsDead(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		s := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		token := plantLink(t, srv, s.User.ID, actiontoken.KindInvitation)
		holder := testserver.HTTPClient(t)
		status, body := setPassword(t, srv, holder, s.User.ID.String(), token, "Par-l-invitation-2026", true)
		wantTokenInvalid(t, "an invitation of an account that signed in", status, body)
		wantSignedOut(t, srv, "the invitation's holder", holder)
		if status, _ := login(t, srv, holder, "alice@exemple.fr", pw); status != http.StatusOK {
			t.Errorf("the password changed: %d", status)
		}
	})
}

// A reset link of an account that never accepted the terms asks for them, over JSON and
// Connect, without spending the link; accepting them records it. An account that signed in
// before sign-in required them (no terms recorded) is asked too.
func TestResetLinkAsksForTheTermsWhenNeverAccepted(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		end := srv.Clock.Now().AddDate(0, 0, 5)
		for _, who := range []struct {
			email string
			spec  testserver.UserSpec
		}{
			{"invitee@exemple.fr", testserver.UserSpec{NoTerms: true}},                             // never signed in
			{"ancien@exemple.fr", testserver.UserSpec{NoTerms: true, IsB2C: true, TrialEnd: &end}}, // signed in before the rule
		} {
			u := srv.CreateUser(t, who.email, who.spec)
			askReset(t, srv, who.email)
			id, token := mailedLink(t, srv, who.email, 1)
			c := testserver.HTTPClient(t)

			status, body := setPassword(t, srv, c, id, token, "Tout-neuf-2026!", false)
			if status != http.StatusBadRequest || body["type"] != "INVALID_FIELDS" || !strings.Contains(body["message"].(string), termsRefusal) {
				t.Errorf("%s, JSON without the terms: %d %v", who.email, status, body)
			}
			_, err := authClient(srv, c).NewPassword(context.Background(), &authv1.NewPasswordRequest{Id: id, Token: token, Password: "Tout-neuf-2026!"})
			testserver.WantFieldViolation(t, who.email+", Connect without the terms", err, "accept_terms", termsRefusal)
			if got := stored(t, srv, who.email); got.TermsAcceptedAt != nil || got.PasswordHash != u.PasswordHash {
				t.Errorf("%s: the refusal changed the account (terms %v)", who.email, got.TermsAcceptedAt)
			}

			if status, body := setPassword(t, srv, c, id, token, "Tout-neuf-2026!", true); status != http.StatusOK || body["user"] != nil {
				t.Errorf("%s, with the terms: %d %v", who.email, status, body)
			}
			if got := stored(t, srv, who.email); got.TermsAcceptedAt == nil || !got.TermsAcceptedAt.Equal(srv.Clock.Now()) {
				t.Errorf("%s: terms accepted at %v, want now", who.email, got.TermsAcceptedAt)
			}
		}
	})
}

// A first sign-in needs the terms accepted: an account that has a password but never accepted
// them (a reset completed before the reset asked for them) is refused, over JSON and Connect,
// after its password is checked, and nothing of a first sign-in happens. Accounts that signed
// in before the rule keep signing in.
func TestFirstSignInNeedsTheTerms(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		ag := srv.CreateAgency(t, "Agence Est", 2)
		srv.CreateUser(t, "ines@exemple.fr", testserver.UserSpec{AgencyID: &ag.ID, License: "pending", NoTerms: true})
		c := testserver.HTTPClient(t)

		if status, body := login(t, srv, c, "ines@exemple.fr", "Pas-le-bon-1!"); status != http.StatusForbidden || body["type"] != "INVALID_CREDENTIALS" {
			t.Errorf("a wrong password: %d %v", status, body)
		}
		status, body := login(t, srv, c, "ines@exemple.fr", pw)
		if status != http.StatusBadRequest || body["type"] != "TERMS_NOT_ACCEPTED" || !strings.Contains(body["message"].(string), "conditions générales d'utilisation") {
			t.Errorf("JSON first sign-in without the terms: %d %v", status, body)
		}
		_, err := authClient(srv, c).Login(context.Background(), &authv1.LoginRequest{Email: "ines@exemple.fr", Password: pw})
		if apierr.ReasonOf(err) != "TERMS_NOT_ACCEPTED" || connect.CodeOf(err) != connect.CodeFailedPrecondition || !strings.Contains(err.Error(), "Mot de passe oublié") {
			t.Errorf("Connect first sign-in without the terms: %v", err)
		}
		wantSignedOut(t, srv, "refused first sign-in", c)
		u := stored(t, srv, "ines@exemple.fr")
		if u.FirstLoginAt != nil || u.Edges.License.ActivationDate != nil {
			t.Errorf("the refused sign-in counted: first sign-in %v, licence activated %v", u.FirstLoginAt, u.Edges.License.ActivationDate)
		}
		if n := srv.Client.License.Query().Where(license.CandidateID(u.ID), license.ActivationDateNotNil()).CountX(sysCtx()); n != 0 {
			t.Errorf("licence activated")
		}

		// Signed in before the rule, without terms recorded: not locked out.
		end := srv.Clock.Now().AddDate(0, 0, 5)
		srv.CreateUser(t, "ancienne@exemple.fr", testserver.UserSpec{IsB2C: true, TrialEnd: &end, NoTerms: true})
		if status, body := login(t, srv, testserver.HTTPClient(t), "ancienne@exemple.fr", pw); status != http.StatusOK {
			t.Errorf("an account that signed in before the rule: %d %v", status, body)
		}
	})
}
