package gateway

import (
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"net/http"

	"github.com/klauspost/compress/gzhttp"
	"github.com/klauspost/compress/gzip"
)

// OpenAPIDocument is the OpenAPI 3.1 document of the routes served here, generated from the
// protos by `make generate` (cmd/openapi-gen, internal/openapi); never edited by hand.
//
//go:embed openapi.json
var OpenAPIDocument []byte

// OpenAPI serves the document: public, and cacheable (it changes only with the binary, and
// its ETag says when).
func OpenAPI() http.Handler {
	compress, err := gzhttp.NewWrapper(gzhttp.MinSize(1024), gzhttp.CompressionLevel(gzip.BestSpeed))
	if err != nil {
		panic(err) // fixed, valid options
	}
	sum := sha256.Sum256(OpenAPIDocument)
	etag := `"` + base64.RawURLEncoding.EncodeToString(sum[:16]) + `"`
	return compress(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Cache-Control", "public, max-age=3600")
		h.Set("ETag", etag)
		if r.Header.Get("If-None-Match") == etag {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		h.Set("Content-Type", "application/json")
		if r.Method == http.MethodHead {
			return
		}
		_, _ = w.Write(OpenAPIDocument)
	}))
}
