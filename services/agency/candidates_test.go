package agency_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/google/uuid"
	"google.golang.org/protobuf/proto"

	"github.com/tremplin/tremplin/ent/user"
	agencyv1 "github.com/tremplin/tremplin/gen/tremplin/agency/v1"
	authv1 "github.com/tremplin/tremplin/gen/tremplin/auth/v1"
	"github.com/tremplin/tremplin/gen/tremplin/auth/v1/authv1connect"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/testserver"
)

// The B2B side end to end: the agency admin creates a candidate, who gets one of the agency's
// licences (pending) and a French invitation; its link, once the terms are accepted, sets the
// password, activates the licence and signs the candidate in; the agency admin sees the
// licence used.
func TestACandidateCreatedByTheAgencyActivatesTheirLicenceFromTheInvitation(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		ag, boss := agencyRunBy(t, srv, "agence@horizon.fr", 2)
		status, body := boss.JSON(t, http.MethodPost, "/api/agency/"+ag.ID.String()+"/create-candidate", map[string]any{
			"civility": "female", "firstName": "Léa", "lastName": "Dubois", "email": "Lea.Dubois@Exemple.fr",
			"job": "Comptable", "mobileNumber": "06 11 22 33 44",
		})
		if status != http.StatusOK {
			t.Fatalf("POST create-candidate: %d %v", status, body)
		}
		c := body["candidate"].(map[string]any)
		lic, _ := c["license"].(map[string]any)
		if c["email"] != "lea.dubois@exemple.fr" || c["status"] != "with-pending-license" || c["isB2C"] != false ||
			c["origin"] != "agency" || c["agency"].(map[string]any)["id"] != ag.ID.String() || c["civility"] != "female" ||
			lic["allocationDate"] == nil || lic["invitationDate"] == nil || lic["activationDate"] != nil ||
			body["invitationSent"] != true || c["canBeSentAgainEmailInvitation"] != true {
			t.Errorf("created candidate: %v", body)
		}
		wantCounts(t, "a pending licence", boss, ag.ID, counts{2, 0, 1, 1})

		msg := srv.Mail.WaitFor(t, "lea.dubois@exemple.fr")
		for _, want := range []string{"Bonjour Léa", ag.Name + " vous invite à rejoindre Tremplin", "lea.dubois@exemple.fr"} {
			if !strings.Contains(msg.Text, want) {
				t.Errorf("the invitation does not say %q:\n%s", want, msg.Text)
			}
		}
		id, token := invitation(t, srv, "lea.dubois@exemple.fr")

		// The terms must be accepted, and refusing the form does not spend the link.
		auth := authv1connect.NewAuthServiceClient(testserver.HTTPClient(t), srv.URL)
		_, err := auth.NewPassword(bg, &authv1.NewPasswordRequest{Id: id, Token: token, Password: "Premier-jour-2026"})
		testserver.WantFieldViolation(t, "terms not accepted", err, "accept_terms",
			"Vous devez accepter les conditions générales d'utilisation pour créer votre mot de passe")

		srv.Clock.Advance(time.Hour)
		client, done, err := accept(t, srv, id, token, "Premier-jour-2026")
		if err != nil {
			t.Fatalf("completing the invitation: %v", err)
		}
		now := srv.Clock.Now()
		u := done.GetUser()
		if u.GetStatus() != commonv1.UserStatus_USER_STATUS_WITH_VALID_LICENSE || !u.GetLicense().GetActivationDate().AsTime().Equal(now) ||
			!u.GetLicense().GetExpirationDate().AsTime().Equal(now.AddDate(0, 12, 0)) || !u.GetHasPremiumAccess() {
			t.Errorf("after the invitation: %v", u)
		}
		stored := srv.Client.User.Query().Where(user.Email("lea.dubois@exemple.fr")).OnlyX(sys)
		if stored.TermsAcceptedAt == nil || !stored.TermsAcceptedAt.Equal(now) || stored.FirstLoginAt == nil {
			t.Errorf("terms accepted at %v, first sign-in %v", stored.TermsAcceptedAt, stored.FirstLoginAt)
		}
		status, body = srv.JSON(t, client, http.MethodGet, "/api/auth/me", nil)
		if status != http.StatusOK || body["user"].(map[string]any)["status"] != "with-valid-license" {
			t.Errorf("the candidate is not signed in: %d %v", status, body)
		}
		wantCounts(t, "the licence used", boss, ag.ID, counts{2, 1, 0, 1})

		// The link worked once; the password works.
		_, _, err = accept(t, srv, id, token, "Autre-mot-2026!")
		testserver.WantRefusal(t, "the link again", err, connect.CodeFailedPrecondition, "TOKEN_INVALID")
		if status, body := srv.JSON(t, testserver.HTTPClient(t), http.MethodPost, "/api/auth/login",
			map[string]string{"email": "lea.dubois@exemple.fr", "password": "Premier-jour-2026"}); status != http.StatusOK {
			t.Errorf("signing in with the password: %d %v", status, body)
		}
	})
}

