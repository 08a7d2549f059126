// Package config reads the server's configuration from the environment, with defaults that
// work on a laptop: SQLite under ./data, port 8080, mail to a local outbox.
package config

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Config is the whole configuration.
type Config struct {
	// DatabaseURL is "sqlite:PATH" or "postgres://…" (DATABASE_URL).
	DatabaseURL string
	// ListenAddr is the one address everything is served on (LISTEN_ADDR, default ":8080").
	ListenAddr string
	// PublicURL is where users reach the app; links in e-mails point there (PUBLIC_URL).
	PublicURL string
	// SMTPURL is "smtp://user:pass@host:port" or "smtps://…"; empty writes mail to the outbox
	// (SMTP_URL).
	SMTPURL string
	// MailFrom is the sender of e-mails (MAIL_FROM).
	MailFrom string
	// DataDir holds the SQLite file and the mail outbox (DATA_DIR, default ./data).
	DataDir string
	// TrialDays is the length of a B2C trial (TRIAL_DAYS, default 14).
	TrialDays int
	// LicenseMonths is how long an activated agency licence lasts (LICENSE_MONTHS, default 12).
	LicenseMonths int
	// SessionIdle and SessionMax bound a browser session (SESSION_IDLE, SESSION_MAX).
	SessionIdle time.Duration
	SessionMax  time.Duration
	// LogLevel is debug, info, warn or error (LOG_LEVEL).
	LogLevel string
	// Stripe settings (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ID,
	// STRIPE_API_BASE for stripe-mock).
	StripeSecretKey     string
	StripeWebhookSecret string
	StripePriceID       string
	StripeAPIBase       string
	// TLSCertFile and TLSKeyFile are a PEM certificate (chain) and its key (TLS_CERT_FILE,
	// TLS_KEY_FILE): set, the server speaks HTTPS only, HTTP/2 and HTTP/1.1 (gRPC over TLS);
	// unset, plain HTTP/1.1 and h2c.
	TLSCertFile string
	TLSKeyFile  string
	// APIKeyRate is how many calls a second an API key may make, sustained (API_KEY_RATE,
	// default 10); APIKeyBurst how many at once after a pause (API_KEY_BURST, default 50).
	APIKeyRate  float64
	APIKeyBurst int
	// ShutdownDrain is how long a stopping server goes on answering — every client told to
	// close its connection after its answer, /healthz at 503 — before it stops listening
	// (SHUTDOWN_DRAIN, default 1s; 0s stops listening at once). Behind a balancer, the time
	// its health checks take to notice.
	ShutdownDrain time.Duration
}

// The bounds of a browser session unless SESSION_IDLE and SESSION_MAX say otherwise: a week
// without a call signs the browser out, and a month after signing in it must sign in again.
const (
	DefaultSessionIdle = 7 * 24 * time.Hour
	DefaultSessionMax  = 30 * 24 * time.Hour
)

