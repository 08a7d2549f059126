package opportunity_test

import (
	"errors"
	"slices"
	"sync"
	"testing"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	opportunityv1 "github.com/tremplin/tremplin/gen/tremplin/opportunity/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/testserver"
)

const (
	closed          = "APPLICATION_CLOSED"
	engagedByAction = "APPLICATION_ENGAGED_BY_ACTIVITY"
)

// An application is created with its contacts, read back whole, and listed newest first with
// the list's columns.
func TestCreateGetAndList(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		lea := addContact(t, alice, "Léa", "Dubois", "Airbus", nil)
		paul := addContact(t, alice, "Paul", "Arnaud", "Airbus", nil)
		d := draft("  Airbus   Defence ", " Acheteuse ", lea, paul)
		d.Resources = nil
		created := createApplication(t, srv, alice, d)
		if created.GetCompany() != "Airbus Defence" || created.GetJob() != "Acheteuse" || created.GetStatus() != stNew ||
			created.GetReference() != "REF-42" || created.GetSalary() != "45 k€" || created.GetDescription() != "Poste en CDI" ||
			created.GetCreatedDate() == nil || created.GetEngagmentDate() != nil || created.GetDateOfPublication().AsTime().Day() != 2 {
			t.Fatalf("created: %v", created)
		}
		if got := created.GetContacts(); len(got) != 2 || got[0].GetLastName() != "ARNAUD" || got[1].GetFirstName() != "Léa" {
			t.Fatalf("contacts sorted by name: %v", got)
		}
		if got := getApplication(t, alice, created.GetId()); got.GetCompany() != "Airbus Defence" || len(got.GetContacts()) != 2 {
			t.Fatalf("get: %v", got)
		}
		createApplication(t, srv, alice, draft("Safran", "Ingénieure"))
		createApplication(t, srv, alice, draft("Thales", "Cheffe de projet"))
		if got := listCompanies(t, alice, &opportunityv1.ListApplicationsRequest{}); len(got) != 3 || got[0] != "Thales" || got[2] != "Airbus Defence" {
			t.Fatalf("newest first: %v", got)
		}
		// The list leaves out what it does not show (description), not its columns nor its
		// contacts (the task and event forms narrow their contact to them).
		res, _ := oppOf(alice).ListApplications(bg, &opportunityv1.ListApplicationsRequest{})
		last := res.GetApplications()[2]
		if last.GetDescription() != "" || len(last.GetContacts()) != 2 || last.GetReference() != "REF-42" || last.GetSalary() != "45 k€" ||
			last.GetSourceDetails() != "Indeed" || last.GetPlace() != "Lyon" || last.GetDateOfPublication() == nil || last.GetStatus() != stNew {
			t.Fatalf("listed: %v", last)
		}
	})
}

// Company, job and source are required; a reference is cleared for an application from the
// candidate's network, at creation and at edit.
func TestFormRules(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		for field, change := range map[string]func(*opportunityv1.ApplicationDraft){
			"application.company": func(d *opportunityv1.ApplicationDraft) { d.Company = "   " },
			"application.job":     func(d *opportunityv1.ApplicationDraft) { d.Job = "" },
			"application.source":  func(d *opportunityv1.ApplicationDraft) { d.Source = 0 },
		} {
			d := draft("Airbus", "Acheteuse")
			change(d)
			_, err := oppOf(alice).CreateApplication(bg, &opportunityv1.CreateApplicationRequest{Application: d})
			if testserver.ViolationField(err) != field {
				t.Errorf("%s missing: %v", field, err)
			}
		}
		if got := listCompanies(t, alice, &opportunityv1.ListApplicationsRequest{}); len(got) != 0 {
			t.Fatalf("a refused form was saved: %v", got)
		}
		d := draft("Airbus", "Acheteuse")
		d.Source = opportunityv1.ApplicationSource_APPLICATION_SOURCE_MY_NETWORK
		a := createApplication(t, srv, alice, d)
		if a.GetReference() != "" || a.GetSource() != opportunityv1.ApplicationSource_APPLICATION_SOURCE_MY_NETWORK {
			t.Fatalf("my-network kept a reference: %v", a)
		}
		d = draft("Airbus", "Acheteuse")
		a = createApplication(t, srv, alice, d)
		d.Source = opportunityv1.ApplicationSource_APPLICATION_SOURCE_MY_NETWORK
		d.DateOfPublication = nil
		res, err := oppOf(alice).UpdateApplication(bg, &opportunityv1.UpdateApplicationRequest{Id: a.GetId(), Application: d})
		if err != nil || res.GetApplication().GetReference() != "" || res.GetApplication().GetDateOfPublication() != nil {
			t.Fatalf("edit to my-network: %v %v", res.GetApplication(), err)
		}
	})
}

