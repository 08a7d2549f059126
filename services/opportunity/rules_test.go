package opportunity_test

import (
	"errors"
	"testing"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
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
