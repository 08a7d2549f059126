package activity

import (
	"context"
	"time"

	"github.com/google/uuid"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/event"
	"github.com/tremplin/tremplin/ent/task"
	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/applications"
	"github.com/tremplin/tremplin/internal/contacts"
	"github.com/tremplin/tremplin/internal/enums"
	"github.com/tremplin/tremplin/internal/handler"
	"github.com/tremplin/tremplin/internal/resource"
	"github.com/tremplin/tremplin/internal/tasks"
)

// activityEntity is what an activity's id names, for its NotFound: an event or a task.
func activityEntity(kind activityv1.ActivityType) apierr.Entity {
	if kind == activityv1.ActivityType_ACTIVITY_TYPE_EVENT {
		return apierr.Event
	}
	return apierr.Task
}

// UpdateAdditionalInformation sets the comments and links of a task or an event, completed or
// not.
func (s *Service) UpdateAdditionalInformation(ctx context.Context, req *activityv1.UpdateAdditionalInformationRequest) (*activityv1.UpdateAdditionalInformationResponse, error) {
	v, id, err := handler.CandidateAndID(ctx, req.GetId(), activityEntity(req.GetActivityType()))
	if err != nil {
		return nil, err
	}
	comments, links := req.GetInputs().GetComments(), resource.FromProto(req.GetInputs().GetResources())
	answer, err := handler.InTx(ctx, &s.Base, func(ctx context.Context, tx *ent.Tx) (*activityv1.Activity, error) {
		client := tx.Client()
		if req.GetActivityType() == activityv1.ActivityType_ACTIVITY_TYPE_EVENT {
			if err := client.Event.UpdateOneID(id).Where(event.OwnerID(v.UserID)).SetComments(comments).SetResources(links).Exec(ctx); err != nil {
				return nil, err
			}
		} else if err := client.Task.UpdateOneID(id).Where(task.OwnerID(v.UserID)).SetComments(comments).SetResources(links).Exec(ctx); err != nil {
			return nil, err
		}
		return loadActivity(ctx, client, v.UserID, req.GetActivityType(), id)
	})
	if err != nil {
		return nil, err
	}
	return &activityv1.UpdateAdditionalInformationResponse{Activity: answer}, nil
}

