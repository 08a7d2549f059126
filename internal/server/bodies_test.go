package server_test

import (
	"bytes"
	"encoding/base64"
	"io"
	"maps"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/tremplin/tremplin/internal/bodylimit"
	"github.com/tremplin/tremplin/internal/config"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/testkit"
	"github.com/tremplin/tremplin/internal/testserver"
)

// Bodies too large, sent whole or in chunks, compressed in a way the server does not speak,
// or as a Connect GET's compressed message; and the payment webhook's. bomb_test.go has the
// gzip bombs of the procedures and of /api.

// chunked hides a reader's length: the body goes in chunks, its size unannounced.
type chunked struct{ io.Reader }

// sendReader posts body to procedure over w as cookies' caller: a reader of known length is sent
// with it, any other chunked (HTTP/1) or unframed in length (HTTP/2).
func (w wire) sendReader(t testing.TB, srv *testserver.Start, procedure string, body io.Reader, cookies []*http.Cookie) outcome {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, srv.URL+procedure, body)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range w.head {
		req.Header.Set(k, v)
	}
	client := http.DefaultClient
	if w.h2 {
		client = testserver.H2CClient()
	}
	return do(t, client, req, cookies)
}

// A body one byte over its procedure's cap — 8 KiB for a public procedure, 6 MiB for the
// others — announced as such, is refused as too large with the cap in French on every
// procedure, before it is read.
func TestBodiesOverTheCapAreRefusedOnEveryProcedure(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	who := newCallers(t, srv)
	big := bytes.Repeat([]byte{0x0a}, bodylimit.MaxBodyBytes+1) // not even a message: never read
	for _, m := range tremplinMethods(t) {
		hc, limit := who.of(t, m)
		var cookies []*http.Cookie
		if s := sessionOf(who, hc); s != nil {
			cookies = sessionCookies(t, srv, s)
		}
		var got outcome
		used := testkit.Allocated(func() { got = plainConnect.send(t, srv, procedure(m), big[:limit+1], cookies) })
		if got.code != "resource_exhausted" || got.message != bodylimit.Message(int64(limit)) {
			t.Errorf("%s with %d bytes: %+v, want resource_exhausted « %s »", procedure(m), limit+1, got, bodylimit.Message(int64(limit)))
		}
		// The client's writing of the body shares the counter; the server reads none of it.
		if used > refusalBound {
			t.Errorf("%s: %.1f MiB allocated refusing a body unread", procedure(m), float64(used)/(1<<20))
		}
	}
}

