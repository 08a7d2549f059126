// Package activity implements ActivityService: a candidate's tasks, appointments and
// interviews (events), their reports and additional information, the calendar links, the
// .ics files and the secret calendar feed. Every call acts on the signed-in candidate's own
// activities: queries name the owner, and the ent privacy layer filters them again.
//
// The rules shared with other services live in internal/tasks (the task form, also used by
// NetworkService for a first task), internal/contacts (a contact's status after an activity)
// and internal/applications (an application engaged by its first completed activity).
package activity

import (
	"github.com/tremplin/tremplin/gen/tremplin/activity/v1/activityv1connect"
	"github.com/tremplin/tremplin/internal/handler"
)

// Service implements activityv1connect.ActivityServiceHandler.
type Service struct {
	activityv1connect.UnimplementedActivityServiceHandler
	handler.Base

	// PublicURL prefixes the calendar feed's address.
	PublicURL string
}

var _ activityv1connect.ActivityServiceHandler = (*Service)(nil)
