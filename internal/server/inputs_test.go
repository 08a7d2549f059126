package server_test

import (
	"encoding/binary"
	"net/http"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"buf.build/gen/go/bufbuild/protovalidate/protocolbuffers/go/buf/validate"
	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/api/annotations"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/dynamicpb"

	"github.com/tremplin/tremplin/internal/bodylimit"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/testserver"
	"github.com/tremplin/tremplin/internal/viewer"
)

// What a request's fields may hold, checked on every RPC through the whole server: texts over
// their length, text that is not UTF-8, JSON that is not JSON or not of the field's type.

// callers are a signed-in caller of each role (the candidate has premium, so a premium field
// is not what refuses the call), and an anonymous one for the public procedures.
type callers struct {
	srv  *testserver.Start
	role map[viewer.Role]*testserver.Session
	anon *http.Client
}

func newCallers(t *testing.T, srv *testserver.Start) *callers {
	t.Helper()
	return &callers{srv: srv, anon: testserver.HTTPClient(t), role: map[viewer.Role]*testserver.Session{
		viewer.RoleCandidate:   srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr"),
		viewer.RoleAgencyAdmin: srv.SignInAs(t, testserver.AgencyAdmin, "agence@exemple.fr"),
		viewer.RoleAdmin:       srv.SignInAs(t, testserver.Admin, "admin@exemple.fr"),
	}}
}

// of answers a client that may call m, and the body cap of m.
func (c *callers) of(t *testing.T, m protoreflect.MethodDescriptor) (*http.Client, int) {
	t.Helper()
	policy := c.srv.Server.Policies[procedure(m)]
	if policy.Public {
		return c.anon, bodylimit.AnonymousMaxBodyBytes
	}
	for _, role := range []viewer.Role{viewer.RoleCandidate, viewer.RoleAgencyAdmin, viewer.RoleAdmin} {
		if policy.Allows(role) {
			return c.role[role].HTTP, bodylimit.MaxBodyBytes
		}
	}
	t.Fatalf("%s: no role may call it", procedure(m))
	return nil, 0
}

// dynamicClient calls m with dynamic messages over the protocol opts choose (Connect with
// protobuf by default).
func dynamicClient(hc *http.Client, srv *testserver.Start, m protoreflect.MethodDescriptor, opts ...connect.ClientOption) *connect.Client[dynamicpb.Message, dynamicpb.Message] {
	return connect.NewClient[dynamicpb.Message, dynamicpb.Message](hc, srv.URL+procedure(m), append([]connect.ClientOption{
		connect.WithSchema(m),
		connect.WithResponseInitializer(func(_ connect.Spec, msg any) error {
			*msg.(*dynamicpb.Message) = *dynamicpb.NewMessage(m.Output())
			return nil
		}),
	}, opts...)...)
}

// textField is a string field of a request, wherever it sits: the fields on the way to it
// (messages, or lists of them: one item each), and its rules.
type textField struct {
	way    []protoreflect.FieldDescriptor
	maxLen int // 0: none
}

// path names the field as a violation does: list items without their index, and a list
// wrapped to tell « left out » from « empty » (its message holds only its items) as JSON
// shows it, without the wrapper's "items".
func (f textField) path() string {
	names := make([]string, 0, len(f.way))
	for _, fd := range f.way {
		if fd.Name() == "items" && fd.IsList() && fd.ContainingMessage().Fields().Len() == 1 {
			continue
		}
		names = append(names, string(fd.Name()))
	}
	return strings.Join(names, ".")
}

// textFields answers every string field of md and of its messages (maps and well-known types
// aside), each message type entered once per way.
func textFields(md protoreflect.MessageDescriptor, way []protoreflect.FieldDescriptor, seen map[protoreflect.FullName]bool) []textField {
	var out []textField
	fields := md.Fields()
	for i := range fields.Len() {
		f := fields.Get(i)
		here := append(slices.Clip(way), f)
		switch {
		case f.IsMap():
		case f.Kind() == protoreflect.StringKind:
			out = append(out, textField{way: here, maxLen: maxLenOf(f)})
		case f.Message() != nil && !strings.HasPrefix(string(f.Message().FullName()), "google.") && !seen[f.Message().FullName()]:
			seen[f.Message().FullName()] = true
			out = append(out, textFields(f.Message(), here, seen)...)
			delete(seen, f.Message().FullName())
		}
	}
	return out
}

