// Package bodylimit bounds the work a request body can cost before the server knows who sent
// it, the same way on every protocol the server speaks (Connect, gRPC and gRPC-Web here; the
// /api routes in the gateway's body.go, with the same caps, messages and Credentials):
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
package bodylimit

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"connectrpc.com/connect"

	"github.com/tremplin/tremplin/internal/access"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/authn"
	"github.com/tremplin/tremplin/internal/fastgzip"
)

const (
	// MaxBodyBytes bounds the body of a procedure (or route) that needs a signed-in caller,
	// inflated: a CSV import is at most 5 MB, and 10,000 contacts to create fit.
	MaxBodyBytes = 6 << 20
	// AnonymousMaxBodyBytes bounds the body of a public procedure (sign-in, password reset,
	// new password, health, reflection: a few hundred bytes), inflated.
	AnonymousMaxBodyBytes = 8 << 10
)

// envelopeBytes is the prefix of a message in gRPC, gRPC-Web and Connect streaming (flags and
// length): a unary call's body is its one message and this.
const envelopeBytes = 5

// Credentials reports whether a request carries a session cookie or a bearer key, valid or
// not: without either it can only be anonymous.
func Credentials(h http.Header) bool {
	return authn.BearerToken(h) != "" || authn.TokenFromHeader(h) != ""
}

// Message is the refusal of a body above limit, in the API's words.
func Message(limit int64) string {
	return fmt.Sprintf("Le corps de la requête dépasse la taille autorisée (%s)", size(limit))
}

// size writes a cap as the messages say it (« 6 Mo », « 8 Ko »).
func size(n int64) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%d Mo", n>>20)
	}
	return fmt.Sprintf("%d Ko", n>>10)
}

// TooLarge is the refusal of a message above limit: ResourceExhausted (HTTP 429 over
// Connect, grpc-status 8).
func TooLarge(limit int64) *connect.Error {
	return connect.NewError(connect.CodeResourceExhausted, errors.New(Message(limit)))
}

// HandlerOptions cap the messages a Connect handler reads at limit bytes, on the wire and
// inflated (gzip is the only compression the handlers accept). Later options replace the
// earlier ones: put them after any other read cap or compression.
func HandlerOptions(limit int) []connect.HandlerOption {
	return []connect.HandlerOption{
		connect.WithReadMaxBytes(limit),
		inflateAtMost(limit),
	}
}

// GuardedHandlerOptions are HandlerOptions for a handler served behind Guard.Procedures, whose
// reader caps the wire in the API's words: connect-go's own cap would answer first, in
// English and with its internals (« message is larger than configured max 6291456 - unable
// to determine message size: http: request body too large »), whenever a body comes without
// its length (gRPC over HTTP/2, chunked) or a few bytes over.
func GuardedHandlerOptions(limit int) []connect.HandlerOption {
	return []connect.HandlerOption{
		connect.WithReadMaxBytes(0), // the guard's reader caps the wire
		inflateAtMost(limit),
	}
}

// inflateAtMost accepts gzip, inflated up to limit bytes.
func inflateAtMost(limit int) connect.HandlerOption {
	return connect.WithCompression(fastgzip.Name,
		fastgzip.NewLimitedDecompressor(int64(limit), func() error { return TooLarge(int64(limit)) }),
		fastgzip.NewCompressor)
}

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
// procedure's to public (built with GuardedHandlerOptions(AnonymousMaxBodyBytes)), the others
// to signedIn (GuardedHandlerOptions(MaxBodyBytes)). Before either reads anything, it refuses
// a call to a procedure that needs a caller when it carries no credentials, or when it is
// compressed and its credentials are no one's; and a body announced above its cap. It also
// stops reading the wire past the cap, with the same refusal (TooLarge).
func (g *Guard) Procedures(signedIn, public http.Handler) http.Handler {
	errs := connect.NewErrorWriter(g.Options...)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		policy, known := g.Policies[r.URL.Path]
		next, limit := signedIn, int64(MaxBodyBytes)
		if known && policy.Public {
			next, limit = public, AnonymousMaxBodyBytes
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
				g.refuse(w, r, errs, TooLarge(limit))
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
		return n, TooLarge(b.limit)
	}
	return n, err
}

// anonymous answers the refusal of a call that can only be anonymous, before its body is
// read: one without credentials, or a compressed one whose credentials are no one's (the
// interceptors authenticate it again: only compressed calls, the ones a bomb comes in, pay
// for a second lookup). nil lets the call go on.
func (g *Guard) anonymous(r *http.Request) *connect.Error {
	if !Credentials(r.Header) {
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
