package dashboard

import (
	"context"
	"time"

	"github.com/google/uuid"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/tremplin/tremplin/ent"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
)

// WeeklyHistory answers owner's last HistoryWeeks weeks in loc against their objectives, as
// the candidate's dashboard and the coach view show them: six aggregate statements and the
// thresholds'. ctx may be the owner's or the system's.
func WeeklyHistory(ctx context.Context, client *ent.Client, owner uuid.UUID, now time.Time, loc *time.Location) (*commonv1.WeeklyHistory, error) {
	scope := Scope{Owner: owner}
	spans := Spans(now, loc, HistoryWeeks)
	h, err := ComputeHistory(ctx, client, scope, spans)
	if err != nil {
		return nil, err
	}
	objectives, err := ObjectivesOf(ctx, client, scope)
	if err != nil {
		return nil, err
	}
	o, ok := objectives[owner]
	if !ok {
		o = DefaultObjectives()
	}
	weeks := h.at(owner, len(spans))
	out := &commonv1.WeeklyHistory{
		Objectives: &commonv1.WeeklyObjectives{
			NewContacts: int32(o.NewContacts), FirstTasks: int32(o.FirstTasks), //nolint:gosec // thresholds are 0 to 30
			CompletedInterviews: int32(o.CompletedInterviews), EngagedApplications: int32(o.EngagedApplications), //nolint:gosec // idem
		},
		Streak: int32(o.Streak(weeks)), //nolint:gosec // at most HistoryWeeks
	}
	for i, s := range spans {
		c := weeks[i]
		out.Weeks = append(out.Weeks, &commonv1.WeekFigures{
			Start: timestamppb.New(s.Start), End: timestamppb.New(s.End),
			CompletedTasks: int32(c.CompletedTasks), CompletedInterviews: int32(c.CompletedInterviews), //nolint:gosec // one candidate's week
			FirstTasks: int32(c.FirstTasks), EngagedApplications: int32(c.EngagedApplications), //nolint:gosec // idem
			NewContacts: int32(c.NewContacts), NewApplications: int32(c.NewApplications), //nolint:gosec // idem
			ObjectivesMet: o.Met(c),
		})
	}
	return out, nil
}
