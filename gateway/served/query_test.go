package served_test

import (
	"net/http"
	"testing"

	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/testserver"
)

// A query parameter that names no field of the request — a cache buster, a misspelt filter,
// an owner slipped onto a DELETE — sets nothing and is dropped, on every route, as an unknown
// field of a JSON body is; it used to answer 500 with vanguard's English message. A parameter
// naming a field still counts.
func TestUnknownQueryParametersAreDropped(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
	bruno := srv.SignInAs(t, testserver.TrialCandidate, "bruno@exemple.fr")
	created := func(s *testserver.Session, first, last string) string {
		t.Helper()
		status, body := s.JSON(t, http.MethodPost, "/api/contact?_=1731922200&ownerId="+bruno.User.ID.String(),
			map[string]any{"firstName": first, "lastName": last})
		contact, _ := body["contact"].(map[string]any)
		if status != http.StatusOK || contact["id"] == nil {
			t.Fatalf("POST with unknown parameters: %d %v", status, body)
		}
		return contact["id"].(string)
	}
	lea := created(alice, "Léa", "Dubois")
	created(alice, "Marc", "Martin")
	marc := created(bruno, "Marc", "Roux")

	status, body := alice.JSON(t, http.MethodGet, "/api/contacts?search=dubois&serach=martin&_=1731922200", nil)
	if list, _ := body["contacts"].([]any); status != http.StatusOK || len(list) != 1 {
		t.Errorf("GET with unknown parameters beside a filter: %d %v", status, body)
	}
	status, body = alice.JSON(t, http.MethodGet, "/api/contact/"+lea+"?range.startDate=x&owner.id=1", nil)
	if status != http.StatusOK {
		t.Errorf("GET one with unknown (dotted) parameters: %d %v", status, body)
	}
	// Deleting one's own contact with another's id in the query deletes one's own only.
	if status, body := alice.JSON(t, http.MethodDelete, "/api/contact/"+lea+"?ownerId="+bruno.User.ID.String()+"&id2="+marc, nil); status != http.StatusOK {
		t.Errorf("DELETE with unknown parameters: %d %v", status, body)
	}
	if status, _ := alice.JSON(t, http.MethodGet, "/api/contact/"+lea, nil); status != http.StatusNotFound {
		t.Errorf("alice's contact still there after its deletion: %d", status)
	}
	if status, body := bruno.JSON(t, http.MethodGet, "/api/contacts", nil); status != http.StatusOK || len(body["contacts"].([]any)) != 1 {
		t.Errorf("bruno's network: %d %v", status, body)
	}
	// A known parameter is still read, and refused when it cannot be.
	status, body = alice.JSON(t, http.MethodGet, "/api/tasks?range.startDate=tomorrow&_=1", nil)
	testserver.WantJSONFieldViolation(t, "a word as a date beside an unknown parameter", status, body, "range.start_date", "")
}
