// Package billing implements BillingService: the Premium subscription of B2C candidates
// through Stripe. Checkout and the customer portal are not built yet (they answer
// Unimplemented); GetSubscription reads what the account records.
package billing

import (
	"context"

	"google.golang.org/protobuf/types/known/timestamppb"

	billingv1 "github.com/tremplin/tremplin/gen/tremplin/billing/v1"
	"github.com/tremplin/tremplin/gen/tremplin/billing/v1/billingv1connect"
	"github.com/tremplin/tremplin/internal/handler"
)

// Service implements billingv1connect.BillingServiceHandler.
type Service struct {
	billingv1connect.UnimplementedBillingServiceHandler
	handler.Base
}

var _ billingv1connect.BillingServiceHandler = (*Service)(nil)

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
	out := &billingv1.GetSubscriptionResponse{
		HasPaid:           u.HasPaid,
		Status:            u.SubscriptionStatus,
		CancelAtPeriodEnd: u.SubscriptionCancelAtPeriodEnd,
	}
	if u.SubscriptionPeriodEnd != nil {
		out.CurrentPeriodEnd = timestamppb.New(*u.SubscriptionPeriodEnd)
	}
	return out, nil
}
