// Package opportunity implements OpportunityService. Its calls answer Unimplemented until their feature lands.
package opportunity

import (
	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/gen/tremplin/opportunity/v1/opportunityv1connect"
)

// Service implements opportunityv1connect.OpportunityServiceHandler.
type Service struct {
	opportunityv1connect.UnimplementedOpportunityServiceHandler

	Client *ent.Client
}

var _ opportunityv1connect.OpportunityServiceHandler = (*Service)(nil)
