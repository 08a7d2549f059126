package server_test

import (
	"net/http"
	"testing"

	"github.com/tremplin/tremplin/gateway"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/testserver"
)

// The in-process codec the gateway hands messages to the handlers with is not spoken to
// clients: a Connect call asking for it is refused as an unknown content type, while the same
// procedure answers over /api (through it) and over Connect's JSON.
func TestTheHandOffCodecIsNotOfferedToClients(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	w := srv.SignInAs(t, testserver.TrialCandidate, "handoff@exemple.fr")
	if status, body := w.JSON(t, http.MethodPost, "/api/contact", map[string]any{"firstName": "Paul", "lastName": "Martin"}); status != http.StatusOK {
		t.Fatalf("POST /api/contact: %d %v", status, body)
	}
	const list = "/tremplin.network.v1.NetworkService/ListContacts"
	res, err := w.HTTP.Do(srv.Request(t, http.MethodPost, list, "\x00\x00\x00\x00\x00\x00\x00\x01", "Content-Type", "application/"+gateway.HandOffName))
	if err != nil {
		t.Fatal(err)
	}
	_ = res.Body.Close()
	if res.StatusCode != http.StatusUnsupportedMediaType {
		t.Errorf("Connect with the handoff codec: %d, want 415", res.StatusCode)
	}
	status, body := w.JSON(t, http.MethodGet, "/api/contacts", nil)
	if contacts, _ := body["contacts"].([]any); status != http.StatusOK || len(contacts) != 1 {
		t.Errorf("GET /api/contacts: %d %v, want the one contact", status, body)
	}
	if status, body := srv.ConnectJSON(t, w.HTTP, list, "{}"); status != http.StatusOK || len(body["contacts"].([]any)) != 1 {
		t.Errorf("Connect JSON: %d %v, want the one contact", status, body)
	}
}