// An invitation link works for a week.
func TestAnInvitationExpires(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		ag, boss := agencyRunBy(t, srv, "agence@horizon.fr", 2)
		createCandidate(t, boss, ag.ID, "tard@exemple.fr", "Tom", "Tard")
		id, token := invitation(t, srv, "tard@exemple.fr")
		srv.Clock.Advance(7*24*time.Hour + time.Second)
		_, _, err := accept(t, srv, id, token, "Premier-jour-2026")
		testserver.WantRefusal(t, "an expired invitation", err, connect.CodeFailedPrecondition, "TOKEN_INVALID")
		boss = srv.SignInExisting(t, boss.User.Email, testserver.Password)
		wantCounts(t, "still pending", boss, ag.ID, counts{2, 0, 1, 1})
	})
}

func TestCandidateCreationRules(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		admin := srv.SignInAs(t, testserver.Admin, "admin@tremplin.fr")
		ag, boss := agencyRunBy(t, srv, "agence@horizon.fr", 1)
		other := srv.CreateAgency(t, "Agence Voisine", 5)

		// The admin: B2C by default, of no agency; invited; the invitation starts the trial.
		res, err := agencyOf(admin).CreateCandidate(bg, &agencyv1.CreateCandidateRequest{Email: "solo@exemple.fr", FirstName: "Sam"})
		if err != nil {
			t.Fatal(err)
		}
		b2c := res.GetCandidate()
		if !b2c.GetIsB2C() || b2c.GetAgency() != nil || b2c.GetLicense() != nil || b2c.GetStatus() != commonv1.UserStatus_USER_STATUS_JUST_CREATED ||
			b2c.GetOrigin() != "admin" || !res.GetInvitationSent() {
			t.Errorf("B2C candidate: %v", res)
		}
		if text := srv.Mail.WaitFor(t, "solo@exemple.fr").Text; !strings.Contains(text, "Vous êtes invité(e) à rejoindre Tremplin") {
			t.Errorf("B2C invitation:\n%s", text)
		}
		id, token := invitation(t, srv, "solo@exemple.fr")
		_, done, err := accept(t, srv, id, token, "Premier-jour-2026")
		if err != nil || done.GetUser().GetStatus() != commonv1.UserStatus_USER_STATUS_IN_TRIAL_PERIOD ||
			!done.GetUser().GetTrialEndDate().AsTime().Equal(srv.Clock.Now().AddDate(0, 0, 14)) {
			t.Errorf("B2C after the invitation: %v %v", done, err)
		}

		// The admin: a B2B candidate needs an agency; a B2C one may have one (no licence taken).
		_, err = agencyOf(admin).CreateCandidate(bg, &agencyv1.CreateCandidateRequest{Email: "b2b@exemple.fr", IsB2C: proto.Bool(false)})
		testserver.WantFieldViolation(t, "B2B without an agency", err, "id", apierr.Required)
		res, err = agencyOf(admin).CreateCandidate(bg, &agencyv1.CreateCandidateRequest{Id: other.ID.String(), Email: "b2c-agence@exemple.fr"})
		if err != nil || !res.GetCandidate().GetIsB2C() || res.GetCandidate().GetAgency().GetName() != "Agence Voisine" {
			t.Errorf("B2C of an agency: %v %v", res, err)
		}
		status, body := admin.JSON(t, http.MethodPost, "/api/agency/"+other.ID.String()+"/create-candidate", map[string]any{"email": "b2b@exemple.fr", "isB2C": false})
		if status != http.StatusOK || body["candidate"].(map[string]any)["status"] != "with-pending-license" {
			t.Errorf("B2B by the admin: %d %v", status, body)
		}
		status, body = admin.JSON(t, http.MethodPost, "/api/candidates", map[string]any{"email": "autre-solo@exemple.fr"})
		if status != http.StatusOK || body["candidate"].(map[string]any)["isB2C"] != true {
			t.Errorf("POST /api/candidates: %d %v", status, body)
		}
		wantCounts(t, "the B2C candidate took no licence", admin, other.ID, counts{5, 0, 1, 4})

		// An agency admin: B2B of their agency only.
		_, err = agencyOf(boss).CreateCandidate(bg, &agencyv1.CreateCandidateRequest{Id: ag.ID.String(), Email: "x@exemple.fr", IsB2C: proto.Bool(true)})
		testserver.WantRefusal(t, "an agency admin creating a B2C candidate", err, connect.CodePermissionDenied, "WRONG_CANDIDATE_KIND")
		_, err = agencyOf(boss).CreateCandidate(bg, &agencyv1.CreateCandidateRequest{Id: other.ID.String(), Email: "x@exemple.fr"})
		testserver.WantNotFound(t, "an agency admin creating in another agency", err, apierr.Agency)
		res, err = agencyOf(boss).CreateCandidate(bg, &agencyv1.CreateCandidateRequest{Email: "premier@exemple.fr"})
		if err != nil || res.GetCandidate().GetAgency().GetId() != ag.ID.String() || res.GetCandidate().GetIsB2C() {
			t.Errorf("an agency admin's candidate without an agency id: %v %v", res, err)
		}
		_, err = agencyOf(boss).CreateCandidate(bg, &agencyv1.CreateCandidateRequest{Email: "PREMIER@exemple.fr"})
		testserver.WantRefusal(t, "an e-mail in use", err, connect.CodeAlreadyExists, "EMAIL_ALREADY_USED")
		_, err = agencyOf(boss).CreateCandidate(bg, &agencyv1.CreateCandidateRequest{Email: "solo@exemple.fr"})
		testserver.WantRefusal(t, "an e-mail in use elsewhere", err, connect.CodeAlreadyExists, "EMAIL_ALREADY_USED")
		_, err = agencyOf(boss).CreateCandidate(bg, &agencyv1.CreateCandidateRequest{Email: "pas-un-email"})
		testserver.WantFieldViolation(t, "a bad e-mail", err, "email", "")
		_, err = agencyOf(boss).CreateCandidate(bg, &agencyv1.CreateCandidateRequest{Email: "t@exemple.fr", MobileNumber: "06-abc"})
		testserver.WantFieldViolation(t, "a bad mobile number", err, "mobile_number", "")

		// No licence left: created all the same (just-created), not invited until one is given
		// (and none is offered while the agency has none left).
		res, err = agencyOf(boss).CreateCandidate(bg, &agencyv1.CreateCandidateRequest{Email: "second@exemple.fr", FirstName: "Noé"})
		if err != nil || res.GetInvitationSent() || res.GetCandidate().GetLicense() != nil ||
			res.GetCandidate().GetStatus() != commonv1.UserStatus_USER_STATUS_JUST_CREATED ||
			res.GetCandidate().GetCanBeSentAgainEmailInvitation() || res.GetCandidate().GetCanBeReAllocatedLicense() {
			t.Fatalf("created without a licence: %v %v", res, err)
		}
		wantCounts(t, "no licence left", boss, ag.ID, counts{1, 0, 1, 0})
		if _, err := agencyOf(admin).AllocateLicenses(bg, &agencyv1.AllocateLicensesRequest{Id: ag.ID.String(), NumLicensesToAllocate: 1}); err != nil {
			t.Fatal(err)
		}
		if list, err := agencyOf(boss).ListCandidates(bg, &agencyv1.ListCandidatesRequest{Search: "second@"}); err != nil ||
			len(list.GetCandidates()) != 1 || !list.GetCandidates()[0].GetCanBeReAllocatedLicense() {
			t.Fatalf("a licence offered once one is left: %v %v", list, err)
		}
		given, err := agencyOf(boss).AllocateLicenseToCandidate(bg, &agencyv1.AllocateLicenseToCandidateRequest{Id: ag.ID.String(), CandidateId: res.GetCandidate().GetId()})
		if err != nil || !given.GetInvitationSent() || given.GetCandidate().GetStatus() != commonv1.UserStatus_USER_STATUS_WITH_PENDING_LICENSE {
			t.Fatalf("allocating the licence: %v %v", given, err)
		}
		invitation(t, srv, "second@exemple.fr")
		// One mail (the queue sends in order): none went at the creation, without a licence.
		mailsTo(t, srv, "second@exemple.fr", 1)
		wantCounts(t, "the new licence given", boss, ag.ID, counts{2, 0, 2, 0})
	})
}

