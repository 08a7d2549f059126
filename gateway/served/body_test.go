// Package served_test checks the /api gateway as the whole server serves it (internal/testserver:
// sign-in, body caps, decoding, the OpenAPI document against real answers). These tests live
// outside package gateway so that the gateway's own test binary, which its fuzz target (make
// test-fuzz) compiles again with coverage instrumentation, does not link the whole server.
package served_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"connectrpc.com/connect"

	authv1 "github.com/tremplin/tremplin/gen/tremplin/auth/v1"
	"github.com/tremplin/tremplin/gen/tremplin/auth/v1/authv1connect"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/testkit"
	"github.com/tremplin/tremplin/internal/testserver"
)

// gzipped compresses prefix, n bytes of "a" and suffix: a JSON document of about n bytes
// once inflated, n/1000 on the wire.
func gzipped(t *testing.T, prefix string, n int, suffix string) []byte {
	t.Helper()
	var out bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&out, gzip.BestCompression)
	zw.Write([]byte(prefix))
	chunk := bytes.Repeat([]byte("a"), 1<<20)
	for n > 0 {
		k := min(n, len(chunk))
		zw.Write(chunk[:k])
		n -= k
	}
	zw.Write([]byte(suffix))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// post sends body to path with the headers, and answers the status and decoded answer.
func post(t *testing.T, c *http.Client, url string, body io.Reader, headers map[string]string) (int, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, body)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	return testserver.Do(t, c, req)
}

// signedIn answers a client signed in as a premium candidate.
func signedIn(t *testing.T, srv *testserver.Start) *http.Client {
	t.Helper()
	srv.CreateUser(t, "alice@exemple.fr", testserver.UserSpec{FirstName: "Alice", IsB2C: true, FreeAccess: true})
	c := testserver.HTTPClient(t)
	if status, body := srv.JSON(t, c, http.MethodPost, "/api/auth/login", map[string]string{"email": "alice@exemple.fr", "password": testserver.Password}); status != http.StatusOK {
		t.Fatalf("login: %d %v", status, body)
	}
	return c
}

// A gzip bomb (64 KB on the wire, 64 MiB of JSON inflated) is refused once its route's cap
// is passed, without inflating the rest: anonymous to a public route, and signed in to a route
// that needs a session. Anonymous to a route that needs a session, it is not read at all: the
// call is refused as any anonymous call is.
func TestGzipBombsAreRefusedAsTheyInflate(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	alice := signedIn(t, srv)
	const inflated = 64 << 20
	login := gzipped(t, `{"email":"bombe@exemple.fr","password":"`, inflated, `"}`)
	contact := gzipped(t, `{"lastName":"`, inflated, `"}`)
	for _, tt := range []struct {
		name, path string
		client     *http.Client
		body       []byte
		limit      string
	}{
		{"sign-in", "/api/auth/login", testserver.HTTPClient(t), login, "8 Ko"},
		{"contact, signed in", "/api/contact", alice, contact, "6 Mo"},
	} {
		var status int
		var answer map[string]any
		used := testkit.Allocated(func() {
			status, answer = post(t, tt.client, srv.URL+tt.path, bytes.NewReader(tt.body), map[string]string{"Content-Encoding": "gzip"})
		})
		if status != http.StatusRequestEntityTooLarge || answer["type"] != "REQUEST_TOO_LARGE" ||
			answer["message"] != "Le corps de la requête dépasse la taille autorisée ("+tt.limit+")" {
			t.Errorf("%s: %d %v, want 413 REQUEST_TOO_LARGE", tt.name, status, answer)
		}
		// The cap plus the buffers of one request (about 6.1 MiB measured); inflating the bomb
		// would take 64 MiB, and growing one slice to the cap about 30 MiB.
		if used > 10<<20 {
			t.Errorf("%s: the server allocated %d MiB for a body capped at %s", tt.name, used>>20, tt.limit)
		}
	}
	var status int
	var answer map[string]any
	used := testkit.Allocated(func() {
		status, answer = post(t, testserver.HTTPClient(t), srv.URL+"/api/contact", bytes.NewReader(contact), map[string]string{"Content-Encoding": "gzip"})
	})
	if status != http.StatusUnauthorized || answer["type"] != "UNAUTHENTICATED" || answer["message"] != "Vous devez être connecté" {
		t.Errorf("contact, anonymous: %d %v, want 401 UNAUTHENTICATED", status, answer)
	}
	if used > 1<<20 {
		t.Errorf("contact, anonymous: the server allocated %d KiB for a body it need not read", used>>10)
	}
	// A small gzip body is still read.
	var ok bytes.Buffer
	zw := gzip.NewWriter(&ok)
	zw.Write([]byte(`{"email":"alice@exemple.fr","password":"` + testserver.Password + `"}`))
	zw.Close()
	if status, answer := post(t, testserver.HTTPClient(t), srv.URL+"/api/auth/login", &ok, map[string]string{"Content-Encoding": "gzip"}); status != http.StatusOK {
		t.Errorf("gzip sign-in: %d %v", status, answer)
	}
}

