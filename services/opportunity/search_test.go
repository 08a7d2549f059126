package opportunity_test

import (
	"net/http"
	"slices"
	"testing"

	"connectrpc.com/connect"

	opportunityv1 "github.com/tremplin/tremplin/gen/tremplin/opportunity/v1"
	"github.com/tremplin/tremplin/internal/testserver"
)

// The company search matches the beginning of any word of the company, case- and
// accent-insensitive, every word typed; the status filter is any of; both combine, and follow
// edits of the company.
func TestSearchAndStatusFilter(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		sg := createApplication(t, srv, alice, draft("Société Générale", "Analyste"))
		createApplication(t, srv, alice, draft("L'Oréal", "Cheffe de produit"))
		bnp := createApplication(t, srv, alice, draft("BNP Paribas", "Analyste"))
		createApplication(t, srv, alice, draft("Générale d'Optique", "Opticienne"))
		if _, err := oppOf(alice).MarkApplicationAsComplete(bg, &opportunityv1.MarkApplicationAsCompleteRequest{Id: bnp.GetId(), Status: stLost}); err != nil {
			t.Fatal(err)
		}
		for search, want := range map[string][]string{
			"societe":          {"Société Générale"},
			"GÉN":              {"Générale d'Optique", "Société Générale"},
			"soc gen":          {"Société Générale"},
			"oreal":            {"L'Oréal"},
			"l'or":             {"L'Oréal"},
			"paribas":          {"BNP Paribas"},
			"ribas":            {}, // not the beginning of a word
			"générale optique": {"Générale d'Optique"},
			"zzz":              {},
		} {
			if got := listCompanies(t, alice, &opportunityv1.ListApplicationsRequest{Search: search}); !slices.Equal(got, want) {
				t.Errorf("search %q: %v, want %v", search, got, want)
			}
		}
		if got := listCompanies(t, alice, &opportunityv1.ListApplicationsRequest{Statuses: []opportunityv1.ApplicationStatus{stLost, stWin}}); !slices.Equal(got, []string{"BNP Paribas"}) {
			t.Errorf("lost or win: %v", got)
		}
		if got := listCompanies(t, alice, &opportunityv1.ListApplicationsRequest{Search: "g", Statuses: []opportunityv1.ApplicationStatus{stNew}}); !slices.Equal(got, []string{"Générale d'Optique", "Société Générale"}) {
			t.Errorf("search and status: %v", got)
		}
		// A renamed company is found by its new name only.
		d := draft("Crédit Agricole", "Analyste")
		if _, err := oppOf(alice).UpdateApplication(bg, &opportunityv1.UpdateApplicationRequest{Id: sg.GetId(), Application: d}); err != nil {
			t.Fatal(err)
		}
		if got := listCompanies(t, alice, &opportunityv1.ListApplicationsRequest{Search: "societe"}); len(got) != 0 {
			t.Errorf("old name still found: %v", got)
		}
		if got := listCompanies(t, alice, &opportunityv1.ListApplicationsRequest{Search: "credit agri"}); !slices.Equal(got, []string{"Crédit Agricole"}) {
			t.Errorf("new name: %v", got)
		}
		// The JSON route takes the spec's strings.
		status, body := alice.JSON(t, http.MethodGet, "/api/applications?search=gen&statuses=new&statuses=engaged", nil)
		if apps, _ := body["applications"].([]any); status != http.StatusOK || len(apps) != 1 {
			t.Errorf("GET /api/applications?search=gen&statuses=…: %d %v", status, body)
		}
	})
}

// A candidate without premium lists their applications, but neither searches nor filters
// them: refused, over Connect and the JSON route.
func TestSearchAndFilterNeedPremium(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		bruno := srv.SignInAs(t, testserver.EndedTrialCandidate, "bruno@exemple.fr")
		createApplication(t, srv, bruno, draft("Airbus", "Acheteuse"))
		if got := listCompanies(t, bruno, &opportunityv1.ListApplicationsRequest{}); len(got) != 1 {
			t.Fatalf("list: %v", got)
		}
		for what, req := range map[string]*opportunityv1.ListApplicationsRequest{
			"search": {Search: "air"},
			"status": {Statuses: []opportunityv1.ApplicationStatus{stNew}},
		} {
			_, err := oppOf(bruno).ListApplications(bg, req)
			testserver.WantRefusal(t, what, err, connect.CodePermissionDenied, "PREMIUM_REQUIRED")
		}
		for _, path := range []string{"/api/applications?search=air", "/api/applications?statuses=new"} {
			bruno.WantJSONRefusal(t, http.MethodGet, path, nil, http.StatusForbidden, "PREMIUM_REQUIRED")
		}
	})
}