// Statuses follow the spec's lifecycle, derived from the dates: B2B just-created →
// with-pending-license → with-valid-license → with-expired-license; B2C just-created →
// in-trial-period → without-license-after-trial-period. Sign-in is where a pending licence
// is activated and a trial starts.
func TestStatusesFollowTheLifecycle(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		admin := srv.SignInAs(t, testserver.Admin, "admin@tremplin.fr")
		ag, boss := agencyRunBy(t, srv, "agence@horizon.fr", 0)
		statusOf := func(email string) string {
			t.Helper()
			status, body := admin.JSON(t, http.MethodGet, "/api/candidates?search="+email, nil)
			list, _ := body["candidates"].([]any)
			if status != http.StatusOK || len(list) != 1 {
				t.Fatalf("finding %s: %d %v", email, status, body)
			}
			return list[0].(map[string]any)["status"].(string)
		}
		b2b := createCandidate(t, boss, ag.ID, "b2b@exemple.fr", "Bruno", "Bé")
		if _, err := agencyOf(admin).CreateCandidate(bg, &agencyv1.CreateCandidateRequest{Email: "b2c@exemple.fr"}); err != nil {
			t.Fatal(err)
		}
		for email, want := range map[string]string{"b2b@exemple.fr": "just-created", "b2c@exemple.fr": "just-created"} {
			if got := statusOf(email); got != want {
				t.Errorf("%s: %s, want %s", email, got, want)
			}
		}
		if _, err := agencyOf(admin).AllocateLicenses(bg, &agencyv1.AllocateLicensesRequest{Id: ag.ID.String(), NumLicensesToAllocate: 1}); err != nil {
			t.Fatal(err)
		}
		if _, err := agencyOf(boss).AllocateLicenseToCandidate(bg, &agencyv1.AllocateLicenseToCandidateRequest{Id: ag.ID.String(), CandidateId: b2b.GetId()}); err != nil {
			t.Fatal(err)
		}
		if got := statusOf("b2b@exemple.fr"); got != "with-pending-license" {
			t.Errorf("after the allocation: %s", got)
		}
		for _, email := range []string{"b2b@exemple.fr", "b2c@exemple.fr"} {
			id, token := invitation(t, srv, email)
			if _, _, err := accept(t, srv, id, token, "Premier-jour-2026"); err != nil {
				t.Fatalf("%s: %v", email, err)
			}
		}
		if got := statusOf("b2b@exemple.fr"); got != "with-valid-license" {
			t.Errorf("after the first sign-in: %s", got)
		}
		if got := statusOf("b2c@exemple.fr"); got != "in-trial-period" {
			t.Errorf("B2C after the first sign-in: %s", got)
		}
		srv.Clock.Advance(15 * 24 * time.Hour)
		admin = srv.SignInExisting(t, admin.User.Email, testserver.Password)
		if got := statusOf("b2c@exemple.fr"); got != "without-license-after-trial-period" {
			t.Errorf("B2C after 15 days: %s", got)
		}
		srv.Clock.Advance(365 * 24 * time.Hour)
		admin = srv.SignInExisting(t, admin.User.Email, testserver.Password)
		if got := statusOf("b2b@exemple.fr"); got != "with-expired-license" {
			t.Errorf("B2B after a year: %s", got)
		}
		// The expired candidate is refused at sign-in; the B2C one still signs in.
		login := func(email string) (int, map[string]any) {
			return srv.JSON(t, testserver.HTTPClient(t), http.MethodPost, "/api/auth/login", map[string]string{"email": email, "password": "Premier-jour-2026"})
		}
		if status, body := login("b2b@exemple.fr"); status != http.StatusUnauthorized || body["type"] != "ACCESS_EXPIRED" {
			t.Errorf("expired B2B signing in: %d %v", status, body)
		}
		if status, body := login("b2c@exemple.fr"); status != http.StatusOK || body["user"].(map[string]any)["hasPremiumAccess"] != false {
			t.Errorf("B2C after the trial signing in: %d %v", status, body)
		}
	})
}

