package activity

import (
	"context"
	"strings"

	"github.com/google/uuid"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/event"
	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/enums"
	"github.com/tremplin/tremplin/internal/handler"
	"github.com/tremplin/tremplin/internal/resource"
	"github.com/tremplin/tremplin/internal/tasks"
	"github.com/tremplin/tremplin/internal/viewer"
)

var (
	createEventRoot = (&activityv1.CreateEventRequest{}).ProtoReflect().Descriptor()
	updateEventRoot = (&activityv1.UpdateEventRequest{}).ProtoReflect().Descriptor()
)

// meetingSubjects make a meeting (type event); every other subject makes an interview. Coffee
// and meal are both in the spec's lists: the form sets Meeting for them.
var meetingSubjects = map[activityv1.EventSubject]bool{
	activityv1.EventSubject_EVENT_SUBJECT_COFFEE:     true,
	activityv1.EventSubject_EVENT_SUBJECT_MEAL:       true,
	activityv1.EventSubject_EVENT_SUBJECT_AFTERWORK:  true,
	activityv1.EventSubject_EVENT_SUBJECT_EXHIBITION: true,
	activityv1.EventSubject_EVENT_SUBJECT_WORKSHOP:   true,
	activityv1.EventSubject_EVENT_SUBJECT_CONFERENCE: true,
	activityv1.EventSubject_EVENT_SUBJECT_TRAINING:   true,
	activityv1.EventSubject_EVENT_SUBJECT_WEBINAR:    true,
}

// TypeOf is the type of an event of subject s: meeting subjects make a meeting, the others an
// interview.
func TypeOf(s activityv1.EventSubject) activityv1.EventType {
	if meetingSubjects[s] {
		return activityv1.EventType_EVENT_TYPE_EVENT
	}
	return activityv1.EventType_EVENT_TYPE_INTERVIEW
}

// notForApplication are the subjects an event linked to an application may not have: gatherings
// that are about no one job (an afterwork, a trade show, a workshop, a conference, a training,
// a webinar).
var notForApplication = map[activityv1.EventSubject]bool{
	activityv1.EventSubject_EVENT_SUBJECT_AFTERWORK:  true,
	activityv1.EventSubject_EVENT_SUBJECT_EXHIBITION: true,
	activityv1.EventSubject_EVENT_SUBJECT_WORKSHOP:   true,
	activityv1.EventSubject_EVENT_SUBJECT_CONFERENCE: true,
	activityv1.EventSubject_EVENT_SUBJECT_TRAINING:   true,
	activityv1.EventSubject_EVENT_SUBJECT_WEBINAR:    true,
}

// withDetails are the media types whose details (an address, a link) are required and kept.
func withDetails(m activityv1.MediaType) bool {
	return m == activityv1.MediaType_MEDIA_TYPE_FACE_TO_FACE || m == activityv1.MediaType_MEDIA_TYPE_VIDEO_CONFERENCING
}

// GetEvent answers one of the candidate's events.
func (s *Service) GetEvent(ctx context.Context, req *activityv1.GetEventRequest) (*activityv1.GetEventResponse, error) {
	_, e, err := s.candidateEvent(ctx, req.GetId())
	if err != nil {
		return nil, err
	}
	return &activityv1.GetEventResponse{Event: eventToProto(e)}, nil
}

// candidateEvent answers the caller, a candidate, and their event rawID names, with its
// references (loadEvent).
func (s *Service) candidateEvent(ctx context.Context, rawID string) (*viewer.Viewer, *ent.Event, error) {
	v, id, err := handler.CandidateAndID(ctx, rawID, apierr.Event)
	if err != nil {
		return nil, nil, err
	}
	e, err := loadEvent(ctx, s.Client, v.UserID, id)
	if err != nil {
		return nil, nil, err
	}
	return v, e, nil
}

// CreateEvent plans an appointment or an interview (see saveEvent for the rules). An event
// may be dated in the past: the screen then asks for its report.
func (s *Service) CreateEvent(ctx context.Context, req *activityv1.CreateEventRequest) (*activityv1.CreateEventResponse, error) {
	v, err := handler.Candidate(ctx)
	if err != nil {
		return nil, err
	}
	saved, err := handler.InTx(ctx, &s.Base, func(ctx context.Context, tx *ent.Tx) (*ent.Event, error) {
		return saveEvent(ctx, tx.Client(), v.UserID, nil, req.GetEvent(), createEventRoot)
	})
	if err != nil {
		return nil, err
	}
	return &activityv1.CreateEventResponse{Event: eventToProto(saved)}, nil
}

