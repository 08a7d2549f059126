// Package tasks creates a candidate's tasks from an activity.v1.TaskDraft and presents them,
// for every service that makes tasks: NetworkService (the first task of a new contact) and
// ActivityService (the task form, the automatic follow-up tasks).
package tasks

import (
	"context"
	"strings"
	"time"

	"connectrpc.com/connect"
	"github.com/google/uuid"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/task"
	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/contacts"
	"github.com/tremplin/tremplin/internal/enums"
	"github.com/tremplin/tremplin/internal/resource"
	"github.com/tremplin/tremplin/internal/users"
	"github.com/tremplin/tremplin/internal/viewer"
)

// Subjects that concern no contact: a task with one of them has no contact and no media type.
var nonContactSubjects = map[activityv1.TaskSubject]bool{
	activityv1.TaskSubject_TASK_SUBJECT_UPDATE_JOBBOARDS_CVS:  true,
	activityv1.TaskSubject_TASK_SUBJECT_INTERVIEW_PREPARATION: true,
	activityv1.TaskSubject_TASK_SUBJECT_INTERNET_SEARCHES:     true,
	activityv1.TaskSubject_TASK_SUBJECT_OTHER:                 true,
}

// IsContactSubject reports whether a task of subject s is done with a contact (every subject
// but update-jobboards-cvs, interview-preparation, internet-searches and other).
func IsContactSubject(s activityv1.TaskSubject) bool { return !nonContactSubjects[s] }

// Options are what Create needs besides the draft.
type Options struct {
	// Owner is the candidate the task is for (the viewer).
	Owner uuid.UUID
	// ContactID, when set, replaces draft.contact_id: CreateContact makes the task with the
	// contact it has just created.
	ContactID *uuid.UUID
	// Now and Location decide "today" for the deadline rule (Location: the candidate's zone,
	// users.LocationOf; nil means Europe/Paris).
	Now      time.Time
	Location *time.Location
	// Root and Path place the draft in the request, for the field named by an INVALID_FIELDS
	// refusal: CreateTaskRequest and "task", CreateContactRequest and "contact.task". With no
	// Root the fields are named relative to TaskDraft.
	Root protoreflect.MessageDescriptor
	Path string
}

// CallerTime answers the caller's now and time zone: handler.Base.CallerTime, passed in (this
// package does not depend on the handler kit).
type CallerTime func(ctx context.Context, v *viewer.Viewer) (time.Time, *time.Location, error)

// OptionsFor answers the options of the tasks v saves: v as their owner, now and v's zone from
// callerTime (they decide whether a deadline is in the past), and where the draft sits in the
// request (root and path, as in Options).
func OptionsFor(ctx context.Context, v *viewer.Viewer, callerTime CallerTime, root protoreflect.MessageDescriptor, path string) (Options, error) {
	now, loc, err := callerTime(ctx, v)
	if err != nil {
		return Options{}, err
	}
	return Options{Owner: v.UserID, Now: now, Location: loc, Root: root, Path: path}, nil
}

func (o Options) field(name string) (protoreflect.MessageDescriptor, string) {
	if o.Root == nil {
		return (&activityv1.TaskDraft{}).ProtoReflect().Descriptor(), name
	}
	if o.Path == "" {
		return o.Root, name
	}
	return o.Root, o.Path + "." + name
}

// Defaults of a draft that leaves them unset.
const (
	DefaultPriority = activityv1.TaskPriority_TASK_PRIORITY_NORMAL
	// DefaultContactSubject is the first task with a contact; DefaultSubject any other.
	DefaultContactSubject = activityv1.TaskSubject_TASK_SUBJECT_FIRST_CONTACT
	DefaultSubject        = activityv1.TaskSubject_TASK_SUBJECT_SEND_APPLICATION
)

// ErrDateInPast refuses a deadline before today in the candidate's time zone.
func ErrDateInPast() *connect.Error {
	return apierr.New(connect.CodeInvalidArgument, commonv1.ErrorReason_ERROR_REASON_DATE_IN_PAST,
		"L'échéance ne peut pas être antérieure à aujourd'hui")
}

