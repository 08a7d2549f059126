package network_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/gen/tremplin/network/v1/networkv1connect"
	"github.com/tremplin/tremplin/internal/contacts"
	"github.com/tremplin/tremplin/internal/testserver"
)

// netOf is a Connect client of the network service speaking as s.
func netOf(s *testserver.Session) networkv1connect.NetworkServiceClient {
	return testserver.Connect(s, networkv1connect.NewNetworkServiceClient)
}

var bg = context.Background()

// create saves a contact over Connect and answers it.
func create(t testing.TB, w *testserver.Session, draft *networkv1.ContactDraft) *networkv1.Contact {
	t.Helper()
	res, err := netOf(w).CreateContact(bg, &networkv1.CreateContactRequest{Contact: draft})
	if err != nil {
		t.Fatalf("creating %s %s: %v", draft.GetFirstName(), draft.GetLastName(), err)
	}
	return res.GetContact()
}

// person is a reachable contact draft.
func person(first, last string) *networkv1.ContactDraft {
	email := strings.NewReplacer(" ", ".", "'", "").Replace(contacts.Fold(first+" "+last)) + "@exemple.fr"
	return &networkv1.ContactDraft{FirstName: first, LastName: last, Email: email}
}

// under is person introduced by parent.
func under(parent *networkv1.Contact, first, last string) *networkv1.ContactDraft {
	d := person(first, last)
	d.ParentId = parent.GetId()
	return d
}

// draftOf answers the draft that saves c unchanged.
func draftOf(c *networkv1.Contact) *networkv1.ContactDraft {
	d := &networkv1.ContactDraft{
		Civility: c.GetCivility(), FirstName: c.GetFirstName(), LastName: c.GetLastName(),
		Email: c.GetEmail(), Company: c.GetCompany(), Job: c.GetJob(),
		PhoneNumber: c.GetPhoneNumber(), MobileNumber: c.GetMobileNumber(),
		ParentId: c.GetParent().GetId(), Comments: c.GetComments(), Resources: c.GetResources(),
		Origin: c.GetOrigin(),
	}
	for _, tg := range c.GetTags() {
		d.Tags = append(d.Tags, tg.GetName())
	}
	return d
}

// update saves a draft over Connect.
func update(t testing.TB, w *testserver.Session, id string, d *networkv1.ContactDraft) *networkv1.UpdateContactResponse {
	t.Helper()
	res, err := netOf(w).UpdateContact(bg, &networkv1.UpdateContactRequest{Id: id, Contact: d})
	if err != nil {
		t.Fatalf("updating %s: %v", id, err)
	}
	return res
}

// list answers the candidate's contacts over Connect.
func list(t testing.TB, w *testserver.Session, req *networkv1.ListContactsRequest) []*networkv1.Contact {
	t.Helper()
	if req == nil {
		req = &networkv1.ListContactsRequest{}
	}
	res, err := netOf(w).ListContacts(bg, req)
	if err != nil {
		t.Fatalf("listing: %v", err)
	}
	return res.GetContacts()
}

func get(t testing.TB, w *testserver.Session, id string) *networkv1.Contact {
	t.Helper()
	res, err := netOf(w).GetContact(bg, &networkv1.GetContactRequest{Id: id})
	if err != nil {
		t.Fatalf("get %s: %v", id, err)
	}
	return res.GetContact()
}

// names answers "LAST First" of each contact.
func names(cs []*networkv1.Contact) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.GetLastName() + " " + c.GetFirstName()
	}
	return out
}

// firstTask is a first task due tomorrow.
func firstTask(srv *testserver.Start) *activityv1.TaskDraft {
	return &activityv1.TaskDraft{
		Subject:   activityv1.TaskSubject_TASK_SUBJECT_FIRST_CONTACT,
		Priority:  activityv1.TaskPriority_TASK_PRIORITY_NORMAL,
		MediaType: activityv1.MediaType_MEDIA_TYPE_EMAIL,
		Deadline:  timestamppb.New(srv.Clock.Now().Add(24 * time.Hour)),
	}
}

const (
	stNew        = commonv1.ContactStatus_CONTACT_STATUS_NEW
	stIncomplete = commonv1.ContactStatus_CONTACT_STATUS_INCOMPLETE
	stEngaged    = commonv1.ContactStatus_CONTACT_STATUS_ENGAGED
	stThanked    = commonv1.ContactStatus_CONTACT_STATUS_THANKED
)
