package server_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptrace"
	"syscall"
	"testing"
	"testing/fstest"
	"time"

	"github.com/tremplin/tremplin/internal/clock"
	"github.com/tremplin/tremplin/internal/config"
	"github.com/tremplin/tremplin/internal/server"
	"github.com/tremplin/tremplin/internal/testdb"
)

// Asked to stop, the server drains before it stops listening: a client's idle keep-alive
// connection is answered once more and told to close (so no request written on it can be cut
// by the shutdown), new connections are still answered, /healthz says 503 so that a balancer
// takes the copy out; then connections are refused and Serve returns.
func TestStoppingDrainsKeepAliveConnections(t *testing.T) {
	database := testdb.New(t, testdb.SQLite)
	listener, cfg := listening(t, t.TempDir())
	base := cfg.PublicURL
	srv, err := server.New(server.Deps{
		Config: cfg, DB: database, Clock: clock.NewFake(time.Date(2026, 11, 27, 9, 30, 0, 0, time.UTC)),
		Log: slog.New(slog.NewJSONHandler(io.Discard, nil)), Web: fstest.MapFS{"index.html": {Data: []byte("<!doctype html>")}},
		Drain: 3 * time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ctx, listener) }()

	client := &http.Client{Transport: &http.Transport{}}
	get := func(c *http.Client, path string) (status int, reused, closing bool) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, base+path, nil)
		req = req.WithContext(httptrace.WithClientTrace(req.Context(), &httptrace.ClientTrace{
			GotConn: func(info httptrace.GotConnInfo) { reused = info.Reused },
		}))
		res, err := c.Do(req)
		if err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
		_, _ = io.Copy(io.Discard, res.Body)
		_ = res.Body.Close()
		return res.StatusCode, reused, res.Close
	}
	if status, _, closing := get(client, "/healthz"); status != http.StatusOK || closing {
		t.Fatalf("before stopping: /healthz %d, connection closing %v", status, closing)
	}

	cancel()
	other := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	for deadline := time.Now().Add(2 * time.Second); ; {
		if status, _, _ := get(other, "/healthz"); status == http.StatusServiceUnavailable {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("/healthz does not say the server is stopping")
		}
		time.Sleep(10 * time.Millisecond)
	}
	// The connection left idle before the stop is answered, and told to close.
	if status, reused, closing := get(client, "/api/openapi.json"); status != http.StatusOK || !reused || !closing {
		t.Errorf("draining, on the idle connection: status %d, reused %v, told to close %v", status, reused, closing)
	}
	// A new connection is still answered, and told to close too.
	if status, reused, closing := get(client, "/api/openapi.json"); status != http.StatusOK || reused || !closing {
		t.Errorf("draining, on a new connection: status %d, reused %v, told to close %v", status, reused, closing)
	}

	select {
	case err := <-served:
		if err != nil {
			t.Fatalf("Serve: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the server did not stop after its drain")
	}
	if _, err := net.Dial("tcp", listener.Addr().String()); !errors.Is(err, syscall.ECONNREFUSED) {
		t.Errorf("after the drain, dialing: %v, want connection refused", err)
	}
}

// listening opens a port on the loopback and answers it with the configuration of a server
// serving there, its data under dataDir.
func listening(t *testing.T, dataDir string) (net.Listener, config.Config) {
	t.Helper()
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	return listener, config.Config{
		DatabaseURL: "test", ListenAddr: listener.Addr().String(), PublicURL: "http://" + listener.Addr().String(), DataDir: dataDir,
		MailFrom: "Tremplin <ne-pas-repondre@tremplin.fr>", TrialDays: 14, LicenseMonths: 12,
		SessionIdle: time.Hour, SessionMax: 24 * time.Hour,
	}
}
