package testserver

import (
	"net/http"
	"strings"
	"testing"

	"github.com/tremplin/tremplin/internal/benchmark"
)

// Request makes a request to path on the server: its body ("" for none) and headers, given as
// name and value pairs ("Content-Type", "application/proto"). Sent with a session's client, it
// carries the session cookie.
func (s *Start) Request(t testing.TB, method, path, body string, header ...string) *http.Request {
	t.Helper()
	req, err := http.NewRequest(method, s.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	return req
}

// Bench measures a call of this caller (benchmark.HTTP), the request made again for each
// iteration (see Start.Request).
func (c *Session) Bench(b *testing.B, method, path, body string, header ...string) {
	b.Helper()
	benchmark.HTTP(b, c.HTTP, func() *http.Request { return c.srv.Request(b, method, path, body, header...) })
}

// BenchRevalidation measures the browser's revalidation of an unchanged answer: path read once
// for its ETag, then again with If-None-Match, each answered 304 before the handler runs.
func (c *Session) BenchRevalidation(b *testing.B, path string) {
	b.Helper()
	res, err := c.HTTP.Do(c.srv.Request(b, http.MethodGet, path, ""))
	if err != nil {
		b.Fatal(err)
	}
	res.Body.Close()
	etag := res.Header.Get("ETag")
	benchmark.HTTPStatus(b, c.HTTP, http.StatusNotModified, func() *http.Request {
		return c.srv.Request(b, http.MethodGet, path, "", "If-None-Match", etag)
	})
}
