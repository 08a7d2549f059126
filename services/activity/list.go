package activity

import (
	"context"

	"github.com/google/uuid"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/application"
	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/ent/event"
	"github.com/tremplin/tremplin/ent/predicate"
	"github.com/tremplin/tremplin/ent/task"
	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/contacts"
	"github.com/tremplin/tremplin/internal/enums"
	"github.com/tremplin/tremplin/internal/handler"
	"github.com/tremplin/tremplin/internal/paging"
	"github.com/tremplin/tremplin/internal/resource"
	"github.com/tremplin/tremplin/internal/tasks"
)

// ListTasks answers the candidate's tasks, by initial deadline (the first one set) then
// creation. The date range applies to the deadline. With contact_id: the tasks with the
// contact and those of the applications it is associated with (an application's activities
// show in its contacts' panels). Search and the status, media and priority filters (premium,
// declared on the request) combine with AND across filters and OR within one.
func (s *Service) ListTasks(ctx context.Context, req *activityv1.ListTasksRequest) (*activityv1.ListTasksResponse, error) {
	v, err := handler.Candidate(ctx)
	if err != nil {
		return nil, err
	}
	page, err := paging.Request("activity.ListTasks", req, paging.Time, paging.Time, paging.UUID)
	if err != nil {
		return nil, err
	}
	preds := []predicate.Task{task.OwnerID(v.UserID)}
	if r := req.GetRange(); r != nil {
		if r.GetStartDate() != nil {
			preds = append(preds, task.DeadlineGTE(r.GetStartDate().AsTime()))
		}
		if r.GetEndDate() != nil {
			preds = append(preds, task.DeadlineLT(r.GetEndDate().AsTime()))
		}
	}
	if len(req.GetStatuses()) > 0 {
		preds = append(preds, task.StatusIn(enums.Specs[task.Status](req.GetStatuses())...))
	}
	if len(req.GetMediaTypes()) > 0 {
		preds = append(preds, task.MediaTypeIn(enums.Specs[task.MediaType](req.GetMediaTypes())...))
	}
	if len(req.GetPriorities()) > 0 {
		preds = append(preds, task.PriorityIn(enums.Specs[task.Priority](req.GetPriorities())...))
	}
	if m := matching(req.GetSearch()); m != nil {
		preds = append(preds, task.HasContactWith(m))
	}
	applicationID, err := apierr.OptionalID(req.GetApplicationId(), apierr.Application)
	if err != nil {
		return nil, err
	}
	if applicationID != nil {
		preds = append(preds, task.ApplicationID(*applicationID))
	}
	contactID, err := apierr.OptionalID(req.GetContactId(), apierr.Contact)
	if err != nil {
		return nil, err
	}
	if contactID != nil {
		preds = append(preds, task.Or(task.ContactID(*contactID), task.HasApplicationWith(application.HasContactsWith(contact.ID(*contactID)))))
	}
	found, err := s.Client.Task.Query().Where(preds...).
		Where(predicate.Task(page.Keyset(
			paging.Column{Name: task.FieldInitialDeadline},
			paging.Column{Name: task.FieldCreatedAt},
			paging.Column{Name: task.FieldID}))).
		WithContact(refFields).WithApplication(applicationRefFields).
		All(ctx)
	if err != nil {
		return nil, err
	}
	n, next := page.Cut(len(found), func(i int) []any { return []any{found[i].InitialDeadline, found[i].CreatedAt, found[i].ID} })
	out := make([]*activityv1.Task, 0, n)
	for _, t := range found[:n] {
		out = append(out, tasks.ToProto(t))
	}
	return &activityv1.ListTasksResponse{Tasks: out, NextPageToken: next}, nil
}

