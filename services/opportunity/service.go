// Package opportunity implements OpportunityService: a candidate's job applications
// ("opportunités"), their contacts, their closing report, and « Qui je connais là-bas ? ».
// Every call acts on the signed-in candidate's own applications: queries name the owner
// explicitly, and the ent privacy layer filters them again.
//
// The rules shared with ActivityService (an activity only on an open application, engagement
// by the first completed activity, which status moves are allowed) live in
// internal/applications; the company keys in internal/contacts and internal/applications.
package opportunity

import (
	"github.com/tremplin/tremplin/gen/tremplin/opportunity/v1/opportunityv1connect"
	"github.com/tremplin/tremplin/internal/handler"
)

// Service implements opportunityv1connect.OpportunityServiceHandler.
type Service struct {
	handler.Base
}

var _ opportunityv1connect.OpportunityServiceHandler = (*Service)(nil)
