package billing

import (
	"context"
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/tremplin/tremplin/ent"
	billingv1 "github.com/tremplin/tremplin/gen/tremplin/billing/v1"
	"github.com/tremplin/tremplin/internal/payments"
)

// premiumOf says what a Stripe status gives: active and trialing, and past_due while Stripe
// retries the payment; canceled, unpaid, incomplete, incomplete_expired and paused do not.
func premiumOf(status string) bool {
	switch status {
	case "active", "trialing", "past_due":
		return true
	}
	return false
}

// apply records sub, as Stripe holds it now, on the candidate u (read in the transaction of
// client). A subscription that does not give premium never replaces another one that does
// (an old subscription's end arriving after a new one started); otherwise the account follows
// Stripe, whatever order the events came in. The first subscription that gives premium dates
// the candidate's « became Premium » (the platform's B2C funnel).
func apply(ctx context.Context, client *ent.Client, u *ent.User, sub payments.Subscription, now time.Time) error {
	current := u.StripeSubscriptionID != nil && *u.StripeSubscriptionID == sub.ID
	if !current && u.StripeSubscriptionID != nil && premiumOf(u.SubscriptionStatus) && !premiumOf(sub.Status) {
		return nil
	}
	update := client.User.UpdateOneID(u.ID).
		SetStripeSubscriptionID(sub.ID).
		SetSubscriptionStatus(sub.Status).
		SetSubscriptionCancelAtPeriodEnd(sub.CancelAtPeriodEnd).
		SetHasPaid(premiumOf(sub.Status))
	if u.PremiumAt == nil && premiumOf(sub.Status) {
		update.SetPremiumAt(now)
	}
	if sub.CurrentPeriodEnd.IsZero() {
		update.ClearSubscriptionPeriodEnd()
	} else {
		update.SetSubscriptionPeriodEnd(sub.CurrentPeriodEnd)
	}
	if u.StripeCustomerID == nil && sub.CustomerID != "" {
		update.SetStripeCustomerID(sub.CustomerID)
	}
	return update.Exec(ctx)
}

// present answers the subscription of u; available: payments are configured on the server.
func present(u *ent.User, available bool) *billingv1.Subscription {
	out := &billingv1.Subscription{
		HasPaid:           u.HasPaid,
		Status:            u.SubscriptionStatus,
		CancelAtPeriodEnd: u.SubscriptionCancelAtPeriodEnd,
		PaymentsAvailable: available,
		CanManage:         available && u.StripeCustomerID != nil,
	}
	if u.SubscriptionPeriodEnd != nil {
		out.CurrentPeriodEnd = timestamppb.New(*u.SubscriptionPeriodEnd)
	}
	return out
}
