package activity_test

import (
	"net/http"
	"slices"
	"testing"
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/tremplin/tremplin/ent/application"
	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/internal/testserver"
)

func subjects(ts []*activityv1.Task) []string {
	var out []string
	for _, t := range ts {
		out = append(out, t.GetCustomSubject())
	}
	return out
}

// The activities list: a week's range on the deadline (tasks) or the date (events), search by
// the contact's name, company, e-mail or mobile, filters combined with AND across and OR
// within, the order by initial deadline, and a contact's panel holding the activities of its
// applications.
func TestListingActivities(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		lea := addContact(t, alice, "Léa", "Dubois") // Airbus, lea@…, 06 12 34 56 78
		res, err := netOf(alice).CreateContact(bg, &networkv1.CreateContactRequest{Contact: &networkv1.ContactDraft{
			FirstName: "Hugo", LastName: "Renard", Company: "Société Générale", Email: "hugo.renard@sg.fr", PhoneNumber: "01 40 00 00 00"}})
		if err != nil {
			t.Fatal(err)
		}
		hugo := res.GetContact()
		app := addApplication(t, srv, alice, "Safran", application.StatusNew, hugo)
		day := func(d int) *timestamppb.Timestamp { return timestamppb.New(at(2026, 11, d, 12, 0)) }
		mk := func(name string, contact *networkv1.Contact, media activityv1.MediaType, prio activityv1.TaskPriority, due int, appID string) *activityv1.Task {
			d := &activityv1.TaskDraft{Subject: activityv1.TaskSubject_TASK_SUBJECT_OTHER, CustomSubject: name, Priority: prio, Deadline: day(due), ApplicationId: appID}
			if contact != nil {
				d.Subject, d.ContactId, d.MediaType = activityv1.TaskSubject_TASK_SUBJECT_REMINDER, contact.GetId(), media
			}
			got := planTask(t, srv, alice, d)
			if contact != nil { // the custom subject is kept for other only: remember the name
				srv.Client.Task.UpdateOneID(mustUUID(got.GetId())).SetCustomSubject(name).ExecX(alice.Context())
			}
			return got
		}
		normal, high := activityv1.TaskPriority_TASK_PRIORITY_NORMAL, activityv1.TaskPriority_TASK_PRIORITY_HIGH
		mk("relance Léa", lea, email, high, 20, "")
		mk("appel Hugo", hugo, phone, normal, 19, "")
		mk("veille", nil, 0, normal, 24, "") // next week
		mk("dossier Safran", nil, 0, high, 18, app.ID.String())

		week := &commonv1.DateRange{StartDate: timestamppb.New(at(2026, 11, 16, 0, 0)), EndDate: timestamppb.New(at(2026, 11, 23, 0, 0))}
		list := func(req *activityv1.ListTasksRequest) []string {
			t.Helper()
			res, err := actOf(alice).ListTasks(bg, req)
			if err != nil {
				t.Fatal(err)
			}
			return subjects(res.GetTasks())
		}
		for name, c := range map[string]struct {
			req  *activityv1.ListTasksRequest
			want []string
		}{
			"the week, by initial deadline": {&activityv1.ListTasksRequest{Range: week}, []string{"dossier Safran", "appel Hugo", "relance Léa"}},
			"everything":                    {&activityv1.ListTasksRequest{}, []string{"dossier Safran", "appel Hugo", "relance Léa", "veille"}},
			"search by first name, accents": {&activityv1.ListTasksRequest{Search: "lea"}, []string{"relance Léa"}},
			"search by company":             {&activityv1.ListTasksRequest{Search: "societe gen"}, []string{"appel Hugo"}},
			"search by e-mail":              {&activityv1.ListTasksRequest{Search: "HUGO.RENARD@"}, []string{"appel Hugo"}},
			"search by mobile, spaced":      {&activityv1.ListTasksRequest{Search: "06 12 34"}, []string{"relance Léa"}},
			"search by mobile, joined":      {&activityv1.ListTasksRequest{Search: "0612"}, []string{"relance Léa"}},
			// Stored « 06 12 34 56 78 », typed in international form: +33 is the national 0.
			"search by mobile, +33":    {&activityv1.ListTasksRequest{Search: "+33 6 12 34"}, []string{"relance Léa"}},
			"search by mobile, 0033":   {&activityv1.ListTasksRequest{Search: "0033 612"}, []string{"relance Léa"}},
			"search by mobile, dashes": {&activityv1.ListTasksRequest{Search: "12-34-56"}, []string{"relance Léa"}},
			"priority high OR normal, AND e-mail": {&activityv1.ListTasksRequest{Priorities: []activityv1.TaskPriority{high, normal},
				MediaTypes: []activityv1.MediaType{email}}, []string{"relance Léa"}},
			"high in the week": {&activityv1.ListTasksRequest{Range: week, Priorities: []activityv1.TaskPriority{high}}, []string{"dossier Safran", "relance Léa"}},
			"an application's": {&activityv1.ListTasksRequest{ApplicationId: app.ID.String()}, []string{"dossier Safran"}},
			// Hugo's panel: his task and his application's.
			"a contact's panel": {&activityv1.ListTasksRequest{ContactId: hugo.GetId()}, []string{"dossier Safran", "appel Hugo"}},
			"completed ones":    {&activityv1.ListTasksRequest{Statuses: []activityv1.ActivityStatus{activityv1.ActivityStatus_ACTIVITY_STATUS_COMPLETED}}, nil},
		} {
			if got := list(c.req); !slices.Equal(got, c.want) {
				t.Errorf("%s: %v, want %v", name, got, c.want)
			}
		}

		// Events: by date in the range; a contact's panel holds its applications' events.
		planEvent(t, alice, &activityv1.EventDraft{Subject: activityv1.EventSubject_EVENT_SUBJECT_RECRUITMENT, MediaType: mobile, ContactId: lea.GetId(),
			Date: timestamppb.New(at(2026, 11, 19, 15, 0))})
		planEvent(t, alice, &activityv1.EventDraft{Subject: activityv1.EventSubject_EVENT_SUBJECT_DISCOVERY, MediaType: phone, ContactId: hugo.GetId(),
			ApplicationId: app.ID.String(), Date: timestamppb.New(at(2026, 11, 17, 9, 30))})
		planEvent(t, alice, &activityv1.EventDraft{Subject: activityv1.EventSubject_EVENT_SUBJECT_WEBINAR, MediaType: activityv1.MediaType_MEDIA_TYPE_VIDEO_CONFERENCING,
			MediaDetails: "https://visio.exemple.fr/1", Date: timestamppb.New(at(2026, 11, 25, 18, 0))})
		events := func(req *activityv1.ListEventsRequest) []activityv1.EventSubject {
			t.Helper()
			res, err := actOf(alice).ListEvents(bg, req)
			if err != nil {
				t.Fatal(err)
			}
			var out []activityv1.EventSubject
			for _, e := range res.GetEvents() {
				out = append(out, e.GetSubject())
			}
			return out
		}
		if got := events(&activityv1.ListEventsRequest{Range: week}); !slices.Equal(got, []activityv1.EventSubject{
			activityv1.EventSubject_EVENT_SUBJECT_DISCOVERY, activityv1.EventSubject_EVENT_SUBJECT_RECRUITMENT}) {
			t.Errorf("the week's events: %v", got)
		}
		if got := events(&activityv1.ListEventsRequest{ContactId: hugo.GetId()}); !slices.Equal(got, []activityv1.EventSubject{activityv1.EventSubject_EVENT_SUBJECT_DISCOVERY}) {
			t.Errorf("hugo's events: %v", got)
		}
		if got := events(&activityv1.ListEventsRequest{Search: "dubois", MediaTypes: []activityv1.MediaType{mobile}}); len(got) != 1 {
			t.Errorf("search and filter: %v", got)
		}

		// The JSON routes speak the spec's names and strings.
		status, body := alice.JSON(t, http.MethodGet, "/api/tasks?search=lea", nil)
		tasks, _ := body["tasks"].([]any)
		if status != http.StatusOK || len(tasks) != 1 {
			t.Fatalf("GET /api/tasks: %d %v", status, body)
		}
		first := tasks[0].(map[string]any)
		if first["priority"] != "high" || first["status"] != "not-started" || first["mediaType"] != "email" || first["subject"] != "reminder" ||
			first["contact"].(map[string]any)["lastName"] != "DUBOIS" || first["initialDeadline"] == nil {
			t.Errorf("a task over JSON: %v", first)
		}
		status, body = alice.JSON(t, http.MethodPost, "/api/task", map[string]any{"subject": "other", "customSubject": "Préparer le pitch",
			"priority": "urgent", "deadline": at(2026, 11, 21, 12, 0).Format(time.RFC3339)})
		if created, _ := body["task"].(map[string]any); status != http.StatusOK || created["priority"] != "urgent" || created["customSubject"] != "Préparer le pitch" {
			t.Errorf("POST /api/task: %d %v", status, body)
		}
		status, body = alice.JSON(t, http.MethodPost, "/api/event", map[string]any{"subject": "coffee", "mediaType": "mobile", "contactId": lea.GetId(),
			"date": at(2026, 11, 18, 8, 0).Format(time.RFC3339)})
		created, _ := body["event"].(map[string]any)
		if status != http.StatusOK || created["type"] != "event" || created["status"] != "not-started" {
			t.Fatalf("POST /api/event: %d %v", status, body)
		}
		status, body = alice.JSON(t, http.MethodPost, "/api/activity/add-report", map[string]any{"activityType": "event", "id": created["id"],
			"mood": "excellent", "markAsCompleteComment": "Très bon échange"})
		activity, _ := body["activity"].(map[string]any)
		if status != http.StatusOK || activity["event"].(map[string]any)["mood"] != "excellent" || body["automaticTasks"] == nil {
			t.Errorf("POST /api/activity/add-report: %d %v", status, body)
		}
	})
}
