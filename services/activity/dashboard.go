package activity

import (
	"context"
	"time"

	"entgo.io/ent/dialect/sql"
	"github.com/google/uuid"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/application"
	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/ent/dashboardsetting"
	"github.com/tremplin/tremplin/ent/event"
	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	"github.com/tremplin/tremplin/internal/dashboard"
	"github.com/tremplin/tremplin/internal/handler"
)

// upcomingEvents is how many coming events the dashboard lists.
const upcomingEvents = 3

// GetDashboard answers the figures of a week (the one holding req.time, default the current
// week, in the candidate's time zone) and, for the progressions, those of the week before
// (internal/dashboard: four aggregate statements), the next 3 events and the thresholds: six
// statements whatever the volume.
func (s *Service) GetDashboard(ctx context.Context, req *activityv1.GetDashboardRequest) (*activityv1.GetDashboardResponse, error) {
	v, now, loc, err := s.CandidateAndTime(ctx)
	if err != nil {
		return nil, err
	}
	var at time.Time
	if req.GetTime() > 0 {
		at = time.UnixMilli(req.GetTime())
	}
	f, err := dashboard.Compute(ctx, s.Client, v.UserID, now, at, loc)
	if err != nil {
		return nil, err
	}
	figure := func(x dashboard.Figure) *activityv1.DashboardFigure {
		return &activityv1.DashboardFigure{Value: int32(x.Now), PreviousValue: int32(x.Before)}
	}
	res := &activityv1.GetDashboardResponse{
		Range:               &commonv1.DateRange{StartDate: timestamppb.New(f.Start), EndDate: timestamppb.New(f.End)},
		CurrentWeek:         f.CurrentWeek,
		CompletedTasks:      int32(f.CompletedTasks.Now),
		NotStartedTasks:     int32(f.NotStartedTasks.Now),
		OverdueTasks:        int32(f.OverdueTasks),
		FirstTasks:          figure(f.FirstTasks),
		CompletedInterviews: figure(f.CompletedInterviews),
		NewContacts:         figure(f.NewContacts),
		NewApplications:     figure(f.NewApplications),
		EngagedApplications: figure(f.EngagedApplications),
	}
	if res.UpcomingEvents, err = s.upcoming(ctx, v.UserID, now); err != nil {
		return nil, err
	}
	if res.Setting, err = s.setting(ctx, v.UserID); err != nil {
		return nil, err
	}
	return res, nil
}

