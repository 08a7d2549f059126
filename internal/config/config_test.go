package config

import (
	"strings"
	"testing"
	"time"
)

// A certificate and its key go together, and make the default public address https.
func TestTLSFilesGoTogether(t *testing.T) {
	t.Setenv("LISTEN_ADDR", "127.0.0.1:8443")
	t.Setenv("TLS_CERT_FILE", "/etc/tremplin/cert.pem")
	t.Setenv("TLS_KEY_FILE", "")
	if _, err := FromEnv(); err == nil || !strings.Contains(err.Error(), "TLS_KEY_FILE") {
		t.Errorf("a certificate without its key: %v", err)
	}
	t.Setenv("TLS_KEY_FILE", "/etc/tremplin/key.pem")
	c, err := FromEnv()
	if err != nil {
		t.Fatal(err)
	}
	if !c.TLS() || c.PublicURL != "https://127.0.0.1:8443" || !c.SecureCookies() {
		t.Errorf("with a certificate: TLS %v, PUBLIC_URL %q", c.TLS(), c.PublicURL)
	}
	t.Setenv("PUBLIC_URL", "https://tremplin.example.fr")
	if c, _ := FromEnv(); c.PublicURL != "https://tremplin.example.fr" {
		t.Errorf("PUBLIC_URL set: %q", c.PublicURL)
	}
	t.Setenv("TLS_CERT_FILE", "")
	t.Setenv("TLS_KEY_FILE", "")
	t.Setenv("PUBLIC_URL", "")
	if c, _ := FromEnv(); c.TLS() || !strings.HasPrefix(c.PublicURL, "http://") {
		t.Errorf("without a certificate: TLS %v, PUBLIC_URL %q", c.TLS(), c.PublicURL)
	}
}

// SHUTDOWN_DRAIN: one second unless set; zero stops listening at once; a negative or longer
// than a minute drain, or no duration at all, is refused by name.
func TestShutdownDrain(t *testing.T) {
	t.Setenv("SHUTDOWN_DRAIN", "")
	if c, err := FromEnv(); err != nil || c.ShutdownDrain != time.Second {
		t.Errorf("default: %v, %v", c.ShutdownDrain, err)
	}
	for value, want := range map[string]time.Duration{"0s": 0, "15s": 15 * time.Second} {
		t.Setenv("SHUTDOWN_DRAIN", value)
		if c, err := FromEnv(); err != nil || c.ShutdownDrain != want {
			t.Errorf("%s: %v, %v", value, c.ShutdownDrain, err)
		}
	}
	for _, bad := range []string{"-1s", "2m", "5"} {
		t.Setenv("SHUTDOWN_DRAIN", bad)
		if _, err := FromEnv(); err == nil || !strings.Contains(err.Error(), "SHUTDOWN_DRAIN") {
			t.Errorf("%s: %v", bad, err)
		}
	}
}
