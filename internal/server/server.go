// Package server wires the one Tremplin process: every service over Connect, gRPC and
// gRPC-Web (h2c, or HTTPS with h2 when a certificate is configured), gRPC health and reflection, /healthz, the /api JSON gateway and the
// embedded web app, all on one port, with graceful shutdown.
package server

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"connectrpc.com/connect"
	"connectrpc.com/grpchealth"
	"connectrpc.com/grpcreflect"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/tremplin/tremplin/gateway"
	accountv1 "github.com/tremplin/tremplin/gen/tremplin/account/v1"
	"github.com/tremplin/tremplin/gen/tremplin/account/v1/accountv1connect"
	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	"github.com/tremplin/tremplin/gen/tremplin/activity/v1/activityv1connect"
	agencyv1 "github.com/tremplin/tremplin/gen/tremplin/agency/v1"
	"github.com/tremplin/tremplin/gen/tremplin/agency/v1/agencyv1connect"
	authv1 "github.com/tremplin/tremplin/gen/tremplin/auth/v1"
	"github.com/tremplin/tremplin/gen/tremplin/auth/v1/authv1connect"
	billingv1 "github.com/tremplin/tremplin/gen/tremplin/billing/v1"
	"github.com/tremplin/tremplin/gen/tremplin/billing/v1/billingv1connect"
	insightv1 "github.com/tremplin/tremplin/gen/tremplin/insight/v1"
	"github.com/tremplin/tremplin/gen/tremplin/insight/v1/insightv1connect"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/gen/tremplin/network/v1/networkv1connect"
	opportunityv1 "github.com/tremplin/tremplin/gen/tremplin/opportunity/v1"
	"github.com/tremplin/tremplin/gen/tremplin/opportunity/v1/opportunityv1connect"
	webhookv1 "github.com/tremplin/tremplin/gen/tremplin/webhook/v1"
	"github.com/tremplin/tremplin/gen/tremplin/webhook/v1/webhookv1connect"
	"github.com/tremplin/tremplin/internal/access"
	"github.com/tremplin/tremplin/internal/authn"
	"github.com/tremplin/tremplin/internal/bodylimit"
	"github.com/tremplin/tremplin/internal/clock"
	"github.com/tremplin/tremplin/internal/conditional"
	"github.com/tremplin/tremplin/internal/config"
	"github.com/tremplin/tremplin/internal/dashboard"
	"github.com/tremplin/tremplin/internal/db"
	"github.com/tremplin/tremplin/internal/handler"
	"github.com/tremplin/tremplin/internal/idempotency"
	"github.com/tremplin/tremplin/internal/invitations"
	"github.com/tremplin/tremplin/internal/jobs"
	"github.com/tremplin/tremplin/internal/mail"
	"github.com/tremplin/tremplin/internal/payments"
	"github.com/tremplin/tremplin/internal/procguard"
	"github.com/tremplin/tremplin/internal/rpc"
	"github.com/tremplin/tremplin/internal/webhooks"
	"github.com/tremplin/tremplin/services/account"
	"github.com/tremplin/tremplin/services/activity"
	"github.com/tremplin/tremplin/services/agency"
	"github.com/tremplin/tremplin/services/auth"
	"github.com/tremplin/tremplin/services/billing"
	"github.com/tremplin/tremplin/services/insight"
	"github.com/tremplin/tremplin/services/network"
	"github.com/tremplin/tremplin/services/opportunity"
	"github.com/tremplin/tremplin/services/webhook"
	"github.com/tremplin/tremplin/webapp"
)

// Deps is what the server needs from outside.
type Deps struct {
	Config config.Config
	DB     *db.Database
	Log    *slog.Logger
	// Clock defaults to the system clock.
	Clock clock.Clock
	// Mail defaults to SMTP (Config.SMTPURL) or the outbox.
	Mail mail.Sender
	// Web defaults to the embedded build.
	Web fs.FS
	// Mount adds routes (tests use it to observe shutdown with a slow handler).
	Mount func(mux *http.ServeMux)
	// RunJobs runs the background jobs while serving (tremplin serve does; tests run them by
	// hand, on their fake clock).
	RunJobs bool
	// Drain is how long the server goes on answering, keep-alives off and /healthz at 503,
	// once asked to stop and before it stops listening (see draining). Zero stops at once.
	Drain time.Duration
}

