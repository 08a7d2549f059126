// Package conditional answers a candidate's reads conditionally. Every read without side
// effects (an RPC marked NO_SIDE_EFFECTS, reached by Connect GET or by a GET route of /api)
// gets an ETag derived from all its answer depends on: the server build, the procedure, the
// request, the viewer, the owner's data version (internal/dataversion moves it with every
// change of their data, in the same transaction) and, for answers that move with the clock,
// the current period. Then:
//
//   - If-None-Match with that ETag answers 304 without running the handler: the session
//     lookup is the only work;
//   - an answer already sent is kept encoded (per URL and content encoding) and sent again from
//     memory while the ETag holds, so an unchanged list is neither read nor encoded twice.
//
// Two pieces share a per-request state: Middleware, around the whole HTTP server, writes the
// 304s and the kept bodies and keeps new ones; Interceptor, in the Connect chain after
// authentication, authorization and validation (nothing is answered to a caller who may not
// ask), computes the ETag and decides.
package conditional

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"net/http"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	optionsv1 "github.com/tremplin/tremplin/gen/tremplin/options/v1"
	"github.com/tremplin/tremplin/internal/authn"
	"github.com/tremplin/tremplin/internal/clock"
	"github.com/tremplin/tremplin/internal/viewer"
)

// Conditional holds the kept answers of one server.
type Conditional struct {
	clock clock.Clock
	kept  *store
	build string
}

// New makes the conditional answering of a server, keeping at most maxBytes of encoded
// answers (each at most maxBytes/8).
func New(c clock.Clock, maxBytes int) *Conditional {
	return &Conditional{clock: c, kept: newStore(maxBytes), build: buildID()}
}

// buildID names the code that encodes the answers: a new build may answer differently for
// the same data, so its ETags differ. A build from a modified tree (or without version
// control information) is named by its start time.
func buildID() string {
	if info, ok := debug.ReadBuildInfo(); ok {
		revision, modified := "", true
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				revision = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
		if revision != "" && !modified {
			return revision
		}
	}
	return strconv.FormatInt(time.Now().UnixNano(), 36)
}

type outcome int

const (
	pass        outcome = iota // the handler answers
	notModified                // 304
	keptAnswer                 // the kept encoded answer
)

// state is what the middleware and the interceptor of one request share.
type state struct {
	ifNoneMatch string
	key         string // the kept answer's key, without the ETag: URL and content encoding
	etag        string
	outcome     outcome
	kept        *answer
	keep        bool // keep the answer the handler writes
}

type stateKey struct{}

// errServed ends the Connect call of a request the middleware answers itself.
var errServed = errors.New("conditional: answered by the middleware")

// IsServed reports whether err only says the answer was a 304 or a kept one (for the call log).
func IsServed(err error) bool { return errors.Is(err, errServed) }

// NotModified reports whether the call answered 304 (else a kept answer), for the call log.
func NotModified(ctx context.Context) bool {
	st, _ := ctx.Value(stateKey{}).(*state)
	return st != nil && st.outcome == notModified
}

// Middleware answers GET requests whose handler the interceptor found unchanged, and keeps
// new answers. Other methods pass untouched.
func (c *Conditional) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet {
			next.ServeHTTP(w, r)
			return
		}
		st := &state{ifNoneMatch: r.Header.Get("If-None-Match"), key: r.URL.RequestURI() + "\x00" + encodingOf(r)}
		rec := &recorder{ResponseWriter: w, st: st}
		next.ServeHTTP(rec, r.WithContext(context.WithValue(r.Context(), stateKey{}, st)))
		switch st.outcome {
		case notModified:
			h := w.Header()
			dropAnswerHeaders(h)
			cacheHeaders(h, st.etag)
			w.WriteHeader(http.StatusNotModified)
		case keptAnswer:
			h := w.Header()
			dropAnswerHeaders(h)
			for k, v := range st.kept.header {
				h[k] = v
			}
			cacheHeaders(h, st.etag)
			h.Set("Content-Length", strconv.Itoa(len(st.kept.body)))
			w.WriteHeader(http.StatusOK)
			_, _ = w.Write(st.kept.body)
		case pass:
			if st.keep && rec.status == http.StatusOK && !rec.overflow {
				c.kept.add(st.etag+"\x00"+st.key, &answer{header: rec.keptHeader, body: rec.body.Bytes()})
			}
		}
	})
}

// encodingOf names the content encoding the answer to r will have: only gzip is offered by
// the server.
func encodingOf(r *http.Request) string {
	for _, v := range r.Header.Values("Accept-Encoding") {
		if strings.Contains(v, "gzip") {
			return "gzip"
		}
	}
	return "identity"
}

// dropAnswerHeaders removes what the swallowed error answer set on the shared headers.
func dropAnswerHeaders(h http.Header) {
	for k := range h {
		if k == "Content-Type" || k == "Content-Length" || k == "Content-Encoding" ||
			strings.HasPrefix(k, "Connect-") || strings.HasPrefix(k, "Grpc-") {
			delete(h, k)
		}
	}
}

