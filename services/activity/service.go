// Package activity implements ActivityService. Its calls answer Unimplemented until their feature lands.
package activity

import (
	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/gen/tremplin/activity/v1/activityv1connect"
)

// Service implements activityv1connect.ActivityServiceHandler.
type Service struct {
	activityv1connect.UnimplementedActivityServiceHandler

	Client *ent.Client
}

var _ activityv1connect.ActivityServiceHandler = (*Service)(nil)
