package server_test

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"context"
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"io"
	"maps"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"

	"connectrpc.com/connect"
	"connectrpc.com/grpcreflect"
	"google.golang.org/protobuf/types/known/emptypb"
	"google.golang.org/protobuf/types/known/wrapperspb"

	authv1 "github.com/tremplin/tremplin/gen/tremplin/auth/v1"
	"github.com/tremplin/tremplin/gen/tremplin/auth/v1/authv1connect"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/gen/tremplin/network/v1/networkv1connect"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/testkit"
	"github.com/tremplin/tremplin/internal/testserver"
)

// Gzip bombs: a few MB on the wire inflating to gigabytes of zeros. The (6 GiB in
// about 6 MB, just under the 6 MiB cap of a signed-in call, so that it reaches the
// decompressor) and a small one (6 MiB in about 6 KB, under the 8 KiB cap of a public
// procedure), each built once per test binary.
const (
	bigBombInflated   = 6 << 30
	smallBombInflated = 6 << 20
)

var bombs sync.Map // inflated size → *bombOnce

type bombOnce struct {
	once sync.Once
	data []byte
}

// bomb answers a gzip stream of n zeros (n a multiple of 1 MiB). Compressing gigabytes
// takes seconds, so only the first chunks are compressed: after them the compressor's window
// is all zeros and each further chunk, flushed, comes out as the same bytes, which are
// repeated. The trailer carries the true CRC and size: the stream is valid to its end.
func bomb(t testing.TB, n int64) []byte {
	t.Helper()
	v, _ := bombs.LoadOrStore(n, new(bombOnce))
	b := v.(*bombOnce)
	b.once.Do(func() { b.data = buildBomb(n) })
	if b.data == nil {
		t.Fatalf("no steady state compressing zeros: cannot build a %d-byte bomb", n)
	}
	return b.data
}

func buildBomb(n int64) []byte {
	// Large chunks: each flush costs 5 bytes, and the 6 GiB bomb must stay under 6 MiB.
	chunk := int64(8 << 20)
	for n%chunk != 0 {
		chunk /= 2
	}
	zeros := make([]byte, chunk)
	chunks := n / chunk
	var flat bytes.Buffer
	fw, _ := flate.NewWriter(&flat, flate.BestCompression) // a valid level never fails
	var pieces [][]byte
	for range min(chunks, 4) {
		start := flat.Len()
		_, _ = fw.Write(zeros)
		_ = fw.Flush()
		pieces = append(pieces, bytes.Clone(flat.Bytes()[start:]))
	}
	if chunks > 4 && !bytes.Equal(pieces[2], pieces[3]) {
		return nil
	}
	var out bytes.Buffer
	out.Write([]byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff}) // gzip header, deflate, no name
	for _, p := range pieces {
		out.Write(p)
	}
	for range chunks - int64(len(pieces)) {
		out.Write(pieces[len(pieces)-1])
	}
	out.Write([]byte{1, 0, 0, 0xff, 0xff}) // the final block: stored, empty
	var crc uint32
	for range chunks {
		crc = crc32.Update(crc, crc32.IEEETable, zeros)
	}
	out.Write(binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(nil, crc), uint32(n)))
	return out.Bytes()
}

// envelope frames a compressed message as the streaming protocols do (gRPC, gRPC-Web,
// Connect streaming): a flags byte (1: compressed) and the length.
func envelope(compressed []byte) []byte {
	out := make([]byte, 5, 5+len(compressed))
	out[0] = 1
	binary.BigEndian.PutUint32(out[1:], uint32(len(compressed)))
	return append(out, compressed...)
}

// wire is one of the protocols the server speaks, as a client writes a call with a gzipped
// message and reads the outcome.
type wire struct {
	name string
	// h2 says the call needs HTTP/2 (gRPC; Connect's bidirectional streams).
	h2   bool
	body func(compressed []byte) []byte
	head map[string]string
}

