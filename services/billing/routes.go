package billing

import (
	"context"
	"errors"
	"html/template"
	"io"
	"net/http"
	"net/url"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/stripeevent"
	"github.com/tremplin/tremplin/ent/user"
	billingv1 "github.com/tremplin/tremplin/gen/tremplin/billing/v1"
	"github.com/tremplin/tremplin/internal/authn"
	"github.com/tremplin/tremplin/internal/payments"
	"github.com/tremplin/tremplin/internal/viewer"
)

// MaxWebhookBytes caps a webhook body before it is read: Stripe's events are a few kB.
const MaxWebhookBytes = 256 << 10

// Routes are the plain HTTP routes of billing: the two browser navigations of the spec and
// Stripe's webhook.
type Routes struct {
	Service       *Service
	Authenticator *authn.Authenticator
}

// Checkout is GET /api/payment/session: 303 to Stripe Checkout.
func (r *Routes) Checkout() http.Handler {
	return r.navigation("/ask-subscription", func(ctx context.Context) (string, error) {
		res, err := r.Service.CreateCheckoutSession(ctx, &billingv1.CreateCheckoutSessionRequest{})
		return res.GetUrl(), err
	})
}

// Portal is GET /api/payment/portal-session: 303 to the customer portal.
func (r *Routes) Portal() http.Handler {
	return r.navigation("/profile", func(ctx context.Context) (string, error) {
		res, err := r.Service.CreatePortalSession(ctx, &billingv1.CreatePortalSessionRequest{})
		return res.GetUrl(), err
	})
}

// navigation answers a browser that followed a payment link: 303 to Stripe, the login page for
// a visitor without a session, and otherwise a page saying, in French, why not. A link
// followed from another site's page goes to the app's page (inApp) that offers it instead:
// opening Stripe writes (a customer made and stored, a Checkout session), and a GET is what
// another site can make a signed-in browser send with its cookie (SameSite=Lax lets a
// top-level navigation carry it).
func (r *Routes) navigation(inApp string, open func(ctx context.Context) (string, error)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if fromAnotherSite(req) {
			http.Redirect(w, req, inApp, http.StatusSeeOther)
			return
		}
		out, err := r.Authenticator.Authenticate(req.Context(), req.Header)
		if err != nil {
			page(w, http.StatusServiceUnavailable, "Le service est momentanément indisponible. Réessayez dans quelques minutes.", "/")
			return
		}
		if out.Viewer == nil {
			http.Redirect(w, req, "/login?next="+url.QueryEscape("/ask-subscription"), http.StatusSeeOther)
			return
		}
		ctx := authn.WithUser(viewer.NewContext(req.Context(), out.Viewer), out.User)
		target, err := open(ctx)
		if err == nil {
			http.Redirect(w, req, target, http.StatusSeeOther)
			return
		}
		var cerr *connect.Error
		if !errors.As(err, &cerr) {
			r.Service.Log.Error("payment navigation", "error", err)
			page(w, http.StatusServiceUnavailable, "Le service est momentanément indisponible. Réessayez dans quelques minutes.", "/")
			return
		}
		status := http.StatusConflict
		switch cerr.Code() {
		case connect.CodePermissionDenied:
			status = http.StatusForbidden
			page(w, status, "Le paiement en ligne concerne les candidats. Votre compte n'a pas d'abonnement à souscrire.", "/")
			return
		case connect.CodeUnavailable:
			status = http.StatusServiceUnavailable
		case connect.CodeFailedPrecondition:
			if cerr.Message() == errPaymentUnavailable().Message() {
				status = http.StatusServiceUnavailable
			}
		}
		page(w, status, cerr.Message(), "/")
	})
}

// fromAnotherSite reports whether the browser says the navigation started on another site's
// page (Sec-Fetch-Site: cross-site, or same-site for a sibling domain). A link opened from the
// app (same-origin) or typed in the address bar (none) is followed; a browser too old to say
// is trusted as before, which the cookie's SameSite already narrows.
func fromAnotherSite(req *http.Request) bool {
	switch req.Header.Get("Sec-Fetch-Site") {
	case "cross-site", "same-site":
		return true
	}
	return false
}

var pageTemplate = template.Must(template.New("page").Parse(`<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Abonnement Premium – Tremplin</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1f2937}
h1{font-size:1.4rem}a{display:inline-block;margin-top:1rem;padding:.7rem 1.2rem;border-radius:.5rem;background:#1d4ed8;color:#fff;text-decoration:none}</style>
</head><body><main><h1>Abonnement Premium</h1><p>{{.Message}}</p><a href="{{.Back}}">Revenir à Tremplin</a></main></body></html>
`))

