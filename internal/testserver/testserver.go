// Package testserver starts a whole Tremplin server for a test: a fresh migrated database of
// the dialect, a fake clock, a real SMTP server (mailtest) and an HTTP test server speaking
// HTTP/1.1 and h2c. Tests call it as real clients do: Connect, gRPC, or the /api JSON routes.
package testserver

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/internal/authn"
	"github.com/tremplin/tremplin/internal/clock"
	"github.com/tremplin/tremplin/internal/config"
	"github.com/tremplin/tremplin/internal/db"
	"github.com/tremplin/tremplin/internal/licenses"
	"github.com/tremplin/tremplin/internal/mail"
	"github.com/tremplin/tremplin/internal/mail/mailtest"
	"github.com/tremplin/tremplin/internal/server"
	"github.com/tremplin/tremplin/internal/stripetest"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/viewer"
)

// Password is the password of every user made by the helpers.
const Password = "Motdepasse-1"

// Start is a running server.
type Start struct {
	URL    string
	DB     *db.Database
	Client *ent.Client
	Clock  *clock.Fake
	Mail   *mailtest.Server
	Config config.Config
	Server *server.Server
	// Stripe is the Stripe double of a server started with Options.Stripe.
	Stripe *stripetest.Stripe
	// Statements counts the SQL statements of a server started with Options.CountStatements
	// (the test's own helpers included: reset it before what is measured).
	Statements *atomic.Int64
	// Stop shuts the server down gracefully and waits (also done at the end of the test).
	Stop func()
	// roots trust the certificate of a server started with Options.TLSCertFile.
	roots *x509.CertPool
}

// Options adjust a server.
type Options struct {
	// Mount adds routes (see server.Deps.Mount).
	Mount func(mux *http.ServeMux)
	// Log receives the server's log as JSON lines, from the info level.
	Log io.Writer
	// Stripe configures payments against a Stripe double (stripetest: stripe-mock on
	// loopback), in Start.Stripe.
	Stripe bool
	// TLSCertFile and TLSKeyFile serve HTTPS (h2 and HTTP/1.1) with this certificate, as
	// TLS_CERT_FILE / TLS_KEY_FILE do; Start.URL is then https://.
	TLSCertFile, TLSKeyFile string
	// CountStatements makes the server's ent client count every statement, in
	// Start.Statements.
	CountStatements bool
	// Configure changes the configuration before the server is built (a rate limit of API
	// keys to reach, …).
	Configure func(*config.Config)
}