// cacheHeaders tell the browser to keep the answer and to ask again each time.
func cacheHeaders(h http.Header, etag string) {
	h.Set("ETag", etag)
	h.Set("Cache-Control", "private, no-cache")
	if !slices.Contains(h.Values("Vary"), "Accept-Encoding") {
		h.Add("Vary", "Accept-Encoding")
	}
}

// Interceptor computes the ETag of a candidate's read and answers from it when it can. It
// belongs after authentication, authorization and validation.
func (c *Conditional) Interceptor() connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			st, _ := ctx.Value(stateKey{}).(*state)
			if st == nil || req.Spec().IdempotencyLevel != connect.IdempotencyNoSideEffects {
				return next(ctx, req)
			}
			etag, ok := c.etag(ctx, req)
			if !ok {
				return next(ctx, req)
			}
			st.etag = etag
			if matches(st.ifNoneMatch, etag) {
				st.outcome = notModified
				return nil, connect.NewError(connect.CodeAborted, errServed)
			}
			if kept := c.kept.get(etag + "\x00" + st.key); kept != nil {
				st.outcome, st.kept = keptAnswer, kept
				return nil, connect.NewError(connect.CodeAborted, errServed)
			}
			st.keep = true
			return next(ctx, req)
		}
	}
}

// etag answers the ETag of a candidate's read, and false for any other caller (their reads
// span several owners' data: no data version stands for them).
func (c *Conditional) etag(ctx context.Context, req connect.AnyRequest) (string, bool) {
	v, u := viewer.FromContext(ctx), authn.UserFrom(ctx)
	msg, isProto := req.Any().(proto.Message)
	if v == nil || v.Role != viewer.RoleCandidate || u == nil || u.ID != v.UserID || !isProto {
		return "", false
	}
	body, err := proto.MarshalOptions{Deterministic: true}.Marshal(msg)
	if err != nil {
		return "", false
	}
	h := sha256.New()
	var n [8]byte
	field := func(b []byte) {
		binary.BigEndian.PutUint64(n[:], uint64(len(b)))
		h.Write(n[:])
		h.Write(b)
	}
	field([]byte(c.build))
	field([]byte(req.Spec().Procedure))
	field(body)
	field(v.UserID[:])
	field([]byte(v.Role))
	field([]byte(strconv.FormatBool(v.Premium)))
	field([]byte(strconv.FormatInt(u.DataVersion, 10)))
	// The profile (time zone…) shapes some answers; it is not part of the data version.
	field([]byte(u.UpdatedAt.UTC().Format(time.RFC3339Nano)))
	if period := periodOf(req.Spec()); period > 0 {
		field([]byte(strconv.FormatInt(c.clock.Now().Unix()/int64(period), 10)))
	}
	return `W/"` + hex.EncodeToString(h.Sum(nil)[:16]) + `"`, true
}

// periodOf reads the (tremplin.options.v1.revalidation) period of the method, in seconds.
func periodOf(spec connect.Spec) uint32 {
	method, ok := spec.Schema.(protoreflect.MethodDescriptor)
	if !ok || method.Options() == nil || !proto.HasExtension(method.Options(), optionsv1.E_Revalidation) {
		return 0
	}
	r, _ := proto.GetExtension(method.Options(), optionsv1.E_Revalidation).(*optionsv1.Revalidation)
	return r.GetPeriodSeconds()
}

// matches reports whether an If-None-Match header names etag (weak comparison, "*" too).
func matches(header, etag string) bool {
	if header == "" {
		return false
	}
	want := strings.TrimPrefix(etag, "W/")
	for tag := range strings.SplitSeq(header, ",") {
		tag = strings.TrimSpace(tag)
		if tag == "*" || strings.TrimPrefix(tag, "W/") == want {
			return true
		}
	}
	return false
}

// recorder passes the handler's answer through, with the cache headers, and copies it to be
// kept; it swallows everything when the middleware answers itself.
type recorder struct {
	http.ResponseWriter
	st         *state
	status     int
	keptHeader http.Header
	body       bytes.Buffer
	overflow   bool
}

func (r *recorder) WriteHeader(code int) {
	if r.status != 0 {
		return
	}
	r.status = code
	if r.st.outcome != pass {
		return
	}
	if code == http.StatusOK && r.st.etag != "" {
		h := r.Header()
		cacheHeaders(h, r.st.etag)
		if r.st.keep {
			r.keptHeader = http.Header{}
			for _, k := range []string{"Content-Type", "Content-Encoding"} {
				if v := h.Values(k); len(v) > 0 {
					r.keptHeader[k] = append([]string(nil), v...)
				}
			}
		}
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.WriteHeader(http.StatusOK)
	}
	if r.st.outcome != pass {
		return len(b), nil
	}
	if r.st.keep && !r.overflow {
		if r.body.Len()+len(b) > maxAnswer {
			r.overflow = true
			r.body = bytes.Buffer{}
		} else {
			r.body.Write(b)
		}
	}
	return r.ResponseWriter.Write(b)
}

// Flush is needed by the gateway (vanguard flushes); a swallowed answer is not flushed.
func (r *recorder) Flush() {
	if r.st.outcome != pass {
		return
	}
	if r.status == 0 {
		r.WriteHeader(http.StatusOK)
	}
	if f, ok := r.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }
