package agency_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/ent/user"
	agencyv1 "github.com/tremplin/tremplin/gen/tremplin/agency/v1"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/demo"
	"github.com/tremplin/tremplin/internal/testserver"
)

// B2C and B2B: the admin's qualification, its licence consequences, and whether to invite.
func TestDefiningCandidatesAsB2CAndB2B(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		admin := srv.SignInAs(t, testserver.Admin, "admin@tremplin.fr")
		ag, boss := agencyRunBy(t, srv, "agence@horizon.fr", 2)
		pending := createCandidate(t, boss, ag.ID, "attente@exemple.fr", "Paul", "Attente")
		valid := srv.CreateUser(t, "valide@exemple.fr", testserver.UserSpec{AgencyID: &ag.ID, License: "valid"})
		wantCounts(t, "before", boss, ag.ID, counts{2, 1, 1, 0})

		// A pending licence goes back; the candidate never signed in: invite them.
		for _, method := range []string{http.MethodPut, http.MethodPost} {
			status, body := admin.JSON(t, method, "/api/candidates/"+pending.GetId()+"/define-as-b2c", map[string]any{})
			c, _ := body["candidate"].(map[string]any)
			if status != http.StatusOK || c["isB2C"] != true || c["license"] != nil || c["status"] != "just-created" ||
				body["actions"].(map[string]any)["sendInvitationEmail"] != true {
				t.Errorf("%s define-as-b2c: %d %v", method, status, body)
			}
		}
		wantCounts(t, "the pending licence given back", boss, ag.ID, counts{2, 1, 0, 1})
		// A valid licence is not thrown away.
		_, err := agencyOf(admin).DefineAsB2C(bg, &agencyv1.DefineAsB2CRequest{Id: valid.ID.String()})
		testserver.WantRefusal(t, "B2C with a valid licence", err, connect.CodeFailedPrecondition, "LICENSE_STATE")

		// An expired B2B candidate, who signed in before, made B2C: the trial starts now, and
		// they sign in again.
		expired := srv.CreateUser(t, "expiree@exemple.fr", testserver.UserSpec{AgencyID: &ag.ID})
		srv.Client.User.UpdateOne(expired).SetFirstLoginAt(srv.Clock.Now().AddDate(-1, 0, 0)).ExecX(sys)
		res, err := agencyOf(admin).DefineAsB2C(bg, &agencyv1.DefineAsB2CRequest{Id: expired.ID.String()})
		if err != nil || res.GetCandidate().GetStatus() != commonv1.UserStatus_USER_STATUS_IN_TRIAL_PERIOD ||
			!res.GetCandidate().GetTrialEndDate().AsTime().Equal(srv.Clock.Now().AddDate(0, 0, 14)) || res.GetActions().GetSendInvitationEmail() {
			t.Errorf("B2C after B2B: %v %v", res, err)
		}

		// Back to B2B: a licence is taken from the agency; one who never signed in is invited.
		back, err := agencyOf(admin).DefineAsB2B(bg, &agencyv1.DefineAsB2BRequest{Id: pending.GetId()})
		if err != nil || back.GetCandidate().GetIsB2C() || back.GetCandidate().GetStatus() != commonv1.UserStatus_USER_STATUS_WITH_PENDING_LICENSE ||
			!back.GetActions().GetSendInvitationEmail() {
			t.Errorf("B2B again: %v %v", back, err)
		}
		wantCounts(t, "a licence for the B2B candidate", boss, ag.ID, counts{2, 1, 1, 0})
		// No licence left: a candidate who would be locked out stays B2C.
		_, err = agencyOf(admin).DefineAsB2B(bg, &agencyv1.DefineAsB2BRequest{Id: expired.ID.String()})
		testserver.WantRefusal(t, "B2B without a licence left", err, connect.CodeFailedPrecondition, "NO_LICENSE_AVAILABLE")
		// A B2C candidate of no agency needs one named.
		solo, err := agencyOf(admin).CreateCandidate(bg, &agencyv1.CreateCandidateRequest{Email: "solo@exemple.fr"})
		if err != nil {
			t.Fatal(err)
		}
		_, err = agencyOf(admin).DefineAsB2B(bg, &agencyv1.DefineAsB2BRequest{Id: solo.GetCandidate().GetId()})
		testserver.WantFieldViolation(t, "B2B without an agency", err, "agency_id", apierr.Required)
		_, err = agencyOf(admin).DefineAsB2B(bg, &agencyv1.DefineAsB2BRequest{Id: solo.GetCandidate().GetId(), AgencyId: uuid.NewString()})
		testserver.WantNotFound(t, "B2B in an unknown agency", err, apierr.Agency)
		other := srv.CreateAgency(t, "Agence Voisine", 1)
		status, body := admin.JSON(t, http.MethodPost, "/api/candidates/"+solo.GetCandidate().GetId()+"/define-as-b2b", map[string]any{"agencyId": other.ID.String()})
		if c, _ := body["candidate"].(map[string]any); status != http.StatusOK || c["agency"].(map[string]any)["id"] != other.ID.String() ||
			c["status"] != "with-pending-license" || body["actions"].(map[string]any)["sendInvitationEmail"] != true {
			t.Errorf("define-as-b2b with an agency: %d %v", status, body)
		}
		// Already B2B: nothing changes; another agency is refused.
		if res, err := agencyOf(admin).DefineAsB2B(bg, &agencyv1.DefineAsB2BRequest{Id: valid.ID.String()}); err != nil || res.GetCandidate().GetStatus() != commonv1.UserStatus_USER_STATUS_WITH_VALID_LICENSE {
			t.Errorf("B2B again: %v %v", res, err)
		}
		_, err = agencyOf(admin).DefineAsB2B(bg, &agencyv1.DefineAsB2BRequest{Id: valid.ID.String(), AgencyId: other.ID.String()})
		testserver.WantRefusal(t, "B2B in another agency", err, connect.CodeFailedPrecondition, "WRONG_CANDIDATE_KIND")
		// A paying subscriber stays B2C.
		payer := srv.CreateUser(t, "payeur@exemple.fr", testserver.UserSpec{IsB2C: true, AgencyID: &other.ID})
		srv.Client.User.UpdateOne(payer).SetHasPaid(true).ExecX(sys)
		_, err = agencyOf(admin).DefineAsB2B(bg, &agencyv1.DefineAsB2BRequest{Id: payer.ID.String()})
		testserver.WantRefusal(t, "B2B for a payer", err, connect.CodeFailedPrecondition, "WRONG_CANDIDATE_KIND")
		// Not a candidate.
		_, err = agencyOf(admin).DefineAsB2C(bg, &agencyv1.DefineAsB2CRequest{Id: boss.User.ID.String()})
		testserver.WantNotFound(t, "an agency admin made B2C", err, apierr.Candidate)
	})
}

