package opportunity_test

import (
	"slices"
	"testing"

	"connectrpc.com/connect"

	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	opportunityv1 "github.com/tremplin/tremplin/gen/tremplin/opportunity/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/testserver"
)

// An application's contacts show it on their side: the contact list's hasApplication, the
// contact's linked applications (the list filtered by contact), and they cannot be deleted
// while it names them.
func TestApplicationContactsOnTheContactSide(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		bob := srv.SignInAs(t, testserver.TrialCandidate, "bob@exemple.fr")
		lea := addContact(t, alice, "Léa", "Dubois", "Airbus", nil)
		paul := addContact(t, alice, "Paul", "Arnaud", "Safran", nil)
		alone := addContact(t, alice, "Zoé", "Martin", "Thales", nil)
		a := createApplication(t, srv, alice, draft("Airbus", "Acheteuse", lea))
		createApplication(t, srv, alice, draft("Safran", "Acheteuse", lea, paul))

		res, err := netOf(alice).ListContacts(bg, &networkv1.ListContactsRequest{})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range res.GetContacts() {
			linked := c.GetId() != alone.GetId()
			if c.GetHasApplication() != linked || c.GetIsDeletable() == linked {
				t.Errorf("%s: hasApplication %v, isDeletable %v", c.GetFirstName(), c.GetHasApplication(), c.GetIsDeletable())
			}
		}
		if got := listCompanies(t, alice, &opportunityv1.ListApplicationsRequest{ContactId: lea.GetId()}); !slices.Equal(got, []string{"Safran", "Airbus"}) {
			t.Errorf("Léa's linked applications: %v", got)
		}
		if got := listCompanies(t, alice, &opportunityv1.ListApplicationsRequest{ContactId: alone.GetId()}); len(got) != 0 {
			t.Errorf("Zoé's linked applications: %v", got)
		}
		_, err = oppOf(bob).ListApplications(bg, &opportunityv1.ListApplicationsRequest{ContactId: lea.GetId()})
		testserver.WantNotFound(t, "bob listing Léa's applications", err, apierr.Contact)

		_, err = netOf(alice).DeleteContact(bg, &networkv1.DeleteContactRequest{Id: paul.GetId()})
		testserver.WantRefusal(t, "deleting a contact of an application", err, connect.CodeFailedPrecondition, "CONTACT_NOT_DELETABLE")
		if _, err := netOf(alice).DeleteContact(bg, &networkv1.DeleteContactRequest{Id: alone.GetId()}); err != nil {
			t.Errorf("deleting a contact of none: %v", err)
		}
		// Once no application names her, she can go.
		if _, err := oppOf(alice).UpdateApplication(bg, &opportunityv1.UpdateApplicationRequest{Id: a.GetId(), Application: draft("Airbus", "Acheteuse")}); err != nil {
			t.Fatal(err)
		}
		if got := listCompanies(t, alice, &opportunityv1.ListApplicationsRequest{ContactId: lea.GetId()}); !slices.Equal(got, []string{"Safran"}) {
			t.Errorf("after the edit: %v", got)
		}
	})
}

// « Qui je connais là-bas ? »: the contacts at the application's company, whatever the case,
// accents or legal form, with who introduced them; one call associates one of them.
func TestKnownContacts(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		bob := srv.SignInAs(t, testserver.TrialCandidate, "bob@exemple.fr")
		marc := addContact(t, alice, "Marc", "Roux", "BNP Paribas", nil)
		sophie := addContact(t, alice, "Sophie", "Blanc", "Orange", marc)
		julie := addContact(t, alice, "Julie", "Petit", "SOCIETE GENERALE", sophie)
		hugo := addContact(t, alice, "Hugo", "Noir", "société générale s.a.", nil)
		addContact(t, alice, "Anne", "Vert", "Société Générale Assurances", nil) // another company
		addContact(t, bob, "Bob", "Espion", "Société Générale", nil)
		a := createApplication(t, srv, alice, draft("Société Générale SA", "Analyste"))

		known := func() []*opportunityv1.KnownContact {
			t.Helper()
			res, err := oppOf(alice).ListKnownContacts(bg, &opportunityv1.ListKnownContactsRequest{Id: a.GetId()})
			if err != nil {
				t.Fatal(err)
			}
			return res.GetKnownContacts()
		}
		got := known()
		if len(got) != 2 || got[0].GetContact().GetId() != hugo.GetId() || got[1].GetContact().GetId() != julie.GetId() {
			t.Fatalf("known contacts: %v", got)
		}
		if got[0].GetRank() != 1 || len(got[0].GetIntermediaries()) != 0 || got[0].GetAssociated() {
			t.Errorf("Hugo: %v", got[0])
		}
		chain := got[1].GetIntermediaries()
		if got[1].GetRank() != 3 || len(chain) != 2 || chain[0].GetId() != sophie.GetId() || chain[1].GetId() != marc.GetId() ||
			chain[1].GetLastName() != "ROUX" || chain[0].GetCompany() != "Orange" {
			t.Errorf("Julie's intermediaries: %v (rank %d)", chain, got[1].GetRank())
		}

		res, err := oppOf(alice).AddApplicationContact(bg, &opportunityv1.AddApplicationContactRequest{Id: a.GetId(), ContactId: julie.GetId()})
		if err != nil || len(res.GetApplication().GetContacts()) != 1 || res.GetApplication().GetContacts()[0].GetId() != julie.GetId() {
			t.Fatalf("associating Julie: %v %v", res.GetApplication(), err)
		}
		if _, err := oppOf(alice).AddApplicationContact(bg, &opportunityv1.AddApplicationContactRequest{Id: a.GetId(), ContactId: julie.GetId()}); err != nil {
			t.Fatalf("associating her again: %v", err)
		}
		if got := getApplication(t, alice, a.GetId()); len(got.GetContacts()) != 1 {
			t.Errorf("associated twice: %v", got.GetContacts())
		}
		if got := known(); !got[1].GetAssociated() || got[0].GetAssociated() {
			t.Errorf("associated flags: %v", got)
		}
		// A company renamed on the contact's side moves her in or out.
		if _, err := netOf(alice).UpdateContact(bg, &networkv1.UpdateContactRequest{Id: hugo.GetId(), Contact: &networkv1.ContactDraft{
			FirstName: "Hugo", LastName: "Noir", Company: "Thales", Email: "x@exemple.fr"}}); err != nil {
			t.Fatal(err)
		}
		if got := known(); len(got) != 1 || got[0].GetContact().GetId() != julie.GetId() {
			t.Errorf("after Hugo moved to Thales: %v", got)
		}
		// Bob sees nothing of Alice's.
		_, err = oppOf(bob).ListKnownContacts(bg, &opportunityv1.ListKnownContactsRequest{Id: a.GetId()})
		testserver.WantNotFound(t, "bob asking who alice knows", err, apierr.Application)
	})
}