// ListEvents answers the candidate's appointments and interviews by date. The date range
// applies to the date; contact_id, search and filters work as for tasks.
func (s *Service) ListEvents(ctx context.Context, req *activityv1.ListEventsRequest) (*activityv1.ListEventsResponse, error) {
	v, err := handler.Candidate(ctx)
	if err != nil {
		return nil, err
	}
	page, err := paging.Request("activity.ListEvents", req, paging.Time, paging.UUID)
	if err != nil {
		return nil, err
	}
	preds := []predicate.Event{event.OwnerID(v.UserID)}
	if r := req.GetRange(); r != nil {
		if r.GetStartDate() != nil {
			preds = append(preds, event.DateGTE(r.GetStartDate().AsTime()))
		}
		if r.GetEndDate() != nil {
			preds = append(preds, event.DateLT(r.GetEndDate().AsTime()))
		}
	}
	if len(req.GetStatuses()) > 0 {
		preds = append(preds, event.StatusIn(enums.Specs[event.Status](req.GetStatuses())...))
	}
	if len(req.GetMediaTypes()) > 0 {
		preds = append(preds, event.MediaTypeIn(enums.Specs[event.MediaType](req.GetMediaTypes())...))
	}
	if m := matching(req.GetSearch()); m != nil {
		preds = append(preds, event.HasContactWith(m))
	}
	applicationID, err := apierr.OptionalID(req.GetApplicationId(), apierr.Application)
	if err != nil {
		return nil, err
	}
	if applicationID != nil {
		preds = append(preds, event.ApplicationID(*applicationID))
	}
	contactID, err := apierr.OptionalID(req.GetContactId(), apierr.Contact)
	if err != nil {
		return nil, err
	}
	if contactID != nil {
		preds = append(preds, event.Or(event.ContactID(*contactID), event.HasApplicationWith(application.HasContactsWith(contact.ID(*contactID)))))
	}
	found, err := s.Client.Event.Query().Where(preds...).
		Where(predicate.Event(page.Keyset(paging.Column{Name: event.FieldDate}, paging.Column{Name: event.FieldID}))).
		WithContact(refFields).WithApplication(applicationRefFields).
		All(ctx)
	if err != nil {
		return nil, err
	}
	n, next := page.Cut(len(found), func(i int) []any { return []any{found[i].Date, found[i].ID} })
	out := make([]*activityv1.Event, 0, n)
	for _, e := range found[:n] {
		out = append(out, eventToProto(e))
	}
	return &activityv1.ListEventsResponse{Events: out, NextPageToken: next}, nil
}

// matching finds the contacts a search box's text names (nil: no search): full name or company
// (the contact's search key, accent- and case-insensitive), e-mail, or mobile number — typed
// as it was stored or not, « +33 6 11 », « 06 11 » or « 0033611 » (its digits key, see
// contacts.PhoneKey).
func matching(search string) predicate.Contact {
	term := contacts.SearchTerm(search)
	if term == "" {
		return nil
	}
	or := []predicate.Contact{contact.SearchKeyContains(term), contact.EmailContainsFold(term)}
	if digits := contacts.PhoneSearchTerm(search); digits != "" {
		or = append(or, contact.MobileKeyContains(digits))
	}
	return contact.Or(or...)
}

// refFields load what a ContactRef shows.
func refFields(q *ent.ContactQuery) {
	q.Select(contact.FieldFirstName, contact.FieldLastName, contact.FieldCompany)
}

// applicationRefFields load what an ApplicationRef shows.
func applicationRefFields(q *ent.ApplicationQuery) {
	q.Select(application.FieldCompany, application.FieldJob, application.FieldStatus)
}

// eventToProto presents e; its Contact and Application edges are used when loaded.
func eventToProto(e *ent.Event) *activityv1.Event {
	out := &activityv1.Event{
		Id:                    e.ID.String(),
		Type:                  enums.StringOf[activityv1.EventType](e.Type),
		Subject:               enums.StringOf[activityv1.EventSubject](e.Subject),
		MediaType:             enums.StringOf[activityv1.MediaType](e.MediaType),
		MediaDetails:          e.MediaDetails,
		Date:                  timestamppb.New(e.Date),
		CreatedDate:           timestamppb.New(e.CreatedAt),
		Status:                enums.StringOf[activityv1.ActivityStatus](e.Status),
		MarkAsCompleteComment: e.MarkAsCompleteComment,
		Comments:              e.Comments,
		Resources:             resource.ToProto(e.Resources),
	}
	if e.Mood != nil {
		out.Mood = enums.StringOf[activityv1.Mood](*e.Mood)
	}
	out.Contact, out.Application = tasks.References(e.Edges.Contact, e.ContactID, e.Edges.Application, e.ApplicationID)
	return out
}

// loadTask answers one of the owner's tasks with its references.
func loadTask(ctx context.Context, client *ent.Client, owner, id uuid.UUID) (*ent.Task, error) {
	return client.Task.Query().Where(task.ID(id), task.OwnerID(owner)).
		WithContact(refFields).WithApplication(applicationRefFields).Only(ctx)
}

// loadEvent answers one of the owner's events with its references.
func loadEvent(ctx context.Context, client *ent.Client, owner, id uuid.UUID) (*ent.Event, error) {
	return client.Event.Query().Where(event.ID(id), event.OwnerID(owner)).
		WithContact(refFields).WithApplication(applicationRefFields).Only(ctx)
}
