package server

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"testing/fstest"
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