// Create saves a not-started task from draft under the rules of the task form (see Save).
func Create(ctx context.Context, client *ent.Client, draft *activityv1.TaskDraft, opts Options) (*ent.Task, error) {
	return Save(ctx, client, nil, draft, opts)
}

// Save creates a not-started task from draft (current nil) or changes current to it, under
// the rules of the task form, with client (pass tx.Client() to work in the caller's
// transaction):
//
//   - subject defaults to first-contact when a contact is set, else send-application; priority
//     defaults to normal;
//   - the custom subject is required when the subject is other, and kept only then;
//   - a subject that concerns no contact (update-jobboards-cvs, interview-preparation,
//     internet-searches, other) drops the contact and the media type, as the form clears them;
//   - the media type is required once a contact is set (INVALID_FIELDS naming media_type),
//     must be a channel the contact has (an e-mail for email, a mobile number for mobile, a
//     landline for phone; inmail and other always), and is dropped when there is none;
//   - the deadline is required and may not precede today in opts.Location (DATE_IN_PAST) —
//     on a change, only when it moves; initial_deadline is the first deadline and stays;
//   - the contact and the application must be the owner's (NotFound otherwise, whether they
//     exist or not); the application must be open (APPLICATION_CLOSED), the subject one of
//     those of an application (ApplicationSubjects), and the contact one of its contacts;
//   - a completed task cannot change (ACTIVITY_STATE);
//   - resources are kept only with both label and url;
//   - on a change, comments and resources left out of the draft (unset, not empty) are kept.
//
// Refusals are *connect.Error values; other errors come from the database. The answered task
// has its Contact and Application edges loaded, ready for ToProto.
func Save(ctx context.Context, client *ent.Client, current *ent.Task, draft *activityv1.TaskDraft, opts Options) (*ent.Task, error) {
	if current != nil && current.Status == task.StatusCompleted {
		return nil, ErrCompleted()
	}
	contactID, err := apierr.OptionalID(draft.GetContactId(), apierr.Contact)
	if err != nil {
		return nil, err
	}
	if opts.ContactID != nil {
		contactID = opts.ContactID
	}
	applicationID, err := apierr.OptionalID(draft.GetApplicationId(), apierr.Application)
	if err != nil {
		return nil, err
	}

	subject := draft.GetSubject()
	if subject == activityv1.TaskSubject_TASK_SUBJECT_UNSPECIFIED {
		subject = DefaultSubject
		if contactID != nil {
			subject = DefaultContactSubject
		}
	}
	priority := draft.GetPriority()
	if priority == activityv1.TaskPriority_TASK_PRIORITY_UNSPECIFIED {
		priority = DefaultPriority
	}
	customSubject := ""
	if subject == activityv1.TaskSubject_TASK_SUBJECT_OTHER {
		customSubject = contacts.Collapse(draft.GetCustomSubject())
		if customSubject == "" {
			return nil, opts.invalid("custom_subject", "task.custom_subject", apierr.Required)
		}
	}
	if applicationID != nil && !ApplicationSubjects[subject] {
		return nil, opts.invalid("subject", "task.subject.application", SubjectNotForApplication)
	}
	media := draft.GetMediaType()
	if !IsContactSubject(subject) {
		contactID = nil
	}
	if contactID == nil {
		media = activityv1.MediaType_MEDIA_TYPE_UNSPECIFIED
	} else if media == activityv1.MediaType_MEDIA_TYPE_UNSPECIFIED {
		return nil, opts.invalid("media_type", "task.media_type.required", apierr.Required)
	}
	if draft.GetDeadline() == nil {
		return nil, opts.invalid("deadline", "task.deadline.required", apierr.Required)
	}
	deadline := draft.GetDeadline().AsTime().UTC()
	if (current == nil || !deadline.Equal(current.Deadline)) && BeforeToday(deadline, opts.Now, opts.Location) {
		return nil, ErrDateInPast()
	}

	var linked *uuid.UUID
	if current != nil {
		linked = current.ApplicationID
	}
	links, err := Link(ctx, client, opts.Owner, linked, applicationID, contactID, media, "task", opts.invalid)
	if err != nil {
		return nil, err
	}

	var m *ent.TaskMutation
	var create *ent.TaskCreate
	var update *ent.TaskUpdateOne
	if current == nil {
		create = client.Task.Create().SetOwnerID(opts.Owner).SetStatus(task.StatusNotStarted).SetInitialDeadline(deadline)
		m = create.Mutation()
	} else {
		update = client.Task.UpdateOneID(current.ID).Where(task.OwnerID(opts.Owner), task.StatusEQ(task.StatusNotStarted))
		m = update.Mutation()
	}
	m.SetSubject(task.Subject(enums.Spec(subject)))
	m.SetCustomSubject(customSubject)
	m.SetPriority(task.Priority(enums.Spec(priority)))
	m.SetDeadline(deadline)
	// Left out of an update, the additional information is kept (a partial body); empty
	// clears it.
	if draft.Comments != nil || current == nil {
		m.SetComments(draft.GetComments())
	}
	if draft.Resources != nil || current == nil {
		m.SetResources(resource.FromProto(draft.GetResources().GetItems()))
	}
	links.Set(m, update != nil)
	switch {
	case links.Contact != nil:
		m.SetMediaType(task.MediaType(enums.Spec(media)))
	case update != nil:
		m.ClearMediaType()
	}
	var t *ent.Task
	if create != nil {
		t, err = create.Save(ctx)
	} else {
		t, err = update.Save(ctx)
	}
	if err != nil {
		return nil, err
	}
	t.Edges.Contact, t.Edges.Application = links.Contact, links.Application
	return t, nil
}