func TestFreeAccess(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		ag, boss := agencyRunBy(t, srv, "agence@horizon.fr", 3)
		pending := createCandidate(t, boss, ag.ID, "attente@exemple.fr", "Paul", "Attente")
		valid := srv.CreateUser(t, "valide@exemple.fr", testserver.UserSpec{AgencyID: &ag.ID, License: "valid"})
		expired := srv.CreateUser(t, "expiree@exemple.fr", testserver.UserSpec{AgencyID: &ag.ID, License: "expired"})
		for _, id := range []string{pending.GetId(), valid.ID.String()} {
			status, body := boss.JSON(t, http.MethodPost, "/api/candidates/"+id+"/free-access", map[string]any{"hasFreeAccess": true})
			if status != http.StatusBadRequest || body["type"] != "FREE_ACCESS_WITH_LICENSE" ||
				body["message"] != "Impossible de donner un accès gratuit à un candidat avec licence." {
				t.Errorf("free access with a licence: %d %v", status, body)
			}
		}
		// The expired candidate is refused at sign-in; free access lets them in, with premium.
		login := func() (int, map[string]any) {
			return srv.JSON(t, testserver.HTTPClient(t), http.MethodPost, "/api/auth/login", map[string]string{"email": "expiree@exemple.fr", "password": testserver.Password})
		}
		if status, _ := login(); status != http.StatusUnauthorized {
			t.Fatalf("expired before free access: %d", status)
		}
		res, err := agencyOf(boss).SetFreeAccess(bg, &agencyv1.SetFreeAccessRequest{Id: expired.ID.String(), HasFreeAccess: true})
		if err != nil || !res.GetCandidate().GetHasFreeAccess() || !res.GetCandidate().GetHasPremiumAccess() {
			t.Fatalf("granting free access: %v %v", res, err)
		}
		if status, body := login(); status != http.StatusOK || body["user"].(map[string]any)["hasPremiumAccess"] != true {
			t.Errorf("signing in with free access: %d %v", status, body)
		}
		if _, err := agencyOf(boss).SetFreeAccess(bg, &agencyv1.SetFreeAccessRequest{Id: expired.ID.String()}); err != nil {
			t.Fatal(err)
		}
		if status, _ := login(); status != http.StatusUnauthorized {
			t.Errorf("signing in after free access was revoked: %d", status)
		}
		// Revoking is always possible.
		if _, err := agencyOf(boss).SetFreeAccess(bg, &agencyv1.SetFreeAccessRequest{Id: valid.ID.String(), HasFreeAccess: false}); err != nil {
			t.Errorf("revoking: %v", err)
		}
	})
}

