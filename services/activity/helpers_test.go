package activity_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/application"
	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	"github.com/tremplin/tremplin/gen/tremplin/activity/v1/activityv1connect"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/gen/tremplin/network/v1/networkv1connect"
	"github.com/tremplin/tremplin/internal/contacts"
	"github.com/tremplin/tremplin/internal/testserver"
	"github.com/tremplin/tremplin/internal/users"
)

var bg = context.Background()

// actOf and netOf are Connect clients of the activity and network services speaking as s.
func actOf(s *testserver.Session) activityv1connect.ActivityServiceClient {
	return testserver.Connect(s, activityv1connect.NewActivityServiceClient)
}

func netOf(s *testserver.Session) networkv1connect.NetworkServiceClient {
	return testserver.Connect(s, networkv1connect.NewNetworkServiceClient)
}

// addContact adds a contact of c reachable by e-mail and mobile.
func addContact(t testing.TB, c *testserver.Session, first, last string) *networkv1.Contact {
	t.Helper()
	res, err := netOf(c).CreateContact(bg, &networkv1.CreateContactRequest{Contact: &networkv1.ContactDraft{
		FirstName: first, LastName: last, Company: "Airbus", Email: contacts.Fold(first) + "@exemple.fr", MobileNumber: "06 12 34 56 78",
	}})
	if err != nil {
		t.Fatal(err)
	}
	return res.GetContact()
}

// addApplication adds an application of c (straight in the database) with these contacts.
func addApplication(t testing.TB, srv *testserver.Start, c *testserver.Session, company string, status application.Status, contacts ...*networkv1.Contact) *ent.Application {
	t.Helper()
	create := srv.Client.Application.Create().SetOwnerID(c.User.ID).SetCompany(company).SetJob("Acheteuse").
		SetSource(application.SourceJobBoard).SetStatus(status)
	for _, ct := range contacts {
		create.AddContactIDs(uuid.MustParse(ct.GetId()))
	}
	return create.SaveX(c.Context())
}

// planTask plans a task of c, due tomorrow unless the draft says, of normal priority unless
// it says.
func planTask(t testing.TB, srv *testserver.Start, c *testserver.Session, draft *activityv1.TaskDraft) *activityv1.Task {
	t.Helper()
	if draft.Deadline == nil {
		draft.Deadline = timestamppb.New(srv.Tomorrow())
	}
	if draft.Priority == 0 {
		draft.Priority = activityv1.TaskPriority_TASK_PRIORITY_NORMAL
	}
	res, err := actOf(c).CreateTask(bg, &activityv1.CreateTaskRequest{Task: draft})
	if err != nil {
		t.Fatalf("creating a task: %v", err)
	}
	return res.GetTask()
}

// planEvent plans an event of c.
func planEvent(t testing.TB, c *testserver.Session, draft *activityv1.EventDraft) *activityv1.Event {
	t.Helper()
	res, err := actOf(c).CreateEvent(bg, &activityv1.CreateEventRequest{Event: draft})
	if err != nil {
		t.Fatalf("creating an event: %v", err)
	}
	return res.GetEvent()
}

// at is a moment in Paris.
func at(y int, m time.Month, d, h, min int) time.Time {
	return time.Date(y, m, d, h, min, 0, 0, users.Location("Europe/Paris"))
}

const (
	taskKind  = activityv1.ActivityType_ACTIVITY_TYPE_TASK
	eventKind = activityv1.ActivityType_ACTIVITY_TYPE_EVENT
	email     = activityv1.MediaType_MEDIA_TYPE_EMAIL
	mobile    = activityv1.MediaType_MEDIA_TYPE_MOBILE
	phone     = activityv1.MediaType_MEDIA_TYPE_PHONE
)

func mustUUID(s string) uuid.UUID { return uuid.MustParse(s) }
