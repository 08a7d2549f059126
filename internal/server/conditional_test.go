package server_test

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/gen/tremplin/network/v1/networkv1connect"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/testserver"
)

// get sends a GET as a browser would (session cookie, gzip accepted) and answers the response
// and its decompressed body.
func get(t *testing.T, c *http.Client, rawURL, ifNoneMatch string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, rawURL, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept-Encoding", "gzip")
	if ifNoneMatch != "" {
		req.Header.Set("If-None-Match", ifNoneMatch)
	}
	res, body := send(t, c, req)
	if res.Header.Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		if body, err = io.ReadAll(zr); err != nil {
			t.Fatal(err)
		}
	}
	return res, body
}

// lastNames reads the last names of a JSON contact list.
func lastNames(t *testing.T, body []byte) []string {
	t.Helper()
	var list struct {
		Contacts []struct {
			LastName string `json:"lastName"`
		} `json:"contacts"`
	}
	if err := json.Unmarshal(body, &list); err != nil {
		t.Fatalf("%v: %s", err, body)
	}
	var out []string
	for _, c := range list.Contacts {
		out = append(out, c.LastName)
	}
	return out
}

// A candidate's list revalidates: the ETag answers 304 while nothing changed, a change of
// their data answers the new list under a new ETag, and another candidate's ETag never opens
// someone else's list — over the JSON route and over Connect GET alike.
func TestListsRevalidateWithETags(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		bob := srv.SignInAs(t, testserver.TrialCandidate, "bob@exemple.fr")
		net := testserver.Connect(alice, networkv1connect.NewNetworkServiceClient)
		if _, err := net.CreateContact(t.Context(), &networkv1.CreateContactRequest{Contact: &networkv1.ContactDraft{FirstName: "Léa", LastName: "Dubois", Email: "lea@exemple.fr"}}); err != nil {
			t.Fatal(err)
		}
		message, _ := proto.Marshal(&networkv1.ListContactsRequest{})
		routes := map[string]string{
			"JSON route":  srv.URL + "/api/contacts",
			"Connect GET": srv.URL + networkv1connect.NetworkServiceListContactsProcedure + "?connect=v1&encoding=proto&base64=1&message=" + url.QueryEscape(base64.RawURLEncoding.EncodeToString(message)),
		}
		for name, route := range routes {
			res, body := get(t, alice.HTTP, route, "")
			etag := res.Header.Get("ETag")
			if res.StatusCode != http.StatusOK || etag == "" || res.Header.Get("Cache-Control") != "private, no-cache" {
				t.Fatalf("%s: %d, ETag %q, Cache-Control %q", name, res.StatusCode, etag, res.Header.Get("Cache-Control"))
			}
			if name == "JSON route" && strings.Join(lastNames(t, body), ",") != "DUBOIS" {
				t.Fatalf("%s: %s", name, body)
			}
			// Unchanged: 304 without a body, and the same ETag.
			res, body = get(t, alice.HTTP, route, etag)
			if res.StatusCode != http.StatusNotModified || len(body) != 0 || res.Header.Get("ETag") != etag {
				t.Errorf("%s unchanged: %d %q (ETag %q), want 304", name, res.StatusCode, body, res.Header.Get("ETag"))
			}
			// The same ETag from another candidate opens nothing of alice's.
			res, body = get(t, bob.HTTP, route, etag)
			if res.StatusCode != http.StatusOK || res.Header.Get("ETag") == etag || bytes.Contains(body, []byte("DUBOIS")) {
				t.Errorf("%s for bob with alice's ETag: %d %s", name, res.StatusCode, body)
			}
		}
		// A change of alice's data: the old ETag answers the new list.
		res, _ := get(t, alice.HTTP, routes["JSON route"], "")
		old := res.Header.Get("ETag")
		if _, err := net.CreateContact(t.Context(), &networkv1.CreateContactRequest{Contact: &networkv1.ContactDraft{FirstName: "Paul", LastName: "Petit"}}); err != nil {
			t.Fatal(err)
		}
		res, body := get(t, alice.HTTP, routes["JSON route"], old)
		if res.StatusCode != http.StatusOK || res.Header.Get("ETag") == old || strings.Join(lastNames(t, body), ",") != "DUBOIS,PETIT" {
			t.Errorf("after a change: %d %q %s", res.StatusCode, res.Header.Get("ETag"), body)
		}
		// Writes and Connect POST reads carry no ETag.
		req, _ := http.NewRequest(http.MethodPost, srv.URL+networkv1connect.NetworkServiceListContactsProcedure, strings.NewReader("{}"))
		req.Header.Set("Content-Type", "application/json")
		post, err := alice.HTTP.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		post.Body.Close()
		if post.StatusCode != http.StatusOK || post.Header.Get("ETag") != "" {
			t.Errorf("Connect POST: %d, ETag %q", post.StatusCode, post.Header.Get("ETag"))
		}
	})
}

// An unchanged answer is sent again from memory, byte for byte, without running the handler;
// every change shows in the next answer.
func TestUnchangedAnswersAreSentFromMemory(t *testing.T) {
	var log bytes.Buffer
	srv := testserver.New(t, testdb.SQLite, testserver.Options{Log: &log})
	alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
	net := testserver.Connect(alice, networkv1connect.NewNetworkServiceClient)
	if _, err := net.CreateContact(t.Context(), &networkv1.CreateContactRequest{Contact: &networkv1.ContactDraft{FirstName: "Léa", LastName: "Dubois"}}); err != nil {
		t.Fatal(err)
	}
	first, firstBody := get(t, alice.HTTP, srv.URL+"/api/contacts", "")
	log.Reset()
	second, secondBody := get(t, alice.HTTP, srv.URL+"/api/contacts", "")
	if !bytes.Equal(firstBody, secondBody) || first.Header.Get("ETag") != second.Header.Get("ETag") {
		t.Fatalf("second answer differs: %s / %s", firstBody, secondBody)
	}
	if !strings.Contains(log.String(), `"answer":"kept"`) {
		t.Errorf("the second answer was not the kept one: %s", log.String())
	}
	// A change in the database (another domain's write, under the candidate) shows at once.
	if _, err := net.CreateContact(t.Context(), &networkv1.CreateContactRequest{Contact: &networkv1.ContactDraft{FirstName: "Paul", LastName: "Petit"}}); err != nil {
		t.Fatal(err)
	}
	_, third := get(t, alice.HTTP, srv.URL+"/api/contacts", "")
	if strings.Join(lastNames(t, third), ",") != "DUBOIS,PETIT" {
		t.Errorf("after a change: %s", third)
	}
}