// UpdateEvent changes an event that is not completed yet.
func (s *Service) UpdateEvent(ctx context.Context, req *activityv1.UpdateEventRequest) (*activityv1.UpdateEventResponse, error) {
	v, id, err := handler.CandidateAndID(ctx, req.GetId(), apierr.Event)
	if err != nil {
		return nil, err
	}
	saved, err := handler.InTx(ctx, &s.Base, func(ctx context.Context, tx *ent.Tx) (*ent.Event, error) {
		client := tx.Client()
		current, err := client.Event.Query().Where(event.ID(id), event.OwnerID(v.UserID)).Only(ctx)
		if err != nil {
			return nil, err
		}
		return saveEvent(ctx, client, v.UserID, current, req.GetEvent(), updateEventRoot)
	})
	if err != nil {
		return nil, err
	}
	return &activityv1.UpdateEventResponse{Event: eventToProto(saved)}, nil
}

// DeleteEvent removes an event that is not completed.
func (s *Service) DeleteEvent(ctx context.Context, req *activityv1.DeleteEventRequest) (*activityv1.DeleteEventResponse, error) {
	v, id, err := handler.CandidateAndID(ctx, req.GetId(), apierr.Event)
	if err != nil {
		return nil, err
	}
	err = s.Tx(ctx, func(ctx context.Context, tx *ent.Tx) error {
		client := tx.Client()
		status, err := client.Event.Query().Where(event.ID(id), event.OwnerID(v.UserID)).Select(event.FieldStatus).String(ctx)
		if err != nil {
			return err
		}
		if event.Status(status) == event.StatusCompleted {
			return tasks.ErrCompleted()
		}
		return client.Event.DeleteOneID(id).Where(event.OwnerID(v.UserID)).Exec(ctx)
	})
	if err != nil {
		return nil, err
	}
	return &activityv1.DeleteEventResponse{}, nil
}

// saveEvent creates (current nil) or changes an event from draft, under the rules of the
// event form:
//
//   - the type follows the subject (TypeOf), whatever the draft says;
//   - the media type is required (protovalidate) and must be a channel the contact has (a
//     mobile number for mobile, a landline for phone); its details (an address, a link) are
//     required for face to face and video-conferencing and dropped otherwise;
//   - the contact is optional; the contact and the application must be the owner's
//     (NotFound); the application must be open (APPLICATION_CLOSED), the contact one of its
//     contacts, and the subject not a gathering about no one job (notForApplication);
//   - a completed event cannot change (ACTIVITY_STATE); resources need label and url.
func saveEvent(ctx context.Context, client *ent.Client, owner uuid.UUID, current *ent.Event, draft *activityv1.EventDraft, root protoreflect.MessageDescriptor) (*ent.Event, error) {
	if current != nil && current.Status == event.StatusCompleted {
		return nil, tasks.ErrCompleted()
	}
	invalid := func(field, rule, message string) error {
		return apierr.InvalidField(root, "event."+field, rule, message)
	}
	contactID, err := apierr.OptionalID(draft.GetContactId(), apierr.Contact)
	if err != nil {
		return nil, err
	}
	applicationID, err := apierr.OptionalID(draft.GetApplicationId(), apierr.Application)
	if err != nil {
		return nil, err
	}
	subject, media := draft.GetSubject(), draft.GetMediaType()
	details := strings.TrimSpace(draft.GetMediaDetails())
	if !withDetails(media) {
		details = ""
	} else if details == "" {
		return nil, invalid("media_details", "event.media_details", apierr.Required)
	}
	if applicationID != nil && notForApplication[subject] {
		return nil, invalid("subject", "event.subject.application", "Ce sujet n'est pas proposé pour une opportunité")
	}

	var linked *uuid.UUID
	if current != nil {
		linked = current.ApplicationID
	}
	links, err := tasks.Link(ctx, client, owner, linked, applicationID, contactID, media, "event", invalid)
	if err != nil {
		return nil, err
	}

	var m *ent.EventMutation
	var create *ent.EventCreate
	var update *ent.EventUpdateOne
	if current == nil {
		create = client.Event.Create().SetOwnerID(owner).SetStatus(event.StatusNotStarted)
		m = create.Mutation()
	} else {
		update = client.Event.UpdateOneID(current.ID).Where(event.OwnerID(owner), event.StatusEQ(event.StatusNotStarted))
		m = update.Mutation()
	}
	m.SetType(event.Type(enums.Spec(TypeOf(subject))))
	m.SetSubject(event.Subject(enums.Spec(subject)))
	m.SetMediaType(event.MediaType(enums.Spec(media)))
	m.SetMediaDetails(details)
	m.SetDate(draft.GetDate().AsTime().UTC())
	// Left out of an update, the additional information is kept (a partial body); empty
	// clears it.
	if draft.Comments != nil || current == nil {
		m.SetComments(draft.GetComments())
	}
	if draft.Resources != nil || current == nil {
		m.SetResources(resource.FromProto(draft.GetResources().GetItems()))
	}
	links.Set(m, update != nil)
	var e *ent.Event
	if create != nil {
		e, err = create.Save(ctx)
	} else {
		e, err = update.Save(ctx)
	}
	if err != nil {
		return nil, err
	}
	e.Edges.Contact, e.Edges.Application = links.Contact, links.Application
	return e, nil
}
