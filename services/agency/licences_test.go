package agency_test

import (
	"net/http"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	agencyv1 "github.com/tremplin/tremplin/gen/tremplin/agency/v1"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	"github.com/tremplin/tremplin/internal/testserver"
)

// The counts through a licence's whole life: given (pending), activated (used), given back
// when pending (deletion, B2C), never when used, started again after it expired. At every
// step used + pending + remaining = total (countsOf checks it).
func TestLicenceCountsFollowEveryChange(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		admin := srv.SignInAs(t, testserver.Admin, "admin@tremplin.fr")
		ag := srv.CreateAgency(t, "Agence agence@horizon.fr", 2)
		boss := srv.SignInAs(t, testserver.AgencyAdmin, "agence@horizon.fr", ag)
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
