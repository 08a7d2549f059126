package agency_test

import (
	"net/http"
	"net/url"
	"slices"
	"testing"
	"time"

	"github.com/tremplin/tremplin/ent/user"
	agencyv1 "github.com/tremplin/tremplin/gen/tremplin/agency/v1"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	"github.com/tremplin/tremplin/internal/testserver"
)

func emails(list []*commonv1.User) []string {
	out := make([]string, len(list))
	for i, u := range list {
		out[i] = u.GetEmail()
	}
	return out
}

func jsonEmails(t *testing.T, body map[string]any) []string {
	t.Helper()
	list, ok := body["candidates"].([]any)
	if !ok && body["candidates"] != nil {
		t.Fatalf("candidates: %v", body)
	}
	out := make([]string, len(list))
	for i, c := range list {
		out[i] = c.(map[string]any)["email"].(string)
	}
	return out
}

// The candidates screen: newest first, a search over names (accents and case ignored), e-mail
// and agency, status tabs with their counts (over the search), the admin's agency and paid
// columns; an agency admin sees their own candidates only.
func TestListingCandidates(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		admin := srv.SignInAs(t, testserver.Admin, "admin@tremplin.fr")
		ag, boss := agencyRunBy(t, srv, "agence@horizon.fr", 2)
		otherAg, other := agencyRunBy(t, srv, "agence@voisine.fr", 5)
		create := func(c *testserver.Session, agID string, email, first, last string) {
			t.Helper()
			srv.Clock.Advance(time.Minute)
			createOn(t, c, agID, email, first, last)
		}
		create(boss, ag.ID.String(), "lea@exemple.fr", "Léa", "Dubois")       // pending
		create(boss, ag.ID.String(), "marc@exemple.fr", "Marc", "Durand")     // pending
		create(boss, ag.ID.String(), "zoe@exemple.fr", "Zoé", "Leroy")        // no licence left: just created
		create(other, otherAg.ID.String(), "ines@voisine.fr", "Inès", "Dubé") // pending, other agency
		srv.Clock.Advance(time.Minute)
		if _, err := agencyOf(admin).CreateCandidate(bg, &agencyv1.CreateCandidateRequest{Email: "solo@exemple.fr", FirstName: "Solène"}); err != nil {
			t.Fatal(err)
		}
		srv.Client.User.Update().Where(user.Email("solo@exemple.fr")).SetHasPaid(true).ExecX(sys)

		// The agency admin: their three, newest first, with the counts of the tabs.
		res, err := agencyOf(boss).ListCandidates(bg, &agencyv1.ListCandidatesRequest{})
		if err != nil {
			t.Fatal(err)
		}
		if got := emails(res.GetCandidates()); !slices.Equal(got, []string{"zoe@exemple.fr", "marc@exemple.fr", "lea@exemple.fr"}) {
			t.Errorf("the agency admin's list: %v", got)
		}
		wantTabs := &agencyv1.CandidateStatusCounts{All: 3, JustCreated: 1, WithPendingLicense: 2}
		if c := res.GetCounts(); c.String() != wantTabs.String() {
			t.Errorf("tabs %v, want %v", c, wantTabs)
		}
		for search, want := range map[string][]string{
			"LEA":          {"lea@exemple.fr"},
			"dubois léa":   {"lea@exemple.fr"},
			"du":           {"marc@exemple.fr", "lea@exemple.fr"},
			"zoe@":         {"zoe@exemple.fr"},
			"ines":         {},
			"horizon.fr":   {"zoe@exemple.fr", "marc@exemple.fr", "lea@exemple.fr"},
			"introuvable!": {},
		} {
			res, err := agencyOf(boss).ListAgencyCandidates(bg, &agencyv1.ListAgencyCandidatesRequest{Id: ag.ID.String(), Search: search})
			if err != nil || !slices.Equal(emails(res.GetCandidates()), want) || res.GetCounts().GetAll() != int32(len(want)) {
				t.Errorf("search %q: %v (%v) %v, want %v", search, emails(res.GetCandidates()), res.GetCounts(), err, want)
			}
		}
		// A tab: its candidates, and every tab's count over the search.
		res, err = agencyOf(boss).ListCandidates(bg, &agencyv1.ListCandidatesRequest{Search: "d", Status: commonv1.UserStatus_USER_STATUS_WITH_PENDING_LICENSE})
		if err != nil || !slices.Equal(emails(res.GetCandidates()), []string{"marc@exemple.fr", "lea@exemple.fr"}) ||
			res.GetCounts().GetAll() != 2 || res.GetCounts().GetWithPendingLicense() != 2 {
			t.Errorf("pending tab: %v %v %v", emails(res.GetCandidates()), res.GetCounts(), err)
		}
		res, err = agencyOf(boss).ListCandidates(bg, &agencyv1.ListCandidatesRequest{Status: commonv1.UserStatus_USER_STATUS_JUST_CREATED})
		if err != nil || !slices.Equal(emails(res.GetCandidates()), []string{"zoe@exemple.fr"}) || res.GetCounts().GetAll() != 3 {
			t.Errorf("just-created tab: %v %v %v", emails(res.GetCandidates()), res.GetCounts(), err)
		}

		// The admin: everyone, with agency and paid columns, over the spec's routes.
		status, body := admin.JSON(t, http.MethodGet, "/api/candidates", nil)
		if status != http.StatusOK {
			t.Fatalf("GET /api/candidates: %d %v", status, body)
		}
		if got := jsonEmails(t, body); !slices.Equal(got, []string{"solo@exemple.fr", "ines@voisine.fr", "zoe@exemple.fr", "marc@exemple.fr", "lea@exemple.fr"}) {
			t.Errorf("the admin's list: %v", got)
		}
		first := body["candidates"].([]any)[0].(map[string]any)
		if first["hasPaid"] != true || first["isB2C"] != true || first["status"] != "just-created" || first["agency"] != nil {
			t.Errorf("the B2C candidate's columns: %v", first)
		}
		second := body["candidates"].([]any)[1].(map[string]any)
		if second["agency"].(map[string]any)["name"] != otherAg.Name || second["status"] != "with-pending-license" ||
			second["license"].(map[string]any)["allocationDate"] == nil || second["canBeSentAgainEmailInvitation"] != true ||
			second["canBeReAllocatedLicense"] != false || second["hasFreeAccess"] != false || second["role"] != "candidate" {
			t.Errorf("a B2B candidate's columns: %v", second)
		}
		tabs := body["counts"].(map[string]any)
		if tabs["all"] != float64(5) || tabs["justCreated"] != float64(2) || tabs["withPendingLicense"] != float64(3) {
			t.Errorf("the admin's tabs: %v", tabs)
		}
		status, body = admin.JSON(t, http.MethodGet, "/api/candidates?status=just-created&search="+url.QueryEscape("Solène"), nil)
		if got := jsonEmails(t, body); status != http.StatusOK || !slices.Equal(got, []string{"solo@exemple.fr"}) {
			t.Errorf("GET /api/candidates?status=just-created&search=Solène: %d %v", status, body)
		}
		status, body = admin.JSON(t, http.MethodGet, "/api/agency/"+otherAg.ID.String()+"/candidates", nil)
		if got := jsonEmails(t, body); status != http.StatusOK || !slices.Equal(got, []string{"ines@voisine.fr"}) {
			t.Errorf("GET /api/agency/{id}/candidates: %d %v", status, body)
		}
		status, body = boss.JSON(t, http.MethodGet, "/api/agency/"+ag.ID.String()+"/candidates?status=with-pending-license", nil)
		if got := jsonEmails(t, body); status != http.StatusOK || !slices.Equal(got, []string{"marc@exemple.fr", "lea@exemple.fr"}) {
			t.Errorf("the agency admin's route: %d %v", status, body)
		}
		status, body = boss.JSON(t, http.MethodGet, "/api/candidates?status=pas-un-statut", nil)
		if status != http.StatusBadRequest {
			t.Errorf("an unknown status: %d %v", status, body)
		}
		// An agency without candidates answers an empty list.
		empty := srv.CreateAgency(t, "Agence Vide", 0)
		res2, err := agencyOf(admin).ListAgencyCandidates(bg, &agencyv1.ListAgencyCandidatesRequest{Id: empty.ID.String()})
		if err != nil || len(res2.GetCandidates()) != 0 || res2.GetCounts().GetAll() != 0 {
			t.Errorf("an empty agency: %v %v", res2, err)
		}
	})
}

