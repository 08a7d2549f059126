package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tremplin/tremplin/internal/db"
	"github.com/tremplin/tremplin/internal/demo"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/viewer"
)

func setEnv(t *testing.T, dia testdb.Dialect) string {
	t.Helper()
	dir := t.TempDir()
	url := "sqlite:" + filepath.Join(dir, "tremplin.db")
	if dia == testdb.Postgres {
		url = testdb.EmptyPostgresURL(t)
	}
	t.Setenv("DATABASE_URL", url)
	t.Setenv("DATA_DIR", dir)
	t.Setenv("PUBLIC_URL", "https://tremplin.example")
	return url
}

func userCount(t *testing.T, url string) int {
	t.Helper()
	d, err := db.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	return d.Client.User.Query().CountX(viewer.SystemContext(context.Background()))
}

func TestSeedDemoIsIdempotentAndPrintsTheLogins(t *testing.T) {
	for _, dia := range testdb.Dialects() {
		t.Run(string(dia), func(t *testing.T) {
			url := setEnv(t, dia)
			for range 2 {
				var out bytes.Buffer
				if err := run([]string{"seed-demo"}, &out, &out); err != nil {
					t.Fatal(err)
				}
				for _, a := range demo.Accounts {
					if !strings.Contains(out.String(), a.Email) {
						t.Errorf("%s not printed:\n%s", a.Email, out.String())
					}
				}
				if !strings.Contains(out.String(), "Tremplin-demo-2026") || !strings.Contains(out.String(), "https://tremplin.example") {
					t.Errorf("password or URL not printed:\n%s", out.String())
				}
			}
			if n := userCount(t, url); n != len(demo.Accounts) {
				t.Errorf("%d users after two seeds, want %d", n, len(demo.Accounts))
			}
		})
	}
}

func TestCreateAdmin(t *testing.T) {
	url := setEnv(t, testdb.SQLite)
	var out bytes.Buffer
	if err := run([]string{"create-admin", "--email", "Ops@Tremplin.fr"}, &out, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "ops@tremplin.fr") || !strings.Contains(out.String(), "https://tremplin.example/new-password?id=") {
		t.Errorf("output:\n%s", out.String())
	}
	if err := run([]string{"create-admin", "--email", "ops@tremplin.fr"}, &out, &out); err == nil {
		t.Error("a second admin with the same e-mail was created")
	}
	if err := run([]string{"create-admin", "--email", "x@tremplin.fr", "--password", "faible"}, &out, &out); err == nil {
		t.Error("a weak password was accepted")
	}
	if n := userCount(t, url); n != 1 {
		t.Errorf("%d users, want 1", n)
	}
}

func TestUnknownCommand(t *testing.T) {
	var out bytes.Buffer
	if err := run([]string{"fly"}, &out, &out); err == nil || !strings.Contains(out.String(), "usage: tremplin") {
		t.Errorf("got %v, output %q", err, out.String())
	}
}

// The operator runs a job now for a day; the same day's run is not done twice.
func TestJobsRunCommand(t *testing.T) {
	setEnv(t, testdb.SQLite)
	var out bytes.Buffer
	if err := run([]string{"seed-demo"}, &out, &out); err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"escalate-priorities du 2026-11-24 : ", "escalate-priorities du 2026-11-24 : 0"} {
		out.Reset()
		if err := run([]string{"jobs", "run", "escalate-priorities", "--date", "2026-11-24"}, &out, &out); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(out.String(), want) {
			t.Errorf("run %d: %q, want %q…", i+1, out.String(), want)
		}
	}
	if err := run([]string{"jobs", "run", "nothing"}, &out, &out); err == nil || !strings.Contains(err.Error(), "unknown job") {
		t.Errorf("an unknown job: %v", err)
	}
}
