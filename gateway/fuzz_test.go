package gateway

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/descriptorpb"
	"google.golang.org/protobuf/types/dynamicpb"

	"github.com/tremplin/tremplin/internal/protosource"
)

// received is what the procedure behind a fuzzed route saw.
type received struct {
	called bool
	err    error
}

type receivedKey struct{}

// echoGateway is the /api gateway in front of procedures that check the request they get
// (reencodes) and answer an empty message: the gateway's decoding alone, in process.
func echoGateway(t testing.TB) (http.Handler, []binding) {
	t.Helper()
	// Sorted by name: the routes keep their numbers from one process to the next, and each
	// seed its route (the fuzzing workers are other processes).
	services := protosource.Services()
	codec := newSpecJSON(protoregistry.GlobalTypes).(*specJSON)
	handlers := make([]Handler, 0, len(services))
	for _, s := range services {
		mux := http.NewServeMux()
		for i := range s.Methods().Len() {
			m := s.Methods().Get(i)
			procedure := "/" + string(s.FullName()) + "/" + string(m.Name())
			opts := []connect.HandlerOption{
				connect.WithSchema(m),
				connect.WithCodec(HandOff()),
				connect.WithRequestInitializer(func(_ connect.Spec, msg any) error {
					*msg.(*dynamicpb.Message) = *dynamicpb.NewMessage(m.Input()) //nolint:govet // a fresh message, copied before use
					return nil
				}),
			}
			if m.Options().(*descriptorpb.MethodOptions).GetIdempotencyLevel() == descriptorpb.MethodOptions_NO_SIDE_EFFECTS {
				opts = append(opts, connect.WithIdempotency(connect.IdempotencyNoSideEffects))
			}
			mux.Handle(procedure, connect.NewUnaryHandler(procedure,
				func(ctx context.Context, req *connect.Request[dynamicpb.Message]) (*connect.Response[dynamicpb.Message], error) {
					if r, ok := ctx.Value(receivedKey{}).(*received); ok {
						r.called, r.err = true, reencodes(codec, req.Msg)
					}
					return connect.NewResponse(dynamicpb.NewMessage(m.Output())), nil
				}, opts...))
		}
		handlers = append(handlers, Handler{Path: "/" + string(s.FullName()) + "/", Handler: mux, Descriptor: s})
	}
	gw, err := New(handlers)
	if err != nil {
		t.Fatal(err)
	}
	bindings, err := bindingsOf(services)
	if err != nil {
		t.Fatal(err)
	}
	if len(bindings) < 60 {
		t.Fatalf("only %d routes", len(bindings))
	}
	return gw, bindings
}

// reencodes reports why msg, as the gateway decoded it, would not survive being written
// again: as protobuf, and as the routes' JSON read back to the same message.
func reencodes(codec *specJSON, msg *dynamicpb.Message) error {
	if _, err := proto.Marshal(msg); err != nil {
		return fmt.Errorf("as protobuf: %w", err)
	}
	data, err := codec.MarshalAppend(nil, msg)
	if err != nil {
		return fmt.Errorf("as JSON: %w", err)
	}
	back := dynamicpb.NewMessage(msg.Descriptor())
	if err := codec.unmarshal(data, back, nil); err != nil {
		return fmt.Errorf("its JSON %s does not read back: %w", data, err)
	}
	if !proto.Equal(back, msg) {
		return fmt.Errorf("its JSON %s reads back as another message", data)
	}
	return nil
}

