package insight

import (
	"context"
	"time"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/pageview"
	insightv1 "github.com/tremplin/tremplin/gen/tremplin/insight/v1"
	"github.com/tremplin/tremplin/internal/authn"
	"github.com/tremplin/tremplin/internal/users"
	"github.com/tremplin/tremplin/internal/viewer"
)

// RecordPageView adds one view of a screen to the day's count for the viewer's role: one
// upsert, nothing about the person. The route is one of the contract's patterns (protovalidate
// refuses any other), so a burst cannot fill the table with made-up rows; and each reader may
// record so many (Service.Views), so a script cannot inflate the counts. API keys view no
// screen: their calls are answered and not counted.
func (s *Service) RecordPageView(ctx context.Context, req *insightv1.RecordPageViewRequest) (*insightv1.RecordPageViewResponse, error) {
	v := viewer.FromContext(ctx)
	role, reader := pageview.RoleAnonymous, uuid.Nil
	if v != nil {
		if v.UserID == uuid.Nil {
			return &insightv1.RecordPageViewResponse{}, nil
		}
		role, reader = pageview.Role(v.Role), v.UserID
	}
	call, _ := connect.CallInfoForHandlerContext(ctx)
	if !s.Views.Allow(reader, authn.ClientAddress(call.Peer().Addr)) {
		return nil, errTooManyViews()
	}
	day := s.Now().In(users.Location("")).Format(time.DateOnly)
	err := s.Client.PageView.Create().SetDay(day).SetRoute(req.GetRoute()).SetRole(role).SetViews(1).
		OnConflictColumns(pageview.FieldDay, pageview.FieldRoute, pageview.FieldRole).
		Update(func(u *ent.PageViewUpsert) { u.AddViews(1) }).
		Exec(viewer.SystemContext(ctx))
	if err != nil {
		return nil, err
	}
	return &insightv1.RecordPageViewResponse{}, nil
}