// FromEnv reads the configuration from the environment.
func FromEnv() (Config, error) {
	dataDir := env("DATA_DIR", "data")
	listen := env("LISTEN_ADDR", ":8080")
	c := Config{
		DataDir:             dataDir,
		DatabaseURL:         env("DATABASE_URL", "sqlite:"+filepath.Join(dataDir, "tremplin.db")),
		ListenAddr:          listen,
		PublicURL:           strings.TrimRight(env("PUBLIC_URL", defaultPublicURL(listen)), "/"),
		SMTPURL:             os.Getenv("SMTP_URL"),
		MailFrom:            env("MAIL_FROM", "Tremplin <ne-pas-repondre@tremplin.fr>"),
		LogLevel:            env("LOG_LEVEL", "info"),
		StripeSecretKey:     os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret: os.Getenv("STRIPE_WEBHOOK_SECRET"),
		StripePriceID:       os.Getenv("STRIPE_PRICE_ID"),
		StripeAPIBase:       os.Getenv("STRIPE_API_BASE"),
		TLSCertFile:         os.Getenv("TLS_CERT_FILE"),
		TLSKeyFile:          os.Getenv("TLS_KEY_FILE"),
	}
	if (c.TLSCertFile == "") != (c.TLSKeyFile == "") {
		return c, fmt.Errorf("TLS_CERT_FILE and TLS_KEY_FILE go together: set both or neither")
	}
	if c.TLS() && os.Getenv("PUBLIC_URL") == "" {
		c.PublicURL = "https://" + strings.TrimPrefix(c.PublicURL, "http://")
	}
	var err error
	if c.TrialDays, err = intEnv("TRIAL_DAYS", 14); err != nil {
		return c, err
	}
	if c.LicenseMonths, err = intEnv("LICENSE_MONTHS", 12); err != nil {
		return c, err
	}
	if c.SessionIdle, err = durationEnv("SESSION_IDLE", DefaultSessionIdle); err != nil {
		return c, err
	}
	if c.SessionMax, err = durationEnv("SESSION_MAX", DefaultSessionMax); err != nil {
		return c, err
	}
	if c.ShutdownDrain, err = drainEnv("SHUTDOWN_DRAIN", time.Second); err != nil {
		return c, err
	}
	if c.APIKeyRate, err = positiveFloatEnv("API_KEY_RATE", 10); err != nil {
		return c, err
	}
	if c.APIKeyBurst, err = intEnv("API_KEY_BURST", 50); err != nil {
		return c, err
	}
	if c.APIKeyBurst < 1 {
		return c, fmt.Errorf("API_KEY_BURST must be at least 1, got %d", c.APIKeyBurst)
	}
	if _, err := url.Parse(c.PublicURL); err != nil {
		return c, fmt.Errorf("PUBLIC_URL: %w", err)
	}
	return c, nil
}

// TLS reports whether the server itself speaks HTTPS (a certificate is configured).
func (c Config) TLS() bool { return c.TLSCertFile != "" }

// SecureCookies reports whether the app is served over TLS, so cookies get Secure.
func (c Config) SecureCookies() bool { return strings.HasPrefix(c.PublicURL, "https://") }

// OutboxDir is where e-mails go when no SMTP server is configured.
func (c Config) OutboxDir() string { return filepath.Join(c.DataDir, "outbox") }

func defaultPublicURL(listen string) string {
	host, port, found := strings.Cut(listen, ":")
	if !found {
		return "http://localhost:8080"
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "localhost"
	}
	return "http://" + host + ":" + port
}

func env(name, def string) string {
	if v := strings.TrimSpace(os.Getenv(name)); v != "" {
		return v
	}
	return def
}

// parsedEnv reads the variable name with parse, def when it is unset; a value parse refuses
// is an error saying what the variable must be.
func parsedEnv[T any](name string, def T, must string, parse func(string) (T, bool)) (T, error) {
	v := os.Getenv(name)
	if v == "" {
		return def, nil
	}
	x, ok := parse(v)
	if !ok {
		var zero T
		return zero, fmt.Errorf("%s must be %s, got %q", name, must, v)
	}
	return x, nil
}

func intEnv(name string, def int) (int, error) {
	return parsedEnv(name, def, "a whole number", func(v string) (int, bool) {
		n, err := strconv.Atoi(v)
		return n, err == nil && n >= 0
	})
}

func positiveFloatEnv(name string, def float64) (float64, error) {
	return parsedEnv(name, def, "a number of calls a second above 0, such as 10 or 0.5", func(v string) (float64, bool) {
		f, err := strconv.ParseFloat(v, 64)
		return f, err == nil && f > 0 && f <= 1e6
	})
}

func durationEnv(name string, def time.Duration) (time.Duration, error) {
	return parsedEnv(name, def, "a duration such as 168h", func(v string) (time.Duration, bool) {
		d, err := time.ParseDuration(v)
		return d, err == nil && d > 0
	})
}

// drainEnv reads a drain: zero allowed, at most a minute (the shutdown waits for it).
func drainEnv(name string, def time.Duration) (time.Duration, error) {
	return parsedEnv(name, def, "a duration from 0s to 1m, such as 5s", func(v string) (time.Duration, bool) {
		d, err := time.ParseDuration(v)
		return d, err == nil && d >= 0 && d <= time.Minute
	})
}
