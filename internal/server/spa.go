package server

import (
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
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

// spaHandler serves the built web app: files as they are (hashed assets cached for a year),
// and index.html for every other path, so client-side routes load the app.
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
				files.ServeHTTP(w, r)
				return
			}
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		_, _ = w.Write(index)
	})
}
