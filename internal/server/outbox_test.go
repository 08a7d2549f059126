package server_test

import (
	"context"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/internal/clock"
	"github.com/tremplin/tremplin/internal/server"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/viewer"
)

// Without SMTP_URL, a reset link is written to the outbox, readable by the server's user
// only, and the log says a mail was written — to whom, what, where — never the link.
func TestOutboxMailIsPrivateAndItsLinkIsNotLogged(t *testing.T) {
	database := testdb.New(t, testdb.SQLite)
	dataDir := t.TempDir()
	listener, cfg := listening(t, dataDir)
	base := cfg.PublicURL
	var logs lockedBuffer
	srv, err := server.New(server.Deps{
		Config: cfg, DB: database, Clock: clock.NewFake(time.Date(2026, 11, 18, 9, 30, 0, 0, time.UTC)),
		Log: slog.New(slog.NewJSONHandler(&logs, nil)), Web: fstest.MapFS{"index.html": {Data: []byte("<!doctype html>")}},
	})
	if err != nil {
		t.Fatal(err)
	}
	database.Client.User.Create().SetEmail("lea@exemple.fr").SetRole(user.RoleAdmin).SetFirstName("Léa").
		ExecX(viewer.SystemContext(context.Background()))
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ctx, listener) }()

	res, err := http.Post(base+"/api/users/reset-password", "application/json", strings.NewReader(`{"email":"lea@exemple.fr"}`))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("reset-password: %d", res.StatusCode)
	}
	cancel() // shutting down sends the mails still queued
	if err := <-served; err != nil {
		t.Fatal(err)
	}

	outbox := filepath.Join(dataDir, "outbox")
	files, _ := filepath.Glob(filepath.Join(outbox, "*.eml"))
	if len(files) != 1 {
		t.Fatalf("outbox holds %v", files)
	}
	for path, want := range map[string]os.FileMode{outbox: 0o700, files[0]: 0o600} {
		if info, err := os.Stat(path); err != nil || info.Mode().Perm() != want {
			t.Errorf("%s: mode %v, want %v (%v)", path, info.Mode().Perm(), want, err)
		}
	}
	log := logs.buf.String() // the server has stopped writing
	if !strings.Contains(log, `"to":"lea@exemple.fr"`) || !strings.Contains(log, filepath.Base(files[0])) {
		t.Errorf("the log does not say the mail was written:\n%s", log)
	}
	if strings.Contains(log, "token") || strings.Contains(log, "update-password") {
		t.Errorf("the log carries the reset link:\n%s", log)
	}
}
