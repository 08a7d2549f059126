package network

import (
	"context"

	"github.com/google/uuid"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/tremplin/tremplin/ent/contact"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/internal/callbacks"
)

// ListCallBacks answers the contacts to call back by the end of the candidate's week
// (internal/callbacks), presented as the list presents them. Premium (declared on the RPC).
func (s *Service) ListCallBacks(ctx context.Context, _ *networkv1.ListCallBacksRequest) (*networkv1.ListCallBacksResponse, error) {
	v, now, loc, err := s.CandidateAndTime(ctx)
	if err != nil {
		return nil, err
	}
	due, err := callbacks.List(ctx, s.Client, v.UserID, now, loc)
	if err != nil || len(due) == 0 {
		return &networkv1.ListCallBacksResponse{CallBacks: []*networkv1.CallBack{}}, err
	}
	ids := make([]uuid.UUID, 0, len(due))
	for _, d := range due {
		ids = append(ids, d.Contact.ID)
	}
	presented, err := presentContacts(ctx, s.Client, v.UserID, fullView, contact.IDIn(ids...))
	if err != nil {
		return nil, err
	}
	byID := make(map[string]*networkv1.Contact, len(presented))
	for _, c := range presented {
		byID[c.GetId()] = c
	}
	out := make([]*networkv1.CallBack, 0, len(due))
	for _, d := range due {
		cb := &networkv1.CallBack{Contact: byID[d.Contact.ID.String()], DueSince: timestamppb.New(d.Since)}
		if d.LastTouch != nil {
			cb.LastTouch = timestamppb.New(*d.LastTouch)
		}
		out = append(out, cb)
	}
	return &networkv1.ListCallBacksResponse{CallBacks: out}, nil
}