// maxLenOf is the max_len protovalidate holds f (or each of its items) to, 0 for none.
func maxLenOf(f protoreflect.FieldDescriptor) int {
	rules, _ := proto.GetExtension(f.Options(), validate.E_Field).(*validate.FieldRules)
	if items := rules.GetRepeated().GetItems(); items != nil {
		rules = items
	}
	if s := rules.GetString(); s != nil && s.HasMaxLen() {
		return int(s.GetMaxLen())
	}
	return 0
}

// setText answers a request of md whose field f holds text (each message on the way set, a
// list holding one item).
func setText(md protoreflect.MessageDescriptor, f textField, text string) *dynamicpb.Message {
	root := dynamicpb.NewMessage(md)
	m := protoreflect.Message(root)
	for i, fd := range f.way {
		if i == len(f.way)-1 {
			if fd.IsList() {
				m.Mutable(fd).List().Append(protoreflect.ValueOfString(text))
			} else {
				m.Set(fd, protoreflect.ValueOfString(text))
			}
			break
		}
		if fd.IsList() {
			item := m.Mutable(fd).List().AppendMutable()
			m = item.Message()
		} else {
			m = m.Mutable(fd).Message()
		}
	}
	return root
}

// A text one character over its limit is refused on every RPC, for every field that has one —
// InvalidArgument naming the field with its rule — and a text at its limit is not refused for
// its length, characters being counted (an « é » is one, not two bytes).
func TestOverLongTextsAreRefusedOnEveryRPC(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	who := newCallers(t, srv)
	checked := 0
	for _, m := range tremplinMethods(t) {
		for _, f := range textFields(m.Input(), nil, map[protoreflect.FullName]bool{m.Input().FullName(): true}) {
			if f.maxLen == 0 {
				continue
			}
			hc, limit := who.of(t, m)
			char := "é"
			if 2*(f.maxLen+1) > limit-512 { // a public procedure's small body: one byte a character
				char = "a"
			}
			client := dynamicClient(hc, srv, m)
			what := procedure(m) + " " + f.path()

			_, err := client.CallUnary(t.Context(), connect.NewRequest(setText(m.Input(), f, strings.Repeat(char, f.maxLen+1))))
			testserver.WantFieldViolation(t, what+" one character over", err, f.path(), "")
			if vs := testserver.Violations(err); !slices.ContainsFunc(vs, func(v testserver.Violation) bool {
				return v.Field == f.path() && v.Rule == "string.max_len"
			}) {
				t.Errorf("%s one character over: violations %v, want string.max_len on %s", what, vs, f.path())
			}

			_, err = client.CallUnary(t.Context(), connect.NewRequest(setText(m.Input(), f, strings.Repeat(char, f.maxLen))))
			if code := connect.CodeOf(err); err != nil && (code == connect.CodeInternal || code == connect.CodeUnknown || code == connect.CodeResourceExhausted) {
				t.Errorf("%s at its limit: %v", what, err)
			}
			for _, v := range testserver.Violations(err) {
				if v.Field == f.path() && v.Rule == "string.max_len" {
					t.Errorf("%s: %d × %q refused as too long", what, f.maxLen, char)
				}
			}
			checked++
		}
	}
	if checked < 50 {
		t.Errorf("only %d texts with a limit checked", checked)
	}
	t.Logf("%d texts with a limit checked", checked)
}

// invalidText answers the protobuf encoding of a request of md whose text field f holds bytes
// that are not UTF-8 — which no protobuf library writes, so it is written by hand.
func invalidText(f textField) []byte {
	last := f.way[len(f.way)-1]
	data := protowire.AppendBytes(protowire.AppendTag(nil, last.Number(), protowire.BytesType), []byte("f\xffte"))
	for i := len(f.way) - 2; i >= 0; i-- {
		data = protowire.AppendBytes(protowire.AppendTag(nil, f.way[i].Number(), protowire.BytesType), data)
	}
	return data
}

// plainEnvelope frames an uncompressed message as gRPC and gRPC-Web do.
func plainEnvelope(msg []byte) []byte {
	out := make([]byte, 5, 5+len(msg))
	binary.BigEndian.PutUint32(out[1:], uint32(len(msg))) //nolint:gosec // a small message
	return append(out, msg...)
}

var (
	plainConnect = wire{name: "connect", body: func(b []byte) []byte { return b }, head: map[string]string{
		"Content-Type": "application/proto", "Connect-Protocol-Version": "1"}}
	plainGRPC = wire{name: "grpc", h2: true, body: plainEnvelope, head: map[string]string{
		"Content-Type": "application/grpc", "Te": "trailers"}}
	plainGRPCWeb = wire{name: "grpc-web", body: plainEnvelope, head: map[string]string{
		"Content-Type": "application/grpc-web+proto", "X-Grpc-Web": "1"}}
)

