package gateway

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/tremplin/tremplin/internal/access"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/bodylimit"
	"github.com/tremplin/tremplin/internal/credentials"
	"github.com/tremplin/tremplin/internal/httprule"
)

// Request bodies are read here, before vanguard, which inflates a gzip body whole before it
// looks at its size (v0.4.0): 1 MB on the wire would become gigabytes in memory. Each route's
// cap is checked as the body arrives and as it inflates, the same way on every route; a
// request without credentials to a route that needs them is not read at all. The caps are
// internal/bodylimit's, the same for the Connect, gRPC and gRPC-Web calls.

const (
	// MaxBodyBytes bounds the body of a route that needs a signed-in caller, inflated: a CSV
	// import is at most 5 MB, and 10,000 contacts to create fit.
	MaxBodyBytes = bodylimit.MaxBodyBytes
	// AnonymousMaxBodyBytes bounds the body of a public route (sign-in, password reset, new
	// password: a few hundred bytes), and of a path that is no route. Connect calls of public
	// procedures have the same cap.
	AnonymousMaxBodyBytes = bodylimit.AnonymousMaxBodyBytes
)

// binding is one HTTP route of an RPC: its verb, its path, whether anyone may call it,
// whether it takes a body at all, and whether that body is a file (a google.api.HttpBody
// field: multipart or CSV rather than JSON).
type binding struct {
	route
	verb     string
	public   bool
	bodyless bool
	file     bool
}

// bindingsOf reads every route of the services with the access policy of its RPC.
func bindingsOf(services []protoreflect.ServiceDescriptor) ([]binding, error) {
	policies, err := access.PoliciesOf(services...)
	if err != nil {
		return nil, err
	}
	var out []binding
	for _, s := range services {
		for i := range s.Methods().Len() {
			m := s.Methods().Get(i)
			public := policies["/"+string(s.FullName())+"/"+string(m.Name())].Public
			for _, r := range httprule.Of(m) {
				verb, path := httprule.VerbAndPath(r)
				if path == "" {
					continue
				}
				body := m.Input().Fields().ByName(protoreflect.Name(r.GetBody()))
				out = append(out, binding{
					route:    route{segments: strings.Split(strings.Trim(path, "/"), "/"), input: m.Input()},
					verb:     verb,
					public:   public,
					bodyless: r.GetBody() == "",
					file:     body != nil && body.Message() != nil && body.Message().FullName() == "google.api.HttpBody",
				})
			}
		}
	}
	return out, nil
}

// routesOf answers the routes of the bindings keep keeps.
func routesOf(bindings []binding, keep func(binding) bool) []route {
	var out []route
	for _, b := range bindings {
		if keep(b) {
			out = append(out, b.route)
		}
	}
	return out
}

// bodyRule is what a request's route allows of its body: its cap (the large one only for a
// route that needs a signed-in caller), whether it may have one at all, and whether the route
// needs a caller.
func bodyRule(bindings []binding, verb, path string) (limit int64, bodyless, needsCaller bool) {
	segments := pathSegments(path)
	for _, b := range bindings {
		if b.verb == verb && b.matches(segments) {
			if b.public {
				return AnonymousMaxBodyBytes, b.bodyless, false
			}
			return MaxBodyBytes, b.bodyless, true
		}
	}
	return AnonymousMaxBodyBytes, false, false
}

// errBodyTooLarge is a body above its route's cap, on the wire or inflated.
var errBodyTooLarge = errors.New("body too large")

// limitBodies caps request bodies by route and inflates gzip bodies under that cap, so that
// vanguard only ever sees a plain body of known size. A plain body of announced length within
// the cap is passed on as it streams (net/http enforces the length); any other body is read
// here, at most cap bytes after inflation. It also refuses URLs that are not UTF-8, which
// vanguard would put into string fields that cannot be encoded.
func limitBodies(bindings []binding, fileRoutes []route, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !validPath(r.URL.Path) || !validQuery(r) {
			writeError(w, http.StatusBadRequest, connect.CodeInvalidArgument, "INVALID_ARGUMENT",
				"L'adresse de la requête contient du texte qui n'est pas de l'UTF-8 valide")
			return
		}
		limit, bodyless, needsCaller := bodyRule(bindings, r.Method, r.URL.Path)
		encoding := strings.ToLower(strings.TrimSpace(r.Header.Get("Content-Encoding")))
		switch encoding {
		case "", "identity", "gzip", "x-gzip":
		default:
			writeError(w, http.StatusUnsupportedMediaType, connect.CodeUnimplemented, "UNSUPPORTED_CONTENT_ENCODING",
				"Content-Encoding non pris en charge : le corps de la requête doit être non compressé ou compressé en gzip")
			return
		}
		if needsCaller && !credentials.Carried(r.Header) {
			// Anonymous: the call is refused as unauthenticated whatever its body, so the body is
			// neither read nor inflated. The call goes on without it, for the refusal to be the
			// one every anonymous call gets — on a copy of the request: net/http reads the
			// original's length after the answer to tell that its body is left on the wire (and
			// closes the connection rather than parse it as the next request).
			bodiless := r.Clone(r.Context())
			bodiless.Body, bodiless.ContentLength, bodiless.TransferEncoding = http.NoBody, 0, nil
			bodiless.Header.Del("Content-Encoding")
			next.ServeHTTP(w, bodiless)
			return
		}
		if r.ContentLength > limit {
			tooLarge(w, limit, isFileRoute(fileRoutes, r))
			return
		}
		// A route without a body (a read, a delete) given one: vanguard would answer 500.
		if bodyless && r.ContentLength > 0 {
			refuseBody(w)
			return
		}
		plain := encoding == "" || encoding == "identity"
		if r.ContentLength != 0 && (!plain || r.ContentLength < 0) {
			body, length, err := readCapped(w, r, !plain, limit)
			switch {
			case errors.Is(err, errBodyTooLarge):
				tooLarge(w, limit, isFileRoute(fileRoutes, r))
				return
			case err != nil:
				message := "Le corps de la requête n'a pas pu être lu"
				if !plain {
					message = "Le corps de la requête compressé en gzip est illisible"
				}
				writeError(w, http.StatusBadRequest, connect.CodeInvalidArgument, "INVALID_ARGUMENT", message)
				return
			}
			if bodyless && length > 0 {
				refuseBody(w)
				return
			}
			r.Body = io.NopCloser(body)
			r.ContentLength = length
			r.TransferEncoding = nil
		}
		r.Header.Del("Content-Encoding")
		next.ServeHTTP(w, r)
	})
}