var (
	connectUnary = wire{name: "connect", body: func(b []byte) []byte { return b }, head: map[string]string{
		"Content-Type": "application/proto", "Content-Encoding": "gzip", "Connect-Protocol-Version": "1"}}
	connectUnaryJSON = wire{name: "connect-json", body: func(b []byte) []byte { return b }, head: map[string]string{
		"Content-Type": "application/json", "Content-Encoding": "gzip", "Connect-Protocol-Version": "1"}}
	connectStreaming = wire{name: "connect-streaming", body: envelope, head: map[string]string{
		"Content-Type": "application/connect+proto", "Connect-Content-Encoding": "gzip", "Connect-Protocol-Version": "1"}}
	grpcWire = wire{name: "grpc", h2: true, body: envelope, head: map[string]string{
		"Content-Type": "application/grpc", "Grpc-Encoding": "gzip", "Te": "trailers"}}
	grpcWeb = wire{name: "grpc-web", body: envelope, head: map[string]string{
		"Content-Type": "application/grpc-web+proto", "Grpc-Encoding": "gzip", "X-Grpc-Web": "1"}}
)

// outcome is how a call ended, whatever the protocol: its code as Connect names it
// ("unauthenticated", "resource_exhausted", "ok") and message, and the HTTP status.
type outcome struct {
	status  int
	code    string
	message string
}

// send posts a message to procedure over w — body is w.body(the compressed message), framed
// apart since framing a bomb copies it — as cookies' caller (none: anonymous).
func (w wire) send(t testing.TB, srv *testserver.Start, procedure string, body []byte, cookies []*http.Cookie) outcome {
	t.Helper()
	return w.sendReader(t, srv, procedure, bytes.NewReader(body), cookies)
}

func decodeOutcome(res *http.Response, data []byte) outcome {
	out := outcome{status: res.StatusCode}
	contentType := res.Header.Get("Content-Type")
	switch {
	case strings.HasPrefix(contentType, "application/grpc"): // gRPC and gRPC-Web
		trailers := res.Header.Clone()
		for k, v := range res.Trailer {
			trailers[k] = v
		}
		// gRPC-Web may send its trailers as the body's last frame (flag 0x80).
		for len(data) >= 5 {
			size := int(binary.BigEndian.Uint32(data[1:5]))
			if len(data) < 5+size {
				break
			}
			if data[0]&0x80 != 0 {
				for _, line := range strings.Split(string(data[5:5+size]), "\r\n") {
					if k, v, ok := strings.Cut(line, ":"); ok {
						trailers.Set(strings.TrimSpace(k), strings.TrimSpace(v))
					}
				}
			}
			data = data[5+size:]
		}
		code, _ := strconv.Atoi(trailers.Get("Grpc-Status"))
		out.code = connectCodeName(connect.Code(code))
		out.message, _ = url.PathUnescape(trailers.Get("Grpc-Message"))
	case strings.HasPrefix(contentType, "application/connect+"): // Connect streaming
		for len(data) >= 5 {
			size := int(binary.BigEndian.Uint32(data[1:5]))
			if len(data) < 5+size {
				break
			}
			if data[0]&0x02 != 0 { // the end of the stream, with its error
				payload := data[5 : 5+size]
				if data[0]&0x01 != 0 { // compressed, as the call was
					if zr, err := gzip.NewReader(bytes.NewReader(payload)); err == nil {
						payload, _ = io.ReadAll(zr)
					}
				}
				var end struct {
					Error struct{ Code, Message string } `json:"error"`
				}
				_ = json.Unmarshal(payload, &end)
				out.code, out.message = end.Error.Code, end.Error.Message
				if out.code == "" {
					out.code = "ok"
				}
			}
			data = data[5+size:]
		}
	default: // Connect unary, and the /api routes
		var body struct {
			Code    any    `json:"code"`
			Message string `json:"message"`
			Type    string `json:"type"`
		}
		_ = json.Unmarshal(data, &body)
		switch code := body.Code.(type) {
		case string:
			out.code = code
		case float64: // /api: google.rpc.Status's number
			out.code = connectCodeName(connect.Code(code))
		}
		if res.StatusCode == http.StatusOK {
			out.code = "ok"
		}
		out.message = body.Message
	}
	return out
}