// A public route takes a few KB, sent whole or in chunks; a route that needs a session takes
// more. Over Connect, public procedures have the same small cap.
func TestPublicRoutesTakeSmallBodies(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	alice := signedIn(t, srv)
	big := `{"email":"` + strings.Repeat("a", 20<<10) + `@exemple.fr","password":"x"}`
	chunked := struct{ io.Reader }{strings.NewReader(big)} // no length: sent in chunks
	for name, body := range map[string]io.Reader{"whole": strings.NewReader(big), "chunked": chunked} {
		status, answer := post(t, testserver.HTTPClient(t), srv.URL+"/api/auth/login", body, nil)
		if status != http.StatusRequestEntityTooLarge || answer["message"] != "Le corps de la requête dépasse la taille autorisée (8 Ko)" {
			t.Errorf("20 KB sign-in, %s: %d %v", name, status, answer)
		}
	}
	// 10 KB of notes on a contact (5,000 « é », the field's most): past the body cap of a public
	// route, not of this one, and kept whole.
	notes := strings.Repeat("é", 5000)
	contact := `{"firstName":"Paul","lastName":"Martin","comments":"` + notes + `"}`
	status, answer := post(t, alice, srv.URL+"/api/contact", strings.NewReader(contact), nil)
	saved, _ := answer["contact"].(map[string]any)
	if status != http.StatusOK || saved["comments"] != notes {
		t.Errorf("10 KB contact: %d, comments kept: %v", status, saved["comments"] == notes)
	}

	_, err := authv1connect.NewAuthServiceClient(testserver.HTTPClient(t), srv.URL).
		Login(context.Background(), &authv1.LoginRequest{Email: strings.Repeat("a", 20<<10), Password: "x"})
	if connect.CodeOf(err) != connect.CodeResourceExhausted {
		t.Errorf("20 KB sign-in over Connect: %v", err)
	}
}

// Oversized bodies answer 413 with a French message; the import answers with its own
// refusal, and says what it accepts when the content type is wrong.
func TestOversizedAndMistypedBodies(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	alice := signedIn(t, srv)
	huge := `{"lastName":"` + strings.Repeat("a", 7<<20) + `"}`
	status, answer := post(t, alice, srv.URL+"/api/contact", strings.NewReader(huge), nil)
	if status != http.StatusRequestEntityTooLarge || answer["type"] != "REQUEST_TOO_LARGE" ||
		answer["message"] != "Le corps de la requête dépasse la taille autorisée (6 Mo)" {
		t.Errorf("7 MB contact: %d %v", status, answer)
	}

	status, answer = post(t, alice, srv.URL+"/api/contacts/import", strings.NewReader("First Name,Last Name\nJean,Dupont\n"),
		map[string]string{"Content-Type": "text/plain"})
	message, _ := answer["message"].(string)
	if status != http.StatusUnsupportedMediaType || answer["type"] != "UNSUPPORTED_MEDIA_TYPE" ||
		!strings.Contains(message, "multipart/form-data") || !strings.Contains(message, "text/csv") {
		t.Errorf("text/plain import: %d %v", status, answer)
	}

	status, answer = post(t, alice, srv.URL+"/api/contact", strings.NewReader(`{"lastName":"Martin"}`), map[string]string{"Content-Encoding": "br"})
	message, _ = answer["message"].(string)
	if status != http.StatusUnsupportedMediaType || !strings.HasPrefix(message, "Content-Encoding non pris en charge") {
		t.Errorf("brotli body: %d %v", status, answer)
	}
}

// A body sent to a route that takes none (a read, a delete) is a client's mistake: 400 with a
// reason, whether its length is announced or it comes in chunks, and the same read without a
// body still answers.
func TestBodyOnABodylessRouteIsRefused(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	alice := signedIn(t, srv)
	for name, body := range map[string]func() io.Reader{
		"whole":   func() io.Reader { return strings.NewReader(`{"search":"x"}`) },
		"chunked": func() io.Reader { return struct{ io.Reader }{strings.NewReader(`{"search":"x"}`)} },
	} {
		req, err := http.NewRequest(http.MethodGet, srv.URL+"/api/contacts", body())
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		status, answer := testserver.Do(t, alice, req)
		if status != http.StatusBadRequest || answer["type"] != "INVALID_ARGUMENT" || answer["message"] != "Cette route n'accepte pas de corps de requête" {
			t.Errorf("GET /api/contacts with a body, %s: %d %v", name, status, answer)
		}
	}
	// A parameter left empty by a trailing slash is still that route's (it answered 500).
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/api/event/", strings.NewReader("0"))
	req.Header.Set("Content-Type", "application/json")
	if status, answer := testserver.Do(t, alice, req); status != http.StatusBadRequest || answer["message"] != "Cette route n'accepte pas de corps de requête" {
		t.Errorf("GET /api/event/ with a body: %d %v", status, answer)
	}
	req, _ = http.NewRequest(http.MethodGet, srv.URL+"/api/contacts", nil)
	if status, answer := testserver.Do(t, alice, req); status != http.StatusOK {
		t.Errorf("GET /api/contacts: %d %v", status, answer)
	}
}