func TestResendingAnInvitation(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		ag, boss := agencyRunBy(t, srv, "agence@horizon.fr", 1)
		c := createCandidate(t, boss, ag.ID, "lea@exemple.fr", "Léa", "Dubois")
		id, first := invitation(t, srv, "lea@exemple.fr")
		srv.Clock.Advance(2 * 24 * time.Hour)
		status, body := boss.JSON(t, http.MethodPost, "/api/agency/"+ag.ID.String()+"/send-new-email-invitation", map[string]any{"candidateId": c.GetId()})
		if status != http.StatusOK {
			t.Fatalf("send-new-email-invitation: %d %v", status, body)
		}
		if got := body["candidate"].(map[string]any)["license"].(map[string]any)["invitationDate"]; got != srv.Clock.Now().Format(time.RFC3339) {
			t.Errorf("invitation date %v, want now", got)
		}
		// Two mails went; the second link is the one that works.
		texts := mailsTo(t, srv, "lea@exemple.fr", 2)
		_, second := srv.LinkIn(t, texts[1], "new-password")
		_, _, err := accept(t, srv, id, first, "Premier-jour-2026")
		testserver.WantRefusal(t, "the first link after a second was sent", err, connect.CodeFailedPrecondition, "TOKEN_INVALID")
		if _, _, err := accept(t, srv, id, second, "Premier-jour-2026"); err != nil {
			t.Errorf("the second link: %v", err)
		}
		// Signed in now: no more invitation.
		_, err = agencyOf(boss).SendNewEmailInvitation(bg, &agencyv1.SendNewEmailInvitationRequest{Id: ag.ID.String(), CandidateId: c.GetId()})
		testserver.WantRefusal(t, "inviting a candidate who signed in", err, connect.CodeFailedPrecondition, "CANDIDATE_ALREADY_ACTIVE")
		// A B2B candidate without a licence: not invitable yet.
		none := createCandidate(t, boss, ag.ID, "sans@exemple.fr", "Sam", "Sans")
		_, err = agencyOf(boss).SendNewEmailInvitation(bg, &agencyv1.SendNewEmailInvitationRequest{CandidateId: none.GetId()})
		testserver.WantRefusal(t, "inviting a candidate without a licence", err, connect.CodeFailedPrecondition, "LICENSE_STATE")
	})
}

