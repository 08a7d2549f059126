package config

import (
	"strings"
	"testing"
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