// invalid refuses one field of the draft, named where it sits in the request.
func (o Options) invalid(field, rule, message string) error {
	root, path := o.field(field)
	return apierr.InvalidField(root, path, rule, message)
}

// ErrCompleted refuses changing a completed task or event (its report and additional
// information can change).
func ErrCompleted() *connect.Error {
	return apierr.New(connect.CodeFailedPrecondition, commonv1.ErrorReason_ERROR_REASON_ACTIVITY_STATE,
		"Une activité terminée ne peut plus être modifiée ni supprimée")
}

// Messages of the task form's rules.
const (
	SubjectNotForApplication = "Ce sujet n'est pas proposé pour une opportunité"
	ContactNotOfApplication  = "Ce contact n'est pas associé à cette opportunité"
)

// ApplicationSubjects are the subjects a task linked to an application may have: what one does
// about a job (sending, following up, preparing, thanking, asking), not prospecting a network
// (first contact, thanks for an introduction, greeting cards, offers of service) nor the
// candidate's own routines (job boards, internet searches).
var ApplicationSubjects = map[activityv1.TaskSubject]bool{
	activityv1.TaskSubject_TASK_SUBJECT_SEND_APPLICATION:                true,
	activityv1.TaskSubject_TASK_SUBJECT_REMINDER_APPLICATION:            true,
	activityv1.TaskSubject_TASK_SUBJECT_INTERVIEW_PREPARATION:           true,
	activityv1.TaskSubject_TASK_SUBJECT_THANKS_AFTER_INTERVIEW:          true,
	activityv1.TaskSubject_TASK_SUBJECT_THANKS_AFTER_RECRUITMENT_FAILED: true,
	activityv1.TaskSubject_TASK_SUBJECT_REQUEST_FOR_INFORMATION:         true,
	activityv1.TaskSubject_TASK_SUBJECT_ASK_INFORMATION:                 true,
	activityv1.TaskSubject_TASK_SUBJECT_SEND_INFORMATION:                true,
	activityv1.TaskSubject_TASK_SUBJECT_FEEDBACK:                        true,
	activityv1.TaskSubject_TASK_SUBJECT_RETURN:                          true,
	activityv1.TaskSubject_TASK_SUBJECT_REMINDER:                        true,
	activityv1.TaskSubject_TASK_SUBJECT_OTHER:                           true,
}

