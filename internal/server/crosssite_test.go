package server_test

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/google/uuid"
	"google.golang.org/genproto/googleapis/api/annotations"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/descriptorpb"

	"github.com/tremplin/tremplin/gateway"
	"github.com/tremplin/tremplin/internal/protosource"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/testserver"
)

// stateChange is one request that could change something: its method and path, and
// whether it is one of the API's procedures (its refusal or passage is then logged).
type stateChange struct {
	method, path string
	procedure    bool
}

// stateChanges answers every request that can change state, from the descriptors: each
// procedure over Connect (POST), each /api route whose verb is not GET (its parameters
// filled), and the payment webhook.
func stateChanges(t *testing.T) []stateChange {
	t.Helper()
	var out []stateChange
	for _, m := range tremplinMethods(t) {
		out = append(out, stateChange{http.MethodPost, procedure(m), true})
	}
	routes, err := gateway.Routes(protosource.Services())
	if err != nil {
		t.Fatal(err)
	}
	api := 0
	for _, r := range routes {
		method, path, _ := strings.Cut(r, " ")
		if method == http.MethodGet {
			continue
		}
		// Any id will do: the requests are refused, or answered, before it is looked up.
		path = pathVar.ReplaceAllLiteralString(path, uuid.NewString())
		out = append(out, stateChange{method, path, false})
		api++
	}
	if api < 40 {
		t.Fatalf("only %d state-changing /api routes: are the annotations read?", api)
	}
	return append(out, stateChange{http.MethodPost, "/api/payment/webhook", false})
}

// send makes the request with the session's cookies and the headers, and answers the status,
// the content type and the body.
func (c stateChange) send(t *testing.T, srv *testserver.Start, cookies []*http.Cookie, headers map[string]string) (int, string, string) {
	t.Helper()
	var body io.Reader
	if c.method != http.MethodDelete {
		body = strings.NewReader("{}")
	}
	req, err := http.NewRequest(c.method, srv.URL+c.path, body)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	for _, ck := range cookies {
		req.AddCookie(ck)
	}
	res, err := testserver.HTTPClientNoJar().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	if res.StatusCode == http.StatusForbidden && res.Header.Get("Set-Cookie") != "" {
		t.Errorf("%s %s, refused, set a cookie: %q", c.method, c.path, res.Header.Get("Set-Cookie"))
	}
	return res.StatusCode, res.Header.Get("Content-Type"), string(data)
}

// queryRows answers each row of query, written by line.
func queryRows(t *testing.T, srv *testserver.Start, ctx context.Context, query string, line func(values []any) string) []string {
	t.Helper()
	rows, err := srv.DB.SQL.QueryContext(ctx, query)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = rows.Close() }()
	columns, err := rows.Columns()
	if err != nil {
		t.Fatal(err)
	}
	values := make([]any, len(columns))
	pointers := make([]any, len(columns))
	for i := range values {
		pointers[i] = &values[i]
	}
	var out []string
	for rows.Next() {
		if err := rows.Scan(pointers...); err != nil {
			t.Fatal(err)
		}
		out = append(out, line(values))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// fingerprint sums every row of every table of a SQLite database: equal sums, nothing
// written.
func fingerprint(t *testing.T, srv *testserver.Start) string {
	t.Helper()
	ctx := context.Background()
	tables := queryRows(t, srv, ctx, `SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`,
		func(values []any) string { return fmt.Sprint(values[0]) })
	sum := sha256.New()
	for _, table := range tables {
		lines := queryRows(t, srv, ctx, `SELECT * FROM "`+table+`"`, func(values []any) string { return fmt.Sprintf("%s %v", table, values) })
		for _, line := range lines {
			_, _ = fmt.Fprintln(sum, line)
		}
		_, _ = fmt.Fprintf(sum, "%s: %d rows\n", table, len(lines))
	}
	if len(tables) < 10 {
		t.Fatalf("only %d tables", len(tables))
	}
	return fmt.Sprintf("%x", sum.Sum(nil))
}

// rpcLines counts the calls the interceptors (or the body guard) logged: any call that
// reached a procedure.
func (b *lockedBuffer) rpcLines() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := 0
	for _, line := range strings.Split(b.buf.String(), "\n") {
		var entry map[string]any
		if json.Unmarshal([]byte(line), &entry) == nil && entry["msg"] == "rpc" {
			n++
		}
	}
	return n
}

