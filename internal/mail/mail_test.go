package mail_test

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tremplin/tremplin/internal/mail"
	"github.com/tremplin/tremplin/internal/mail/mailtest"
)

func resetMessage(t *testing.T) mail.Message {
	t.Helper()
	link := "http://localhost:8080/update-password?id=1&token=abc"
	msg, err := mail.Render("reset-password", "lea@exemple.fr", "Réinitialisation de votre mot de passe Tremplin",
		map[string]any{"FirstName": "Léa", "Link": link, "ValidHours": 2})
	if err != nil {
		t.Fatal(err)
	}
	return msg
}

// Without SMTP_URL, mail lands in the outbox folder, readable by the server's user only; the
// log says so (recipient, subject, file) without the link and its token.
func TestOutboxWritesTheMessageAndLogsNoSecret(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "outbox")
	var logs bytes.Buffer
	sender, err := mail.New("", "Tremplin <ne-pas-repondre@tremplin.fr>", dir, slog.New(slog.NewTextHandler(&logs, nil)))
	if err != nil {
		t.Fatal(err)
	}
	if err := sender.Send(context.Background(), resetMessage(t)); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.eml"))
	if len(files) != 1 {
		t.Fatalf("outbox holds %v", files)
	}
	data, _ := os.ReadFile(files[0])
	if !strings.Contains(string(data), "To: <lea@exemple.fr>") || !strings.Contains(string(data), "token=3Dabc") {
		t.Errorf("message:\n%s", data)
	}
	for path, want := range map[string]os.FileMode{dir: 0o700, files[0]: 0o600} {
		if info, err := os.Stat(path); err != nil || info.Mode().Perm() != want {
			t.Errorf("%s: mode %v (%v), want %v", path, info.Mode().Perm(), err, want)
		}
	}
	line := logs.String()
	for _, want := range []string{"to=lea@exemple.fr", "Réinitialisation de votre mot de passe Tremplin", files[0]} {
		if !strings.Contains(line, want) {
			t.Errorf("the log does not say %q: %s", want, line)
		}
	}
	if strings.Contains(line, "token") || strings.Contains(line, "update-password") {
		t.Errorf("the log carries the link: %s", line)
	}
}

func TestSMTPDeliversTheFrenchMessage(t *testing.T) {
	server := mailtest.Start(t)
	sender, err := mail.New(server.URL(), "Tremplin <ne-pas-repondre@tremplin.fr>", t.TempDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := sender.Send(context.Background(), resetMessage(t)); err != nil {
		t.Fatal(err)
	}
	got := server.WaitFor(t, "lea@exemple.fr")
	if got.Subject != "Réinitialisation de votre mot de passe Tremplin" {
		t.Errorf("subject %q", got.Subject)
	}
	if !strings.Contains(got.Text, "Bonjour Léa,") || !strings.Contains(got.Text, "http://localhost:8080/update-password?id=1&token=abc") {
		t.Errorf("text:\n%s", got.Text)
	}
}

func TestBadSMTPURLIsRefused(t *testing.T) {
	for _, raw := range []string{"http://mail.exemple.fr", "smtp://", "smtp://host:port"} {
		if _, err := mail.New(raw, "a@b.fr", t.TempDir(), nil); err == nil {
			t.Errorf("%q accepted", raw)
		}
	}
}
