// Package gateway serves the documented /api/... JSON routes of the spec onto the same
// Connect handlers the web app and gRPC clients use — same session cookie, validation,
// access policy and errors. Routes are declared next to each RPC (google.api.http) and
// transcoded generically by vanguard; nothing here knows a route by hand.
package gateway

import (
	"encoding/json"
	"mime"
	"net/http"

	"connectrpc.com/connect"
	"connectrpc.com/vanguard"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/fastgzip"
)

// Handler is an RPC service to expose: its Connect path, handler and descriptor.
type Handler struct {
	Path       string
	Handler    http.Handler
	Descriptor protoreflect.ServiceDescriptor
}

// MaxBodyBytes bounds a JSON route's request body (a CSV import is at most 5 MB).
const MaxBodyBytes = 6 << 20

// New builds the /api handler for the services.
func New(services []Handler) (http.Handler, error) {
	vgServices := make([]*vanguard.Service, 0, len(services))
	descriptors := make([]protoreflect.ServiceDescriptor, 0, len(services))
	for _, s := range services {
		descriptors = append(descriptors, s.Descriptor)
		vgServices = append(vgServices, vanguard.NewService(s.Path, s.Handler,
			// Calls reach the handlers as binary Connect: cheap, and the REST codec never
			// touches them.
			vanguard.WithTargetProtocols(vanguard.ProtocolConnect),
			vanguard.WithTargetCodecs(vanguard.CodecProto),
			vanguard.WithMaxMessageBufferBytes(MaxBodyBytes),
			// In-process calls: compressing them would only cost time.
			vanguard.WithNoTargetCompression(),
		))
	}
	transcoder, err := vanguard.NewTranscoder(vgServices,
		vanguard.WithCodec(newSpecJSON),
		vanguard.WithCompression(fastgzip.Name, fastgzip.NewCompressor, fastgzip.NewDecompressor),
		vanguard.WithUnknownHandler(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			writeError(w, http.StatusNotFound, connect.CodeNotFound, "NOT_FOUND", "Route inconnue")
		})),
	)
	if err != nil {
		return nil, err
	}
	return requireJSON(fileRoutesOf(descriptors), specQuery(getRoutesOf(descriptors), transcoder)), nil
}

// requireJSON refuses state-changing requests whose body is not JSON (or a file, on the
// routes that take one): an HTML form of another site cannot post to the API. Bodies are
// capped.
func requireJSON(fileRoutes []route, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.Method {
		case http.MethodPost, http.MethodPut, http.MethodPatch:
			mediaType, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
			_, takesFile := find(fileRoutes, r.URL.Path)
			ok := mediaType == "application/json"
			if takesFile {
				ok = mediaType == "multipart/form-data" || mediaType == "text/csv"
			}
			if !ok {
				writeError(w, http.StatusUnsupportedMediaType, connect.CodeInvalidArgument, "UNSUPPORTED_MEDIA_TYPE",
					"Content-Type doit être application/json")
				return
			}
			// A file above the cap would otherwise get the transcoder's generic
			// RESOURCE_EXHAUSTED; the file's own refusal is clearer (the service answers the
			// same for files between its limit and the cap).
			if takesFile && r.ContentLength > MaxBodyBytes {
				tooLarge := apierr.FileTooLarge()
				writeError(w, http.StatusBadRequest, tooLarge.Code(), apierr.ReasonOf(tooLarge), tooLarge.Message())
				return
			}
		}
		r.Body = http.MaxBytesReader(w, r.Body, MaxBodyBytes)
		next.ServeHTTP(w, r)
	})
}

// writeError writes an error body of the same shape as the transcoded ones.
func writeError(w http.ResponseWriter, httpStatus int, code connect.Code, kind, message string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(httpStatus)
	_ = json.NewEncoder(w).Encode(map[string]any{"code": int(code), "message": message, "type": kind})
}
