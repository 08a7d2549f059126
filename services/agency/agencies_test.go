package agency_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent/user"
	agencyv1 "github.com/tremplin/tremplin/gen/tremplin/agency/v1"
	authv1 "github.com/tremplin/tremplin/gen/tremplin/auth/v1"
	"github.com/tremplin/tremplin/gen/tremplin/auth/v1/authv1connect"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/testserver"
)

// The admin creates an agency with its admin; the admin receives a French invitation whose
// link sets their password and signs them in as the agency's admin; the agencies list shows
// the admin's details and licence counts.
func TestCreatingAnAgencyInvitesItsAdmin(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		admin := srv.SignInAs(t, testserver.Admin, "admin@tremplin.fr")
		res, err := agencyOf(admin).CreateAgency(bg, &agencyv1.CreateAgencyRequest{
			Name: "  Agence Rhône Emploi ", Email: "Contact@Rhone-Emploi.fr",
			UserProfile: &agencyv1.AgencyAdmin{
				Civility: commonv1.Civility_CIVILITY_FEMALE, FirstName: "Inès", LastName: "Garnier",
				Email: "Ines.Garnier@Rhone-Emploi.fr", MobileNumber: "06 12 34 56 78", Job: "Directrice",
			},
		})
		if err != nil {
			t.Fatal(err)
		}
		a := res.GetAgency()
		if a.GetName() != "Agence Rhône Emploi" || a.GetEmail() != "contact@rhone-emploi.fr" ||
			a.GetAdmin().GetEmail() != "ines.garnier@rhone-emploi.fr" || a.GetAdmin().GetCivility() != commonv1.Civility_CIVILITY_FEMALE ||
			a.GetAdmin().GetMobileNumber() != "06 12 34 56 78" || a.GetAdmin().GetFirstLoginDate() != nil {
			t.Errorf("created agency: %v", a)
		}
		wantCounts(t, "new agency", admin, uuid.MustParse(a.GetId()), counts{0, 0, 0, 0})

		// The invitation: French, to the admin, naming the agency, a link to /new-password.
		msg := srv.Mail.WaitFor(t, "ines.garnier@rhone-emploi.fr")
		for _, want := range []string{"Bonjour Inès", "administrer l'agence « Agence Rhône Emploi »", "valable 7 jours", "ines.garnier@rhone-emploi.fr"} {
			if !strings.Contains(msg.Text, want) {
				t.Errorf("the invitation does not say %q:\n%s", want, msg.Text)
			}
		}
		if !strings.Contains(msg.Subject, "Agence Rhône Emploi") {
			t.Errorf("subject %q", msg.Subject)
		}
		id, token := invitation(t, srv, "ines.garnier@rhone-emploi.fr")
		if id != a.GetAdmin().GetId() {
			t.Errorf("the link names %s, the admin is %s", id, a.GetAdmin().GetId())
		}
		client, done, err := accept(t, srv, id, token, "Premier-jour-2026")
		if err != nil || done.GetUser().GetRole() != commonv1.Role_ROLE_AGENCY_ADMIN || done.GetUser().GetAgency().GetId() != a.GetId() {
			t.Fatalf("completing the invitation: %v %v", done, err)
		}
		// Signed in: the cookie works, as the agency's admin.
		me, err := authv1connect.NewAuthServiceClient(client, srv.URL).Me(bg, &authv1.MeRequest{})
		if err != nil || me.GetUser().GetEmail() != "ines.garnier@rhone-emploi.fr" {
			t.Fatalf("me after the invitation: %v %v", me, err)
		}
		status, body := srv.JSON(t, client, http.MethodGet, "/api/agency/"+a.GetId(), nil)
		if status != http.StatusOK || body["agency"].(map[string]any)["numTotalLicenses"] != float64(0) {
			t.Errorf("the new agency admin reading their agency: %d %v", status, body)
		}

		// The list, over JSON: the spec's names.
		status, body = admin.JSON(t, http.MethodGet, "/api/agencies", nil)
		if status != http.StatusOK {
			t.Fatalf("GET /api/agencies: %d %v", status, body)
		}
		list := body["agencies"].([]any)
		if len(list) != 1 {
			t.Fatalf("agencies: %v", list)
		}
		got := list[0].(map[string]any)
		adminJSON := got["admin"].(map[string]any)
		if got["name"] != "Agence Rhône Emploi" || adminJSON["firstName"] != "Inès" || adminJSON["civility"] != "female" ||
			adminJSON["firstLoginDate"] == nil || got["numRemainingLicenses"] != float64(0) {
			t.Errorf("listed agency: %v", got)
		}
	})
}

