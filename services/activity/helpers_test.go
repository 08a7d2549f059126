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
	"github.com/tremplin/tremplin/internal/viewer"
)

var bg = context.Background()

// candidate is a signed-in candidate with Connect clients of the two services.
type candidate struct {
	*testserver.Session
	act activityv1connect.ActivityServiceClient
	net networkv1connect.NetworkServiceClient
	srv *testserver.Start
}

func signIn(t testing.TB, srv *testserver.Start, email string) *candidate {
	t.Helper()
	s := srv.SignInAs(t, testserver.TrialCandidate, email)
	return &candidate{Session: s, srv: srv,
		act: testserver.Connect(s, activityv1connect.NewActivityServiceClient),
		net: testserver.Connect(s, networkv1connect.NewNetworkServiceClient)}
}

// ctx acts as the candidate on the database directly.
func (c *candidate) ctx() context.Context {
	return viewer.NewContext(bg, &viewer.Viewer{UserID: c.User.ID, Role: viewer.RoleCandidate, Premium: true})
}

// contact adds a contact reachable by e-mail and mobile.
func (c *candidate) contact(t testing.TB, first, last string) *networkv1.Contact {
	t.Helper()
	res, err := c.net.CreateContact(bg, &networkv1.CreateContactRequest{Contact: &networkv1.ContactDraft{
		FirstName: first, LastName: last, Company: "Airbus", Email: contacts.Fold(first) + "@exemple.fr", MobileNumber: "06 12 34 56 78",
	}})
	if err != nil {
		t.Fatal(err)
	}
	return res.GetContact()
}

// application adds an application (straight in the database) with these contacts.
func (c *candidate) application(t testing.TB, company string, status application.Status, contacts ...*networkv1.Contact) *ent.Application {
	t.Helper()
	create := c.srv.Client.Application.Create().SetOwnerID(c.User.ID).SetCompany(company).SetJob("Acheteuse").
		SetSource(application.SourceJobBoard).SetStatus(status)
	for _, ct := range contacts {
		create.AddContactIDs(uuid.MustParse(ct.GetId()))
	}
	return create.SaveX(c.ctx())
}

// task plans a task with a contact by e-mail, due tomorrow.
func (c *candidate) task(t testing.TB, draft *activityv1.TaskDraft) *activityv1.Task {
	t.Helper()
	if draft.Deadline == nil {
		draft.Deadline = timestamppb.New(c.srv.Tomorrow())
	}
	if draft.Priority == 0 {
		draft.Priority = activityv1.TaskPriority_TASK_PRIORITY_NORMAL
	}
	res, err := c.act.CreateTask(bg, &activityv1.CreateTaskRequest{Task: draft})
	if err != nil {
		t.Fatalf("creating a task: %v", err)
	}
	return res.GetTask()
}

// event plans an event.
func (c *candidate) event(t testing.TB, draft *activityv1.EventDraft) *activityv1.Event {
	t.Helper()
	res, err := c.act.CreateEvent(bg, &activityv1.CreateEventRequest{Event: draft})
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