// The same, on every protocol, announced or sent in chunks (read up to the cap, then
// refused): a signed-in procedure and a public one.
func TestBodiesOverTheCapAreRefusedOnEveryProtocol(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	alice := sessionCookies(t, srv, srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr"))
	json := func(w wire) wire {
		w.name += "-json"
		w.head = maps.Clone(w.head)
		w.head["Content-Type"] = strings.Replace(w.head["Content-Type"], "proto", "json", 1)
		return w
	}
	for _, tt := range []struct {
		procedure string
		cookies   []*http.Cookie
		limit     int
	}{
		{createContact, alice, bodylimit.MaxBodyBytes},
		{login, nil, bodylimit.AnonymousMaxBodyBytes},
	} {
		body := bytes.Repeat([]byte{0x0a}, tt.limit+64)
		for _, w := range []wire{plainConnect, json(plainConnect), plainGRPC, plainGRPCWeb, json(plainGRPCWeb)} {
			for name, reader := range map[string]func() io.Reader{
				"announced": func() io.Reader { return bytes.NewReader(w.body(body)) },
				"chunked":   func() io.Reader { return chunked{bytes.NewReader(w.body(body))} },
			} {
				var got outcome
				used := testkit.Allocated(func() { got = w.sendReader(t, srv, tt.procedure, reader(), tt.cookies) })
				if got.code != "resource_exhausted" || got.message != bodylimit.Message(int64(tt.limit)) {
					t.Errorf("%s %s, %s: %+v, want resource_exhausted « %s »", w.name, tt.procedure, name, got, bodylimit.Message(int64(tt.limit)))
				}
				// At most the cap read, in a buffer grown by doubling, and the client's copy.
				if used > uint64(8*tt.limit)+refusalBound {
					t.Errorf("%s %s, %s: %.1f MiB allocated for a body capped at %d bytes", w.name, tt.procedure, name, float64(used)/(1<<20), tt.limit)
				}
			}
		}
	}
}

// A compression the server does not speak (brotli, zstd, deflate, snappy) is refused on every
// protocol with a clear code, before the body is inflated or read past its cap: never an
// internal error.
func TestUnknownCompressionsAreRefused(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	alice := sessionCookies(t, srv, srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr"))
	big := bomb(t, smallBombInflated) // gzip data under another name: never inflated
	for _, encoding := range []string{"br", "zstd", "deflate", "snappy"} {
		for _, tt := range []struct {
			w      wire
			header string
		}{
			{connectUnary, "Content-Encoding"}, {connectUnaryJSON, "Content-Encoding"},
			{grpcWire, "Grpc-Encoding"}, {grpcWeb, "Grpc-Encoding"},
		} {
			w := tt.w
			w.head = maps.Clone(w.head)
			w.head[tt.header] = encoding
			for _, caller := range []struct {
				procedure string
				cookies   []*http.Cookie
			}{{createContact, alice}, {login, nil}} {
				got := w.send(t, srv, caller.procedure, w.body(big), caller.cookies)
				if got.code != "unimplemented" && got.code != "resource_exhausted" || got.message == "" {
					t.Errorf("%s %s, %s: %+v, want unimplemented (or too large)", w.name, caller.procedure, encoding, got)
				}
			}
		}
		if got := apiCallEncoded(t, srv, "/api/contact", encoding, big, alice); got.status != http.StatusUnsupportedMediaType || got.message == "" {
			t.Errorf("/api/contact, %s: %+v, want 415", encoding, got)
		}
	}
}

// apiCallEncoded posts body to an /api route as JSON compressed with encoding.
func apiCallEncoded(t testing.TB, srv *testserver.Start, path, encoding string, body []byte, cookies []*http.Cookie) outcome {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, srv.URL+path, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Content-Encoding", encoding)
	return do(t, http.DefaultClient, req, cookies)
}

// do sends req with cookies through client and answers what came back, read whole.
func do(t testing.TB, client *http.Client, req *http.Request, cookies []*http.Cookie) outcome {
	t.Helper()
	for _, c := range cookies {
		req.AddCookie(c)
	}
	return decodeOutcome(send(t, client, req))
}

// send sends req through client and answers the response and its body, read whole.
func send(t testing.TB, client *http.Client, req *http.Request) (*http.Response, []byte) {
	t.Helper()
	res, err := client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", req.Method, req.URL.Path, err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatalf("%s %s: reading the answer: %v", req.Method, req.URL.Path, err)
	}
	return res, data
}

// A read over Connect's GET form carries its message in the address, and may compress it: a
// bomb there (48 KB of address inflating to 32 MiB) is refused at the cap when signed in,
// and unread without credentials; a compression the server does not speak is refused.
func TestConnectGetBombsAreRefused(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	alice := sessionCookies(t, srv, srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr"))
	message := base64.RawURLEncoding.EncodeToString(bomb(t, 32<<20))
	get := func(compression string, cookies []*http.Cookie) outcome {
		q := url.Values{"connect": {"v1"}, "encoding": {"proto"}, "base64": {"1"}, "compression": {compression}, "message": {message}}
		req, _ := http.NewRequest(http.MethodGet, srv.URL+listContacts+"?"+q.Encode(), nil)
		return do(t, http.DefaultClient, req, cookies)
	}
	var got outcome
	used := testkit.Allocated(func() { got = get("gzip", alice) })
	if got.code != "resource_exhausted" || got.message != bodylimit.Message(bodylimit.MaxBodyBytes) {
		t.Errorf("signed in: %+v, want resource_exhausted « %s »", got, bodylimit.Message(bodylimit.MaxBodyBytes))
	}
	if used > 128<<20 {
		t.Errorf("signed in: %d MiB allocated for a message capped at 6 MiB", used>>20)
	}
	used = testkit.Allocated(func() { got = get("gzip", nil) })
	if got.code != "unauthenticated" || used > refusalBound {
		t.Errorf("anonymous: %+v, %d KiB allocated, want unauthenticated, unread", got, used>>10)
	}
	if got := get("br", alice); got.code != "unimplemented" {
		t.Errorf("brotli: %+v, want unimplemented", got)
	}
}

const listContacts = "/tremplin.network.v1.NetworkService/ListContacts"

// Stripe's webhook reads at most 256 KiB and inflates nothing: a larger body, announced or in
// chunks, is refused 413; a gzip bomb under the cap is read as the bytes it is (its signature
// does not match) without being inflated.
func TestWebhookBodiesAreCapped(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite, testserver.Options{Configure: func(c *config.Config) {
		// Payments configured, Stripe itself never called: no event gets past its signature.
		c.StripeSecretKey, c.StripeWebhookSecret, c.StripePriceID = "sk_test_tremplin", "whsec_tremplin", "price_tremplin"
		c.StripeAPIBase = "http://127.0.0.1:9"
	}})
	post := func(body io.Reader, encoding string) (int, string) {
		req, _ := http.NewRequest(http.MethodPost, srv.URL+"/api/payment/webhook", body)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Stripe-Signature", "t=1,v1=00")
		if encoding != "" {
			req.Header.Set("Content-Encoding", encoding)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		data, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(data)
	}
	tooLarge := bytes.Repeat([]byte("a"), 256<<10+1)
	for name, body := range map[string]func() io.Reader{
		"announced": func() io.Reader { return bytes.NewReader(tooLarge) },
		"chunked":   func() io.Reader { return chunked{bytes.NewReader(tooLarge)} },
	} {
		var status int
		var answer string
		used := testkit.Allocated(func() { status, answer = post(body(), "") })
		if status != http.StatusRequestEntityTooLarge || !strings.Contains(answer, "trop volumineux") {
			t.Errorf("%s 256 KiB + 1: %d %q, want 413", name, status, answer)
		}
		if used > 8<<20 {
			t.Errorf("%s: %d MiB allocated for a body capped at 256 KiB", name, used>>20)
		}
	}
	small := bomb(t, smallBombInflated) // 6 KB inflating to 6 MiB
	var status int
	var answer string
	used := testkit.Allocated(func() { status, answer = post(bytes.NewReader(small), "gzip") })
	if status != http.StatusBadRequest || !strings.Contains(answer, "Signature invalide") {
		t.Errorf("gzip bomb: %d %q, want 400, signature refused", status, answer)
	}
	if used > 4<<20 {
		t.Errorf("gzip bomb: %d MiB allocated: was it inflated?", used>>20)
	}
}