func TestAgencyFormRules(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		admin := srv.SignInAs(t, testserver.Admin, "admin@tremplin.fr")
		profile := func(email string) *agencyv1.AgencyAdmin {
			return &agencyv1.AgencyAdmin{FirstName: "Jean", LastName: "Roux", Email: email}
		}
		_, err := agencyOf(admin).CreateAgency(bg, &agencyv1.CreateAgencyRequest{Name: "   ", Email: "a@a.fr", UserProfile: profile("jean@a.fr")})
		testserver.WantFieldViolation(t, "blank name", err, "name", apierr.Required)
		_, err = agencyOf(admin).CreateAgency(bg, &agencyv1.CreateAgencyRequest{Name: "A", Email: "pas-un-email", UserProfile: profile("jean@a.fr")})
		testserver.WantFieldViolation(t, "bad e-mail", err, "email", "")
		_, err = agencyOf(admin).CreateAgency(bg, &agencyv1.CreateAgencyRequest{Name: "A", Email: "a@a.fr"})
		testserver.WantFieldViolation(t, "no admin", err, "user_profile", "")
		_, err = agencyOf(admin).CreateAgency(bg, &agencyv1.CreateAgencyRequest{Name: "A", Email: "a@a.fr", UserProfile: profile("admin@tremplin.fr")})
		testserver.WantRefusal(t, "admin's e-mail taken", err, connect.CodeAlreadyExists, "EMAIL_ALREADY_USED")
		if n := srv.Client.Agency.Query().CountX(sys); n != 0 {
			t.Errorf("%d agencies after refusals: the agency of a refused admin was kept", n)
		}

		// Updating: name, e-mail, the admin's details; a taken address is refused.
		res, err := agencyOf(admin).CreateAgency(bg, &agencyv1.CreateAgencyRequest{Name: "A", Email: "a@a.fr", UserProfile: profile("jean@a.fr")})
		if err != nil {
			t.Fatal(err)
		}
		id := res.GetAgency().GetId()
		first, _ := invitation(t, srv, "jean@a.fr")
		srv.CreateUser(t, "pris@a.fr", testserver.UserSpec{Role: user.RoleAdmin})
		_, err = agencyOf(admin).UpdateAgency(bg, &agencyv1.UpdateAgencyRequest{Id: id, Name: "B", Email: "b@b.fr", UserProfile: profile("pris@a.fr")})
		testserver.WantRefusal(t, "admin moved to a taken address", err, connect.CodeAlreadyExists, "EMAIL_ALREADY_USED")
		status, body := admin.JSON(t, http.MethodPut, "/api/agency/"+id, map[string]any{
			"name": "Agence B", "email": "b@b.fr",
			"userProfile": map[string]any{"firstName": "Jeanne", "lastName": "Roux", "email": "jeanne@b.fr", "phoneNumber": "04 78 00 00 00"},
		})
		if status != http.StatusOK {
			t.Fatalf("PUT /api/agency: %d %v", status, body)
		}
		ag := body["agency"].(map[string]any)
		if ag["name"] != "Agence B" || ag["admin"].(map[string]any)["email"] != "jeanne@b.fr" || ag["admin"].(map[string]any)["id"] != first {
			t.Errorf("updated agency: %v", ag)
		}
		// The admin never signed in: invited again at the new address.
		if id2, _ := invitation(t, srv, "jeanne@b.fr"); id2 != first {
			t.Errorf("the new invitation names %s, want the same account %s", id2, first)
		}
		_, err = agencyOf(admin).UpdateAgency(bg, &agencyv1.UpdateAgencyRequest{Id: uuid.NewString(), Name: "C", Email: "c@c.fr"})
		testserver.WantNotFound(t, "updating an unknown agency", err, apierr.Agency)
	})
}