// Contacts must be the candidate's own: one foreign id, and nothing is saved or changed.
func TestContactsMustBeTheCandidatesOwn(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		bob := srv.SignInAs(t, testserver.TrialCandidate, "bob@exemple.fr")
		mine := addContact(t, alice, "Léa", "Dubois", "Airbus", nil)
		his := addContact(t, bob, "Marc", "Durand", "Airbus", nil)
		_, err := oppOf(alice).CreateApplication(bg, &opportunityv1.CreateApplicationRequest{Application: draft("Airbus", "Acheteuse", mine, his)})
		testserver.WantNotFound(t, "create with bob's contact", err, apierr.Contact)
		if got := listCompanies(t, alice, &opportunityv1.ListApplicationsRequest{}); len(got) != 0 {
			t.Fatalf("saved anyway: %v", got)
		}
		a := createApplication(t, srv, alice, draft("Airbus", "Acheteuse", mine))
		_, err = oppOf(alice).UpdateApplication(bg, &opportunityv1.UpdateApplicationRequest{Id: a.GetId(), Application: draft("Safran", "Acheteuse", his)})
		testserver.WantNotFound(t, "update with bob's contact", err, apierr.Contact)
		if got := getApplication(t, alice, a.GetId()); got.GetCompany() != "Airbus" || len(got.GetContacts()) != 1 || got.GetContacts()[0].GetId() != mine.GetId() {
			t.Fatalf("changed anyway: %v", got)
		}
		_, err = oppOf(alice).AddApplicationContact(bg, &opportunityv1.AddApplicationContactRequest{Id: a.GetId(), ContactId: his.GetId()})
		testserver.WantNotFound(t, "associating bob's contact", err, apierr.Contact)
		// The edit replaces the contacts.
		res, err := oppOf(alice).UpdateApplication(bg, &opportunityv1.UpdateApplicationRequest{Id: a.GetId(), Application: draft("Airbus", "Acheteuse")})
		if err != nil || len(res.GetApplication().GetContacts()) != 0 {
			t.Fatalf("contacts removed: %v %v", res.GetApplication(), err)
		}
	})
}

