package opportunity_test

import (
	"net/http"
	"testing"

	"google.golang.org/protobuf/proto"

	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	opportunityv1 "github.com/tremplin/tremplin/gen/tremplin/opportunity/v1"
	"github.com/tremplin/tremplin/internal/testserver"
)

// An application's PUT keeps what its body leaves out — its description and links — and
// clears what it sends empty. Over the JSON route and over Connect.
func TestUpdatingAnApplicationKeepsWhatTheBodyLeavesOut(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		status, body := alice.JSON(t, http.MethodPost, "/api/application", map[string]any{
			"company": "Airbus", "job": "Acheteuse", "source": "job-board", "description": "CDI à Toulouse",
			"resources": []map[string]string{{"label": "Annonce", "url": "https://exemple.fr/annonce"}},
		})
		if status != http.StatusOK {
			t.Fatalf("POST /api/application: %d %v", status, body)
		}
		id := body["application"].(map[string]any)["id"].(string)
		check := func(what string, status int, body map[string]any, description string, links int) {
			t.Helper()
			app, _ := body["application"].(map[string]any)
			resources, _ := app["resources"].([]any)
			if status != http.StatusOK || app["description"] != description || len(resources) != links {
				t.Errorf("%s: %d, description %q and %d links, want %q and %d", what, status, app["description"], len(resources), description, links)
			}
		}

		status, body = alice.JSON(t, http.MethodPut, "/api/application/"+id, map[string]any{"company": "Airbus", "job": "Acheteuse senior", "source": "job-board"})
		check("PUT leaving them out", status, body, "CDI à Toulouse", 1)
		if body["application"].(map[string]any)["job"] != "Acheteuse senior" {
			t.Errorf("the PUT's own change: %v", body["application"])
		}
		res, err := oppOf(alice).UpdateApplication(bg, &opportunityv1.UpdateApplicationRequest{Id: id, Application: &opportunityv1.ApplicationDraft{
			Company: "Airbus", Job: "Acheteuse", Source: opportunityv1.ApplicationSource_APPLICATION_SOURCE_JOB_BOARD}})
		if err != nil {
			t.Fatal(err)
		}
		if got := res.GetApplication(); got.GetDescription() != "CDI à Toulouse" || len(got.GetResources()) != 1 {
			t.Errorf("Connect update leaving them out: %q %v", got.GetDescription(), got.GetResources())
		}
		status, body = alice.JSON(t, http.MethodPut, "/api/application/"+id, map[string]any{"company": "Airbus", "job": "Acheteuse", "source": "job-board",
			"description": "", "resources": []any{}})
		check("PUT with empty ones", status, body, "", 0)
		// Over Connect: given, then explicitly empty.
		for _, c := range []struct {
			description string
			links       []*commonv1.Resource
		}{{"CDI", []*commonv1.Resource{{Label: "Annonce", Url: "https://exemple.fr"}}}, {"", nil}} {
			res, err := oppOf(alice).UpdateApplication(bg, &opportunityv1.UpdateApplicationRequest{Id: id, Application: &opportunityv1.ApplicationDraft{
				Company: "Airbus", Job: "Acheteuse", Source: opportunityv1.ApplicationSource_APPLICATION_SOURCE_JOB_BOARD,
				Description: proto.String(c.description), Resources: &commonv1.ResourceList{Items: c.links}}})
			if err != nil {
				t.Fatal(err)
			}
			if got := res.GetApplication(); got.GetDescription() != c.description || len(got.GetResources()) != len(c.links) {
				t.Errorf("Connect update with %q and %d links: %q %v", c.description, len(c.links), got.GetDescription(), got.GetResources())
			}
		}
	})
}
