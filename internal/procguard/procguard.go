// Package procguard bounds the work a call's body can cost before the server knows who sent
// it, on the API's procedures (Connect, gRPC and gRPC-Web; the /api routes do the same in the
// gateway's body.go, with the same caps and messages from internal/bodylimit):
//
//   - a call to a procedure that needs a caller, sent with no credentials at all (no session
//     cookie, no bearer key) — or compressed, with credentials that are no one's — is refused
//     as unauthenticated before its body is read: it would be refused anyway, and its body
//     could be a gzip bomb;
//   - any other body is capped on the wire and once inflated (6 MiB for a procedure that needs
//     a caller, 8 KiB for a public one): a compressed message stops inflating at the cap.
//
// Authentication stays the interceptors' work (internal/rpc); only a compressed call to a
// procedure that needs a caller is authenticated here too, before it is inflated, so that a
// made-up cookie does not buy the signed-in cap.
package procguard

import (
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"connectrpc.com/connect"

	"github.com/tremplin/tremplin/internal/access"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/authn"
	"github.com/tremplin/tremplin/internal/bodylimit"
	"github.com/tremplin/tremplin/internal/credentials"
)

// envelopeBytes is the prefix of a message in gRPC, gRPC-Web and Connect streaming (flags and
// length): a unary call's body is its one message and this.
const envelopeBytes = 5

// Guard is what Procedures needs to refuse a call before reading its body.
type Guard struct {
	Policies access.Policies
	// Auth authenticates a compressed call to a procedure that needs a caller before it is
	// inflated (a made-up cookie must not buy the signed-in cap).
	Auth *authn.Authenticator
	Log  *slog.Logger
	// Options are the handlers' (the refusals are written in their format).
	Options []connect.HandlerOption
}

// Procedures serves the calls of the API's procedures (Connect, gRPC, gRPC-Web): a public
// procedure's to public (built with bodylimit.GuardedHandlerOptions at AnonymousMaxBodyBytes),
// the others to signedIn (GuardedHandlerOptions at MaxBodyBytes). Before either reads
// anything, it refuses a call to a procedure that needs a caller when it carries no
// credentials, or when it is compressed and its credentials are no one's; and a body announced
// above its cap. It also stops reading the wire past the cap, with the same refusal
// (bodylimit.TooLarge).
func (g *Guard) Procedures(signedIn, public http.Handler) http.Handler {
	errs := connect.NewErrorWriter(g.Options...)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		policy, known := g.Policies[r.URL.Path]
		next, limit := signedIn, int64(bodylimit.MaxBodyBytes)
		if known && policy.Public {
			next, limit = public, bodylimit.AnonymousMaxBodyBytes
		}
		wire := limit + framing(r)
		// Not a procedure (404), or a request no protocol reads (415): the handler answers
		// without reading the body.
		if known && errs.IsSupported(r) {
			if !policy.Public {
				if refusal := g.anonymous(r); refusal != nil {
					g.refuse(w, r, errs, refusal)
					return
				}
			}
			if r.ContentLength > wire {
				g.refuse(w, r, errs, bodylimit.TooLarge(limit))
				return
			}
		}
		// On a copy: net/http tells from the original whether a body is left unread.
		capped := r.WithContext(r.Context())
		capped.Body = cappedBody{http.MaxBytesReader(w, r.Body, wire), limit}
		next.ServeHTTP(w, capped)
	})
}

// framing is what a call's body holds beside its message: the envelope of gRPC, gRPC-Web and
// Connect streaming, nothing for a Connect unary call.
func framing(r *http.Request) int64 {
	contentType := r.Header.Get("Content-Type")
	if strings.HasPrefix(contentType, "application/grpc") || strings.HasPrefix(contentType, "application/connect+") {
		return envelopeBytes
	}
	return 0
}

// cappedBody is a body read at most to its cap, past which reading fails with TooLarge:
// connect-go answers a *connect.Error met while reading as it is.
type cappedBody struct {
	io.ReadCloser
	limit int64
}

func (b cappedBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return n, bodylimit.TooLarge(b.limit)
	}
	return n, err
}

// anonymous answers the refusal of a call that can only be anonymous, before its body is
// read: one without credentials, or a compressed one whose credentials are no one's (the
// interceptors authenticate it again: only compressed calls, the ones a bomb comes in, pay
// for a second lookup). nil lets the call go on.
func (g *Guard) anonymous(r *http.Request) *connect.Error {
	if !credentials.Carried(r.Header) {
		return apierr.Unauthenticated()
	}
	if !compressed(r) || g.Auth == nil {
		return nil
	}
	outcome, err := g.Auth.Authenticate(r.Context(), r.Header)
	switch {
	case err != nil:
		// As the interceptors answer it: logged, and not told to the caller.
		g.Log.ErrorContext(r.Context(), "authenticating a compressed call", "procedure", r.URL.Path, "error", err.Error())
		return connect.NewError(connect.CodeInternal, errors.New("Une erreur est survenue"))
	case outcome.Viewer != nil:
		return nil
	case outcome.AccessExpired:
		return apierr.AccessExpired()
	}
	return apierr.Unauthenticated()
}

// compressed reports whether a call's message comes compressed, in any protocol's way.
func compressed(r *http.Request) bool {
	for _, v := range []string{
		r.Header.Get("Content-Encoding"),         // Connect unary
		r.Header.Get("Connect-Content-Encoding"), // Connect streaming
		r.Header.Get("Grpc-Encoding"),            // gRPC, gRPC-Web
		r.URL.Query().Get("compression"),         // Connect GET
	} {
		if v = strings.TrimSpace(v); v != "" && !strings.EqualFold(v, "identity") {
			return true
		}
	}
	return false
}

// refuse answers err in the call's protocol, without reading its body, and logs the call as
// the interceptors log the ones they refuse.
func (g *Guard) refuse(w http.ResponseWriter, r *http.Request, errs *connect.ErrorWriter, err *connect.Error) {
	start := time.Now()
	_ = errs.Write(w, r, err) // a client gone: nothing to tell
	attrs := []any{
		"procedure", r.URL.Path,
		"protocol", protocolOf(r),
		"duration_ms", float64(time.Since(start).Microseconds()) / 1000,
		"code", err.Code().String(),
	}
	if reason := apierr.ReasonOf(err); reason != "" {
		attrs = append(attrs, "reason", reason)
	}
	g.Log.InfoContext(r.Context(), "rpc", append(attrs, "body", "unread")...)
}

// protocolOf names a call's protocol as connect.Peer does.
func protocolOf(r *http.Request) string {
	contentType := r.Header.Get("Content-Type")
	switch {
	case strings.HasPrefix(contentType, "application/grpc-web"):
		return connect.ProtocolGRPCWeb
	case strings.HasPrefix(contentType, "application/grpc"):
		return connect.ProtocolGRPC
	}
	return connect.ProtocolConnect
}