// Server is a ready-to-serve Tremplin.
type Server struct {
	Handler http.Handler
	// TLS is the certificate the server speaks HTTPS with (nil: plain HTTP/1.1 and h2c).
	TLS  *tls.Config
	log  *slog.Logger
	mail *mail.Queue
	// Jobs are the background jobs (started by Serve when Deps.RunJobs).
	Jobs *jobs.Runner
	// Webhooks sends the agencies' events (started by Serve when Deps.RunJobs).
	Webhooks *webhooks.Worker
	runJobs  bool
	draining *draining
	drainFor time.Duration
	Policies access.Policies
	// ServiceNames are the fully-qualified names of the API services.
	ServiceNames []string
}

// New wires everything.
func New(d Deps) (*Server, error) {
	if d.Clock == nil {
		d.Clock = clock.Real{}
	}
	if d.Mail == nil {
		sender, err := mail.New(d.Config.SMTPURL, d.Config.MailFrom, d.Config.OutboxDir(), d.Log)
		if err != nil {
			return nil, err
		}
		d.Mail = sender
	}
	if d.Web == nil {
		sub, err := fs.Sub(webapp.Dist, "dist")
		if err != nil {
			return nil, err
		}
		d.Web = sub
	}
	var tlsConfig *tls.Config
	if d.Config.TLS() {
		cert, err := tls.LoadX509KeyPair(d.Config.TLSCertFile, d.Config.TLSKeyFile)
		if err != nil {
			return nil, fmt.Errorf("TLS_CERT_FILE / TLS_KEY_FILE: %w", err)
		}
		tlsConfig = &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	}
	client := d.DB.Client
	sessions := &authn.Sessions{Client: client, Clock: d.Clock, Idle: d.Config.SessionIdle, Max: d.Config.SessionMax, Secure: d.Config.SecureCookies()}
	authenticator := &authn.Authenticator{Client: client, Sessions: sessions, Clock: d.Clock}
	queue := mail.NewQueue(d.Mail, d.Log, 1000)

	type service struct {
		desc    protoreflect.ServiceDescriptor
		handler func(opts ...connect.HandlerOption) (string, http.Handler)
	}
	tokens := &authn.ActionTokens{Client: client, Clock: d.Clock}
	inviter := &invitations.Inviter{Tokens: tokens, Mail: queue, PublicURL: d.Config.PublicURL}
	authService := &auth.Service{
		Base: handler.Base{Client: client, Clock: d.Clock}, Sessions: sessions, Tokens: tokens,
		Limiter: authn.NewLoginLimiter(), Resets: authn.NewResetLimiter(), Mail: queue, Log: d.Log,
		PublicURL: d.Config.PublicURL, TrialDays: d.Config.TrialDays, LicenseMonths: d.Config.LicenseMonths,
	}
	billingService := &billing.Service{
		Base: handler.Base{Client: client, Clock: d.Clock}, Log: d.Log,
		Stripe: payments.New(payments.Config{
			SecretKey: d.Config.StripeSecretKey, WebhookSecret: d.Config.StripeWebhookSecret,
			PriceID: d.Config.StripePriceID, APIBase: d.Config.StripeAPIBase, PublicURL: d.Config.PublicURL,
		}),
	}
	// Webhooks reach public addresses only; loopback too on a server not in production (an
	// http PUBLIC_URL), where the tests' receivers listen.
	addresses := webhooks.Addresses{AllowLoopback: strings.HasPrefix(d.Config.PublicURL, "http://")}
	dialer := webhooks.NewDialer(addresses)
	services := []service{
		{authv1.File_tremplin_auth_v1_auth_proto.Services().ByName("AuthService"), func(o ...connect.HandlerOption) (string, http.Handler) {
			return authv1connect.NewAuthServiceHandler(authService, o...)
		}},
		{accountv1.File_tremplin_account_v1_account_proto.Services().ByName("AccountService"), func(o ...connect.HandlerOption) (string, http.Handler) {
			return accountv1connect.NewAccountServiceHandler(&account.Service{
				Base: handler.Base{Client: client, Clock: d.Clock}, Sessions: sessions, Mail: queue,
			}, o...)
		}},
		{networkv1.File_tremplin_network_v1_network_proto.Services().ByName("NetworkService"), func(o ...connect.HandlerOption) (string, http.Handler) {
			return networkv1connect.NewNetworkServiceHandler(&network.Service{Base: handler.Base{Client: client, Clock: d.Clock}}, o...)
		}},
		{activityv1.File_tremplin_activity_v1_activity_proto.Services().ByName("ActivityService"), func(o ...connect.HandlerOption) (string, http.Handler) {
			return activityv1connect.NewActivityServiceHandler(&activity.Service{Base: handler.Base{Client: client, Clock: d.Clock}, PublicURL: d.Config.PublicURL}, o...)
		}},
		{opportunityv1.File_tremplin_opportunity_v1_opportunity_proto.Services().ByName("OpportunityService"), func(o ...connect.HandlerOption) (string, http.Handler) {
			return opportunityv1connect.NewOpportunityServiceHandler(&opportunity.Service{Base: handler.Base{Client: client, Clock: d.Clock}}, o...)
		}},
		{agencyv1.File_tremplin_agency_v1_agency_proto.Services().ByName("AgencyService"), func(o ...connect.HandlerOption) (string, http.Handler) {
			return agencyv1connect.NewAgencyServiceHandler(&agency.Service{
				Base: handler.Base{Client: client, Clock: d.Clock}, Invitations: inviter, Mail: queue, TrialDays: d.Config.TrialDays,
			}, o...)
		}},
		{billingv1.File_tremplin_billing_v1_billing_proto.Services().ByName("BillingService"), func(o ...connect.HandlerOption) (string, http.Handler) {
			return billingv1connect.NewBillingServiceHandler(billingService, o...)
		}},
		{insightv1.File_tremplin_insight_v1_insight_proto.Services().ByName("InsightService"), func(o ...connect.HandlerOption) (string, http.Handler) {
			return insightv1connect.NewInsightServiceHandler(&insight.Service{
				// 20 agencies of 500 candidates: about 10 MB.
				Base: handler.Base{Client: client, Clock: d.Clock}, Weeks: dashboard.NewKeptWeeks(10_000),
				Views: authn.NewViewLimiter(d.Clock),
			}, o...)
		}},
		{webhookv1.File_tremplin_webhook_v1_webhook_proto.Services().ByName("WebhookService"), func(o ...connect.HandlerOption) (string, http.Handler) {
			return webhookv1connect.NewWebhookServiceHandler(&webhook.Service{
				Base: handler.Base{Client: client, Clock: d.Clock}, Addresses: addresses, Resolver: dialer.Resolver,
			}, o...)
		}},
	}

	descs := make([]protoreflect.ServiceDescriptor, 0, len(services))
	names := make([]string, 0, len(services))
	for _, s := range services {
		descs = append(descs, s.desc)
		names = append(names, string(s.desc.FullName()))
	}
	policies, err := access.PoliciesOf(descs...)
	if err != nil {
		return nil, err
	}
	if err := conditional.Check(descs...); err != nil {
		return nil, err
	}
	// Kept encoded answers: 64 MB holds some forty 5,000-contact lists.
	cond := conditional.New(d.Clock, 64<<20)
	// Creates a partner may retry (internal/idempotency): the answer types of the RPCs that
	// declare (tremplin.options.v1.idempotent_create); New refuses one left out.
	keys, err := idempotency.New(client, d.Clock, descs,
		idempotency.Answer[agencyv1.CreateCandidateResponse](),
		idempotency.Answer[agencyv1.AllocateLicenseToCandidateResponse](),
		idempotency.Answer[networkv1.CreateContactResponse](),
		idempotency.Answer[opportunityv1.CreateApplicationResponse](),
		idempotency.Answer[activityv1.CreateTaskResponse](),
		idempotency.Answer[activityv1.CreateEventResponse](),
	)
	if err != nil {
		return nil, err
	}
	keyLimiter := authn.NewKeyLimiter(d.Config.APIKeyRate, d.Config.APIKeyBurst, d.Clock)
	interceptors, err := rpc.Interceptors(d.Log, authenticator, keyLimiter, policies, keys, cond)
	if err != nil {
		return nil, err
	}
	// Bodies are capped on the wire and inflated (internal/bodylimit, applied before a body is
	// read by internal/procguard): 6 MiB for the procedures that need a caller, 8 KiB for the
	// public ones, health and reflection.
	options := append([]connect.HandlerOption{
		connect.WithInterceptors(interceptors...),
		connect.WithCompressMinBytes(1024),
		// Enum words of no value refused, not dropped (internal/rpc/codec.go).
		rpc.JSONCodecs(),
	}, bodylimit.GuardedHandlerOptions(bodylimit.MaxBodyBytes)...)
	publicOptions := bodylimit.HandlerOptions(bodylimit.AnonymousMaxBodyBytes)
	guard := &procguard.Guard{Policies: policies, Auth: authenticator, Log: d.Log, Options: options}

	mux := http.NewServeMux()
	api := make([]gateway.Handler, 0, len(services))
	// guarded builds a service's handlers with opts: signed-in procedures at the full cap, public
	// ones (sign-in, password links) at the small cap as on /api, and calls without credentials
	// to the others refused before their body is read.
	guarded := func(s service, opts ...connect.HandlerOption) (string, http.Handler) {
		path, signedIn := s.handler(opts...)
		_, public := s.handler(append(slices.Clone(opts), bodylimit.GuardedHandlerOptions(bodylimit.AnonymousMaxBodyBytes)...)...)
		return path, guard.Procedures(signedIn, public)
	}
	for _, s := range services {
		path, handler := guarded(s, options...)
		mux.Handle(path, handler)
		// The gateway's own handlers: the same, speaking the in-process codec as well (never
		// mounted: only the gateway can hand a message over).
		_, forAPI := guarded(s, append(slices.Clone(options), connect.WithCodec(gateway.HandOff()))...)
		api = append(api, gateway.Handler{Path: path, Handler: gateway.Uncompressed(forAPI), Descriptor: s.desc})
	}
	apiHandler, err := gateway.New(api)
	if err != nil {
		return nil, fmt.Errorf("building the /api gateway: %w", err)
	}
	mux.Handle("/api/", apiHandler)
	// The OpenAPI document of the routes above, generated from the protos.
	mux.Handle("GET /api/openapi.json", gateway.OpenAPI())
	// The payment routes of the spec are browser navigations and Stripe's webhook, not RPCs.
	payment := &billing.Routes{Service: billingService, Authenticator: authenticator}
	mux.Handle("GET /api/payment/session", payment.Checkout())
	mux.Handle("GET /api/payment/portal-session", payment.Portal())
	mux.Handle("POST /api/payment/webhook", payment.Webhook())
	mux.Handle(grpchealth.NewHandler(grpchealth.NewStaticChecker(names...), publicOptions...))
	// Reflection describes health and itself too, so `grpcurl list` shows a partner all
	// there is to call.
	reflector := grpcreflect.NewStaticReflector(append(slices.Clone(names),
		grpchealth.HealthV1ServiceName, grpcreflect.ReflectV1ServiceName)...)
	mux.Handle(grpcreflect.NewHandlerV1(reflector, publicOptions...))
	mux.Handle(grpcreflect.NewHandlerV1Alpha(reflector, publicOptions...))
	drain := &draining{}
	mux.Handle("GET /healthz", healthz(d.DB, drain))
	mux.Handle("/", spaHandler(d.Web))
	if d.Mount != nil {
		d.Mount(mux)
	}

	csrf := http.NewCrossOriginProtection()
	if err := csrf.AddTrustedOrigin(d.Config.PublicURL); err != nil {
		return nil, fmt.Errorf("PUBLIC_URL as a trusted origin: %w", err)
	}
	csrf.AddInsecureBypassPattern("POST /api/payment/webhook") // Stripe signs it instead
	return &Server{
		Handler:      drain.middleware(securityHeaders(csrf.Handler(cond.Middleware(mux)))),
		TLS:          tlsConfig,
		log:          d.Log,
		mail:         queue,
		Jobs:         &jobs.Runner{Client: client, Clock: d.Clock, Mail: d.Mail, PublicURL: d.Config.PublicURL, Log: d.Log},
		Webhooks:     &webhooks.Worker{Client: client, Clock: d.Clock, HTTP: webhooks.NewHTTPClient(dialer), Log: d.Log},
		runJobs:      d.RunJobs,
		draining:     drain,
		drainFor:     d.Drain,
		Policies:     policies,
		ServiceNames: names,
	}, nil
}