func connectCodeName(c connect.Code) string {
	if c == 0 {
		return "ok"
	}
	return c.String()
}

// apiCall posts a gzipped JSON body to an /api route.
func apiCall(t testing.TB, srv *testserver.Start, path string, compressed []byte, cookies []*http.Cookie) outcome {
	t.Helper()
	return apiCallEncoded(t, srv, path, "gzip", compressed, cookies)
}

// sessionCookies are the cookies of a signed-in caller, to set on hand-made calls (a gRPC
// client sends them as metadata like any other header).
func sessionCookies(t testing.TB, srv *testserver.Start, s *testserver.Session) []*http.Cookie {
	t.Helper()
	u, err := url.Parse(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	cookies := s.HTTP.Jar.Cookies(u)
	if len(cookies) == 0 {
		t.Fatal("the signed-in caller has no session cookie")
	}
	return cookies
}

// refusalBound is what refusing a bomb unread may allocate. The counter is the process's, and
// the test's own client shares it: while a made-up session is looked up, the client keeps
// framing the body until the refusal arrives (2.6 MiB seen on a loaded machine). Reading the
// 6 MB bomb alone (5.7 MiB) would still exceed it.
const refusalBound = 4 << 20

const (
	createContact = networkv1connect.NetworkServiceCreateContactProcedure // needs a candidate
	login         = authv1connect.AuthServiceLoginProcedure               // public
	healthCheck   = "/grpc.health.v1.Health/Check"
	healthWatch   = "/grpc.health.v1.Health/Watch"
	reflectionV1  = "/grpc.reflection.v1.ServerReflection/ServerReflectionInfo"
)

// An anonymous bomb (6 MB inflating to 6 GiB, no cookie, no bearer, or made-up ones) to an RPC
// that needs a caller is refused as unauthenticated on every protocol before its body is read:
// the server allocates next to nothing (a read of the 6 MB alone would be more than the bound).
func TestAnonymousBombsAreRefusedUnread(t *testing.T) {
	var log lockedBuffer
	srv := testserver.New(t, testdb.SQLite, testserver.Options{Log: &log})
	big := bomb(t, bigBombInflated)
	for _, w := range []wire{connectUnary, connectUnaryJSON, grpcWire, grpcWeb} {
		var got outcome
		body := w.body(big)
		used := testkit.Allocated(func() { got = w.send(t, srv, createContact, body, nil) })
		if got.code != "unauthenticated" || got.message != "Vous devez être connecté" {
			t.Errorf("%s: %+v, want unauthenticated « Vous devez être connecté »", w.name, got)
		}
		t.Logf("%s: %d KiB allocated", w.name, used>>10)
		if w.name == connectUnary.name && got.status != http.StatusUnauthorized {
			t.Errorf("%s: HTTP %d, want 401", w.name, got.status)
		}
		if used > refusalBound {
			t.Errorf("%s: the server allocated %.1f MiB refusing an anonymous %.1f MB bomb", w.name, float64(used)/(1<<20), float64(len(big))/1e6)
		}
	}
	// Made-up credentials do not buy the signed-in cap: a compressed call is authenticated
	// before it is inflated.
	for _, w := range []wire{connectUnary, grpcWire, grpcWeb} {
		for name, header := range map[string]string{"Cookie": "tremplin_session=invente", "Authorization": "Bearer tpk_invente"} {
			body := w.body(big)
			w := w
			w.head = maps.Clone(w.head)
			w.head[name] = header
			var got outcome
			used := testkit.Allocated(func() { got = w.send(t, srv, createContact, body, nil) })
			t.Logf("%s, made-up %s: %d KiB allocated", w.name, name, used>>10)
			if got.code != "unauthenticated" || got.message != "Vous devez être connecté" {
				t.Errorf("%s, made-up %s: %+v, want unauthenticated « Vous devez être connecté »", w.name, name, got)
			}
			if used > refusalBound {
				t.Errorf("%s, made-up %s: the server allocated %.1f MiB refusing the bomb", w.name, name, float64(used)/(1<<20))
			}
		}
	}

	// Each refusal is logged as the interceptors log theirs.
	lines := log.callLines(t, createContact)
	if len(lines) < 10 {
		t.Errorf("%d log lines for the refused calls, want 10: %v", len(lines), lines)
	}
	for _, l := range lines {
		if l["code"] != "unauthenticated" || l["reason"] != "UNAUTHENTICATED" || l["protocol"] == nil {
			t.Errorf("refused call logged as %v", l)
		}
	}

	// The JSON route: 401 with the same answer as any anonymous call, nothing inflated.
	var got outcome
	used := testkit.Allocated(func() { got = apiCall(t, srv, "/api/contact", big, nil) })
	if got.status != http.StatusUnauthorized || got.code != "unauthenticated" || got.message != "Vous devez être connecté" {
		t.Errorf("/api/contact: %+v, want 401 unauthenticated", got)
	}
	t.Logf("/api/contact: %d KiB allocated", used>>10)
	// Tighter than the rest: the body left on the wire must not be parsed as a next request
	// either (net/http quoting 64 KB of it in an error: 1.5 MB).
	if used > 1<<20 {
		t.Errorf("/api/contact: the server allocated %.1f MiB refusing an anonymous bomb", float64(used)/(1<<20))
	}
}

// A signed-in caller's bomb is inflated only up to the cap (6 MiB) and refused as too large
// with the French message, on every protocol; the whole 6 GiB is never inflated — connect-go
// alone inflates the rest to report its size (« message size 6442450944 is larger… »).
func TestSignedInBombsAreRefusedAtTheCap(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	alice := sessionCookies(t, srv, srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr"))
	big := bomb(t, bigBombInflated)
	const tooLarge = "Le corps de la requête dépasse la taille autorisée (6 Mo)"
	for _, w := range []wire{connectUnary, connectUnaryJSON, grpcWire, grpcWeb} {
		var got outcome
		body := w.body(big)
		used := testkit.Allocated(func() { got = w.send(t, srv, createContact, body, alice) })
		if got.code != "resource_exhausted" || got.message != tooLarge {
			t.Errorf("%s: %+v, want resource_exhausted « %s »", w.name, got, tooLarge)
		}
		t.Logf("%s: %d KiB allocated", w.name, used>>10)
		// The compressed body and the inflated cap, each in a buffer grown by doubling:
		// about 32 MiB, 64 under the race detector (its sync.Pool drops what it is given).
		// Inflating the bomb whole would take 6 GiB.
		if used > 128<<20 {
			t.Errorf("%s: the server allocated %d MiB for a body capped at 6 MiB", w.name, used>>20)
		}
	}
	var got outcome
	used := testkit.Allocated(func() { got = apiCall(t, srv, "/api/contact", big, alice) })
	if got.status != http.StatusRequestEntityTooLarge || got.message != tooLarge {
		t.Errorf("/api/contact: %+v, want 413 « %s »", got, tooLarge)
	}
	if used > 128<<20 {
		t.Errorf("/api/contact: the server allocated %d MiB for a body capped at 6 MiB", used>>20)
	}
}

// Public procedures — sign-in, health, reflection — take small bodies: a bomb of 6 KB
// inflating to 6 MiB is refused once 8 KiB have come out, on every protocol. Health and
// reflection had no cap at all: they inflated any bomb whole into memory.
func TestPublicBombsAreRefusedAtTheSmallCap(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	small := bomb(t, smallBombInflated)
	const tooLarge = "Le corps de la requête dépasse la taille autorisée (8 Ko)"
	for _, tt := range []struct {
		w         wire
		procedure string
	}{
		{connectUnary, login}, {connectUnaryJSON, login}, {grpcWire, login}, {grpcWeb, login},
		{connectUnary, healthCheck}, {grpcWire, healthCheck}, {grpcWeb, healthCheck},
		{connectStreaming, healthWatch}, {grpcWire, healthWatch},
		{wire{name: "connect-streaming (h2)", h2: true, body: envelope, head: connectStreaming.head}, reflectionV1},
		{grpcWire, reflectionV1},
	} {
		var got outcome
		body := tt.w.body(small)
		used := testkit.Allocated(func() { got = tt.w.send(t, srv, tt.procedure, body, nil) })
		if got.code != "resource_exhausted" || got.message != tooLarge {
			t.Errorf("%s %s: %+v, want resource_exhausted « %s »", tt.w.name, tt.procedure, got, tooLarge)
		}
		t.Logf("%s %s: %d KiB allocated", tt.w.name, tt.procedure, used>>10)
		if used > 4<<20 {
			t.Errorf("%s %s: the server allocated %.1f MiB for a body capped at 8 KiB", tt.w.name, tt.procedure, float64(used)/(1<<20))
		}
	}
	if got := apiCall(t, srv, "/api/auth/login", small, nil); got.status != http.StatusRequestEntityTooLarge || got.message != tooLarge {
		t.Errorf("/api/auth/login: %+v, want 413 « %s »", got, tooLarge)
	}
}

// encodings records the request compression of every call a client sends, so a test knows
// its calls really were compressed.
type encodings struct {
	mu   sync.Mutex
	seen []string
	next http.RoundTripper
}

func (e *encodings) RoundTrip(r *http.Request) (*http.Response, error) {
	e.mu.Lock()
	e.seen = append(e.seen, r.Header.Get("Content-Encoding")+r.Header.Get("Grpc-Encoding")+r.Header.Get("Connect-Content-Encoding"))
	e.mu.Unlock()
	return e.next.RoundTrip(r)
}

func (e *encodings) allGzip() bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, s := range e.seen {
		if s != "gzip" {
			return false
		}
	}
	return len(e.seen) > 0
}

// A normal gzipped call still works on every protocol: sign-in (public), a contact created by
// the signed-in caller, health and reflection, and the JSON routes.
func TestCompressedCallsStillWork(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
	cookies := sessionCookies(t, srv, alice)
	withCookies := connect.WithInterceptors(connect.UnaryInterceptorFunc(func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			for _, c := range cookies {
				req.Header().Add("Cookie", c.String())
			}
			return next(ctx, req)
		}
	}))
	ctx := context.Background()
	for _, p := range []struct {
		name string
		opts []connect.ClientOption
		h2   bool
	}{
		{"connect", nil, false},
		{"connect-json", []connect.ClientOption{connect.WithProtoJSON()}, false},
		{"grpc", []connect.ClientOption{connect.WithGRPC()}, true},
		{"grpc-web", []connect.ClientOption{connect.WithGRPCWeb()}, false},
	} {
		rec := &encodings{next: http.DefaultTransport}
		if p.h2 {
			rec.next = testserver.H2CClient().Transport
		}
		hc := &http.Client{Transport: rec}
		opts := append([]connect.ClientOption{connect.WithSendGzip()}, p.opts...)
		res, err := authv1connect.NewAuthServiceClient(hc, srv.URL, opts...).
			Login(ctx, &authv1.LoginRequest{Email: "alice@exemple.fr", Password: testserver.Password})
		if err != nil || res.GetUser().GetEmail() != "alice@exemple.fr" {
			t.Errorf("%s: gzipped sign-in: %v %v", p.name, res, err)
		}
		created, err := networkv1connect.NewNetworkServiceClient(hc, srv.URL, append(opts, withCookies)...).
			CreateContact(ctx, &networkv1.CreateContactRequest{Contact: &networkv1.ContactDraft{
				FirstName: "Jean", LastName: "Compressé " + strings.Repeat("x", 2), Comments: strings.Repeat("Rencontré au salon. ", 200),
			}})
		if err != nil || created.GetContact().GetFirstName() != "Jean" {
			t.Errorf("%s: gzipped 4 KB contact: %v", p.name, err)
		}
		if !rec.allGzip() {
			t.Errorf("%s: calls sent with encodings %q, want gzip", p.name, rec.seen)
		}
	}

	// Health and reflection, gzipped, over gRPC (and Connect streaming for reflection).
	rec := &encodings{next: testserver.H2CClient().Transport}
	hc := &http.Client{Transport: rec}
	// grpc.health.v1's messages are internal to grpchealth: an empty request is an empty
	// message, and the answer's status (field 1, a varint) reads as an Int32Value.
	health := connect.NewClient[emptypb.Empty, wrapperspb.Int32Value](hc, srv.URL+healthCheck, connect.WithGRPC(), connect.WithSendGzip())
	if res, err := health.CallUnary(ctx, connect.NewRequest(&emptypb.Empty{})); err != nil || res.Msg.GetValue() != 1 { // SERVING
		t.Errorf("gzipped health check: %v %v", res, err)
	}
	for name, opts := range map[string][]connect.ClientOption{
		"grpc":              {connect.WithGRPC(), connect.WithSendGzip()},
		"connect-streaming": {connect.WithSendGzip()},
	} {
		stream := grpcreflect.NewClient(hc, srv.URL, opts...).NewStream(ctx)
		names, err := stream.ListServices()
		_, _ = stream.Close()
		if err != nil || len(names) < 6 {
			t.Errorf("%s: gzipped reflection: %v %v", name, names, err)
		}
	}
	if !rec.allGzip() {
		t.Errorf("health and reflection calls sent with encodings %q, want gzip", rec.seen)
	}

	// The JSON routes, gzipped: signed in, and sign-in.
	contact := testkit.Gzip(t, `{"firstName":"Lucie","lastName":"Gzip"}`)
	if got := apiCall(t, srv, "/api/contact", contact, cookies); got.code != "ok" {
		t.Errorf("gzipped POST /api/contact: %+v", got)
	}
	if got := apiCall(t, srv, "/api/auth/login", testkit.Gzip(t, `{"email":"alice@exemple.fr","password":"`+testserver.Password+`"}`), nil); got.code != "ok" {
		t.Errorf("gzipped POST /api/auth/login: %+v", got)
	}
}

// Refused before their body is read, anonymous calls still get the refusal every client
// knows, reason included, on every protocol — the Connect GET of a read too.
func TestAnonymousRefusalsKeepTheirShape(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	ctx := context.Background()
	for name, opts := range map[string][]connect.ClientOption{
		"connect":      nil,
		"connect-json": {connect.WithProtoJSON()},
		"connect-get":  {connect.WithHTTPGet()},
		"grpc":         {connect.WithGRPC()},
		"grpc-web":     {connect.WithGRPCWeb()},
	} {
		client := networkv1connect.NewNetworkServiceClient(testserver.H2CClient(), srv.URL, append(opts, connect.WithSendGzip())...)
		_, err := client.ListContacts(ctx, &networkv1.ListContactsRequest{})
		testserver.WantRefusal(t, name+" ListContacts", err, connect.CodeUnauthenticated, "UNAUTHENTICATED")
		_, err = client.CreateContact(ctx, &networkv1.CreateContactRequest{Contact: &networkv1.ContactDraft{FirstName: "Jean", LastName: "Anonyme"}})
		testserver.WantRefusal(t, name+" CreateContact", err, connect.CodeUnauthenticated, "UNAUTHENTICATED")
	}
}