// new → engaged by the first completed activity (dated then), never by hand; lost or win by
// the report, final: no edit, no second report, no new activity, no move.
func TestStatusLifecycle(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		a := createApplication(t, srv, alice, draft("Airbus", "Acheteuse"))
		id := a.GetId()

		for _, to := range []opportunityv1.ApplicationStatus{stEngaged} {
			_, err := oppOf(alice).MoveApplication(bg, &opportunityv1.MoveApplicationRequest{Id: id, Status: to})
			testserver.WantRefusal(t, "moving a new one to engaged", err, connect.CodeFailedPrecondition, engagedByAction)
		}
		if res, err := oppOf(alice).MoveApplication(bg, &opportunityv1.MoveApplicationRequest{Id: id, Status: stNew}); err != nil || res.GetApplication().GetStatus() != stNew {
			t.Fatalf("moving to its own column: %v %v", res, err)
		}
		if got := getApplication(t, alice, id); got.GetStatus() != stNew || got.GetEngagmentDate() != nil {
			t.Fatalf("moved by hand: %v", got)
		}

		engagedAt := srv.Clock.Now()
		completeTaskOn(t, srv, alice, id)
		got := getApplication(t, alice, id)
		if got.GetStatus() != stEngaged || !got.GetEngagmentDate().AsTime().Equal(engagedAt) {
			t.Fatalf("after the first completed activity: %v at %v, want engaged at %v", got.GetStatus(), got.GetEngagmentDate().AsTime(), engagedAt)
		}
		_, err := oppOf(alice).MoveApplication(bg, &opportunityv1.MoveApplicationRequest{Id: id, Status: stNew})
		testserver.WantRefusal(t, "moving an engaged one back to new", err, connect.CodeFailedPrecondition, engagedByAction)

		// Still open: edits pass.
		if _, err := oppOf(alice).UpdateApplication(bg, &opportunityv1.UpdateApplicationRequest{Id: id, Application: draft("Airbus", "Acheteuse senior")}); err != nil {
			t.Fatal(err)
		}
		res, err := oppOf(alice).MarkApplicationAsComplete(bg, &opportunityv1.MarkApplicationAsCompleteRequest{Id: id, Status: stWin, Comment: " Signé en CDI "})
		if err != nil || res.GetApplication().GetStatus() != stWin || res.GetApplication().GetComment() != "Signé en CDI" {
			t.Fatalf("marking as won: %v %v", res.GetApplication(), err)
		}

		_, err = oppOf(alice).MarkApplicationAsComplete(bg, &opportunityv1.MarkApplicationAsCompleteRequest{Id: id, Status: stLost, Comment: "Non"})
		testserver.WantRefusal(t, "a second report", err, connect.CodeFailedPrecondition, closed)
		var cerr *connect.Error
		if !errors.As(err, &cerr) || cerr.Message() != "Cette opportunité est déjà clôturée (gagnée ou perdue) : son bilan ne peut plus changer" {
			t.Errorf("second report's message: %v", err)
		}
		_, err = oppOf(alice).UpdateApplication(bg, &opportunityv1.UpdateApplicationRequest{Id: id, Application: draft("Safran", "Acheteuse")})
		testserver.WantRefusal(t, "editing a won one", err, connect.CodeFailedPrecondition, closed)
		_, err = oppOf(alice).MoveApplication(bg, &opportunityv1.MoveApplicationRequest{Id: id, Status: stLost})
		testserver.WantRefusal(t, "moving a won one", err, connect.CodeFailedPrecondition, closed)
		lea := addContact(t, alice, "Léa", "Dubois", "Airbus", nil)
		_, err = oppOf(alice).AddApplicationContact(bg, &opportunityv1.AddApplicationContactRequest{Id: id, ContactId: lea.GetId()})
		testserver.WantRefusal(t, "associating a contact with a won one", err, connect.CodeFailedPrecondition, closed)
		_, err = actOf(alice).CreateTask(bg, &activityv1.CreateTaskRequest{Task: &activityv1.TaskDraft{
			Subject: activityv1.TaskSubject_TASK_SUBJECT_OTHER, CustomSubject: "Relancer", ApplicationId: id,
			Priority: activityv1.TaskPriority_TASK_PRIORITY_NORMAL, Deadline: timestamppb.New(srv.Tomorrow())}})
		testserver.WantRefusal(t, "a new task on a won one", err, connect.CodeFailedPrecondition, closed)
		if got := getApplication(t, alice, id); got.GetStatus() != stWin || got.GetComment() != "Signé en CDI" || got.GetJob() != "Acheteuse senior" || len(got.GetContacts()) != 0 {
			t.Fatalf("a final application changed: %v", got)
		}

		// The board closes a new one as lost with its report; the outcome is required for the
		// report route.
		b := createApplication(t, srv, alice, draft("Thales", "Acheteuse"))
		res2, err := oppOf(alice).MoveApplication(bg, &opportunityv1.MoveApplicationRequest{Id: b.GetId(), Status: stLost, Comment: "Poste pourvu"})
		if err != nil || res2.GetApplication().GetStatus() != stLost || res2.GetApplication().GetComment() != "Poste pourvu" {
			t.Fatalf("moving to lost: %v %v", res2.GetApplication(), err)
		}
		c := createApplication(t, srv, alice, draft("Dassault", "Acheteuse"))
		for _, st := range []opportunityv1.ApplicationStatus{0, stEngaged} {
			_, err = oppOf(alice).MarkApplicationAsComplete(bg, &opportunityv1.MarkApplicationAsCompleteRequest{Id: c.GetId(), Status: st})
			if testserver.ViolationField(err) != "status" {
				t.Errorf("report with outcome %v: %v", st, err)
			}
		}
	})
}

// Two reports sent at once (two tabs, a double click) close the application once: one is
// accepted, the other refused as already closed, and the kept outcome is the accepted one's.
func TestTwoReportsAtOnceCloseOnce(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		for round := range 5 {
			a := createApplication(t, srv, alice, draft("Airbus", "Acheteuse"))
			outcomes := []opportunityv1.ApplicationStatus{stWin, stLost}
			errs := make([]error, 2)
			var wg sync.WaitGroup
			for i := range outcomes {
				wg.Add(1)
				go func() {
					defer wg.Done()
					_, errs[i] = oppOf(alice).MarkApplicationAsComplete(bg, &opportunityv1.MarkApplicationAsCompleteRequest{Id: a.GetId(), Status: outcomes[i], Comment: outcomes[i].String()})
				}()
			}
			wg.Wait()
			accepted := -1
			for i, err := range errs {
				switch {
				case err == nil && accepted < 0:
					accepted = i
				case err == nil:
					t.Fatalf("round %d: both reports accepted", round)
				default:
					testserver.WantRefusal(t, "the second report", err, connect.CodeFailedPrecondition, closed)
				}
			}
			if accepted < 0 {
				t.Fatalf("round %d: no report accepted: %v", round, errs)
			}
			if got := getApplication(t, alice, a.GetId()); got.GetStatus() != outcomes[accepted] || got.GetComment() != outcomes[accepted].String() {
				t.Errorf("round %d: kept %v %q, want %v", round, got.GetStatus(), got.GetComment(), outcomes[accepted])
			}
		}
	})
}

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
