package tasks_test

import (
	"errors"
	"testing"
	"time"

	"buf.build/gen/go/bufbuild/protovalidate/protocolbuffers/go/buf/validate"
	"connectrpc.com/connect"
	"github.com/google/uuid"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/tremplin/tremplin/ent/application"
	"github.com/tremplin/tremplin/ent/task"
	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/db"
	"github.com/tremplin/tremplin/internal/tasks"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/users"
)

// connectMessage answers the message of a Connect error, or "".
func connectMessage(err error) string {
	var cerr *connect.Error
	if errors.As(err, &cerr) {
		return cerr.Message()
	}
	return ""
}

func violation(err error) (path, message string) {
	var cerr *connect.Error
	if !errors.As(err, &cerr) {
		return "", ""
	}
	for _, d := range cerr.Details() {
		if v, e := d.Value(); e == nil {
			if vs, ok := v.(*validate.Violations); ok && len(vs.GetViolations()) == 1 {
				for i, el := range vs.GetViolations()[0].GetField().GetElements() {
					if i > 0 {
						path += "."
					}
					path += el.GetFieldName()
				}
				return path, vs.GetViolations()[0].GetMessage()
			}
		}
	}
	return "", ""
}

func TestCreate(t *testing.T) {
	// 23:30 UTC on 18 November 2026 is already the 19th in Paris (00:30).
	now := time.Date(2026, 11, 18, 23, 30, 0, 0, time.UTC)
	paris := users.Location("Europe/Paris")
	testdb.Each(t, func(t *testing.T, d *db.Database) {
		me, ctx := testdb.Candidate(t, d.Client)
		other, otherCtx := testdb.Candidate(t, d.Client)
		c := d.Client.Contact.Create().SetOwnerID(me.ID).SetFirstName("Léa").SetLastName("DUBOIS").SetCompany("Airbus").SetPhoneNumber("01 23 45 67 89").SaveX(ctx)
		app := d.Client.Application.Create().SetOwnerID(me.ID).SetCompany("Airbus").SetJob("Acheteuse").SetSource(application.SourceJobBoard).SaveX(ctx)
		foreignContact := d.Client.Contact.Create().SetOwnerID(other.ID).SetFirstName("X").SetLastName("Y").SaveX(otherCtx)
		foreignApp := d.Client.Application.Create().SetOwnerID(other.ID).SetCompany("Z").SetJob("Z").SetSource(application.SourceOther).SaveX(otherCtx)
		opts := tasks.Options{Owner: me.ID, Now: now, Location: paris}
		tomorrowParis := timestamppb.New(time.Date(2026, 11, 20, 8, 0, 0, 0, time.UTC))

		// Defaults: a contact task gets first-contact and normal.
		got, err := tasks.Create(ctx, d.Client, &activityv1.TaskDraft{
			ContactId: c.ID.String(), MediaType: activityv1.MediaType_MEDIA_TYPE_PHONE, Deadline: tomorrowParis,
			Resources: &commonv1.ResourceList{Items: []*commonv1.Resource{{Label: "Profil", Url: "https://exemple.fr"}, {Label: "sans url"}}},
		}, opts)
		if err != nil {
			t.Fatal(err)
		}
		p := tasks.ToProto(got)
		if p.GetSubject() != activityv1.TaskSubject_TASK_SUBJECT_FIRST_CONTACT || p.GetPriority() != activityv1.TaskPriority_TASK_PRIORITY_NORMAL ||
			p.GetStatus() != activityv1.ActivityStatus_ACTIVITY_STATUS_NOT_STARTED || p.GetContact().GetLastName() != "DUBOIS" ||
			p.GetMediaType() != activityv1.MediaType_MEDIA_TYPE_PHONE || len(p.GetResources()) != 1 ||
			!p.GetInitialDeadline().AsTime().Equal(tomorrowParis.AsTime()) {
			t.Errorf("defaults: %v", p)
		}
		// Without a contact: send-application, linked to the application, no media type.
		got, err = tasks.Create(ctx, d.Client, &activityv1.TaskDraft{
			ApplicationId: app.ID.String(), MediaType: activityv1.MediaType_MEDIA_TYPE_EMAIL, Deadline: tomorrowParis,
		}, opts)
		if err != nil {
			t.Fatal(err)
		}
		if p := tasks.ToProto(got); p.GetSubject() != activityv1.TaskSubject_TASK_SUBJECT_SEND_APPLICATION ||
			p.GetApplication().GetCompany() != "Airbus" || p.GetMediaType() != activityv1.MediaType_MEDIA_TYPE_UNSPECIFIED || p.GetContact() != nil {
			t.Errorf("application task: %v", p)
		}
		// A non-contact subject drops the contact; "other" keeps its custom subject.
		got, err = tasks.Create(ctx, d.Client, &activityv1.TaskDraft{
			Subject: activityv1.TaskSubject_TASK_SUBJECT_OTHER, CustomSubject: "  Préparer   le salon ", ContactId: c.ID.String(),
			MediaType: activityv1.MediaType_MEDIA_TYPE_PHONE, Priority: activityv1.TaskPriority_TASK_PRIORITY_URGENT, Deadline: tomorrowParis,
		}, opts)
		if err != nil {
			t.Fatal(err)
		}
		if got.ContactID != nil || got.MediaType != nil || got.CustomSubject != "Préparer le salon" || got.Priority != task.PriorityUrgent {
			t.Errorf("other: %+v", got)
		}
		// The custom subject is dropped for another subject.
		got, err = tasks.Create(ctx, d.Client, &activityv1.TaskDraft{
			Subject: activityv1.TaskSubject_TASK_SUBJECT_INTERNET_SEARCHES, CustomSubject: "x", Deadline: tomorrowParis,
		}, opts)
		if err != nil || got.CustomSubject != "" {
			t.Errorf("custom subject kept: %+v %v", got, err)
		}
		// Today in Paris (the 19th) is fine although it is still the 18th in UTC.
		if _, err := tasks.Create(ctx, d.Client, &activityv1.TaskDraft{
			Subject: activityv1.TaskSubject_TASK_SUBJECT_INTERNET_SEARCHES, Deadline: timestamppb.New(time.Date(2026, 11, 18, 23, 0, 0, 0, time.UTC)),
		}, opts); err != nil {
			t.Errorf("today in Paris: %v", err)
		}

		count := d.Client.Task.Query().CountX(ctx)
		refusals := []struct {
			name   string
			draft  *activityv1.TaskDraft
			opts   tasks.Options
			code   connect.Code
			reason string
			field  string
		}{
			{"deadline yesterday in Paris", &activityv1.TaskDraft{Subject: activityv1.TaskSubject_TASK_SUBJECT_INTERNET_SEARCHES,
				Deadline: timestamppb.New(time.Date(2026, 11, 18, 22, 0, 0, 0, time.UTC))}, opts, connect.CodeInvalidArgument, "DATE_IN_PAST", ""},
			{"no deadline", &activityv1.TaskDraft{Subject: activityv1.TaskSubject_TASK_SUBJECT_INTERNET_SEARCHES}, opts,
				connect.CodeInvalidArgument, "INVALID_FIELDS", "deadline"},
			{"other without custom subject", &activityv1.TaskDraft{Subject: activityv1.TaskSubject_TASK_SUBJECT_OTHER, CustomSubject: "  ", Deadline: tomorrowParis},
				opts, connect.CodeInvalidArgument, "INVALID_FIELDS", "custom_subject"},
			{"contact without media type", &activityv1.TaskDraft{ContactId: c.ID.String(), Deadline: tomorrowParis},
				tasks.Options{Owner: me.ID, Now: now, Location: paris, Root: (&networkv1.CreateContactRequest{}).ProtoReflect().Descriptor(), Path: "contact.task"},
				connect.CodeInvalidArgument, "INVALID_FIELDS", "contact.task.media_type"},
			{"foreign contact", &activityv1.TaskDraft{ContactId: foreignContact.ID.String(), MediaType: activityv1.MediaType_MEDIA_TYPE_EMAIL, Deadline: tomorrowParis},
				opts, connect.CodeNotFound, "NOT_FOUND", ""},
			{"unknown contact", &activityv1.TaskDraft{ContactId: uuid.NewString(), MediaType: activityv1.MediaType_MEDIA_TYPE_EMAIL, Deadline: tomorrowParis},
				opts, connect.CodeNotFound, "NOT_FOUND", ""},
			{"foreign application", &activityv1.TaskDraft{ApplicationId: foreignApp.ID.String(), Deadline: tomorrowParis},
				opts, connect.CodeNotFound, "NOT_FOUND", ""},
		}
		for _, r := range refusals {
			_, err := tasks.Create(ctx, d.Client, r.draft, r.opts)
			err = apierr.From(err) // as the API's error exit answers it
			if connect.CodeOf(err) != r.code || apierr.ReasonOf(err) != r.reason {
				t.Errorf("%s: %v (%s)", r.name, err, apierr.ReasonOf(err))
			}
			if r.code == connect.CodeNotFound {
				want := map[bool]string{true: "Opportunité introuvable", false: "Contact introuvable"}[r.draft.GetApplicationId() != ""]
				if msg := connectMessage(err); msg != want {
					t.Errorf("%s: %q, want %q", r.name, msg, want)
				}
				// A client tells which linked thing is missing without reading French.
				wantKey := map[bool]string{true: "application", false: "contact"}[r.draft.GetApplicationId() != ""]
				if key := apierr.InfoOf(err).GetMetadata()["entity"]; key != wantKey {
					t.Errorf("%s: entity %q, want %q", r.name, key, wantKey)
				}
			}
			if path, msg := violation(err); path != r.field || (r.field != "" && msg != apierr.Required) {
				t.Errorf("%s: violation %q %q, want %q", r.name, path, msg, r.field)
			}
		}
		if n := d.Client.Task.Query().CountX(ctx); n != count {
			t.Errorf("refused drafts saved tasks: %d, want %d", n, count)
		}
	})
}

func TestBeforeTodayDefaultsToParis(t *testing.T) {
	now := time.Date(2026, 6, 30, 22, 30, 0, 0, time.UTC) // 1 July 00:30 in Paris
	if !tasks.BeforeToday(time.Date(2026, 6, 30, 21, 0, 0, 0, time.UTC), now, nil) {
		t.Error("30 June 23:00 Paris is before 1 July")
	}
	if tasks.BeforeToday(time.Date(2026, 6, 30, 22, 15, 0, 0, time.UTC), now, nil) {
		t.Error("1 July 00:15 Paris is today")
	}
	if users.Location("Nowhere/Atlantis").String() != "Europe/Paris" {
		t.Error("an unknown zone falls back to Europe/Paris")
	}
}