// MissingChannel answers why c cannot be reached by media (« Ce contact n'a pas d'adresse
// e-mail »), or "" when it can: e-mail needs an address, mobile a mobile number, phone a
// landline; InMail, video-conferencing, face to face and other need nothing stored.
func MissingChannel(media activityv1.MediaType, c *ent.Contact) string {
	switch media {
	case activityv1.MediaType_MEDIA_TYPE_EMAIL:
		if strings.TrimSpace(c.Email) == "" {
			return "Ce contact n'a pas d'adresse e-mail"
		}
	case activityv1.MediaType_MEDIA_TYPE_MOBILE:
		if strings.TrimSpace(c.MobileNumber) == "" {
			return "Ce contact n'a pas de numéro de mobile"
		}
	case activityv1.MediaType_MEDIA_TYPE_PHONE:
		if strings.TrimSpace(c.PhoneNumber) == "" {
			return "Ce contact n'a pas de numéro de téléphone fixe"
		}
	}
	return ""
}

// BestChannel answers the media type an automatic task with c uses: e-mail, else mobile,
// else landline, else InMail.
func BestChannel(c *ent.Contact) activityv1.MediaType {
	for _, m := range []activityv1.MediaType{activityv1.MediaType_MEDIA_TYPE_EMAIL, activityv1.MediaType_MEDIA_TYPE_MOBILE, activityv1.MediaType_MEDIA_TYPE_PHONE} {
		if MissingChannel(m, c) == "" {
			return m
		}
	}
	return activityv1.MediaType_MEDIA_TYPE_INMAIL
}

// BeforeToday reports whether t falls on a day before now's day, both seen in loc (nil:
// Europe/Paris).
func BeforeToday(t, now time.Time, loc *time.Location) bool {
	if loc == nil {
		loc = users.Location("")
	}
	ty, tm, td := t.In(loc).Date()
	ny, nm, nd := now.In(loc).Date()
	return time.Date(ty, tm, td, 0, 0, 0, 0, time.UTC).Before(time.Date(ny, nm, nd, 0, 0, 0, 0, time.UTC))
}

// ToProto presents t; its Contact and Application edges are used when loaded.
func ToProto(t *ent.Task) *activityv1.Task {
	out := &activityv1.Task{
		Id:                    t.ID.String(),
		Subject:               enums.StringOf[activityv1.TaskSubject](t.Subject),
		CustomSubject:         t.CustomSubject,
		Priority:              enums.StringOf[activityv1.TaskPriority](t.Priority),
		Status:                enums.StringOf[activityv1.ActivityStatus](t.Status),
		InitialDeadline:       timestamppb.New(t.InitialDeadline),
		Deadline:              timestamppb.New(t.Deadline),
		Resources:             resource.ToProto(t.Resources),
		Comments:              t.Comments,
		MarkAsCompleteComment: t.MarkAsCompleteComment,
		CreatedDate:           timestamppb.New(t.CreatedAt),
	}
	if t.MediaType != nil {
		out.MediaType = enums.StringOf[activityv1.MediaType](*t.MediaType)
	}
	if t.ExecutionDate != nil {
		out.ExecutionDate = timestamppb.New(*t.ExecutionDate)
	}
	out.Contact, out.Application = References(t.Edges.Contact, t.ContactID, t.Edges.Application, t.ApplicationID)
	return out
}

// References presents the contact and the application an activity (a task, an event) is
// linked to: from its edges when loaded, else by their ids alone; nil for neither.
func References(c *ent.Contact, contactID *uuid.UUID, a *ent.Application, applicationID *uuid.UUID) (*commonv1.ContactRef, *commonv1.ApplicationRef) {
	var contact *commonv1.ContactRef
	if c != nil {
		contact = &commonv1.ContactRef{Id: c.ID.String(), FirstName: c.FirstName, LastName: c.LastName, Company: c.Company}
	} else if contactID != nil {
		contact = &commonv1.ContactRef{Id: contactID.String()}
	}
	var application *commonv1.ApplicationRef
	if a != nil {
		application = &commonv1.ApplicationRef{Id: a.ID.String(), Company: a.Company, Job: a.Job}
	} else if applicationID != nil {
		application = &commonv1.ApplicationRef{Id: applicationID.String()}
	}
	return contact, application
}