// Licences added to an agency: with an idempotency key, a request sent again adds nothing,
// and the key cannot be reused for another number.
func TestAllocatingLicencesToAnAgencyIsIdempotent(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		admin := srv.SignInAs(t, testserver.Admin, "admin@tremplin.fr")
		ag := srv.CreateAgency(t, "Agence Pool", 0)
		key := uuid.NewString()
		for range 3 {
			res, err := agencyOf(admin).AllocateLicenses(bg, &agencyv1.AllocateLicensesRequest{Id: ag.ID.String(), NumLicensesToAllocate: 5, IdempotencyKey: key})
			if err != nil || res.GetAgency().GetNumTotalLicenses() != 5 {
				t.Fatalf("allocating with key %s: %v %v", key, res, err)
			}
		}
		_, err := agencyOf(admin).AllocateLicenses(bg, &agencyv1.AllocateLicensesRequest{Id: ag.ID.String(), NumLicensesToAllocate: 7, IdempotencyKey: key})
		testserver.WantFieldViolation(t, "a key reused for another number", err, "idempotency_key", "Cette demande a déjà été enregistrée avec un autre nombre de licences")
		// Over JSON, the spec's payload (no key) adds every time.
		for range 2 {
			status, body := admin.JSON(t, http.MethodPost, "/api/agency/"+ag.ID.String()+"/allocate-licenses", map[string]any{"numLicensesToAllocate": 2})
			if status != http.StatusOK {
				t.Fatalf("POST allocate-licenses: %d %v", status, body)
			}
		}
		admin.WantJSONRefusal(t, http.MethodPost, "/api/agency/"+ag.ID.String()+"/allocate-licenses", map[string]any{"numLicensesToAllocate": 1, "idempotencyKey": key}, http.StatusBadRequest, "INVALID_FIELDS")
		wantCounts(t, "after 5 (once) + 2 + 2", admin, ag.ID, counts{9, 0, 0, 9})
		for _, n := range []int{0, -1, 10001} {
			_, err := agencyOf(admin).AllocateLicenses(bg, &agencyv1.AllocateLicensesRequest{Id: ag.ID.String(), NumLicensesToAllocate: int32(n)})
			testserver.WantFieldViolation(t, fmt.Sprint("allocating ", n), err, "num_licenses_to_allocate", "")
		}
		_, err = agencyOf(admin).AllocateLicenses(bg, &agencyv1.AllocateLicensesRequest{Id: uuid.NewString(), NumLicensesToAllocate: 1})
		testserver.WantNotFound(t, "an unknown agency", err, apierr.Agency)
	})
}

