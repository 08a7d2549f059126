package opportunity_test

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	opportunityv1 "github.com/tremplin/tremplin/gen/tremplin/opportunity/v1"
	"github.com/tremplin/tremplin/internal/testserver"
)

// The spec's JSON routes speak the spec's names: contactIds in, engagmentDate (its spelling),
// createdDate, dateOfPublication, sourceDetails and the enum strings out; refusals carry
// their reason as "type".
func TestJSONRoutes(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		lea := addContact(t, alice, "Léa", "Dubois", "Société Générale", nil)

		status, body := alice.JSON(t, http.MethodPost, "/api/application", map[string]any{
			"company": "Société Générale SA", "job": "Analyste", "source": "job-board", "sourceDetails": "Indeed",
			"reference": "SG-1", "dateOfPublication": "2026-11-02T00:00:00Z", "contactIds": []string{lea.GetId()},
			"resources": []map[string]string{{"label": "Annonce", "url": "www.exemple.fr/annonce"}},
		})
		if status != http.StatusOK {
			t.Fatalf("POST /api/application: %d %v", status, body)
		}
		app := body["application"].(map[string]any)
		id, _ := app["id"].(string)
		contacts, _ := app["contacts"].([]any)
		resources, _ := app["resources"].([]any)
		if app["status"] != "new" || app["source"] != "job-board" || app["sourceDetails"] != "Indeed" || app["createdDate"] == nil ||
			app["dateOfPublication"] != "2026-11-02T00:00:00Z" || len(contacts) != 1 || len(resources) != 1 ||
			resources[0].(map[string]any)["url"] != "https://www.exemple.fr/annonce" {
			t.Fatalf("created: %v", app)
		}
		if contacts[0].(map[string]any)["id"] != lea.GetId() {
			t.Errorf("contacts: %v", contacts)
		}

		status, body = alice.JSON(t, http.MethodPut, "/api/application/"+id, map[string]any{
			"company": "Société Générale", "job": "Analyste crédit", "source": "my-network", "reference": "SG-1", "contactIds": []string{},
		})
		if app, _ = body["application"].(map[string]any); status != http.StatusOK || app["job"] != "Analyste crédit" || app["reference"] != "" || app["source"] != "my-network" {
			t.Fatalf("PUT /api/application/{id}: %d %v", status, body)
		}

		status, body = alice.JSON(t, http.MethodPost, "/api/application/"+id+"/status", map[string]any{"status": "engaged"})
		if status != http.StatusBadRequest || body["type"] != engagedByAction ||
			body["message"] != "Une opportunité passe en « Engagée » quand une première action liée est terminée : ce statut ne se change pas à la main" {
			t.Errorf("POST /api/application/{id}/status engaged: %d %v", status, body)
		}

		status, body = alice.JSON(t, http.MethodGet, "/api/application/"+id+"/known-contacts", nil)
		known, _ := body["knownContacts"].([]any)
		if status != http.StatusOK || len(known) != 1 {
			t.Fatalf("GET known-contacts: %d %v", status, body)
		}
		k := known[0].(map[string]any)
		if k["contact"].(map[string]any)["lastName"] != "DUBOIS" || k["associated"] != false || k["rank"] != float64(1) {
			t.Errorf("known contact: %v", k)
		}
		status, body = alice.JSON(t, http.MethodPost, "/api/application/"+id+"/contacts", map[string]any{"contactId": lea.GetId()})
		if app, _ = body["application"].(map[string]any); status != http.StatusOK || len(app["contacts"].([]any)) != 1 {
			t.Errorf("POST /api/application/{id}/contacts: %d %v", status, body)
		}

		completeTaskOn(t, srv, alice, id)
		status, body = alice.JSON(t, http.MethodGet, "/api/application/"+id, nil)
		if app, _ = body["application"].(map[string]any); status != http.StatusOK || app["status"] != "engaged" || app["engagmentDate"] == nil {
			t.Errorf("engaged: %d %v", status, body)
		}

		status, body = alice.JSON(t, http.MethodPost, "/api/application/mark-as-complete", map[string]any{"id": id, "status": "win", "comment": "CDI signé"})
		if app, _ = body["application"].(map[string]any); status != http.StatusOK || app["status"] != "win" || app["comment"] != "CDI signé" {
			t.Fatalf("mark-as-complete: %d %v", status, body)
		}
		alice.WantJSONRefusal(t, http.MethodPost, "/api/application/mark-as-complete", map[string]any{"id": id, "status": "lost"}, http.StatusBadRequest, closed)

		status, body = alice.JSON(t, http.MethodGet, "/api/applications", nil)
		list, _ := body["applications"].([]any)
		if status != http.StatusOK || len(list) != 1 || list[0].(map[string]any)["status"] != "win" {
			t.Errorf("GET /api/applications: %d %v", status, body)
		}
		alice.WantJSONRefusal(t, http.MethodPost, "/api/application", map[string]any{"company": "Airbus", "source": "other"}, http.StatusBadRequest, "INVALID_FIELDS")
	})
}

// The list and an application revalidate like the contacts list: 304 while nothing changed,
// the new answer once anything of the candidate's changed (an application, or an activity that
// engages one).
func TestListRevalidates(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		a := createApplication(t, srv, alice, draft("Airbus", "Acheteuse"))
		get := func(path, etag string) (int, string, string) {
			t.Helper()
			req, err := http.NewRequest(http.MethodGet, srv.URL+path, nil)
			if err != nil {
				t.Fatal(err)
			}
			if etag != "" {
				req.Header.Set("If-None-Match", etag)
			}
			res, err := alice.HTTP.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			data, _ := io.ReadAll(res.Body)
			return res.StatusCode, res.Header.Get("ETag"), string(data)
		}
		for _, path := range []string{"/api/applications", "/api/application/" + a.GetId()} {
			status, etag, _ := get(path, "")
			if status != http.StatusOK || etag == "" {
				t.Fatalf("GET %s: %d, ETag %q", path, status, etag)
			}
			if status, _, _ := get(path, etag); status != http.StatusNotModified {
				t.Errorf("GET %s unchanged: %d, want 304", path, status)
			}
			completeTaskOn(t, srv, alice, a.GetId())
			status, next, body := get(path, etag)
			if status != http.StatusOK || next == etag || !strings.Contains(body, `"engaged"`) {
				t.Errorf("GET %s after an engagement: %d %q %s", path, status, next, body)
			}
		}
	})
}

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