// Every request that can change state — each procedure, each /api route that is not a GET —
// sent by another site's page with a valid session cookie (Sec-Fetch-Site cross-site or
// same-site, or only a foreign Origin from a browser too old for Sec-Fetch-Site) is refused
// 403 before anything runs: no procedure is reached, no row changes, no cookie is set.
// The same request from the app's own pages, from the PUBLIC_URL origin, or from a client
// that is no browser (no such header) goes through. Stripe's webhook comes from Stripe's
// servers: it is never refused as cross-site (its signature is checked instead).
func TestCrossSiteRequestsAreRefusedOnEveryStateChangingRoute(t *testing.T) {
	var log lockedBuffer
	srv := testserver.New(t, testdb.SQLite, testserver.Options{Log: &log})
	alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
	cookies := sessionCookies(t, srv, alice)
	changes := stateChanges(t)

	before, calls := fingerprint(t, srv), log.rpcLines()
	for name, headers := range map[string]map[string]string{
		"Sec-Fetch-Site: cross-site":            {"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"},
		"Sec-Fetch-Site: same-site":             {"Sec-Fetch-Site": "same-site", "Origin": "https://pirate.exemple.fr"},
		"Origin only (no Sec-Fetch-Site)":       {"Origin": "https://evil.example"},
		"Origin null (a sandboxed page's form)": {"Origin": "null"},
	} {
		for _, c := range changes {
			status, contentType, body := c.send(t, srv, cookies, headers)
			if c.path == "/api/payment/webhook" {
				// Without payments configured here, the webhook's own answer: it was reached.
				if status != http.StatusServiceUnavailable || !strings.Contains(body, "paiement en ligne") {
					t.Errorf("%s: POST /api/payment/webhook: %d %q, want the webhook's own answer", name, status, body)
				}
				continue
			}
			if status != http.StatusForbidden || strings.HasPrefix(contentType, "application/json") {
				t.Errorf("%s: %s %s: %d %s %q, want 403 from the cross-origin check", name, c.method, c.path, status, contentType, body)
			}
		}
	}
	if n := log.rpcLines() - calls; n != 0 {
		t.Errorf("%d cross-site calls reached a procedure", n)
	}
	if fingerprint(t, srv) != before {
		t.Error("cross-site requests changed the database")
	}

	// From the app itself, from PUBLIC_URL, or from no browser: each request gets past the
	// check — a procedure logs the call, a route answers in JSON (its refusal of "{}" is the
	// API's, not the check's). Signing out last: the session is needed before.
	slices.SortStableFunc(changes, func(a, b stateChange) int {
		return compareBool(strings.Contains(strings.ToLower(a.path), "logout"), strings.Contains(strings.ToLower(b.path), "logout"))
	})
	i := 0
	for name, headers := range map[string]map[string]string{
		"Sec-Fetch-Site: same-origin": {"Sec-Fetch-Site": "same-origin", "Origin": srv.URL},
		"Origin: PUBLIC_URL":          {"Origin": srv.Config.PublicURL},
		"no browser":                  {},
	} {
		i++
		cookies := sessionCookies(t, srv, srv.SignInAs(t, testserver.TrialCandidate, fmt.Sprintf("passe%d@exemple.fr", i)))
		for _, c := range changes {
			calls := log.rpcLines()
			status, contentType, body := c.send(t, srv, cookies, headers)
			switch {
			case c.procedure && log.rpcLines() == calls:
				t.Errorf("%s: %s %s did not reach the procedure: %d %q", name, c.method, c.path, status, body)
			case !c.procedure && c.path != "/api/payment/webhook" && !strings.HasPrefix(contentType, "application/json"):
				t.Errorf("%s: %s %s: %d %s %q, want the API's JSON answer", name, c.method, c.path, status, contentType, body)
			}
		}
	}
}

func compareBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// No GET changes anything: every /api route bound to GET is an RPC declared without side
// effects, and over Connect a procedure that has side effects cannot be called with GET (a
// link or an image on another site can make a browser send a GET with its cookie).
func TestNoGetChangesState(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
	gets := 0
	for _, m := range tremplinMethods(t) {
		rule, _ := proto.GetExtension(m.Options(), annotations.E_Http).(*annotations.HttpRule)
		level := m.Options().(*descriptorpb.MethodOptions).GetIdempotencyLevel()
		for _, r := range append([]*annotations.HttpRule{rule}, rule.GetAdditionalBindings()...) {
			if r.GetGet() != "" {
				gets++
				if level != descriptorpb.MethodOptions_NO_SIDE_EFFECTS {
					t.Errorf("GET %s is %s, declared %v: a GET must have no side effects", r.GetGet(), procedure(m), level)
				}
			}
		}
		if level == descriptorpb.MethodOptions_NO_SIDE_EFFECTS {
			continue
		}
		// Connect's GET form of a call, for a procedure with side effects: refused unread.
		req, _ := http.NewRequest(http.MethodGet, srv.URL+procedure(m)+"?encoding=json&message=%7B%7D&connect=v1", nil)
		res, err := alice.HTTP.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_ = res.Body.Close()
		if res.StatusCode != http.StatusMethodNotAllowed {
			t.Errorf("GET %s (side effects): %d, want 405", procedure(m), res.StatusCode)
		}
	}
	if gets < 20 {
		t.Errorf("only %d GET routes found", gets)
	}
}