// A text that is not UTF-8 in a protobuf request — Connect's binary form, gRPC, gRPC-Web — is
// refused as invalid input on every RPC, before any handler; never an internal error.
func TestTextsThatAreNotUTF8AreRefusedOnEveryRPC(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	who := newCallers(t, srv)
	checked := 0
	for _, m := range tremplinMethods(t) {
		fields := textFields(m.Input(), nil, map[protoreflect.FullName]bool{m.Input().FullName(): true})
		if len(fields) == 0 {
			continue
		}
		hc, _ := who.of(t, m)
		var cookies []*http.Cookie
		if hc != who.anon {
			cookies = sessionCookies(t, srv, sessionOf(who, hc))
		}
		body := invalidText(fields[0])
		if utf8.Valid(body) {
			t.Fatal("the text is UTF-8")
		}
		for _, w := range []wire{plainConnect, plainGRPC, plainGRPCWeb} {
			got := w.send(t, srv, procedure(m), w.body(body), cookies)
			if got.code != "invalid_argument" {
				t.Errorf("%s %s with %s not UTF-8: %+v, want invalid_argument", w.name, procedure(m), fields[0].path(), got)
			}
		}
		checked++
	}
	if checked < 40 {
		t.Errorf("only %d RPCs checked", checked)
	}
}

// sessionOf answers the session whose client is hc.
func sessionOf(c *callers, hc *http.Client) *testserver.Session {
	for _, s := range c.role {
		if s.HTTP == hc {
			return s
		}
	}
	return nil
}

// bodyRoute is an /api route that takes a JSON body, and the RPC behind it.
type bodyRoute struct {
	method, path string
	rpc          protoreflect.MethodDescriptor
	// body is the message the JSON body is: the request, or its field the route names.
	body protoreflect.MessageDescriptor
}

// bodyRoutes answers every /api route whose body is JSON, from the annotations.
func bodyRoutes(t *testing.T) []bodyRoute {
	t.Helper()
	var out []bodyRoute
	for _, m := range tremplinMethods(t) {
		rule, _ := proto.GetExtension(m.Options(), annotations.E_Http).(*annotations.HttpRule)
		for _, r := range append([]*annotations.HttpRule{rule}, rule.GetAdditionalBindings()...) {
			if r.GetBody() == "" {
				continue
			}
			body := m.Input()
			if field := m.Input().Fields().ByName(protoreflect.Name(r.GetBody())); field != nil && field.Message() != nil {
				if field.Message().FullName() == "google.api.HttpBody" {
					continue // a file
				}
				body = field.Message()
			}
			method, path := http.MethodPost, r.GetPost()
			switch {
			case r.GetPut() != "":
				method, path = http.MethodPut, r.GetPut()
			case r.GetPatch() != "":
				method, path = http.MethodPatch, r.GetPatch()
			}
			if path == "" {
				t.Fatalf("%s: a body on a %v route", procedure(m), r)
			}
			out = append(out, bodyRoute{method, pathVar.ReplaceAllLiteralString(path, "0b7e3a52-57c4-4d39-9b38-2f0b6a1b6c11"), m, body})
		}
	}
	if len(out) < 30 {
		t.Fatalf("only %d JSON routes", len(out))
	}
	return out
}

// A body that is not JSON, JSON that is not an object, a value of the wrong type for the
// route's first text, or text that is not UTF-8 is refused 400 on every JSON route, with a
// reason (type) and a French message; never a 5xx.
func TestJSONRoutesRefuseBodiesThatAreNotTheirJSON(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	who := newCallers(t, srv)
	for _, r := range bodyRoutes(t) {
		hc, _ := who.of(t, r.rpc)
		bodies := map[string]string{
			"not JSON":      `{"`,
			"not an object": `42`,
			"not UTF-8":     "{\"x\":\"f\xffte\"}",
		}
		if fields := textFields(r.body, nil, map[protoreflect.FullName]bool{}); len(fields) > 0 && len(fields[0].way) == 1 {
			bodies["a number for a text"] = `{"` + fields[0].way[0].JSONName() + `":5}`
		}
		for name, body := range bodies {
			req, _ := http.NewRequest(r.method, srv.URL+r.path, strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			status, answer := testserver.Do(t, hc, req)
			message, _ := answer["message"].(string)
			if status != http.StatusBadRequest || answer["type"] == nil || message == "" || strings.Contains(message, "proto:") {
				t.Errorf("%s %s, %s: %d %v, want 400 with a type and a French message", r.method, r.path, name, status, answer)
			}
		}
	}
}