// GET /api/candidates/{id}/license answers the licence object itself, {} when none.
func TestACandidatesLicence(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		ag, boss := agencyRunBy(t, srv, "agence@horizon.fr", 1)
		with := createCandidate(t, boss, ag.ID, "avec@exemple.fr", "Ava", "Vec")
		without := createCandidate(t, boss, ag.ID, "sans@exemple.fr", "Sam", "Sans")
		status, body := boss.JSON(t, http.MethodGet, "/api/candidates/"+without.GetId()+"/license", nil)
		if status != http.StatusOK || len(body) != 0 {
			t.Errorf("no licence: %d %v, want {}", status, body)
		}
		status, body = boss.JSON(t, http.MethodGet, "/api/candidates/"+with.GetId()+"/license", nil)
		if status != http.StatusOK || body["allocationDate"] == nil || body["invitationDate"] == nil || body["license"] != nil {
			t.Errorf("a pending licence: %d %v", status, body)
		}
		res, err := agencyOf(boss).GetCandidateLicense(bg, &agencyv1.GetCandidateLicenseRequest{Id: without.GetId()})
		if err != nil || res.GetLicense() == nil || proto.Size(res.GetLicense()) != 0 {
			t.Errorf("no licence over Connect: %v %v", res, err)
		}
		_, err = agencyOf(boss).GetCandidateLicense(bg, &agencyv1.GetCandidateLicenseRequest{Id: uuid.NewString()})
		testserver.WantNotFound(t, "an unknown candidate", err, apierr.Candidate)
		_, err = agencyOf(boss).GetCandidateLicense(bg, &agencyv1.GetCandidateLicenseRequest{Id: boss.User.ID.String()})
		testserver.WantNotFound(t, "the agency admin's own id", err, apierr.Candidate)
	})
}