// upcoming answers the next events from now, not completed, with their contact and
// application names, in one statement.
func (s *Service) upcoming(ctx context.Context, owner uuid.UUID, now time.Time) ([]*activityv1.Event, error) {
	var rows []struct {
		ent.Event
		ContactFirstName *string `json:"contact_first_name"`
		ContactLastName  *string `json:"contact_last_name"`
		ContactCompany   *string `json:"contact_company"`
		AppCompany       *string `json:"app_company"`
		AppJob           *string `json:"app_job"`
	}
	err := s.Client.Event.Query().Where(event.OwnerID(owner), event.DateGTE(now), event.StatusEQ(event.StatusNotStarted)).
		Order(event.ByDate(), event.ByID()).Limit(upcomingEvents).
		Modify(func(q *sql.Selector) {
			contacts, apps := sql.Table(contact.Table).As("c"), sql.Table(application.Table).As("a")
			q.LeftJoin(contacts).On(q.C(event.FieldContactID), contacts.C(contact.FieldID))
			q.LeftJoin(apps).On(q.C(event.FieldApplicationID), apps.C(application.FieldID))
			q.Select(q.Columns(event.Columns...)...).
				AppendSelectAs(contacts.C(contact.FieldFirstName), "contact_first_name").
				AppendSelectAs(contacts.C(contact.FieldLastName), "contact_last_name").
				AppendSelectAs(contacts.C(contact.FieldCompany), "contact_company").
				AppendSelectAs(apps.C(application.FieldCompany), "app_company").
				AppendSelectAs(apps.C(application.FieldJob), "app_job")
		}).Scan(ctx, &rows)
	if err != nil {
		return nil, err
	}
	out := make([]*activityv1.Event, 0, len(rows))
	for i := range rows {
		r := &rows[i]
		e := eventToProto(&r.Event)
		if e.Contact != nil {
			e.Contact.FirstName, e.Contact.LastName, e.Contact.Company = deref(r.ContactFirstName), deref(r.ContactLastName), deref(r.ContactCompany)
		}
		if e.Application != nil {
			e.Application.Company, e.Application.Job = deref(r.AppCompany), deref(r.AppJob)
		}
		out = append(out, e)
	}
	return out, nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// GetDashboardSetting answers the candidate's thresholds (the spec's defaults until they set
// theirs).
func (s *Service) GetDashboardSetting(ctx context.Context, _ *activityv1.GetDashboardSettingRequest) (*activityv1.GetDashboardSettingResponse, error) {
	v, err := handler.Candidate(ctx)
	if err != nil {
		return nil, err
	}
	setting, err := s.setting(ctx, v.UserID)
	if err != nil {
		return nil, err
	}
	return &activityv1.GetDashboardSettingResponse{DashboardSetting: setting}, nil
}

// UpdateDashboardSetting changes the thresholds (premium, declared on the RPC): each level
// between 0 and 30 and not below the one before, else « Seuils paramétrés incohérents »
// (protovalidate, on the message).
func (s *Service) UpdateDashboardSetting(ctx context.Context, req *activityv1.UpdateDashboardSettingRequest) (*activityv1.UpdateDashboardSettingResponse, error) {
	v, err := handler.Candidate(ctx)
	if err != nil {
		return nil, err
	}
	in := req.GetDashboardSetting()
	err = s.Client.DashboardSetting.Create().SetOwnerID(v.UserID).
		SetNewContactLow(int(in.GetNewContactLow())).SetNewContactMedium(int(in.GetNewContactMedium())).SetNewContactHigh(int(in.GetNewContactHigh())).
		SetFirstTaskLow(int(in.GetFirstTaskLow())).SetFirstTaskMedium(int(in.GetFirstTaskMedium())).SetFirstTaskHigh(int(in.GetFirstTaskHigh())).
		SetCompletedInterviewLow(int(in.GetCompletedInterviewLow())).SetCompletedInterviewMedium(int(in.GetCompletedInterviewMedium())).
		SetCompletedInterviewHigh(int(in.GetCompletedInterviewHigh())).
		SetEngagedApplicationLow(int(in.GetEngagedApplicationLow())).SetEngagedApplicationMedium(int(in.GetEngagedApplicationMedium())).
		SetEngagedApplicationHigh(int(in.GetEngagedApplicationHigh())).
		OnConflictColumns(dashboardsetting.FieldOwnerID).UpdateNewValues().
		Exec(ctx)
	if err != nil {
		return nil, err
	}
	setting, err := s.setting(ctx, v.UserID)
	if err != nil {
		return nil, err
	}
	return &activityv1.UpdateDashboardSettingResponse{DashboardSetting: setting}, nil
}

// setting answers the owner's thresholds, or the defaults of the schema (the spec's).
func (s *Service) setting(ctx context.Context, owner uuid.UUID) (*activityv1.DashboardSetting, error) {
	d, err := s.Client.DashboardSetting.Query().Where(dashboardsetting.OwnerID(owner)).Only(ctx)
	if ent.IsNotFound(err) {
		d = &ent.DashboardSetting{
			NewContactLow: dashboardsetting.DefaultNewContactLow, NewContactMedium: dashboardsetting.DefaultNewContactMedium,
			NewContactHigh: dashboardsetting.DefaultNewContactHigh, FirstTaskLow: dashboardsetting.DefaultFirstTaskLow,
			FirstTaskMedium: dashboardsetting.DefaultFirstTaskMedium, FirstTaskHigh: dashboardsetting.DefaultFirstTaskHigh,
			CompletedInterviewLow: dashboardsetting.DefaultCompletedInterviewLow, CompletedInterviewMedium: dashboardsetting.DefaultCompletedInterviewMedium,
			CompletedInterviewHigh: dashboardsetting.DefaultCompletedInterviewHigh, EngagedApplicationLow: dashboardsetting.DefaultEngagedApplicationLow,
			EngagedApplicationMedium: dashboardsetting.DefaultEngagedApplicationMedium, EngagedApplicationHigh: dashboardsetting.DefaultEngagedApplicationHigh,
		}
	} else if err != nil {
		return nil, err
	}
	return &activityv1.DashboardSetting{
		NewContactLow: int32(d.NewContactLow), NewContactMedium: int32(d.NewContactMedium), NewContactHigh: int32(d.NewContactHigh),
		FirstTaskLow: int32(d.FirstTaskLow), FirstTaskMedium: int32(d.FirstTaskMedium), FirstTaskHigh: int32(d.FirstTaskHigh),
		CompletedInterviewLow: int32(d.CompletedInterviewLow), CompletedInterviewMedium: int32(d.CompletedInterviewMedium),
		CompletedInterviewHigh: int32(d.CompletedInterviewHigh), EngagedApplicationLow: int32(d.EngagedApplicationLow),
		EngagedApplicationMedium: int32(d.EngagedApplicationMedium), EngagedApplicationHigh: int32(d.EngagedApplicationHigh),
	}, nil
}

// GetDashboardHistory answers the candidate's last 12 weeks against their objectives
// (internal/dashboard: one statement per table, grouped by week in their time zone).
func (s *Service) GetDashboardHistory(ctx context.Context, _ *activityv1.GetDashboardHistoryRequest) (*activityv1.GetDashboardHistoryResponse, error) {
	v, now, loc, err := s.CandidateAndTime(ctx)
	if err != nil {
		return nil, err
	}
	history, err := dashboard.WeeklyHistory(ctx, s.Client, v.UserID, now, loc)
	if err != nil {
		return nil, err
	}
	return &activityv1.GetDashboardHistoryResponse{History: history}, nil
}