// page answers a small French page: the browser followed a link, so it shows text, not JSON.
func page(w http.ResponseWriter, status int, message, back string) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = pageTemplate.Execute(w, struct{ Message, Back string }{message, back})
}

// Webhook is POST /api/payment/webhook: Stripe's signed events. Each event is applied once; the
// subscription it names is read again from Stripe, so events in any order end in Stripe's
// state. An event about nobody Tremplin knows is acknowledged and changes nothing.
func (r *Routes) Webhook() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		s := r.Service
		if s.Stripe == nil {
			http.Error(w, "Le paiement en ligne n'est pas configuré sur ce serveur.", http.StatusServiceUnavailable)
			return
		}
		payload, err := io.ReadAll(http.MaxBytesReader(w, req.Body, MaxWebhookBytes))
		if err != nil {
			http.Error(w, "Événement trop volumineux.", http.StatusRequestEntityTooLarge)
			return
		}
		event, err := s.Stripe.VerifyEvent(payload, req.Header.Get("Stripe-Signature"))
		if errors.Is(err, payments.ErrNoWebhookSecret) {
			http.Error(w, "Le paiement en ligne n'est pas configuré sur ce serveur.", http.StatusServiceUnavailable)
			return
		}
		if err != nil {
			s.Log.Warn("stripe webhook refused", "error", err)
			http.Error(w, "Signature invalide.", http.StatusBadRequest)
			return
		}
		if err := s.handleEvent(req.Context(), event); err != nil {
			// Stripe delivers it again later.
			s.Log.Error("stripe webhook", "event", event.ID, "type", event.Type, "error", err)
			http.Error(w, "Événement non traité, il sera renvoyé.", http.StatusServiceUnavailable)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"received":true}` + "\n"))
	})
}

// handled are the events that can change a subscription.
var handled = map[string]bool{
	"checkout.session.completed":    true,
	"customer.subscription.created": true,
	"customer.subscription.updated": true,
	"customer.subscription.deleted": true,
	"invoice.paid":                  true,
	"invoice.payment_failed":        true,
}

// handleEvent applies event once.
func (s *Service) handleEvent(ctx context.Context, event payments.Event) error {
	sys := viewer.SystemContext(ctx)
	seen, err := s.Client.StripeEvent.Query().Where(stripeevent.ID(event.ID)).Exist(sys)
	if err != nil || seen {
		return err
	}
	// Stripe is read before the transaction: no lock is held across the network.
	var sub *payments.Subscription
	if handled[event.Type] && event.SubscriptionID != "" {
		read, err := s.Stripe.Subscription(ctx, event.SubscriptionID)
		if err != nil {
			return err
		}
		sub = &read
	}
	err = s.Tx(sys, func(ctx context.Context, tx *ent.Tx) error {
		if err := tx.StripeEvent.Create().SetID(event.ID).SetType(event.Type).Exec(ctx); err != nil {
			return err
		}
		if sub == nil {
			return nil
		}
		u, err := payerOf(ctx, tx.Client(), event, *sub)
		if err != nil || u == nil {
			return err
		}
		return apply(ctx, tx.Client(), u, *sub, s.Now())
	})
	if ent.IsConstraintError(err) {
		return nil // delivered twice at once: the other delivery applied it
	}
	return err
}

// payerOf answers the candidate an event is about: the customer's, or for a completed
// Checkout the candidate it was opened for (who may have no customer stored yet). nil when
// Tremplin knows nobody.
func payerOf(ctx context.Context, client *ent.Client, event payments.Event, sub payments.Subscription) (*ent.User, error) {
	customer := sub.CustomerID
	if customer == "" {
		customer = event.CustomerID
	}
	if customer != "" {
		u, err := client.User.Query().Where(user.StripeCustomerID(customer)).First(ctx)
		if !ent.IsNotFound(err) {
			return u, err
		}
	}
	if event.Type != "checkout.session.completed" {
		return nil, nil
	}
	// A Checkout Tremplin did not open names nobody here.
	id, ok := parseUUID(event.ClientReferenceID)
	if !ok {
		return nil, nil
	}
	u, err := client.User.Query().Where(user.ID(id), user.RoleEQ(user.RoleCandidate), user.IsB2c(true)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, nil
	}
	if err != nil || (u.StripeCustomerID != nil && *u.StripeCustomerID != customer) {
		return nil, err
	}
	return u, nil
}

func parseUUID(s string) (uuid.UUID, bool) {
	id, err := uuid.Parse(s)
	return id, err == nil
}
