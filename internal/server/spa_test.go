package server

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/tremplin/tremplin/internal/credentials"
)

// The help video plays in browsers: the right media types, and byte ranges for seeking.
func TestHelpVideoIsServedForBrowsers(t *testing.T) {
	webm := make([]byte, 4096)
	copy(webm, "\x1a\x45\xdf\xa3")
	h := spaHandler(fstest.MapFS{
		"index.html":        {Data: []byte("<!doctype html><div id=root></div>")},
		"help/tour.webm":    {Data: webm},
		"help/tour.mp4":     {Data: []byte("\x00\x00\x00\x18ftypmp42")},
		"help/tour.fr.vtt":  {Data: []byte("WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.000\nBonjour\n")},
		"assets/app-abc.js": {Data: []byte("1")},
	})
	for path, want := range map[string]string{
		"/help/tour.fr.vtt": "text/vtt; charset=utf-8",
		"/help/tour.webm":   "video/webm",
		"/help/tour.mp4":    "video/mp4",
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != want {
			t.Errorf("%s: %d %q, want %q", path, rec.Code, rec.Header().Get("Content-Type"), want)
		}
	}
	req := httptest.NewRequest(http.MethodGet, "/help/tour.webm", nil)
	req.Header.Set("Range", "bytes=1024-2047")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusPartialContent || rec.Body.Len() != 1024 || rec.Header().Get("Content-Range") != "bytes 1024-2047/4096" {
		t.Errorf("range: %d, %d bytes, %q", rec.Code, rec.Body.Len(), rec.Header().Get("Content-Range"))
	}
}

// builtApp is a web build as vite.config.ts writes it: a text asset with its brotli and gzip
// copies, a font without any, and index.html with the nonce placeholder.
func builtApp() fstest.MapFS {
	return fstest.MapFS{
		"index.html":                  {Data: []byte(`<!doctype html><meta property="csp-nonce" nonce="__CSP_NONCE__"><div id=root></div>`)},
		"assets/core-abc.js":          {Data: []byte("plain javascript")},
		"assets/core-abc.js.br":       {Data: []byte("brotli bytes")},
		"assets/core-abc.js.gz":       {Data: []byte("gzip bytes")},
		"assets/inter-abc.woff2":      {Data: []byte("wOF2")},
		"assets/only-gzip-abc.css":    {Data: []byte("body{}")},
		"assets/only-gzip-abc.css.gz": {Data: []byte("gz css")},
	}
}

// Assets go out compressed at build time, the best coding the browser accepts, with the media
// type of the file itself and Vary so that caches keep the variants apart.
func TestAssetsAreServedPrecompressedByAcceptEncoding(t *testing.T) {
	h := spaHandler(builtApp())
	for _, tc := range []struct {
		path, accept, wantEncoding, wantBody, wantType string
		wantVary                                       bool
	}{
		{"/assets/core-abc.js", "gzip, deflate, br, zstd", "br", "brotli bytes", "text/javascript; charset=utf-8", true},
		{"/assets/core-abc.js", "gzip", "gzip", "gzip bytes", "text/javascript; charset=utf-8", true},
		{"/assets/core-abc.js", "br;q=0, gzip;q=0.5", "gzip", "gzip bytes", "text/javascript; charset=utf-8", true},
		{"/assets/core-abc.js", "*", "br", "brotli bytes", "text/javascript; charset=utf-8", true},
		{"/assets/core-abc.js", "*, br;q=0", "gzip", "gzip bytes", "text/javascript; charset=utf-8", true},
		{"/assets/core-abc.js", "", "", "plain javascript", "text/javascript; charset=utf-8", true},
		{"/assets/core-abc.js", "identity", "", "plain javascript", "text/javascript; charset=utf-8", true},
		{"/assets/only-gzip-abc.css", "br, gzip", "gzip", "gz css", "text/css; charset=utf-8", true},
		{"/assets/inter-abc.woff2", "br, gzip", "", "wOF2", "font/woff2", false},
	} {
		req := httptest.NewRequest(http.MethodGet, tc.path, nil)
		if tc.accept != "" {
			req.Header.Set("Accept-Encoding", tc.accept)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		res := rec.Result()
		if res.StatusCode != http.StatusOK || res.Header.Get("Content-Encoding") != tc.wantEncoding || rec.Body.String() != tc.wantBody {
			t.Errorf("%s with %q: %d, encoding %q, body %q; want encoding %q, body %q",
				tc.path, tc.accept, res.StatusCode, res.Header.Get("Content-Encoding"), rec.Body.String(), tc.wantEncoding, tc.wantBody)
		}
		if got := res.Header.Get("Content-Type"); got != tc.wantType {
			t.Errorf("%s with %q: Content-Type %q, want %q", tc.path, tc.accept, got, tc.wantType)
		}
		if got := res.Header.Get("Vary") == "Accept-Encoding"; got != tc.wantVary {
			t.Errorf("%s with %q: Vary %q", tc.path, tc.accept, res.Header.Get("Vary"))
		}
		if res.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
			t.Errorf("%s: Cache-Control %q", tc.path, res.Header.Get("Cache-Control"))
		}
	}
}

