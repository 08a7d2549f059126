package activity_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	opportunityv1 "github.com/tremplin/tremplin/gen/tremplin/opportunity/v1"
	"github.com/tremplin/tremplin/gen/tremplin/opportunity/v1/opportunityv1connect"
	"github.com/tremplin/tremplin/internal/resource"
	"github.com/tremplin/tremplin/internal/testserver"
)

// links answers n distinct links, numbered from from.
func links(from, n int) []*commonv1.Resource {
	out := make([]*commonv1.Resource, 0, n)
	for i := from; i < from+n; i++ {
		out = append(out, &commonv1.Resource{Label: fmt.Sprintf("Lien %d", i), Url: fmt.Sprintf("https://exemple.fr/%d", i)})
	}
	return out
}

// An item keeps at most resource.Max links. Reports add theirs to the activity's: they add up
// to the cap, never past it (300 links made a 674 kB answer); every other writer — tasks,
// events, additional information, contacts, applications, imports — replaces the list and is
// held to the same cap. The refusal names the field, in French, over Connect and JSON.
func TestLinksAreCappedPerItem(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		task := planTask(t, srv, alice, &activityv1.TaskDraft{Subject: activityv1.TaskSubject_TASK_SUBJECT_UPDATE_JOBBOARDS_CVS, Resources: &commonv1.ResourceList{Items: links(0, 30)}})
		if _, err := actOf(alice).AddReport(bg, &activityv1.AddReportRequest{ActivityType: taskKind, Id: task.GetId(), Resources: links(30, 20)}); err != nil {
			t.Fatalf("a report up to the cap: %v", err)
		}
		_, err := actOf(alice).UpdateReport(bg, &activityv1.UpdateReportRequest{ActivityType: taskKind, Id: task.GetId(), Resources: links(50, 1)})
		testserver.WantFieldViolation(t, "a report past the cap", err, "resources", resource.TooMany)
		status, body := alice.JSON(t, http.MethodPost, "/api/activity/update-report", map[string]any{
			"activityType": "task", "id": task.GetId(), "resources": []map[string]string{{"label": "Encore", "url": "https://exemple.fr/encore"}}})
		testserver.WantJSONFieldViolation(t, "update-report past the cap", status, body, "resources", resource.TooMany)
		// Links already there add nothing: the report's comment still changes.
		res, err := actOf(alice).UpdateReport(bg, &activityv1.UpdateReportRequest{ActivityType: taskKind, Id: task.GetId(), MarkAsCompleteComment: "Fait", Resources: links(0, 5)})
		if err != nil || len(res.GetActivity().GetTask().GetResources()) != resource.Max || res.GetActivity().GetTask().GetMarkAsCompleteComment() != "Fait" {
			t.Errorf("a report with known links: %v", err)
		}

		// An event's report, past the cap in one go.
		event := planEvent(t, alice, &activityv1.EventDraft{Subject: activityv1.EventSubject_EVENT_SUBJECT_COFFEE, MediaType: phone,
			Date: timestamppb.New(srv.Tomorrow()), Resources: &commonv1.ResourceList{Items: links(0, 40)}})
		srv.Clock.Advance(48 * time.Hour)
		_, err = actOf(alice).AddReport(bg, &activityv1.AddReportRequest{ActivityType: eventKind, Id: event.GetId(),
			Mood: activityv1.Mood_MOOD_EXCELLENT, Resources: links(40, 11)})
		testserver.WantFieldViolation(t, "an event's report past the cap", err, "resources", resource.TooMany)
		status, body = alice.JSON(t, http.MethodPost, "/api/activity/add-report", map[string]any{
			"activityType": "event", "id": event.GetId(), "mood": "excellent", "resources": links(40, 11)})
		testserver.WantJSONFieldViolation(t, "add-report past the cap", status, body, "resources", resource.TooMany)
		if ev, err := actOf(alice).GetEvent(bg, &activityv1.GetEventRequest{Id: event.GetId()}); err != nil ||
			len(ev.GetEvent().GetResources()) != 40 || ev.GetEvent().GetStatus() != activityv1.ActivityStatus_ACTIVITY_STATUS_NOT_STARTED {
			t.Errorf("the refused report changed the event: %v", err)
		}

		// Every writer that replaces the list: 51 links are refused on its field.
		over := links(0, resource.Max+1)
		deadline := timestamppb.New(srv.Tomorrow())
		_, err = actOf(alice).CreateTask(bg, &activityv1.CreateTaskRequest{Task: &activityv1.TaskDraft{
			Subject: activityv1.TaskSubject_TASK_SUBJECT_UPDATE_JOBBOARDS_CVS, Priority: activityv1.TaskPriority_TASK_PRIORITY_NORMAL, Deadline: deadline, Resources: &commonv1.ResourceList{Items: over}}})
		testserver.WantFieldViolation(t, "a task", err, "task.resources", resource.TooMany)
		_, err = actOf(alice).CreateEvent(bg, &activityv1.CreateEventRequest{Event: &activityv1.EventDraft{
			Subject: activityv1.EventSubject_EVENT_SUBJECT_COFFEE, MediaType: phone, Date: deadline, Resources: &commonv1.ResourceList{Items: over}}})
		testserver.WantFieldViolation(t, "an event", err, "event.resources", resource.TooMany)
		_, err = actOf(alice).UpdateAdditionalInformation(bg, &activityv1.UpdateAdditionalInformationRequest{ActivityType: taskKind, Id: task.GetId(),
			Inputs: &activityv1.AdditionalInformation{Resources: over}})
		testserver.WantFieldViolation(t, "additional information", err, "inputs.resources", resource.TooMany)
		_, err = netOf(alice).CreateContact(bg, &networkv1.CreateContactRequest{Contact: &networkv1.ContactDraft{FirstName: "Paul", LastName: "Martin", Resources: over}})
		testserver.WantFieldViolation(t, "a contact", err, "contact.resources", resource.TooMany)
		_, err = netOf(alice).BulkCreateContacts(bg, &networkv1.BulkCreateContactsRequest{Contacts: []*networkv1.ImportedContact{{FirstName: "Paul", LastName: "Martin", Resources: over}}})
		testserver.WantFieldViolation(t, "an import", err, "contacts.resources", resource.TooMany)
		_, err = testserver.Connect(alice, opportunityv1connect.NewOpportunityServiceClient).CreateApplication(bg, &opportunityv1.CreateApplicationRequest{
			Application: &opportunityv1.ApplicationDraft{Company: "Airbus", Job: "Acheteuse", Source: opportunityv1.ApplicationSource_APPLICATION_SOURCE_JOB_BOARD, Resources: &commonv1.ResourceList{Items: over}}})
		testserver.WantFieldViolation(t, "an application", err, "application.resources", resource.TooMany)
		status, body = alice.JSON(t, http.MethodPost, "/api/contact", map[string]any{"firstName": "Paul", "lastName": "Martin", "resources": over})
		testserver.WantJSONFieldViolation(t, "/api/contact", status, body, "contact.resources", resource.TooMany)
	})
}
