// Package conditional answers a candidate's reads of their own data conditionally. A read
// without side effects (an RPC marked NO_SIDE_EFFECTS, reached by Connect GET or by a GET route
// of /api) whose answer is made of the signed-in candidate's own data alone declares it
// (`(tremplin.options.v1.revalidation).own_data`). It then gets an ETag derived from all its
// answer depends on: the server build, the procedure, the request, the candidate, their data
// version (internal/dataversion moves it with every change of their rows, in the same
// transaction), their account (its last change: profile, time zone, subscription), their
// access (status and premium, which a licence or the clock changes), their licence, the day in
// their time zone and, for answers that move within the day, the current period. Then:
//
//   - If-None-Match with that ETag answers 304 without running the handler: the session
//     lookup is the only work;
//   - an answer already sent is kept encoded (per URL and content encoding) and sent again from
//     memory while the ETag holds, so an unchanged list is neither read nor encoded twice.
//
// Every other read — a public secret link, a staff member's view of candidates, a profile that
// names the agency — depends on data the caller does not own, which cannot be known before the
// handler runs: it is answered afresh every time, with Cache-Control: no-store.
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
	"fmt"
	"net/http"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/descriptorpb"

	optionsv1 "github.com/tremplin/tremplin/gen/tremplin/options/v1"
	"github.com/tremplin/tremplin/internal/access"
	"github.com/tremplin/tremplin/internal/authn"
	"github.com/tremplin/tremplin/internal/clock"
	"github.com/tremplin/tremplin/internal/users"
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
	// read: the request is a read without side effects (answered afresh unless kept).
	read        bool
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

// Interceptor computes the ETag of a candidate's read of their own data and answers from it
// when it can. It belongs after authentication, authorization and validation.
func (c *Conditional) Interceptor() connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			st, _ := ctx.Value(stateKey{}).(*state)
			if st == nil || req.Spec().IdempotencyLevel != connect.IdempotencyNoSideEffects {
				return next(ctx, req)
			}
			st.read = true
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

// etag answers the ETag of a candidate's read of their own data, and false for any other read
// or caller: only the caller's own state is known before the handler runs.
func (c *Conditional) etag(ctx context.Context, req connect.AnyRequest) (string, bool) {
	revalidation := revalidationOf(req.Spec())
	if !revalidation.GetOwnData() {
		return "", false
	}
	v, u := viewer.FromContext(ctx), authn.UserFrom(ctx)
	msg, isProto := req.Any().(proto.Message)
	if v == nil || v.Role != viewer.RoleCandidate || u == nil || u.ID != v.UserID || !isProto {
		return "", false
	}
	body, err := proto.MarshalOptions{Deterministic: true}.Marshal(msg)
	if err != nil {
		return "", false
	}
	now := c.clock.Now()
	license := u.Edges.License
	acc := access.Evaluate(u, license, now)
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
	// Whose data: the candidate's own, at their data version.
	field(v.UserID[:])
	field([]byte(v.Role))
	field([]byte(strconv.FormatInt(u.DataVersion, 10)))
	// Their account (profile, time zone, subscription): any change moves updated_at.
	field([]byte(u.UpdatedAt.UTC().Format(time.RFC3339Nano)))
	// Whether they may read it, and what: their access and the licence it comes from.
	field([]byte(acc.Status))
	field([]byte(strconv.FormatBool(v.Premium)))
	if license != nil {
		field(license.ID[:])
		field([]byte(license.UpdatedAt.UTC().Format(time.RFC3339Nano)))
	} else {
		field(nil)
	}
	// The clock: the day in their zone ("today", a file dated today), and the period of
	// answers that move within the day.
	field([]byte(now.In(users.LocationOf(u)).Format(time.DateOnly)))
	if period := revalidation.GetPeriodSeconds(); period > 0 {
		field([]byte(strconv.FormatInt(now.Unix()/int64(period), 10)))
	}
	return `W/"` + hex.EncodeToString(h.Sum(nil)[:16]) + `"`, true
}

// Check refuses a revalidation option no candidate read can honour: own_data on a method
// that is not a read, that is public, or that another role may call (their reads span other
// owners' data).
func Check(services ...protoreflect.ServiceDescriptor) error {
	for _, s := range services {
		for i := range s.Methods().Len() {
			m := s.Methods().Get(i)
			if !revalidationOfMethod(m).GetOwnData() {
				continue
			}
			opts, _ := m.Options().(*descriptorpb.MethodOptions)
			if opts.GetIdempotencyLevel() != descriptorpb.MethodOptions_NO_SIDE_EFFECTS {
				return fmt.Errorf("%s keeps its answers (own_data) but is not a read (NO_SIDE_EFFECTS)", m.FullName())
			}
			policy, _ := proto.GetExtension(m.Options(), optionsv1.E_Access).(*optionsv1.AccessPolicy)
			if policy.GetPublic() || !slices.Equal(policy.GetRoles(), []string{string(viewer.RoleCandidate)}) {
				return fmt.Errorf("%s keeps its answers (own_data) but is not a candidate's read of their own data", m.FullName())
			}
		}
	}
	return nil
}

// revalidationOf reads the (tremplin.options.v1.revalidation) option of the called method.
func revalidationOf(spec connect.Spec) *optionsv1.Revalidation {
	method, ok := spec.Schema.(protoreflect.MethodDescriptor)
	if !ok {
		return nil
	}
	return revalidationOfMethod(method)
}

func revalidationOfMethod(method protoreflect.MethodDescriptor) *optionsv1.Revalidation {
	if method.Options() == nil || !proto.HasExtension(method.Options(), optionsv1.E_Revalidation) {
		return nil
	}
	r, _ := proto.GetExtension(method.Options(), optionsv1.E_Revalidation).(*optionsv1.Revalidation)
	return r
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
	if r.st.read && r.st.etag == "" {
		// Answered afresh: nobody keeps it, the browser included.
		r.Header().Set("Cache-Control", "no-store")
	}
	if code == http.StatusOK && r.st.etag != "" {
		h := r.Header()
		cacheHeaders(h, r.st.etag)
		if r.st.keep {
			r.keptHeader = http.Header{}
			// A download's file name (an event's .ics) goes with its kept body.
			for _, k := range []string{"Content-Type", "Content-Encoding", "Content-Disposition"} {
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
