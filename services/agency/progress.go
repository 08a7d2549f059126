package agency

import (
	"context"

	"entgo.io/ent/dialect/sql"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/tremplin/tremplin/ent/application"
	"github.com/tremplin/tremplin/ent/contact"
	agencyv1 "github.com/tremplin/tremplin/gen/tremplin/agency/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/dashboard"
	"github.com/tremplin/tremplin/internal/handler"
	"github.com/tremplin/tremplin/internal/users"
	"github.com/tremplin/tremplin/internal/viewer"
)

// GetCandidateProgress is the coach view: a consenting candidate's weekly figures and counts,
// for the admin of their own agency. Another agency's candidate is NotFound (the candidate
// query is scoped to the admin's agency); a candidate who does not share answers shared=false
// and nothing else, so that withdrawing consent takes effect on the next call.
func (s *Service) GetCandidateProgress(ctx context.Context, req *agencyv1.GetCandidateProgressRequest) (*agencyv1.GetCandidateProgressResponse, error) {
	v, err := handler.AgencyAdmin(ctx)
	if err != nil {
		return nil, err
	}
	id, err := apierr.ID(req.GetId(), apierr.Candidate)
	if err != nil {
		return nil, err
	}
	u, err := candidateOf(ctx, s.Client, v, id, &v.AgencyID)
	if err != nil {
		return nil, err
	}
	if !u.ShareProgressWithAgency {
		return &agencyv1.GetCandidateProgressResponse{}, nil
	}

	// The candidate's rows are not the admin's to read row by row: past the checks above, the
	// figures are read as the system, by aggregate statements that name the candidate and
	// never return a contact.
	sys := viewer.SystemContext(ctx)
	now := s.Now()
	loc := users.LocationOf(u)
	// One computation gives both weeks: every figure comes with the week before's.
	week, err := dashboard.Compute(sys, s.Client, u.ID, now, now, loc)
	if err != nil {
		return nil, err
	}
	contacts, err := s.Client.Contact.Query().Where(contact.OwnerID(u.ID)).Count(sys)
	if err != nil {
		return nil, err
	}
	var byStatus []struct {
		Status application.Status `json:"status"`
		Count  int32              `json:"count"`
	}
	err = s.Client.Application.Query().Where(application.OwnerID(u.ID)).
		GroupBy(application.FieldStatus).
		Aggregate(func(sel *sql.Selector) string { return sql.As(sql.Count("*"), "count") }).
		Scan(sys, &byStatus)
	if err != nil {
		return nil, err
	}

	progress := &agencyv1.CandidateProgress{
		FirstName:    u.FirstName,
		LastName:     u.LastName,
		ThisWeek:     progressWeek(week, false),
		LastWeek:     progressWeek(week, true),
		Contacts:     int32(contacts),          //nolint:gosec // a network holds far fewer than 2^31 contacts
		OverdueTasks: int32(week.OverdueTasks), //nolint:gosec // a count of one candidate's tasks
	}
	if u.LastLoginAt != nil {
		progress.LastLoginDate = timestamppb.New(*u.LastLoginAt)
	}
	if progress.History, err = dashboard.WeeklyHistory(sys, s.Client, u.ID, now, loc); err != nil {
		return nil, err
	}
	for _, row := range byStatus {
		switch row.Status {
		case application.StatusNew:
			progress.NewApplications = row.Count
		case application.StatusEngaged:
			progress.EngagedApplications = row.Count
		case application.StatusLost:
			progress.LostApplications = row.Count
		case application.StatusWin:
			progress.WinApplications = row.Count
		}
	}
	return &agencyv1.GetCandidateProgressResponse{Shared: true, Progress: progress}, nil
}

// progressWeek answers the figures of the week f was computed for, or of the week before.
func progressWeek(f *dashboard.Figures, before bool) *agencyv1.ProgressWeek {
	start, end := f.Start, f.End
	if before {
		start, end = f.PreviousStart, f.Start
	}
	n := func(v dashboard.Figure) int32 { //nolint:gosec // weekly counts of one candidate
		if before {
			return int32(v.Before)
		}
		return int32(v.Now)
	}
	return &agencyv1.ProgressWeek{
		Start:               timestamppb.New(start),
		End:                 timestamppb.New(end),
		CompletedTasks:      n(f.CompletedTasks),
		NotStartedTasks:     n(f.NotStartedTasks),
		CompletedInterviews: n(f.CompletedInterviews),
		FirstTasks:          n(f.FirstTasks),
		NewContacts:         n(f.NewContacts),
		NewApplications:     n(f.NewApplications),
		EngagedApplications: n(f.EngagedApplications),
	}
}