// healthz answers 200 while the database answers, 503 once the server is stopping.
func healthz(database *db.Database, drain *draining) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if drain.on.Load() {
			http.Error(w, "shutting down", http.StatusServiceUnavailable)
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		if err := database.SQL.PingContext(ctx); err != nil {
			http.Error(w, "database unavailable", http.StatusServiceUnavailable)
			return
		}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = w.Write([]byte("ok\n"))
	})
}

// securityHeaders sets the headers every response should carry.
func securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("X-Frame-Options", "DENY")
		// The app's page replaces it with one that carries its style nonce (spa.go).
		h.Set("Content-Security-Policy", contentSecurityPolicy(""))
		next.ServeHTTP(w, r)
	})
}

// webhookInterval is how often each copy looks for due webhook deliveries.
const webhookInterval = 5 * time.Second

// ShutdownTimeout bounds how long in-flight requests may take to finish at shutdown.
const ShutdownTimeout = 30 * time.Second

// Serve answers on l until ctx ends, then drains (Deps.Drain: answering still, every client
// told to close its connection after its answer), stops accepting connections, lets
// in-flight requests finish (up to ShutdownTimeout) and flushes the mail queue.
func (s *Server) Serve(ctx context.Context, l net.Listener) error {
	protocols := new(http.Protocols)
	protocols.SetHTTP1(true)
	if s.TLS != nil {
		protocols.SetHTTP2(true) // gRPC over TLS: h2 negotiated by ALPN
	} else {
		protocols.SetUnencryptedHTTP2(true) // gRPC clients speak h2c
	}
	httpServer := &http.Server{
		TLSConfig:         s.TLS,
		Handler:           s.Handler,
		Protocols:         protocols,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       2 * time.Minute,
		WriteTimeout:      2 * time.Minute,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
	served := make(chan error, 1)
	go func() {
		if s.TLS != nil {
			served <- httpServer.ServeTLS(l, "", "") // the certificate is in TLSConfig
			return
		}
		served <- httpServer.Serve(l)
	}()
	jobsDone := make(chan struct{})
	jobsCtx, stopJobs := context.WithCancel(ctx)
	defer stopJobs()
	go func() {
		defer close(jobsDone)
		if !s.runJobs {
			return
		}
		var wg sync.WaitGroup
		wg.Go(func() { s.Webhooks.Start(jobsCtx, webhookInterval) })
		s.Jobs.Start(jobsCtx)
		wg.Wait()
	}()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	s.log.Info("shutting down: finishing in-flight requests", "drain_ms", s.drainFor.Milliseconds())
	s.draining.on.Store(true)
	if s.drainFor > 0 {
		select {
		case <-time.After(s.drainFor):
		case err := <-served:
			served <- err // Shutdown below reads it
		}
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), ShutdownTimeout)
	defer cancel()
	err := httpServer.Shutdown(shutdownCtx)
	stopJobs()
	<-jobsDone
	s.mail.Close(shutdownCtx)
	if serveErr := <-served; serveErr != nil && !errors.Is(serveErr, http.ErrServerClosed) {
		return serveErr
	}
	return err
}
