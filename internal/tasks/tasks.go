// Package tasks creates a candidate's tasks from an activity.v1.TaskDraft and presents them,
// for every service that makes tasks: NetworkService (the first task of a new contact) and
// ActivityService (the task form, the automatic follow-up tasks).
package tasks

import (
	"context"
	"time"

	"connectrpc.com/connect"
	"github.com/google/uuid"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/application"
	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/ent/task"
	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/contacts"
	"github.com/tremplin/tremplin/internal/enums"
	"github.com/tremplin/tremplin/internal/resource"
	"github.com/tremplin/tremplin/internal/users"
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

// Create saves a not-started task from draft under the rules of the task form, with client
// (pass tx.Client() to create it in the caller's transaction):
//
//   - subject defaults to first-contact when a contact is set, else send-application; priority
//     defaults to normal;
//   - the custom subject is required when the subject is other, and kept only then;
//   - a subject that concerns no contact (update-jobboards-cvs, interview-preparation,
//     internet-searches, other) drops the contact and the media type, as the form clears them;
//   - the media type is required once a contact is set (INVALID_FIELDS naming media_type), and
//     dropped when there is none;
//   - the deadline is required and may not precede today in opts.Location (DATE_IN_PAST);
//     initial_deadline takes the same value;
//   - the contact and the application must be the owner's (NotFound otherwise, whether they
//     exist or not);
//   - resources are kept only with both label and url.
//
// Refusals are *connect.Error values; other errors come from the database. The answered task
// has its Contact and Application edges loaded, ready for ToProto.
func Create(ctx context.Context, client *ent.Client, draft *activityv1.TaskDraft, opts Options) (*ent.Task, error) {
	contactID, err := optionalID(draft.GetContactId(), "Contact")
	if err != nil {
		return nil, err
	}
	if opts.ContactID != nil {
		contactID = opts.ContactID
	}
	applicationID, err := optionalID(draft.GetApplicationId(), "Candidature")
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
			root, path := opts.field("custom_subject")
			return nil, apierr.InvalidField(root, path, "task.custom_subject", apierr.Required)
		}
	}
	media := draft.GetMediaType()
	if !IsContactSubject(subject) {
		contactID = nil
	}
	if contactID == nil {
		media = activityv1.MediaType_MEDIA_TYPE_UNSPECIFIED
	} else if media == activityv1.MediaType_MEDIA_TYPE_UNSPECIFIED {
		root, path := opts.field("media_type")
		return nil, apierr.InvalidField(root, path, "task.media_type.required", apierr.Required)
	}
	if draft.GetDeadline() == nil {
		root, path := opts.field("deadline")
		return nil, apierr.InvalidField(root, path, "task.deadline.required", apierr.Required)
	}
	deadline := draft.GetDeadline().AsTime().UTC()
	if BeforeToday(deadline, opts.Now, opts.Location) {
		return nil, ErrDateInPast()
	}

	create := client.Task.Create().
		SetOwnerID(opts.Owner).
		SetSubject(task.Subject(enums.Spec(subject))).
		SetCustomSubject(customSubject).
		SetPriority(task.Priority(enums.Spec(priority))).
		SetStatus(task.StatusNotStarted).
		SetInitialDeadline(deadline).
		SetDeadline(deadline).
		SetComments(draft.GetComments()).
		SetResources(resource.FromProto(draft.GetResources()))
	var linkedContact *ent.Contact
	if contactID != nil {
		linkedContact, err = client.Contact.Query().
			Where(contact.ID(*contactID), contact.OwnerID(opts.Owner)).
			Only(ctx)
		if err != nil {
			return nil, apierr.FromEnt(err, "Contact")
		}
		create.SetContactID(linkedContact.ID).SetMediaType(task.MediaType(enums.Spec(media)))
	}
	var linkedApplication *ent.Application
	if applicationID != nil {
		linkedApplication, err = client.Application.Query().
			Where(application.ID(*applicationID), application.OwnerID(opts.Owner)).
			Only(ctx)
		if err != nil {
			return nil, apierr.FromEnt(err, "Candidature")
		}
		create.SetApplicationID(linkedApplication.ID)
	}
	t, err := create.Save(ctx)
	if err != nil {
		return nil, err
	}
	t.Edges.Contact = linkedContact
	t.Edges.Application = linkedApplication
	return t, nil
}

// optionalID parses an optional id of the draft; a malformed one names nothing (protovalidate
// already refuses them on the API).
func optionalID(s, what string) (*uuid.UUID, error) {
	if s == "" {
		return nil, nil
	}
	id, err := uuid.Parse(s)
	if err != nil {
		return nil, apierr.NotFound(what)
	}
	return &id, nil
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
	if c := t.Edges.Contact; c != nil {
		out.Contact = &commonv1.ContactRef{Id: c.ID.String(), FirstName: c.FirstName, LastName: c.LastName, Company: c.Company}
	} else if t.ContactID != nil {
		out.Contact = &commonv1.ContactRef{Id: t.ContactID.String()}
	}
	if a := t.Edges.Application; a != nil {
		out.Application = &commonv1.ApplicationRef{Id: a.ID.String(), Company: a.Company, Job: a.Job}
	} else if t.ApplicationID != nil {
		out.Application = &commonv1.ApplicationRef{Id: t.ApplicationID.String()}
	}
	return out
}
