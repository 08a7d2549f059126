package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tremplin/tremplin/ent/task"
	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/internal/db"
	"github.com/tremplin/tremplin/internal/demo"
	"github.com/tremplin/tremplin/internal/mail/mailtest"
	"github.com/tremplin/tremplin/internal/resource"
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

// openDB opens the database the commands under test use, closed when the test ends.
func openDB(t *testing.T, url string) *db.Database {
	t.Helper()
	d, err := db.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = d.Close() })
	return d
}

func userCount(t *testing.T, url string) int {
	t.Helper()
	return openDB(t, url).Client.User.Query().CountX(viewer.SystemContext(context.Background()))
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
			// The printed logins, and the four followed candidates named beside them.
			if n, want := userCount(t, url), len(demo.Accounts)+4; n != want {
				t.Errorf("%d users after two seeds, want %d", n, want)
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

// The operator runs a job now for a day; the same day's run is not done twice: a task left
// late that day gains one priority level, once.
func TestJobsRunCommand(t *testing.T) {
	url := setEnv(t, testdb.SQLite)
	var out bytes.Buffer
	if err := run([]string{"seed-demo"}, &out, &out); err != nil {
		t.Fatal(err)
	}
	d := openDB(t, url)
	sys := viewer.SystemContext(context.Background())
	thomas := d.Client.User.Query().Where(user.Email("candidat@demo.tremplin.fr")).OnlyX(sys)
	paris, err := time.LoadLocation("Europe/Paris")
	if err != nil {
		t.Fatal(err)
	}
	due := time.Date(2026, 11, 24, 10, 0, 0, 0, paris)
	late := d.Client.Task.Create().SetOwnerID(thomas.ID).SetSubject(task.SubjectOther).SetCustomSubject("Relancer Acme").
		SetPriority(task.PriorityNormal).SetInitialDeadline(due).SetDeadline(due).SetResources([]resource.Resource{}).SaveX(sys)

	for i, want := range []string{"escalate-priorities du 2026-11-24 : 1\n", "escalate-priorities du 2026-11-24 : 0\n"} {
		out.Reset()
		if err := run([]string{"jobs", "run", "escalate-priorities", "--date", "2026-11-24"}, &out, &out); err != nil {
			t.Fatal(err)
		}
		if out.String() != want {
			t.Errorf("run %d: %q, want %q", i+1, out.String(), want)
		}
	}
	if got := d.Client.Task.GetX(sys, late.ID); got.Priority != task.PriorityHigh || !got.Deadline.Equal(due.AddDate(0, 0, 1)) {
		t.Errorf("the late task after two runs: %s, due %s; want high (one level), due the next day", got.Priority, got.Deadline)
	}
	if err := run([]string{"jobs", "run", "nothing"}, &out, &out); err == nil || !strings.Contains(err.Error(), "unknown job") {
		t.Errorf("an unknown job: %v", err)
	}
}

// The operator runs today's retention by hand, through the night's claim: an account unused for
// three years is warned by e-mail, one warned 31 days ago is deleted and told so; run again the
// same day, it does nothing. It takes no date.
func TestJobsRunRetention(t *testing.T) {
	for _, dia := range testdb.Dialects() {
		t.Run(string(dia), func(t *testing.T) {
			url := setEnv(t, dia)
			smtp := mailtest.Start(t)
			t.Setenv("SMTP_URL", smtp.URL())
			var out bytes.Buffer
			if err := run([]string{"migrate"}, &out, &out); err != nil {
				t.Fatal(err)
			}
			d := openDB(t, url)
			sys := viewer.SystemContext(context.Background())
			now := time.Now().UTC()
			idle := now.AddDate(-3, 0, 0)
			d.Client.User.Create().SetEmail("idle@exemple.fr").SetRole(user.RoleCandidate).SetIsB2c(true).SetLastLoginAt(idle).ExecX(sys)
			gone := d.Client.User.Create().SetEmail("gone@exemple.fr").SetRole(user.RoleCandidate).SetIsB2c(true).
				SetLastLoginAt(idle).SetRetentionWarnedAt(now.AddDate(0, 0, -31)).SaveX(sys)

			today := now.Format(time.DateOnly)
			for i, want := range []string{"retention du " + today + " : 1 compte(s) prévenu(s), 1 supprimé(s)\n", "retention du " + today + " : déjà faite\n"} {
				out.Reset()
				if err := run([]string{"jobs", "run", "retention"}, &out, &out); err != nil {
					t.Fatal(err)
				}
				if out.String() != want {
					t.Errorf("run %d: %q, want %q", i+1, out.String(), want)
				}
			}
			smtp.WaitForSubject(t, "gone@exemple.fr", "Votre compte Tremplin a été supprimé")
			if m := smtp.WaitFor(t, "idle@exemple.fr"); !strings.HasPrefix(m.Subject, "Votre compte Tremplin sera supprimé le ") ||
				!strings.Contains(m.Text, "https://tremplin.example/login") {
				t.Errorf("the warning: %q\n%s", m.Subject, m.Text)
			}
			if d.Client.User.Query().Where(user.ID(gone.ID)).ExistX(sys) {
				t.Error("the account warned 31 days ago is still there")
			}
			if n := len(smtp.Messages()); n != 2 {
				t.Errorf("%d e-mails, want 2", n)
			}
			if err := run([]string{"jobs", "run", "retention", "--date", today}, &out, &out); err == nil || !strings.Contains(err.Error(), "takes no date") {
				t.Errorf("a date: %v", err)
			}
		})
	}
}