// FuzzGatewayDecoding sends any body and any path parameter to any /api route, as a signed-in
// browser would (the session cookie lets the body be read), and checks what the gateway makes
// of it: never a panic nor a 5xx; either the API's error (JSON with a code, a message and a
// type) or a request message the procedure receives and that writes back as it came.
//
//	go test -run '^$' -fuzz '^FuzzGatewayDecoding$' -fuzztime 30s ./gateway
func FuzzGatewayDecoding(f *testing.F) {
	gw, bindings := echoGateway(f)
	route := func(verb, path string) uint16 {
		for i, b := range bindings {
			if b.verb == verb && "/"+strings.Join(b.segments, "/") == path {
				return uint16(i) //nolint:gosec // under a hundred routes
			}
		}
		f.Fatalf("no route %s %s", verb, path)
		return 0
	}
	// The bodies and parameters of real calls (the tests' and the web app's), and the
	// mistakes the gateway's tests refuse.
	id := "0b7e3a52-57c4-4d39-9b38-2f0b6a1b6c11"
	for _, seed := range []struct {
		verb, path, param, query, body string
	}{
		{"POST", "/api/contact", "", "", `{"firstName":"Paul","lastName":"Martin","email":"paul@exemple.fr","civility":"male","resources":[{"label":"CV","url":"https://exemple.fr"}]}`},
		{"POST", "/api/contact", "", "", `{"firstName":"Paul","lastName":"Martin","email":5}`},
		{"POST", "/api/contact", "", "", `[{"firstName":"Paul"}]`},
		{"POST", "/api/contact", "", "", "{\"lastName\":\"f\xffte\"}"},
		{"POST", "/api/contact", "", "", `{"lastName":"f\ud800te","comments":"\ud83c\udf89"}`},
		{"PUT", "/api/contact/{id}", id, "", `{"phoneNumber":"+33 1 23 45 67 89","tags":["réseau","salon"]}`},
		{"POST", "/api/task", "", "", `{"subject":"update-jobboards-cvs","priority":"normal","deadline":"2026-11-19T09:30:00Z"}`},
		{"POST", "/api/task", "", "", `{"subject":"update-jobboards-cvs","priority":"normal","deadline":"10000-01-01T00:00:00Z"}`},
		{"POST", "/api/event", "", "", `{"type":"party","subject":"coffee","mediaType":"phone","date":"2026-11-19T09:30:00+01:00"}`},
		{"POST", "/api/dashboard-setting", "", "", `{"newContactLow":1e30,"firstTaskLow":1.5}`},
		{"POST", "/api/activity/add-report", "", "", `[1]`},
		{"PUT", "/api/users/{id}", id, "", `{"taskNotifications":"oui","timeZone":"Europe/Paris"}`},
		{"POST", "/api/auth/login", "", "", `{"email":"alice@exemple.fr","password":"Motdepasse-1"}`},
		{"POST", "/api/users/new-password", "", "", `{"id":"` + id + `","token":"abc","password":"Nouveau-mdp-2026!","acceptTerms":true}`},
		{"GET", "/api/contacts", "", "statuses=new&statuses=engaged&search=dupont&pageSize=20", ""},
		{"GET", "/api/tasks", "", "range.startDate=tomorrow", ""},
		{"GET", "/api/contacts", "", "search=%ff", ""},
		{"GET", "/api/contact/{id}", "%ff", "", ""},
		{"GET", "/api/tags/search/{term}", "réseau/salon", "", ""},
		{"DELETE", "/api/task/{id}", id, "", `{"x":1}`},
		{"POST", "/api/contacts/import", "", "", "First Name,Last Name\r\nJean,Dupont\r\n"},
		{"POST", "/api/agency/{id}/create-candidate", id, "", `{"email":"lea@exemple.fr","firstName":"Léa","isB2C":false}`},
	} {
		f.Add(route(seed.verb, seed.path), seed.param, seed.query, []byte(seed.body))
	}
	f.Fuzz(func(t *testing.T, which uint16, param, query string, body []byte) {
		b := bindings[int(which)%len(bindings)]
		segments := make([]string, len(b.segments))
		for i, s := range b.segments {
			segments[i] = s
			if strings.HasPrefix(s, "{") {
				segments[i] = param
			}
		}
		req := httptest.NewRequest(b.verb, "http://tremplin.test/", bytes.NewReader(body))
		req.URL.Path, req.URL.RawQuery = "/"+strings.Join(segments, "/"), query
		req.RequestURI = req.URL.RequestURI()
		req.Header.Set("Content-Type", "application/json")
		if b.file {
			req.Header.Set("Content-Type", "text/csv")
		}
		req.Header.Set("Cookie", "tremplin_session=fuzz")
		got := &received{}
		req = req.WithContext(context.WithValue(req.Context(), receivedKey{}, got))
		res := httptest.NewRecorder()
		target := req.URL.String() // the router rewrites the request's
		gw.ServeHTTP(res, req)

		switch {
		case res.Code >= 500:
			t.Fatalf("%s %s: %d %s", b.verb, target, res.Code, res.Body)
		case got.err != nil:
			t.Fatalf("%s %s: the procedure received a request that %v", b.verb, target, got.err)
		case res.Code == http.StatusOK && !got.called:
			t.Fatalf("%s %s: 200 without the procedure", b.verb, req.URL)
		case res.Code != http.StatusOK:
			var answer struct {
				Code    *int   `json:"code"`
				Message string `json:"message"`
				Type    string `json:"type"`
			}
			if err := json.Unmarshal(res.Body.Bytes(), &answer); err != nil || answer.Code == nil || answer.Message == "" || answer.Type == "" {
				t.Fatalf("%s %s: %d %q, want the API's error (code, message, type)", b.verb, target, res.Code, res.Body)
			}
		}
	})
}