// AddReport completes a task or an event with its report (mood, required for events;
// comment; links, added to the activity's), and moves what it engages on:
//
//   - its contact (and the contacts of nothing else): engaged, or thanked after a thank-you
//     task (internal/contacts.OnActivityCompleted);
//   - its application: engaged by its first completed activity, dated now
//     (internal/applications.OnActivityCompleted);
//   - automatic follow-ups, answered in automatic_tasks: after an interview's report, thanking
//     its contact on the next working day; after sending an application, a reminder 7 days
//     later.
//
// An event can be completed only once its date has passed; a completed activity answers
// ACTIVITY_STATE (its report is changed with UpdateReport).
func (s *Service) AddReport(ctx context.Context, req *activityv1.AddReportRequest) (*activityv1.AddReportResponse, error) {
	v, id, err := handler.CandidateAndID(ctx, req.GetId(), activityEntity(req.GetActivityType()))
	if err != nil {
		return nil, err
	}
	now, loc, err := s.CallerTime(ctx, v)
	if err != nil {
		return nil, err
	}
	res := &activityv1.AddReportResponse{AutomaticTasks: []*activityv1.Task{}}
	err = s.Tx(ctx, func(ctx context.Context, tx *ent.Tx) error {
		client := tx.Client()
		var follow followUp
		if req.GetActivityType() == activityv1.ActivityType_ACTIVITY_TYPE_EVENT {
			follow, err = completeEvent(ctx, client, v.UserID, id, req, now)
		} else {
			follow, err = completeTask(ctx, client, v.UserID, id, req, now)
		}
		if err != nil {
			return err
		}
		if follow.contactID != nil {
			if _, err := contacts.OnActivityCompleted(ctx, client, *follow.contactID, follow.subject); err != nil {
				return err
			}
		}
		if follow.applicationID != nil {
			if err := applications.OnActivityCompleted(ctx, client, v.UserID, *follow.applicationID, now); err != nil {
				return err
			}
		}
		opts := tasks.Options{Owner: v.UserID, Now: now, Location: loc}
		if automatic, err := follow.automaticTask(ctx, client, opts); err != nil {
			return err
		} else if automatic != nil {
			res.AutomaticTasks = append(res.AutomaticTasks, tasks.ToProto(automatic))
		}
		res.Activity, err = loadActivity(ctx, client, v.UserID, req.GetActivityType(), id)
		return err
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

// followUp is what a completed activity engages: its contact and application, and the
// automatic task it calls for.
type followUp struct {
	contactID, applicationID *uuid.UUID
	// subject is the completed task's subject as the spec writes it ("" for an event).
	subject string
	// next is the automatic task's subject (unspecified: none), due on due's day.
	next activityv1.TaskSubject
	due  func(now time.Time, loc *time.Location) time.Time
}

func completeTask(ctx context.Context, client *ent.Client, owner, id uuid.UUID, req *activityv1.AddReportRequest, now time.Time) (followUp, error) {
	t, err := client.Task.Query().Where(task.ID(id), task.OwnerID(owner)).Only(ctx)
	if err != nil {
		return followUp{}, err
	}
	if t.Status == task.StatusCompleted {
		return followUp{}, errAlreadyCompleted()
	}
	links, err := withLinks(req, t.Resources, req.GetResources())
	if err != nil {
		return followUp{}, err
	}
	n, err := client.Task.Update().Where(task.ID(id), task.OwnerID(owner), task.StatusEQ(task.StatusNotStarted)).
		SetStatus(task.StatusCompleted).SetExecutionDate(now).
		SetMarkAsCompleteComment(req.GetMarkAsCompleteComment()).
		SetResources(links).
		Save(ctx)
	if err != nil {
		return followUp{}, err
	}
	if n == 0 { // completed meanwhile
		return followUp{}, errAlreadyCompleted()
	}
	f := followUp{contactID: t.ContactID, applicationID: t.ApplicationID, subject: string(t.Subject)}
	if t.Subject == task.SubjectSendApplication {
		f.next, f.due = activityv1.TaskSubject_TASK_SUBJECT_REMINDER_APPLICATION, inSevenDays
	}
	return f, nil
}

func completeEvent(ctx context.Context, client *ent.Client, owner, id uuid.UUID, req *activityv1.AddReportRequest, now time.Time) (followUp, error) {
	e, err := client.Event.Query().Where(event.ID(id), event.OwnerID(owner)).Only(ctx)
	if err != nil {
		return followUp{}, err
	}
	if e.Status == event.StatusCompleted {
		return followUp{}, errAlreadyCompleted()
	}
	if e.Date.After(now) {
		return followUp{}, errNotYetHappened()
	}
	links, err := withLinks(req, e.Resources, req.GetResources())
	if err != nil {
		return followUp{}, err
	}
	n, err := client.Event.Update().Where(event.ID(id), event.OwnerID(owner), event.StatusEQ(event.StatusNotStarted)).
		SetStatus(event.StatusCompleted).SetCompletedAt(now).
		SetMood(event.Mood(enums.Spec(req.GetMood()))).
		SetMarkAsCompleteComment(req.GetMarkAsCompleteComment()).
		SetResources(links).
		Save(ctx)
	if err != nil {
		return followUp{}, err
	}
	if n == 0 {
		return followUp{}, errAlreadyCompleted()
	}
	f := followUp{contactID: e.ContactID, applicationID: e.ApplicationID}
	if e.Type == event.TypeInterview && e.ContactID != nil {
		f.next, f.due = activityv1.TaskSubject_TASK_SUBJECT_THANKS_AFTER_INTERVIEW, nextWorkingDay
	}
	return f, nil
}

// automaticTask creates the follow-up task the completed activity calls for, with its contact
// (reached by its best channel) and its application when it is still open; nil when none.
func (f followUp) automaticTask(ctx context.Context, client *ent.Client, opts tasks.Options) (*ent.Task, error) {
	if f.next == activityv1.TaskSubject_TASK_SUBJECT_UNSPECIFIED {
		return nil, nil
	}
	draft := &activityv1.TaskDraft{
		Subject:  f.next,
		Priority: activityv1.TaskPriority_TASK_PRIORITY_NORMAL,
		Deadline: timestamppb.New(f.due(opts.Now, opts.Location)),
	}
	if f.contactID != nil {
		c, err := client.Contact.Get(ctx, *f.contactID)
		if err != nil {
			return nil, err
		}
		draft.ContactId, draft.MediaType = c.ID.String(), tasks.BestChannel(c)
	}
	if f.applicationID != nil {
		a, err := client.Application.Get(ctx, *f.applicationID)
		if err != nil {
			return nil, err
		}
		if !applications.IsClosed(a.Status) {
			draft.ApplicationId = a.ID.String()
		}
	}
	return tasks.Save(ctx, client, nil, draft, opts)
}

// noonOf is a day's due time as the task form sends it: noon, local time, clear of the
// time-zone edges.
func noonOf(y int, m time.Month, d int, loc *time.Location) time.Time {
	return time.Date(y, m, d, 12, 0, 0, 0, loc).UTC()
}

// nextWorkingDay is the next day from now's that is Monday to Friday, in loc.
func nextWorkingDay(now time.Time, loc *time.Location) time.Time {
	day := now.In(loc)
	for {
		day = day.AddDate(0, 0, 1)
		if day.Weekday() != time.Saturday && day.Weekday() != time.Sunday {
			return noonOf(day.Year(), day.Month(), day.Day(), loc)
		}
	}
}

// inSevenDays is the day a week after now's, in loc.
func inSevenDays(now time.Time, loc *time.Location) time.Time {
	day := now.In(loc).AddDate(0, 0, 7)
	return noonOf(day.Year(), day.Month(), day.Day(), loc)
}

// UpdateReport changes the report of a completed task or event (mood, comment; links are
// added to the activity's).
func (s *Service) UpdateReport(ctx context.Context, req *activityv1.UpdateReportRequest) (*activityv1.UpdateReportResponse, error) {
	v, id, err := handler.CandidateAndID(ctx, req.GetId(), activityEntity(req.GetActivityType()))
	if err != nil {
		return nil, err
	}
	answer, err := handler.InTx(ctx, &s.Base, func(ctx context.Context, tx *ent.Tx) (*activityv1.Activity, error) {
		if err := changeReport(ctx, tx.Client(), v.UserID, id, req); err != nil {
			return nil, err
		}
		return loadActivity(ctx, tx.Client(), v.UserID, req.GetActivityType(), id)
	})
	if err != nil {
		return nil, err
	}
	return &activityv1.UpdateReportResponse{Activity: answer}, nil
}

// changeReport writes the report's new mood, comment and links on the completed task or event.
func changeReport(ctx context.Context, client *ent.Client, owner, id uuid.UUID, req *activityv1.UpdateReportRequest) error {
	if req.GetActivityType() == activityv1.ActivityType_ACTIVITY_TYPE_EVENT {
		e, err := client.Event.Query().Where(event.ID(id), event.OwnerID(owner)).Only(ctx)
		if err != nil {
			return err
		}
		if e.Status != event.StatusCompleted {
			return errNotCompleted()
		}
		links, err := withLinks(req, e.Resources, req.GetResources())
		if err != nil {
			return err
		}
		return client.Event.UpdateOne(e).SetMood(event.Mood(enums.Spec(req.GetMood()))).
			SetMarkAsCompleteComment(req.GetMarkAsCompleteComment()).
			SetResources(links).Exec(ctx)
	}
	t, err := client.Task.Query().Where(task.ID(id), task.OwnerID(owner)).Only(ctx)
	if err != nil {
		return err
	}
	if t.Status != task.StatusCompleted {
		return errNotCompleted()
	}
	links, err := withLinks(req, t.Resources, req.GetResources())
	if err != nil {
		return err
	}
	return client.Task.UpdateOne(t).SetMarkAsCompleteComment(req.GetMarkAsCompleteComment()).
		SetResources(links).Exec(ctx)
}

// withLinks answers the activity's links with those of the report (req) added — an address
// already there is not repeated — refusing, on the report's resources field, links added past
// resource.Max in all.
func withLinks(req proto.Message, have []resource.Resource, added []*commonv1.Resource) ([]resource.Resource, error) {
	out, ok := resource.Add(have, resource.FromProto(added))
	if !ok {
		return nil, apierr.InvalidField(req.ProtoReflect().Descriptor(), "resources", "resources.max_items", resource.TooMany)
	}
	return out, nil
}

// loadActivity answers a task or an event of the owner, presented.
func loadActivity(ctx context.Context, client *ent.Client, owner uuid.UUID, kind activityv1.ActivityType, id uuid.UUID) (*activityv1.Activity, error) {
	if kind == activityv1.ActivityType_ACTIVITY_TYPE_EVENT {
		e, err := loadEvent(ctx, client, owner, id)
		if err != nil {
			return nil, err
		}
		return &activityv1.Activity{Kind: &activityv1.Activity_Event{Event: eventToProto(e)}}, nil
	}
	t, err := loadTask(ctx, client, owner, id)
	if err != nil {
		return nil, err
	}
	return &activityv1.Activity{Kind: &activityv1.Activity_Task{Task: tasks.ToProto(t)}}, nil
}
