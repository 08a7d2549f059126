package agency_test

import (
	"net/http"
	"testing"

	agencyv1 "github.com/tremplin/tremplin/gen/tremplin/agency/v1"
	authv1 "github.com/tremplin/tremplin/gen/tremplin/auth/v1"
	"github.com/tremplin/tremplin/gen/tremplin/auth/v1/authv1connect"
	"github.com/tremplin/tremplin/internal/testserver"
)

// Consent to the coach view is given to one agency: it ends when the candidate's agency
// changes (define-as-B2B into another agency, over Connect or the JSON route), when the
// candidate leaves the agency's B2B arrangement (define-as-B2C), and whatever code moves
// them; the new agency's admin sees nothing until the candidate consents again.
func TestConsentEndsWhenTheAgencyChanges(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		agH := srv.CreateAgency(t, "Agence agence@horizon.fr", 3)
		horizon := srv.SignInAs(t, testserver.AgencyAdmin, "agence@horizon.fr", agH)
		agA := srv.CreateAgency(t, "Agence agence@ailleurs.fr", 3)
		ailleurs := srv.SignInAs(t, testserver.AgencyAdmin, "agence@ailleurs.fr", agA)
		admin := srv.SignInAs(t, testserver.Admin, "admin@tremplin.fr")
		trialEnd := srv.Tomorrow()
		// A B2C candidate followed by Horizon, with free access (so she signs in as B2B too).
		claire := srv.SignIn(t, "claire@exemple.fr", testserver.UserSpec{IsB2C: true, AgencyID: &agH.ID, TrialEnd: &trialEnd, FreeAccess: true, FirstName: "Claire"})
		id := claire.User.ID.String()
		shared := func(what string, boss *testserver.Session, want bool) {
			t.Helper()
			res, err := agencyOf(boss).GetCandidateProgress(bg, &agencyv1.GetCandidateProgressRequest{Id: id})
			if err != nil || res.GetShared() != want || (res.GetProgress() != nil) != want {
				t.Errorf("%s: shared %v (%v), want %v", what, res.GetShared(), err, want)
			}
			me, err := testserver.Connect(claire, authv1connect.NewAuthServiceClient).Me(bg, &authv1.MeRequest{})
			if err != nil || me.GetUser().GetShareProgressWithAgency() != want {
				t.Errorf("%s: the candidate sees consent %v (%v), want %v", what, me.GetUser().GetShareProgressWithAgency(), err, want)
			}
		}

		share(t, claire, true)
		shared("consent given to Horizon", horizon, true)

		// Moved to another agency: Ailleurs sees nothing.
		if _, err := agencyOf(admin).DefineAsB2B(bg, &agencyv1.DefineAsB2BRequest{Id: id, AgencyId: agA.ID.String()}); err != nil {
			t.Fatal(err)
		}
		shared("moved to Ailleurs", ailleurs, false)

		// Consent given again, to Ailleurs; leaving its B2B arrangement ends it.
		share(t, claire, true)
		shared("consent given to Ailleurs", ailleurs, true)
		if status, body := admin.JSON(t, http.MethodPost, "/api/candidates/"+id+"/define-as-b2c", map[string]any{}); status != http.StatusOK {
			t.Fatalf("define-as-b2c: %d %v", status, body)
		}
		shared("made B2C", ailleurs, false)

		// Over the JSON route, back to Horizon.
		share(t, claire, true)
		if status, body := admin.JSON(t, http.MethodPost, "/api/candidates/"+id+"/define-as-b2b", map[string]any{"agencyId": agH.ID.String()}); status != http.StatusOK {
			t.Fatalf("define-as-b2b: %d %v", status, body)
		}
		shared("back to Horizon", horizon, false)

		// Whatever code moves a candidate (here the database client itself) ends consent; a
		// change that keeps the agency keeps it.
		share(t, claire, true)
		srv.Client.User.UpdateOneID(claire.User.ID).SetAgencyID(agH.ID).SetFirstName("Claire").ExecX(sys)
		shared("the same agency written again", horizon, true)
		srv.Client.User.UpdateOneID(claire.User.ID).SetAgencyID(agA.ID).ExecX(sys)
		shared("moved by another writer", ailleurs, false)
		share(t, claire, true)
		srv.Client.User.UpdateOneID(claire.User.ID).ClearAgencyID().ExecX(sys)
		if srv.Client.User.GetX(sys, claire.User.ID).ShareProgressWithAgency {
			t.Error("consent kept by a candidate who left every agency")
		}
	})
}