// The counts through a licence's whole life: given (pending), activated (used), given back
// when pending (deletion, B2C), never when used, started again after it expired. At every
// step used + pending + remaining = total (countsOf checks it).
func TestLicenceCountsFollowEveryChange(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		admin := srv.SignInAs(t, testserver.Admin, "admin@tremplin.fr")
		ag, boss := agencyRunBy(t, srv, "agence@horizon.fr", 2)
		id := ag.ID.String()
		c1 := createCandidate(t, boss, ag.ID, "un@exemple.fr", "Un", "Premier")
		c2 := createCandidate(t, boss, ag.ID, "deux@exemple.fr", "Deux", "Second")
		c3 := createCandidate(t, boss, ag.ID, "trois@exemple.fr", "Trois", "Troisième")
		wantCounts(t, "two pending, the third without", boss, ag.ID, counts{2, 0, 2, 0})
		if c3.GetLicense() != nil {
			t.Fatalf("the third got a licence: %v", c3)
		}

		invite, token := invitation(t, srv, "un@exemple.fr")
		if _, _, err := accept(t, srv, invite, token, "Premier-jour-2026"); err != nil {
			t.Fatal(err)
		}
		wantCounts(t, "one activated", boss, ag.ID, counts{2, 1, 1, 0})

		allocate := func(c *commonv1.User) (*agencyv1.AllocateLicenseToCandidateResponse, error) {
			return agencyOf(boss).AllocateLicenseToCandidate(bg, &agencyv1.AllocateLicenseToCandidateRequest{Id: id, CandidateId: c.GetId()})
		}
		_, err := allocate(c3)
		testserver.WantRefusal(t, "none left", err, connect.CodeFailedPrecondition, "NO_LICENSE_AVAILABLE")

		// Deleting a candidate whose licence is pending gives it back.
		if status, body := boss.JSON(t, http.MethodDelete, "/api/users/"+c2.GetId(), nil); status != http.StatusOK || len(body) != 0 {
			t.Fatalf("DELETE /api/users: %d %v", status, body)
		}
		wantCounts(t, "the pending one deleted", boss, ag.ID, counts{2, 1, 0, 1})
		if _, err := allocate(c3); err != nil {
			t.Fatal(err)
		}
		wantCounts(t, "given to the third", boss, ag.ID, counts{2, 1, 1, 0})
		_, err = allocate(c3)
		testserver.WantRefusal(t, "a second licence", err, connect.CodeFailedPrecondition, "LICENSE_STATE")
		_, err = allocate(c1)
		testserver.WantRefusal(t, "a valid licence", err, connect.CodeFailedPrecondition, "LICENSE_STATE")

		// A year later the first one's licence has expired: it can be started again.
		srv.Clock.Advance(366 * 24 * time.Hour)
		boss = srv.SignInExisting(t, boss.User.Email, testserver.Password)
		admin = srv.SignInExisting(t, admin.User.Email, testserver.Password)
		if _, err := agencyOf(admin).AllocateLicenses(bg, &agencyv1.AllocateLicensesRequest{Id: id, NumLicensesToAllocate: 1}); err != nil {
			t.Fatal(err)
		}
		wantCounts(t, "one added", boss, ag.ID, counts{3, 1, 1, 1})
		again, err := allocate(c1)
		if err != nil {
			t.Fatal(err)
		}
		lic := again.GetCandidate().GetLicense()
		if again.GetCandidate().GetStatus() != commonv1.UserStatus_USER_STATUS_WITH_PENDING_LICENSE || lic.GetActivationDate() != nil ||
			!lic.GetAllocationDate().AsTime().Equal(srv.Clock.Now()) || again.GetInvitationSent() {
			t.Errorf("the expired licence started again: %v", again)
		}
		wantCounts(t, "the expired one started again", boss, ag.ID, counts{3, 1, 2, 0})
		// Signing in activates it.
		if status, body := srv.JSON(t, testserver.HTTPClient(t), http.MethodPost, "/api/auth/login",
			map[string]string{"email": "un@exemple.fr", "password": "Premier-jour-2026"}); status != http.StatusOK ||
			body["user"].(map[string]any)["status"] != "with-valid-license" {
			t.Fatalf("signing in with the new licence: %d %v", status, body)
		}
		wantCounts(t, "activated again", boss, ag.ID, counts{3, 2, 1, 0})

		// Deleting a candidate whose licence was used gives nothing back.
		if _, err := agencyOf(boss).DeleteCandidate(bg, &agencyv1.DeleteCandidateRequest{Id: c1.GetId()}); err != nil {
			t.Fatal(err)
		}
		wantCounts(t, "a used one deleted", boss, ag.ID, counts{3, 2, 1, 0})
		// Making the pending one B2C gives it back.
		if _, err := agencyOf(admin).DefineAsB2C(bg, &agencyv1.DefineAsB2CRequest{Id: c3.GetId()}); err != nil {
			t.Fatal(err)
		}
		wantCounts(t, "the pending one made B2C", boss, ag.ID, counts{3, 2, 0, 1})
		if allocatedOf(t, srv, ag.ID) != 2 {
			t.Errorf("allocated counter %d, want 2", allocatedOf(t, srv, ag.ID))
		}
		_, err = agencyOf(boss).AllocateLicenseToCandidate(bg, &agencyv1.AllocateLicenseToCandidateRequest{Id: id, CandidateId: c3.GetId()})
		testserver.WantRefusal(t, "a licence for a B2C candidate", err, connect.CodeFailedPrecondition, "WRONG_CANDIDATE_KIND")
		_, err = agencyOf(boss).AllocateLicenseToCandidate(bg, &agencyv1.AllocateLicenseToCandidateRequest{Id: id, CandidateId: uuid.NewString()})
		testserver.WantRefusal(t, "an unknown candidate", err, connect.CodeNotFound, "NOT_FOUND")
	})
}
