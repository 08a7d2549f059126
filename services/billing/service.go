// Package billing implements BillingService. Its calls answer Unimplemented until their feature lands.
package billing

import (
	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/gen/tremplin/billing/v1/billingv1connect"
)

// Service implements billingv1connect.BillingServiceHandler.
type Service struct {
	billingv1connect.UnimplementedBillingServiceHandler

	Client *ent.Client
}

var _ billingv1connect.BillingServiceHandler = (*Service)(nil)