// createOn creates a candidate with the agency id as given (empty: the caller's own).
func createOn(t *testing.T, c *testserver.Session, agencyID, email, first, last string) *agencyv1.CreateCandidateResponse {
	t.Helper()
	res, err := agencyOf(c).CreateCandidate(bg, &agencyv1.CreateCandidateRequest{Id: agencyID, Email: email, FirstName: first, LastName: last})
	if err != nil {
		t.Fatalf("creating %s: %v", email, err)
	}
	return res
}

// The agencies screen: every agency by name, its admin and counts, in two statements.
func TestListingAgencies(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		admin := srv.SignInAs(t, testserver.Admin, "admin@tremplin.fr")
		ag, boss := agencyRunBy(t, srv, "agence@zenith.fr", 3)
		agencyRunBy(t, srv, "agence@alpha.fr", 1)
		createCandidate(t, boss, ag.ID, "a@exemple.fr", "A", "A")
		createCandidate(t, boss, ag.ID, "b@exemple.fr", "B", "B")
		res, err := agencyOf(admin).ListAgencies(bg, &agencyv1.ListAgenciesRequest{})
		if err != nil || len(res.GetAgencies()) != 2 {
			t.Fatalf("agencies: %v %v", res, err)
		}
		alpha, zenith := res.GetAgencies()[0], res.GetAgencies()[1]
		if alpha.GetName() != "Agence agence@alpha.fr" || zenith.GetAdmin().GetEmail() != "agence@zenith.fr" ||
			zenith.GetNumCandidates() != 2 || zenith.GetNumPendingLicenses() != 2 || zenith.GetNumRemainingLicenses() != 1 ||
			alpha.GetNumTotalLicenses() != 1 || alpha.GetNumCandidates() != 0 {
			t.Errorf("agencies: %v", res.GetAgencies())
		}
	})
}
