package served_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/testserver"
)

// Text that is not UTF-8 — raw bytes, or the \u escape of half a surrogate pair — is refused
// as Connect refuses it (InvalidArgument, HTTP 400), in the body and in the URL, instead of
// being stored as U+FFFD or failing with an internal error.
func TestTextThatIsNotUTF8IsRefused(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	alice := signedIn(t, srv)
	for name, body := range map[string]string{
		"a byte that is not UTF-8": "{\"firstName\":\"Paul\",\"lastName\":\"Martin\",\"comments\":\"f\xffte\"}",
		"half a surrogate pair":    `{"firstName":"Paul","lastName":"Martin","comments":"f\ud800te"}`,
		"a lone low half":          `{"firstName":"Paul","lastName":"Martin","comments":"f\udc00te"}`,
	} {
		for _, path := range []string{"/api/contact", "/tremplin.network.v1.NetworkService/CreateContact"} {
			if path == "/tremplin.network.v1.NetworkService/CreateContact" {
				body = `{"contact":` + body + `}`
			}
			status, answer := post(t, alice, srv.URL+path, strings.NewReader(body), nil)
			if status != http.StatusBadRequest || (answer["code"] != float64(3) && answer["code"] != "invalid_argument") {
				t.Errorf("%s to %s: %d %v", name, path, status, answer)
			}
		}
	}
	// A pair is a character like any other.
	status, answer := post(t, alice, srv.URL+"/api/contact", strings.NewReader(`{"firstName":"Paul","lastName":"Martin","comments":"f\u00eate \ud83c\udf89 \\ud800"}`), nil)
	if contact, _ := answer["contact"].(map[string]any); status != http.StatusOK || contact["comments"] != `fête 🎉 \ud800` {
		t.Errorf("an emoji: %d %v", status, answer)
	}

	// "%25ff" too: the router unescapes the path net/http has unescaped already.
	for _, path := range []string{"/api/contacts?search=%ff", "/api/contact/%ff", "/api/contact/%25ff", "/api/tags/search/%25ff"} {
		status, answer := srv.JSON(t, alice, http.MethodGet, path, nil)
		if status != http.StatusBadRequest || answer["code"] != float64(3) {
			t.Errorf("%s: %d %v", path, status, answer)
		}
	}
}
