// Package payments talks to Stripe (stripe-go) for the Premium subscription: a customer per
// candidate, the Checkout page in subscription mode, the customer portal, the signed webhook
// events, and the subscription as Stripe holds it now. It knows Stripe, not Tremplin's rules:
// services/billing decides what a subscription gives.
package payments

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"
)

// Config is the server's Stripe settings.
type Config struct {
	// SecretKey (sk_live_… or sk_test_…), WebhookSecret (whsec_…) and PriceID (price_… of the
	// 8 € monthly Premium price) come from the Stripe dashboard.
	SecretKey, WebhookSecret, PriceID string
	// APIBase replaces https://api.stripe.com (stripe-mock in tests).
	APIBase string
	// PublicURL is where Stripe sends the candidate back.
	PublicURL string
}

// Stripe is the Stripe account of the server; nil when payments are not configured.
type Stripe struct {
	client        *stripe.Client
	webhookSecret string
	priceID       string
	publicURL     string
}

// New answers the Stripe account of cfg, or nil when it lacks a key or a price: the app then
// runs without online payment.
func New(cfg Config) *Stripe {
	if cfg.SecretKey == "" || cfg.PriceID == "" {
		return nil
	}
	backend := &stripe.BackendConfig{
		HTTPClient: &http.Client{Timeout: 20 * time.Second},
		// Stripe's own logger writes to stderr; errors reach the server's log through ours.
		LeveledLogger: &stripe.LeveledLogger{Level: stripe.LevelNull},
	}
	if cfg.APIBase != "" {
		backend.URL = stripe.String(strings.TrimRight(cfg.APIBase, "/"))
	}
	return &Stripe{
		client:        stripe.NewClient(cfg.SecretKey, stripe.WithBackends(stripe.NewBackendsWithConfig(backend))),
		webhookSecret: cfg.WebhookSecret,
		priceID:       cfg.PriceID,
		publicURL:     strings.TrimRight(cfg.PublicURL, "/"),
	}
}

// Customer is who pays: a Tremplin user.
type Customer struct {
	UserID, Email, Name string
}

// CreateCustomer creates the Stripe customer of a user. The idempotency key is the user's, so
// two clicks at once make one customer, whichever stores it.
func (s *Stripe) CreateCustomer(ctx context.Context, c Customer) (string, error) {
	params := &stripe.CustomerCreateParams{
		Email:            stripe.String(c.Email),
		Name:             stripe.String(c.Name),
		PreferredLocales: []*string{stripe.String("fr")},
	}
	params.AddMetadata("tremplin_user_id", c.UserID)
	params.SetIdempotencyKey("tremplin-customer-" + c.UserID)
	customer, err := s.client.V1Customers.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("creating the Stripe customer: %w", err)
	}
	return customer.ID, nil
}

// CheckoutURL answers the Checkout page that subscribes customerID to the Premium price; Stripe
// sends the candidate back to /success (with the session's id) or to /ask-subscription.
func (s *Stripe) CheckoutURL(ctx context.Context, customerID, userID string) (string, error) {
	params := &stripe.CheckoutSessionCreateParams{
		Mode:              stripe.String(string(stripe.CheckoutSessionModeSubscription)),
		Customer:          stripe.String(customerID),
		ClientReferenceID: stripe.String(userID),
		LineItems:         []*stripe.CheckoutSessionCreateLineItemParams{{Price: stripe.String(s.priceID), Quantity: stripe.Int64(1)}},
		SuccessURL:        stripe.String(s.publicURL + "/success?session_id={CHECKOUT_SESSION_ID}"),
		CancelURL:         stripe.String(s.publicURL + "/ask-subscription"),
		Locale:            stripe.String("fr"),
		SubscriptionData:  &stripe.CheckoutSessionCreateSubscriptionDataParams{},
	}
	params.SubscriptionData.AddMetadata("tremplin_user_id", userID)
	session, err := s.client.V1CheckoutSessions.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("creating the Checkout session: %w", err)
	}
	return session.URL, nil
}

// PortalURL answers the customer portal of customerID, back to /profile.
func (s *Stripe) PortalURL(ctx context.Context, customerID string) (string, error) {
	session, err := s.client.V1BillingPortalSessions.Create(ctx, &stripe.BillingPortalSessionCreateParams{
		Customer:  stripe.String(customerID),
		ReturnURL: stripe.String(s.publicURL + "/profile"),
		Locale:    stripe.String("fr"),
	})
	if err != nil {
		return "", fmt.Errorf("opening the customer portal: %w", err)
	}
	return session.URL, nil
}

// Subscription is a subscription as Stripe holds it now.
type Subscription struct {
	ID, CustomerID string
	// Status is Stripe's: active, trialing, past_due, canceled, unpaid, incomplete,
	// incomplete_expired, paused.
	Status            string
	CurrentPeriodEnd  time.Time // zero when Stripe gives none
	CancelAtPeriodEnd bool
}

