// Package agency implements AgencyService. Its calls answer Unimplemented until their feature lands.
package agency

import (
	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/gen/tremplin/agency/v1/agencyv1connect"
)

// Service implements agencyv1connect.AgencyServiceHandler.
type Service struct {
	agencyv1connect.UnimplementedAgencyServiceHandler

	Client *ent.Client
}

var _ agencyv1connect.AgencyServiceHandler = (*Service)(nil)