// New starts a server on a fresh database of the dialect, stopped at the end of t.
func New(t testing.TB, dia testdb.Dialect, opts ...Options) *Start {
	t.Helper()
	database := testdb.New(t, dia)
	var statements *atomic.Int64
	for _, o := range opts {
		if o.CountStatements {
			database.Client, statements = testdb.CountingClient(database)
		}
	}
	smtp := mailtest.Start(t)
	fake := clock.NewFake(time.Date(2026, 11, 18, 9, 30, 0, 0, time.UTC)) // a Wednesday
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + listener.Addr().String()
	cfg := config.Config{
		DatabaseURL: "test", ListenAddr: listener.Addr().String(), PublicURL: base,
		SMTPURL: smtp.URL(), MailFrom: "Tremplin <ne-pas-repondre@tremplin.fr>", DataDir: t.TempDir(),
		TrialDays: 14, LicenseMonths: 12, SessionIdle: config.DefaultSessionIdle, SessionMax: config.DefaultSessionMax,
		LogLevel: "warn",
		// The fake clock never refills a key's budget on its own: tests using keys are not
		// limited unless they ask (Options.Configure).
		APIKeyRate: 1000, APIKeyBurst: 1_000_000,
	}
	sender, err := mail.New(cfg.SMTPURL, cfg.MailFrom, cfg.OutboxDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var mount func(*http.ServeMux)
	var stripe *stripetest.Stripe
	var roots *x509.CertPool
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	if os.Getenv("TEST_SERVER_LOG") != "" {
		log = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	for _, o := range opts {
		mount = o.Mount
		if o.Log != nil {
			log = slog.New(slog.NewJSONHandler(o.Log, nil))
		}
		if o.TLSCertFile != "" {
			pem, err := os.ReadFile(o.TLSCertFile)
			if err != nil {
				t.Fatal(err)
			}
			roots = x509.NewCertPool()
			roots.AppendCertsFromPEM(pem)
			cfg.TLSCertFile, cfg.TLSKeyFile = o.TLSCertFile, o.TLSKeyFile
			base = "https://" + listener.Addr().String()
			cfg.PublicURL = base
		}
		if o.Stripe {
			stripe = stripetest.Start(t)
			cfg.StripeSecretKey, cfg.StripeWebhookSecret = stripetest.SecretKey, stripetest.WebhookSecret
			cfg.StripePriceID, cfg.StripeAPIBase = stripetest.PriceID, stripe.URL
		}
		if o.Configure != nil {
			o.Configure(&cfg)
		}
	}
	srv, err := server.New(server.Deps{
		Config: cfg, DB: database, Clock: fake, Mail: sender, Mount: mount, Log: log,
		Web: fstest.MapFS{
			"index.html":        {Data: []byte("<!doctype html><title>Tremplin</title><div id=root></div>")},
			"assets/app-abc.js": {Data: []byte("console.log('tremplin')")},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, listener) }()
	var once sync.Once
	stop := func() { once.Do(func() { cancel(); <-done }) }
	t.Cleanup(stop)
	return &Start{URL: base, DB: database, Client: database.Client, Clock: fake, Mail: smtp, Config: cfg, Server: srv, Stripe: stripe, Statements: statements, Stop: stop, roots: roots}
}

// UserSpec describes a user to create.
type UserSpec struct {
	Role      user.Role
	IsB2C     bool
	AgencyID  *uuid.UUID
	FirstName string
	// TrialEnd, for B2C candidates: nil means never signed in (trial starts at first login).
	TrialEnd *time.Time
	// License, for B2B candidates: "valid", "expired", "pending" or "" (none).
	License string
	// FreeAccess grants premium.
	FreeAccess bool
	// NoTerms leaves the terms of use never accepted: an invitation never completed, or an
	// account from before sign-in required them. Otherwise the account accepted them when it
	// was created, as every account made by an invitation has.
	NoTerms bool
}

// passwordHash is Password hashed once for the whole test binary: every account a test makes
// shares it (one salt), where hashing per account cost each its 19 MiB argon2id pass, hundreds
// per package under the race detector. Signing in still verifies it as in production.
var passwordHash = sync.OnceValues(func() (string, error) {
	return authn.HashPassword(context.Background(), Password)
})

// CreateUser creates a user with Password and answers it.
func (s *Start) CreateUser(t testing.TB, email string, spec UserSpec) *ent.User {
	t.Helper()
	ctx := viewer.SystemContext(context.Background())
	hash, err := passwordHash()
	if err != nil {
		t.Fatal(err)
	}
	if spec.Role == "" {
		spec.Role = user.RoleCandidate
	}
	now := s.Clock.Now()
	create := s.Client.User.Create().SetEmail(strings.ToLower(email)).SetRole(spec.Role).
		SetPasswordHash(hash).SetFirstName(spec.FirstName).SetIsB2c(spec.IsB2C).
		SetNillableAgencyID(spec.AgencyID).SetNillableTrialEndAt(spec.TrialEnd).SetHasFreeAccess(spec.FreeAccess)
	if spec.TrialEnd != nil {
		create.SetFirstLoginAt(now.AddDate(0, 0, -1))
	}
	if !spec.NoTerms {
		create.SetTermsAcceptedAt(now)
	}
	u, err := create.Save(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if spec.License != "" {
		if spec.AgencyID == nil {
			t.Fatal("a licence needs an agency")
		}
		// Taken from the agency's pool, as the service does, so its counts add up.
		if err := licenses.TakeOne(ctx, s.Client, *spec.AgencyID); err != nil {
			t.Fatalf("a licence for %s: %v", email, err)
		}
		lic := s.Client.License.Create().SetCandidateID(u.ID).SetAgencyID(*spec.AgencyID).SetAllocationDate(now.AddDate(0, -2, 0))
		switch spec.License {
		case "valid":
			lic.SetActivationDate(now.AddDate(0, -1, 0)).SetExpirationDate(now.AddDate(0, 11, 0))
		case "expired":
			lic.SetActivationDate(now.AddDate(-1, -1, 0)).SetExpirationDate(now.AddDate(0, -1, 0))
		}
		if err := lic.Exec(ctx); err != nil {
			t.Fatal(err)
		}
	}
	return u
}

// CreateAgency creates an agency with licences.
func (s *Start) CreateAgency(t testing.TB, name string, licenses int) *ent.Agency {
	t.Helper()
	a, err := s.Client.Agency.Create().SetName(name).SetEmail("contact@" + strings.ToLower(strings.ReplaceAll(name, " ", "")) + ".fr").
		SetNumTotalLicenses(licenses).Save(viewer.SystemContext(context.Background()))
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// HTTPClient is a client with its own cookie jar that speaks HTTP/1.1 (and, for gRPC, h2c
// when told).
func HTTPClient(t testing.TB) *http.Client {
	t.Helper()
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &http.Client{Jar: jar, Timeout: 30 * time.Second}
}

// WebClient is HTTPClient, trusting the server's certificate when it speaks HTTPS.
func (s *Start) WebClient(t testing.TB) *http.Client {
	c := HTTPClient(t)
	if s.roots != nil {
		c.Transport = &http.Transport{TLSClientConfig: &tls.Config{RootCAs: s.roots}, ForceAttemptHTTP2: true}
	}
	return c
}

// HTTPClientNoJar speaks HTTP/1.1 and keeps no cookie.
func HTTPClientNoJar() *http.Client {
	return &http.Client{Transport: http.DefaultTransport.(*http.Transport).Clone(), Timeout: 30 * time.Second}
}

// H2CClient speaks HTTP/2 without TLS, as gRPC clients do.
func H2CClient() *http.Client {
	protocols := new(http.Protocols)
	protocols.SetUnencryptedHTTP2(true)
	return &http.Client{Transport: &http.Transport{Protocols: protocols}, Timeout: 30 * time.Second}
}