// Subscription reads a subscription from Stripe.
func (s *Stripe) Subscription(ctx context.Context, id string) (Subscription, error) {
	sub, err := s.client.V1Subscriptions.Retrieve(ctx, id, nil)
	if err != nil {
		return Subscription{}, fmt.Errorf("reading the subscription %s: %w", id, err)
	}
	out := Subscription{ID: sub.ID, Status: string(sub.Status), CancelAtPeriodEnd: sub.CancelAtPeriodEnd}
	if sub.Customer != nil {
		out.CustomerID = sub.Customer.ID
	}
	// The period is the items' (one price, one item); the latest end if there were several.
	if sub.Items != nil {
		for _, item := range sub.Items.Data {
			if end := time.Unix(item.CurrentPeriodEnd, 0).UTC(); item.CurrentPeriodEnd > 0 && end.After(out.CurrentPeriodEnd) {
				out.CurrentPeriodEnd = end
			}
		}
	}
	return out, nil
}

// Checkout is a Checkout session as Stripe holds it now.
type Checkout struct {
	ID, CustomerID, SubscriptionID, ClientReferenceID string
	// Complete: the candidate paid (or the subscription started without payment due).
	Complete bool
}

// Checkout reads a Checkout session from Stripe.
func (s *Stripe) Checkout(ctx context.Context, id string) (Checkout, error) {
	session, err := s.client.V1CheckoutSessions.Retrieve(ctx, id, nil)
	if err != nil {
		return Checkout{}, fmt.Errorf("reading the Checkout session %s: %w", id, err)
	}
	out := Checkout{
		ID: session.ID, ClientReferenceID: session.ClientReferenceID,
		Complete: session.Status == stripe.CheckoutSessionStatusComplete,
	}
	if session.Customer != nil {
		out.CustomerID = session.Customer.ID
	}
	if session.Subscription != nil {
		out.SubscriptionID = session.Subscription.ID
	}
	return out, nil
}

// IsNotFound reports whether err is Stripe saying the object does not exist.
func IsNotFound(err error) bool {
	var serr *stripe.Error
	return errors.As(err, &serr) && serr.HTTPStatusCode == http.StatusNotFound
}

// Event is a verified webhook event, reduced to what Tremplin acts on.
type Event struct {
	ID, Type string
	// What the event's object names (empty when it names none).
	CustomerID, SubscriptionID, ClientReferenceID string
}

// ErrNoWebhookSecret: the server has no webhook secret, so no event can be verified.
var ErrNoWebhookSecret = errors.New("payments: no webhook secret configured")

// VerifyEvent checks the Stripe-Signature header of payload (HMAC with the webhook secret,
// timestamp within Stripe's 300 s tolerance) and reads the event. Events of any API version
// are taken: only ids are read from them, and the objects are read again from Stripe.
func (s *Stripe) VerifyEvent(payload []byte, signature string) (Event, error) {
	if s.webhookSecret == "" {
		return Event{}, ErrNoWebhookSecret
	}
	e, err := webhook.ConstructEventWithOptions(payload, signature, s.webhookSecret, webhook.ConstructEventOptions{
		Tolerance: webhook.DefaultTolerance, IgnoreAPIVersionMismatch: true,
	})
	if err != nil {
		return Event{}, err
	}
	out := Event{ID: e.ID, Type: string(e.Type)}
	if e.Data == nil {
		return out, nil
	}
	var object struct {
		Object            string          `json:"object"`
		ID                string          `json:"id"`
		Customer          json.RawMessage `json:"customer"`
		Subscription      json.RawMessage `json:"subscription"`
		ClientReferenceID string          `json:"client_reference_id"`
		// Invoices name their subscription here since API version 2025-03-31.
		Parent struct {
			SubscriptionDetails struct {
				Subscription json.RawMessage `json:"subscription"`
			} `json:"subscription_details"`
		} `json:"parent"`
	}
	if err := json.Unmarshal(e.Data.Raw, &object); err != nil {
		return Event{}, fmt.Errorf("reading the event's object: %w", err)
	}
	out.CustomerID = idOf(object.Customer)
	out.ClientReferenceID = object.ClientReferenceID
	switch object.Object {
	case "subscription":
		out.SubscriptionID = object.ID
	case "invoice":
		out.SubscriptionID = idOf(object.Subscription)
		if out.SubscriptionID == "" {
			out.SubscriptionID = idOf(object.Parent.SubscriptionDetails.Subscription)
		}
	default:
		out.SubscriptionID = idOf(object.Subscription)
	}
	return out, nil
}

// idOf reads an id that Stripe writes either as a string or as the expanded object.
func idOf(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	var id string
	if json.Unmarshal(raw, &id) == nil {
		return id
	}
	var object struct {
		ID string `json:"id"`
	}
	_ = json.Unmarshal(raw, &object)
	return object.ID
}
