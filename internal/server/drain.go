package server

import (
	"net/http"
	"sync/atomic"
)

// draining is the server's last moments before it stops listening (Deps.Drain long): it
// still accepts connections and answers every request, but each HTTP/1 answer carries
// `Connection: close` and /healthz answers 503.
//
// Without it, stopping would close the keep-alive connections idle at that instant, and a
// request a client had just written on one — the client cannot know the server is closing
// it — would be lost without an answer; a client may retry only what is safe to send twice
// (Go's, for instance, retries a GET, not a POST), so creates would fail. Once each client has
// been told to close its connections after their next answer, none is left idle to be cut;
// a balancer watching /healthz stops sending new ones. HTTP/2 connections need none of it:
// the shutdown's GOAWAY tells their clients which requests were taken.
type draining struct{ on atomic.Bool }

func (d *draining) middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if d.on.Load() && r.ProtoMajor == 1 {
			w.Header().Set("Connection", "close") // net/http then closes it after the answer
		}
		next.ServeHTTP(w, r)
	})
}
