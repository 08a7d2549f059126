package server

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tremplin/tremplin/internal/credentials"
)

// The help page's video and captions: Go's built-in table lacks these types and a fresh
// machine may have no /etc/mime.types; browsers ignore caption tracks served as text/plain.
func init() {
	for ext, typ := range map[string]string{".vtt": "text/vtt; charset=utf-8", ".webm": "video/webm", ".mp4": "video/mp4"} {
		if err := mime.AddExtensionType(ext, typ); err != nil {
			panic(err)
		}
	}
}

// noncePlaceholder is what the build writes where each response's CSP nonce goes
// (`html.cspNonce` in webapp/vite.config.ts).
const noncePlaceholder = "__CSP_NONCE__"

// contentSecurityPolicy is the policy of every page: scripts, styles, fonts, images, media and
// calls from this origin only; no inline script at all; <style> tags only with the response's
// nonce (MUI's emotion adds them at run time: webapp/src/lib/emotionCache.ts); no plugins, no
// framing, no <base> elsewhere. An empty nonce (a response that is not the app's page) allows
// no <style> tag.
func contentSecurityPolicy(nonce string) string {
	style := "style-src 'self'"
	if nonce != "" {
		style += " 'nonce-" + nonce + "'"
	}
	return strings.Join([]string{
		"default-src 'self'",
		"script-src 'self'",
		style,
		"img-src 'self' data:",
		"font-src 'self'",
		"connect-src 'self'",
		"media-src 'self'",
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}, "; ")
}

// newNonce is 128 random bits, base64 (the CSP grammar allows its alphabet).
func newNonce() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand never fails (it panics instead)
	return base64.StdEncoding.EncodeToString(b[:])
}

// precompressed are the variants the build writes beside a text asset (vite.config.ts,
// `precompress`), in the order the server prefers them.
var precompressed = []struct{ encoding, suffix string }{{"br", ".br"}, {"gzip", ".gz"}}

// spaHandler serves the built web app: files as they are (hashed assets cached for a year), their
// brotli or gzip copy made at build time when the browser accepts one, and index.html (with a
// fresh CSP nonce) for every other path, so client-side routes load the app.
func spaHandler(dist fs.FS) http.Handler {
	index, err := fs.ReadFile(dist, "index.html")
	if err != nil {
		index = []byte(`<!doctype html><html lang="fr"><meta charset="utf-8"><title>Tremplin</title>` +
			`<p>L'application web n'est pas construite : lancez <code>make build</code> (ou <code>make run</code>).</p></html>`)
	}
	files := http.FileServerFS(dist)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "méthode non autorisée", http.StatusMethodNotAllowed)
			return
		}
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if name != "" && name != "index.html" {
			if info, err := fs.Stat(dist, name); err == nil && !info.IsDir() {
				if strings.HasPrefix(name, "assets/") {
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				}
				if servePrecompressed(w, r, dist, name) {
					return
				}
				files.ServeHTTP(w, r)
				return
			}
		}
		if to, ok := loginRedirect(r); ok {
			// The answer depends on the cookie: no cache may hand it to a signed-in browser.
			w.Header().Set("Cache-Control", "no-store")
			w.Header().Add("Vary", "Cookie")
			http.Redirect(w, r, to, http.StatusFound)
			return
		}
		nonce := newNonce()
		page := bytes.ReplaceAll(index, []byte(noncePlaceholder), []byte(nonce))
		h := w.Header()
		h.Set("Content-Type", "text/html; charset=utf-8")
		h.Set("Cache-Control", "no-cache")
		h.Add("Vary", "Cookie")
		h.Set("Content-Security-Policy", contentSecurityPolicy(nonce))
		h.Set("Content-Length", strconv.Itoa(len(page)))
		if r.Method == http.MethodHead {
			return
		}
		_, _ = w.Write(page)
	})
}

// publicPaths are the addresses a visitor without a session may open: the anonymous routes of
// webapp/src/lib/routes.ts (keep the two lists together).
var publicPaths = map[string]bool{
	"/login":           true,
	"/new-password":    true,
	"/update-password": true,
	"/cgu":             true,
	"/legal-notice":    true,
	"/unsubscribe":     true,
}

// loginRedirect answers where to send a request for the app's page that carries no session
// cookie: straight to the login, which would otherwise come only after the app has loaded and
// asked the server who is signed in (a second round of the page's code). The asked address goes
// along as `next` (the app returns there after sign-in); the home needs none. Only page
// addresses are concerned: a path with a dot (a file: /favicon.ico, an RPC's
// /package.Service/Method) or under /api/ or /assets/ never is, so a missing file or an unknown
// procedure is not answered with a login. A cookie that is present but no longer valid is the
// app's to find out (it goes to the login too, keeping the address).
func loginRedirect(r *http.Request) (string, bool) {
	p := r.URL.Path
	if publicPaths[p] || strings.Contains(p, ".") && p != "/index.html" ||
		strings.HasPrefix(p, "/api/") || strings.HasPrefix(p, "/assets/") {
		return "", false
	}
	if credentials.Session(r.Header) != "" {
		return "", false
	}
	if p == "/" || p == "/index.html" {
		return "/login", true
	}
	return "/login?" + url.Values{"next": {r.URL.RequestURI()}}.Encode(), true
}

// servePrecompressed answers with the best build-time variant of name the request accepts, and
// reports whether it did. Every file that has variants answers with Vary: Accept-Encoding, so that
// a shared cache never hands brotli to a client that did not ask for it.
func servePrecompressed(w http.ResponseWriter, r *http.Request, dist fs.FS, name string) bool {
	var available []string
	for _, v := range precompressed {
		if info, err := fs.Stat(dist, name+v.suffix); err == nil && !info.IsDir() {
			available = append(available, v.encoding)
		}
	}
	if len(available) == 0 {
		return false
	}
	w.Header().Add("Vary", "Accept-Encoding")
	accepted := acceptedEncodings(r.Header.Values("Accept-Encoding"))
	for _, v := range precompressed {
		if !accepted[v.encoding] || !slices.Contains(available, v.encoding) {
			continue
		}
		f, err := dist.Open(name + v.suffix)
		if err != nil {
			return false
		}
		defer func() { _ = f.Close() }()
		content, ok := f.(io.ReadSeeker) // embed.FS files are
		if !ok {
			return false
		}
		typ := mime.TypeByExtension(path.Ext(name))
		if typ == "" {
			typ = "application/octet-stream"
		}
		w.Header().Set("Content-Type", typ)
		w.Header().Set("Content-Encoding", v.encoding)
		// ServeContent answers conditional and range requests on the encoded bytes, as HTTP says.
		http.ServeContent(w, r, name, time.Time{}, content)
		return true
	}
	return false
}

// acceptedEncodings reads Accept-Encoding: the codings listed with a non-zero weight ("*" stands
// for any coding not listed).
func acceptedEncodings(headers []string) map[string]bool {
	accepted := map[string]bool{}
	refused := map[string]bool{}
	star := false
	for _, header := range headers {
		for _, part := range strings.Split(header, ",") {
			coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
			coding = strings.ToLower(strings.TrimSpace(coding))
			if coding == "" {
				continue
			}
			zero := false
			for _, p := range strings.Split(params, ";") {
				k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
				if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
					if q, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil && q <= 0 {
						zero = true
					}
				}
			}
			switch {
			case coding == "*":
				star = !zero
			case zero:
				refused[coding] = true
			default:
				accepted[coding] = true
			}
		}
	}
	if star {
		for _, v := range precompressed {
			if !refused[v.encoding] {
				accepted[v.encoding] = true
			}
		}
	}
	return accepted
}
