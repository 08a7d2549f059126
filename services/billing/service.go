// Package billing implements BillingService: the Premium subscription of B2C candidates (8 €
// TTC a month, no commitment) through Stripe. The candidate is sent to Stripe Checkout and to
// the customer portal by the browser routes of routes.go; Stripe's signed webhook, and the
// /success page reading its Checkout session once, keep the account in step with the
// subscription as Stripe holds it (subscription.go). Without Stripe settings the server runs,
// and every payment call says that online payment is not configured.
package billing

import (
	"context"
	"log/slog"
	"strings"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/user"
	billingv1 "github.com/tremplin/tremplin/gen/tremplin/billing/v1"
	"github.com/tremplin/tremplin/gen/tremplin/billing/v1/billingv1connect"
	"github.com/tremplin/tremplin/internal/handler"
	"github.com/tremplin/tremplin/internal/payments"
	"github.com/tremplin/tremplin/internal/viewer"
)

// Service implements billingv1connect.BillingServiceHandler.
type Service struct {
	billingv1connect.UnimplementedBillingServiceHandler
	handler.Base

	// Stripe is nil when payments are not configured.
	Stripe *payments.Stripe
	Log    *slog.Logger
}

var _ billingv1connect.BillingServiceHandler = (*Service)(nil)

// CreateCheckoutSession answers the Checkout page of the Premium subscription. A candidate who
// pays already is sent to the portal instead, so a second click never makes a second
// subscription.
func (s *Service) CreateCheckoutSession(ctx context.Context, _ *billingv1.CreateCheckoutSessionRequest) (*billingv1.CreateCheckoutSessionResponse, error) {
	u, err := s.payer(ctx)
	if err != nil {
		return nil, err
	}
	customer, err := s.customerOf(ctx, u)
	if err != nil {
		return nil, err
	}
	var url string
	if u.HasPaid {
		url, err = s.Stripe.PortalURL(ctx, customer)
	} else {
		url, err = s.Stripe.CheckoutURL(ctx, customer, u.ID.String())
	}
	if err != nil {
		return nil, s.unreachable(err)
	}
	return &billingv1.CreateCheckoutSessionResponse{Url: url}, nil
}

// CreatePortalSession answers the customer portal of a candidate who subscribed.
func (s *Service) CreatePortalSession(ctx context.Context, _ *billingv1.CreatePortalSessionRequest) (*billingv1.CreatePortalSessionResponse, error) {
	u, err := s.payer(ctx)
	if err != nil {
		return nil, err
	}
	if u.StripeCustomerID == nil {
		return nil, errNoSubscription()
	}
	url, err := s.Stripe.PortalURL(ctx, *u.StripeCustomerID)
	if err != nil {
		return nil, s.unreachable(err)
	}
	return &billingv1.CreatePortalSessionResponse{Url: url}, nil
}

// ConfirmCheckout reads the candidate's completed Checkout session from Stripe and records its
// subscription: /success shows Premium even when the webhook is late. It is read once per
// call; the page calls it once.
func (s *Service) ConfirmCheckout(ctx context.Context, req *billingv1.ConfirmCheckoutRequest) (*billingv1.ConfirmCheckoutResponse, error) {
	u, err := s.payer(ctx)
	if err != nil {
		return nil, err
	}
	checkout, err := s.Stripe.Checkout(ctx, req.GetSessionId())
	if payments.IsNotFound(err) {
		return nil, errCheckoutUnknown()
	}
	if err != nil {
		return nil, s.unreachable(err)
	}
	// Someone else's session (or one of another customer) names nothing of the caller's.
	mine := checkout.ClientReferenceID == u.ID.String() &&
		(u.StripeCustomerID == nil || *u.StripeCustomerID == checkout.CustomerID)
	if !mine {
		return nil, errCheckoutUnknown()
	}
	if checkout.Complete && checkout.SubscriptionID != "" {
		sub, err := s.Stripe.Subscription(ctx, checkout.SubscriptionID)
		if err != nil {
			return nil, s.unreachable(err)
		}
		err = s.Tx(ctx, func(ctx context.Context, tx *ent.Tx) error {
			fresh, err := tx.User.Get(viewer.SystemContext(ctx), u.ID)
			if err != nil {
				return err
			}
			return apply(viewer.SystemContext(ctx), tx.Client(), fresh, sub, s.Now())
		})
		if err != nil {
			return nil, err
		}
	}
	fresh, err := s.Client.User.Get(viewer.SystemContext(ctx), u.ID)
	if err != nil {
		return nil, err
	}
	return &billingv1.ConfirmCheckoutResponse{Subscription: present(fresh, true)}, nil
}

// GetSubscription answers the state of the candidate's subscription, for the profile panel.
func (s *Service) GetSubscription(ctx context.Context, _ *billingv1.GetSubscriptionRequest) (*billingv1.GetSubscriptionResponse, error) {
	v, err := handler.Candidate(ctx)
	if err != nil {
		return nil, err
	}
	u, err := s.CurrentUser(ctx, v)
	if err != nil {
		return nil, err
	}
	return &billingv1.GetSubscriptionResponse{Subscription: present(u, s.Stripe != nil)}, nil
}

// payer answers the signed-in B2C candidate, with payments configured.
func (s *Service) payer(ctx context.Context) (*ent.User, error) {
	v, err := handler.Candidate(ctx)
	if err != nil {
		return nil, err
	}
	if s.Stripe == nil {
		return nil, errPaymentUnavailable()
	}
	u, err := s.CurrentUser(ctx, v)
	if err != nil {
		return nil, err
	}
	if !u.IsB2c {
		return nil, errNotB2C()
	}
	return u, nil
}

// customerOf answers the candidate's Stripe customer, created the first time. Two requests at
// once send the same idempotency key, so Stripe makes one customer, and the first to store it
// wins (the other stores nothing).
func (s *Service) customerOf(ctx context.Context, u *ent.User) (string, error) {
	if u.StripeCustomerID != nil {
		return *u.StripeCustomerID, nil
	}
	id, err := s.Stripe.CreateCustomer(ctx, payments.Customer{
		UserID: u.ID.String(), Email: u.Email, Name: strings.TrimSpace(u.FirstName + " " + u.LastName),
	})
	if err != nil {
		return "", s.unreachable(err)
	}
	sys := viewer.SystemContext(ctx)
	err = s.Client.User.Update().Where(user.ID(u.ID), user.StripeCustomerIDIsNil()).SetStripeCustomerID(id).Exec(sys)
	if err != nil {
		return "", err
	}
	stored, err := s.Client.User.Get(sys, u.ID)
	if err != nil {
		return "", err
	}
	return *stored.StripeCustomerID, nil
}

// unreachable logs what Stripe answered and tells the candidate to try again later.
func (s *Service) unreachable(err error) error {
	if s.Log != nil {
		s.Log.Error("stripe", "error", err)
	}
	return errStripeUnreachable()
}
