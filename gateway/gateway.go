// Package gateway serves the documented /api/... JSON routes of the spec onto the same
// Connect handlers the web app and gRPC clients use — same session cookie, validation,
// access policy and errors. Routes are declared next to each RPC (google.api.http) and
// transcoded generically by vanguard; nothing here knows a route by hand.
package gateway

import (
	"encoding/json"
	"mime"
	"net/http"
	"strings"

	"connectrpc.com/connect"
	"connectrpc.com/vanguard"
	"github.com/klauspost/compress/gzhttp"
	"github.com/klauspost/compress/gzip"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/tremplin/tremplin/internal/fastgzip"
)

// Handler is an RPC service to expose: its Connect path, handler and descriptor. The handler
// is one built for the gateway alone, speaking HandOff besides the usual codecs.
type Handler struct {
	Path       string
	Handler    http.Handler
	Descriptor protoreflect.ServiceDescriptor
}

// New builds the /api handler for the services.
func New(services []Handler) (http.Handler, error) {
	vgServices := make([]*vanguard.Service, 0, len(services))
	descriptors := make([]protoreflect.ServiceDescriptor, 0, len(services))
	for _, s := range services {
		descriptors = append(descriptors, s.Descriptor)
		vgServices = append(vgServices, vanguard.NewService(s.Path, s.Handler,
			// Calls reach the handlers as Connect calls carrying the messages themselves, not
			// an encoding of them (handoff.go): the handlers must speak HandOff.
			vanguard.WithTargetProtocols(vanguard.ProtocolConnect),
			vanguard.WithTargetCodecs(HandOffName),
			vanguard.WithMaxMessageBufferBytes(MaxBodyBytes),
			// In-process calls: compressing them would only cost time.
			vanguard.WithNoTargetCompression(),
		))
	}
	transcoder, err := vanguard.NewTranscoder(vgServices,
		vanguard.WithCodec(specJSONOf(descriptors)),
		vanguard.WithCodec(func(vanguard.TypeResolver) vanguard.Codec { return gatewaySide{} }),
		vanguard.WithCompression(fastgzip.Name, fastgzip.NewCompressor, fastgzip.NewDecompressor),
		vanguard.WithUnknownHandler(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			writeError(w, http.StatusNotFound, connect.CodeNotFound, "NOT_FOUND", "Route inconnue")
		})),
	)
	if err != nil {
		return nil, err
	}
	compress, err := gzhttp.NewWrapper(gzhttp.MinSize(1024), gzhttp.CompressionLevel(gzip.BestSpeed))
	if err != nil {
		return nil, err
	}
	bindings, err := bindingsOf(descriptors)
	if err != nil {
		return nil, err
	}
	files := routesOf(bindings, func(b binding) bool { return b.file })
	byVerb := map[string][]route{}
	for _, b := range bindings {
		byVerb[b.verb] = append(byVerb[b.verb], b.route)
	}
	return requireJSON(files, limitBodies(bindings, files, compress(specQuery(byVerb, transcoder)))), nil
}

// Uncompressed wraps an in-process Connect handler the gateway calls: the gateway re-encodes
// its answer (binary to the spec's JSON) and compresses that once for the client (gzhttp,
// in New), so the handler compressing it first would only cost a gzip and a gunzip per call.
// Vanguard forwards the client's Accept-Encoding; it is dropped here.
func Uncompressed(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Header.Del("Accept-Encoding")
		h.ServeHTTP(w, r)
	})
}

// requireJSON refuses state-changing requests whose body is not JSON (or a file, on the
// routes that take one): an HTML form of another site cannot post to the API.
func requireJSON(fileRoutes []route, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.Method {
		case http.MethodPost, http.MethodPut, http.MethodPatch:
			mediaType, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
			_, takesFile := find(fileRoutes, r.URL.Path)
			ok := mediaType == "application/json"
			if takesFile {
				ok = mediaType == "multipart/form-data" || mediaType == "text/csv" || mediaType == "text/vcard" || mediaType == "text/x-vcard"
			}
			if !ok {
				message := "Content-Type doit être application/json"
				if takesFile {
					message = "Content-Type doit être multipart/form-data (le fichier dans le champ « file »), text/csv ou text/vcard"
				}
				writeError(w, http.StatusUnsupportedMediaType, connect.CodeInvalidArgument, "UNSUPPORTED_MEDIA_TYPE", message)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// writeError writes an error body of the same shape as the transcoded ones.
func writeError(w http.ResponseWriter, httpStatus int, code connect.Code, kind, message string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(httpStatus)
	_ = json.NewEncoder(w).Encode(map[string]any{"code": int(code), "message": message, "type": kind})
}

// Routes answers the routes New serves for the services, as "GET /api/agency/{id}": what the
// OpenAPI document must list.
func Routes(services []protoreflect.ServiceDescriptor) ([]string, error) {
	bindings, err := bindingsOf(services)
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(bindings))
	for _, b := range bindings {
		out = append(out, b.verb+" /"+strings.Join(b.segments, "/"))
	}
	return out, nil
}