// The app's page carries a strict policy whose style nonce is new on every response and is the
// one written into the page for emotion.
func TestAppPageCarriesAStrictContentSecurityPolicy(t *testing.T) {
	h := spaHandler(builtApp())
	nonceRE := regexp.MustCompile(`style-src 'self' 'nonce-([A-Za-z0-9+/=]{22,})'`)
	var nonces []string
	for _, p := range []string{"/", "/login", "/contacts/42"} {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodGet, p, nil)
		req.AddCookie(&http.Cookie{Name: credentials.CookieName, Value: "a-session"})
		h.ServeHTTP(rec, req)
		csp := rec.Header().Get("Content-Security-Policy")
		for _, directive := range []string{"default-src 'self'", "script-src 'self';", "object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'"} {
			if !strings.Contains(csp+";", directive) {
				t.Errorf("%s: policy %q lacks %q", p, csp, directive)
			}
		}
		if strings.Contains(csp, "unsafe-inline") || strings.Contains(csp, "unsafe-eval") {
			t.Errorf("%s: policy %q allows inline code", p, csp)
		}
		m := nonceRE.FindStringSubmatch(csp)
		if m == nil {
			t.Fatalf("%s: no style nonce in %q", p, csp)
		}
		if want := `nonce="` + m[1] + `"`; !strings.Contains(rec.Body.String(), want) || strings.Contains(rec.Body.String(), "__CSP_NONCE__") {
			t.Errorf("%s: page %q does not carry %s", p, rec.Body.String(), want)
		}
		nonces = append(nonces, m[1])
	}
	if nonces[0] == nonces[1] || nonces[1] == nonces[2] {
		t.Errorf("the nonce is reused: %v", nonces)
	}
}

// A visitor without a session cookie who opens an address of the app is sent to the login at
// once, with the address asked for as `next`; the app's page is never what they wait for.
func TestPagesWithoutASessionRedirectToTheLogin(t *testing.T) {
	h := spaHandler(builtApp())
	for _, tc := range []struct{ path, want string }{
		{"/contacts", "/login?next=%2Fcontacts"},
		{"/task/5f0f7b1e-8a44-4a57-9a53-0c7d3c1b2a10", "/login?next=%2Ftask%2F5f0f7b1e-8a44-4a57-9a53-0c7d3c1b2a10"},
		{"/activities?type=event&day=2026-11-27", "/login?next=%2Factivities%3Ftype%3Devent%26day%3D2026-11-27"},
		{"/contact/a%2Fb?q=%C3%A9t%C3%A9+%26+co", "/login?next=%2Fcontact%2Fa%252Fb%3Fq%3D%25C3%25A9t%25C3%25A9%2B%2526%2Bco"},
		{"/nimporte-quoi", "/login?next=%2Fnimporte-quoi"},
		{"/", "/login"},
		{"/index.html", "/login"},
	} {
		for _, method := range []string{http.MethodGet, http.MethodHead} {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(method, tc.path, nil))
			if rec.Code != http.StatusFound || rec.Header().Get("Location") != tc.want {
				t.Errorf("%s %s: %d to %q, want 302 to %q", method, tc.path, rec.Code, rec.Header().Get("Location"), tc.want)
			}
			if rec.Header().Get("Cache-Control") != "no-store" || !slices.Contains(rec.Header().Values("Vary"), "Cookie") {
				t.Errorf("%s %s: a redirect that depends on the cookie is cacheable: %v", method, tc.path, rec.Header())
			}
		}
	}
	// What the app reads back from next is the address asked for, to the byte.
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/contact/a%2Fb?q=%C3%A9t%C3%A9+%26+co", nil))
	loc, err := url.Parse(rec.Header().Get("Location"))
	if err != nil || loc.Query().Get("next") != "/contact/a%2Fb?q=%C3%A9t%C3%A9+%26+co" {
		t.Errorf("next reads back as %q (%v)", loc.Query().Get("next"), err)
	}
}

// With a session cookie, valid or not, the app's page is served: the app asks who is signed in
// and, for a session the server no longer knows, goes to the login itself (keeping next).
func TestPagesWithASessionCookieServeTheApp(t *testing.T) {
	h := spaHandler(builtApp())
	for _, p := range []string{"/", "/contacts", "/task/42?x=1"} {
		req := httptest.NewRequest(http.MethodGet, p, nil)
		req.AddCookie(&http.Cookie{Name: credentials.CookieName, Value: "expired-or-not"})
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `<div id=root>`) {
			t.Errorf("%s with a cookie: %d %q", p, rec.Code, rec.Body.String())
		}
	}
	// Another site's cookie is no session.
	req := httptest.NewRequest(http.MethodGet, "/contacts", nil)
	req.AddCookie(&http.Cookie{Name: "other", Value: "x"})
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusFound {
		t.Errorf("/contacts with another cookie: %d, want a redirect", rec.Code)
	}
}

// The public pages open without a session, and files, assets and API addresses are never
// answered with a login redirect (a script or a client expects their own answer).
func TestPublicPagesFilesAndAPIAreNeverRedirected(t *testing.T) {
	h := spaHandler(builtApp())
	for _, p := range []string{"/login", "/login?next=%2Fcontacts", "/new-password?id=1&token=t", "/update-password?id=1&token=t", "/cgu", "/legal-notice", "/unsubscribe?token=t"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, p, nil))
		if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `<div id=root>`) {
			t.Errorf("%s: %d, want the app's page", p, rec.Code)
		}
	}
	for _, p := range []string{"/assets/core-abc.js", "/assets/missing-abc.js", "/favicon.ico", "/robots.txt", "/api/contacts", "/tremplin.unknown.v1.Service/Call"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, p, nil))
		if rec.Code == http.StatusFound || rec.Header().Get("Location") != "" {
			t.Errorf("%s: redirected to %q", p, rec.Header().Get("Location"))
		}
	}
	// Other methods keep their answer.
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/contacts", nil))
	if rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST /contacts: %d", rec.Code)
	}
}