// refuseBody answers a body sent to a route that takes none.
func refuseBody(w http.ResponseWriter) {
	writeError(w, http.StatusBadRequest, connect.CodeInvalidArgument, "INVALID_ARGUMENT",
		"Cette route n'accepte pas de corps de requête")
}

// readCapped reads r's body, inflated when gzipped, failing with errBodyTooLarge as soon as
// more than limit bytes arrive or come out. The body is kept in fixed-size chunks rather than
// one growing slice: io.ReadAll grows by a quarter at a time past 256 KB, so a body at the cap
// would cost about five times the cap in allocations, and a burst of bombs that much memory.
func readCapped(w http.ResponseWriter, r *http.Request, gzipped bool, limit int64) (io.Reader, int64, error) {
	var body io.Reader = http.MaxBytesReader(w, r.Body, limit)
	if gzipped {
		zr, err := gzip.NewReader(body)
		if err != nil {
			return nil, 0, tooLargeOr(err)
		}
		defer func() { _ = zr.Close() }() // a reader: its errors come from Read
		body = zr
	}
	body = io.LimitReader(body, limit+1)
	var chunks []io.Reader
	var total int64
	for {
		chunk := make([]byte, min(bodyChunkBytes, limit+1))
		n, err := io.ReadFull(body, chunk)
		if n > 0 {
			chunks = append(chunks, bytes.NewReader(chunk[:n]))
			total += int64(n)
		}
		if total > limit {
			return nil, 0, errBodyTooLarge
		}
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return io.MultiReader(chunks...), total, nil
		}
		if err != nil {
			return nil, 0, tooLargeOr(err)
		}
	}
}

// bodyChunkBytes is the unit a buffered body is kept in: small enough that a tiny body costs
// little, large enough that a 6 MB body is under 200 chunks.
const bodyChunkBytes = 32 << 10

func tooLargeOr(err error) error {
	var maxBytes *http.MaxBytesError
	if errors.As(err, &maxBytes) {
		return errBodyTooLarge
	}
	return err
}

// tooLarge answers 413; a file above the cap gets the import's own refusal, as the service
// answers for a file above its limit.
func tooLarge(w http.ResponseWriter, limit int64, file bool) {
	if file {
		err := apierr.FileTooLarge()
		writeError(w, http.StatusBadRequest, err.Code(), apierr.ReasonOf(err), err.Message())
		return
	}
	writeError(w, http.StatusRequestEntityTooLarge, connect.CodeResourceExhausted, "REQUEST_TOO_LARGE", bodylimit.Message(limit))
}

func isFileRoute(fileRoutes []route, r *http.Request) bool {
	_, ok := find(fileRoutes, r.URL.Path)
	return ok
}

// validPath reports whether the path is UTF-8 as vanguard reads it: vanguard unescapes the
// segments of the path net/http has unescaped already, so "%25ff" in the address reaches a
// field as the byte 0xff (and the field cannot be encoded: a 500).
func validPath(path string) bool {
	if !utf8.ValidString(path) {
		return false
	}
	for segment := range strings.SplitSeq(path, "/") {
		if again, err := url.PathUnescape(segment); err == nil && !utf8.ValidString(again) {
			return false
		}
	}
	return true
}

// validQuery reports whether the query's keys and values, once unescaped, are UTF-8.
func validQuery(r *http.Request) bool {
	for key, values := range r.URL.Query() {
		if !utf8.ValidString(key) {
			return false
		}
		for _, v := range values {
			if !utf8.ValidString(v) {
				return false
			}
		}
	}
	return true
}
