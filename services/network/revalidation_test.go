package network_test

import (
	"testing"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent/contact"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/gen/tremplin/network/v1/networkv1connect"
	"github.com/tremplin/tremplin/internal/testserver"
)

// A large network's list, read as the web app reads it (Connect GET, revalidated and kept
// encoded by internal/conditional): every change that shows in the list — through the API or
// straight in the database under the candidate, by any domain — is in the next answer.
func TestRevalidatedListFollowsEveryChange(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		bob := srv.SignInAs(t, testserver.TrialCandidate, "bob@exemple.fr")
		seedNetwork(t, srv.Client, alice.User.ID, 250)
		seedNetwork(t, srv.Client, bob.User.ID, 250)
		asAlice := alice.Context()
		reads := networkv1connect.NewNetworkServiceClient(alice.HTTP, srv.URL, connect.WithHTTPGet())

		list := func() map[string]*networkv1.Contact {
			t.Helper()
			res, err := reads.ListContacts(bg, &networkv1.ListContactsRequest{})
			if err != nil {
				t.Fatal(err)
			}
			out := map[string]*networkv1.Contact{}
			for _, c := range res.GetContacts() {
				out[c.GetId()] = c
			}
			return out
		}
		before := list()
		if len(before) != 250 || len(list()) != 250 {
			t.Fatalf("%d contacts", len(before))
		}

		// Created through the API.
		created, err := netOf(alice).CreateContact(bg, &networkv1.CreateContactRequest{Contact: &networkv1.ContactDraft{FirstName: "Zoé", LastName: "Nouvelle", Email: "zoe@exemple.fr"}})
		if err != nil {
			t.Fatal(err)
		}
		id := created.GetContact().GetId()
		if got := list()[id]; got == nil || got.GetLastName() != "NOUVELLE" || !got.GetIsDeletable() {
			t.Fatalf("new contact listed as %v", got)
		}
		// Updated through the API.
		if _, err := netOf(alice).UpdateContact(bg, &networkv1.UpdateContactRequest{Id: id, Contact: &networkv1.ContactDraft{FirstName: "Zoé", LastName: "Renommée", Email: "zoe@exemple.fr", Tags: []string{"Lyon"}}}); err != nil {
			t.Fatal(err)
		}
		if got := list()[id]; got.GetLastName() != "RENOMMÉE" || len(got.GetTags()) != 1 {
			t.Fatalf("updated contact listed as %v", got)
		}
		// A task with the contact, written by another domain: no longer deletable.
		srv.Client.Task.Create().SetOwnerID(alice.User.ID).SetContactID(uuid.MustParse(id)).SetSubject("first-contact").
			SetInitialDeadline(srv.Clock.Now()).SetDeadline(srv.Clock.Now()).ExecX(asAlice)
		if got := list()[id]; got.GetIsDeletable() {
			t.Fatal("a contact with a task is still listed as deletable")
		}
		// Linked to an application: the list shows it.
		srv.Client.Application.Create().SetOwnerID(alice.User.ID).SetCompany("Airbus").SetJob("Pilote").SetSource("job-board").
			AddContactIDs(uuid.MustParse(id)).ExecX(asAlice)
		if got := list()[id]; !got.GetHasApplication() {
			t.Fatal("the application link is not listed")
		}
		// A status moved by a completed activity.
		srv.Client.Contact.UpdateOneID(uuid.MustParse(id)).SetStatus(contact.StatusEngaged).ExecX(asAlice)
		if got := list()[id]; got.GetStatus() != commonv1.ContactStatus_CONTACT_STATUS_ENGAGED {
			t.Fatalf("status listed as %v", got.GetStatus())
		}
		// Bob's changes are his: Alice's list is the same, and Bob sees his own.
		if _, err := netOf(bob).CreateContact(bg, &networkv1.CreateContactRequest{Contact: &networkv1.ContactDraft{FirstName: "Bob", LastName: "Ami", Email: "ami@exemple.fr"}}); err != nil {
			t.Fatal(err)
		}
		if got := len(list()); got != 251 {
			t.Fatalf("alice lists %d contacts, want 251", got)
		}
		res, _ := netOf(bob).ListContacts(bg, &networkv1.ListContactsRequest{})
		if len(res.GetContacts()) != 251 {
			t.Fatalf("bob lists %d contacts, want 251", len(res.GetContacts()))
		}
		// Deleted: a deletable contact of the seed.
		var victim string
		for cid, c := range list() {
			if c.GetIsDeletable() && cid != id {
				victim = cid
				break
			}
		}
		if _, err := netOf(alice).DeleteContact(bg, &networkv1.DeleteContactRequest{Id: victim}); err != nil {
			t.Fatal(err)
		}
		if _, still := list()[victim]; still {
			t.Fatal("a deleted contact is still listed")
		}
	})
}