// Deleting a candidate deletes everything they own in one go — network, tags, tasks,
// events, applications, settings, sessions, links — and nobody else's.
func TestDeletingACandidateDeletesAllTheyOwn(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		// The demo: Thomas (candidat@) has a whole network in the agency of agence@.
		if err := demo.Seed(bg, srv.Client, demo.DefaultPassword, srv.Clock.Now()); err != nil {
			t.Fatal(err)
		}
		signIn := func(email string) *testserver.Session { return srv.SignInExisting(t, email, demo.DefaultPassword) }
		thomas := srv.Client.User.Query().Where(user.Email("candidat@demo.tremplin.fr")).OnlyX(sys)
		lea := srv.Client.User.Query().Where(user.Email("essai@demo.tremplin.fr")).OnlyX(sys)
		candidateSession := signIn("candidat@demo.tremplin.fr")
		boss := signIn("agence@demo.tremplin.fr")
		// Thomas also has an event, a dashboard setting and a pending reset link.
		someContact := srv.Client.Contact.Query().Where(contact.OwnerID(thomas.ID)).FirstX(sys)
		srv.Client.Event.Create().SetOwnerID(thomas.ID).SetSubject("coffee").SetMediaType("face-to-face").
			SetDate(srv.Tomorrow()).SetContactID(someContact.ID).ExecX(sys)
		srv.Client.DashboardSetting.Create().SetOwnerID(thomas.ID).ExecX(sys)
		if status, _ := srv.JSON(t, testserver.HTTPClient(t), http.MethodPost, "/api/users/reset-password", map[string]string{"email": "candidat@demo.tremplin.fr"}); status != http.StatusOK {
			t.Fatal("reset link")
		}
		before := srv.Owned(t, thomas.ID)
		for what, n := range before {
			if n == 0 {
				t.Fatalf("Thomas has no %s to delete: %v", what, before)
			}
		}
		leaContacts := srv.Client.Contact.Query().Where(contact.OwnerID(lea.ID)).CountX(sys)
		agencyID := *thomas.AgencyID
		countsBefore := countsOf(t, boss, agencyID)

		status, body := boss.JSON(t, http.MethodDelete, "/api/users/"+thomas.ID.String(), nil)
		if status != http.StatusOK || len(body) != 0 {
			t.Fatalf("DELETE /api/users/{id}: %d %v", status, body)
		}
		for what, n := range srv.Owned(t, thomas.ID) {
			if n != 0 {
				t.Errorf("%d %s left after the deletion", n, what)
			}
		}
		// He is told, by whom.
		agencyName := srv.Client.Agency.GetX(sys, *thomas.AgencyID).Name
		if m := srv.Mail.WaitForSubject(t, thomas.Email, "Votre compte Tremplin a été supprimé"); !strings.Contains(m.Text, "Votre agence ("+agencyName+") a supprimé votre compte Tremplin.") {
			t.Errorf("the deletion's e-mail says:\n%s", m.Text)
		}
		if status, _ := candidateSession.JSON(t, http.MethodGet, "/api/auth/me", nil); status != http.StatusUnauthorized {
			t.Errorf("the deleted candidate's session still works: %d", status)
		}
		if n := srv.Client.Contact.Query().Where(contact.OwnerID(lea.ID)).CountX(sys); n != leaContacts {
			t.Errorf("another candidate's network: %d contacts, was %d", n, leaContacts)
		}
		// His licence was used: it stays used.
		if got := countsOf(t, boss, agencyID); got != countsBefore {
			t.Errorf("counts after deleting a used licence's candidate: %v, were %v", got, countsBefore)
		}

		_, err := agencyOf(boss).DeleteCandidate(bg, &agencyv1.DeleteCandidateRequest{Id: thomas.ID.String()})
		testserver.WantNotFound(t, "deleting twice", err, apierr.Candidate)
		bossUser := srv.Client.User.Query().Where(user.Email("agence@demo.tremplin.fr")).OnlyX(sys)
		admin := srv.Client.User.Query().Where(user.Email("admin@demo.tremplin.fr")).OnlyX(sys)
		for _, id := range []string{bossUser.ID.String(), admin.ID.String()} {
			_, err := agencyOf(boss).DeleteCandidate(bg, &agencyv1.DeleteCandidateRequest{Id: id})
			testserver.WantNotFound(t, "deleting a staff account", err, apierr.Candidate)
		}
		// The platform admin deletes a B2C candidate of no agency.
		platform := signIn("admin@demo.tremplin.fr")
		if _, err := agencyOf(platform).DeleteCandidate(bg, &agencyv1.DeleteCandidateRequest{Id: lea.ID.String()}); err != nil {
			t.Errorf("the admin deleting a B2C candidate: %v", err)
		}
		if n := srv.Client.Contact.Query().Where(contact.OwnerID(lea.ID)).CountX(sys); n != 0 {
			t.Errorf("%d contacts of the deleted B2C candidate left", n)
		}
	})
}
