package activity_test

import (
	"net/http"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/testserver"
)

// additionalInformation is what a task or an event answered over JSON carries besides its
// form: its comments and the labels of its links.
func additionalInformation(t *testing.T, status int, body map[string]any, key string) (string, []string) {
	t.Helper()
	if status != http.StatusOK {
		t.Fatalf("%d %v", status, body)
	}
	item, _ := body[key].(map[string]any)
	comments, _ := item["comments"].(string)
	var labels []string
	for _, r := range item["resources"].([]any) {
		labels = append(labels, r.(map[string]any)["label"].(string))
	}
	return comments, labels
}

func sameLabels(got []string, want ...string) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if got[i] != want[i] {
			return false
		}
	}
	return true
}

// A task's PUT keeps what its body leaves out: a partner changing the deadline does not erase
// the comments and links (kept on the additional-information card). An explicit empty text or
// list clears them. Over the JSON route and over Connect.
func TestUpdatingATaskKeepsWhatTheBodyLeavesOut(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		due := srv.Tomorrow().Format(time.RFC3339)
		status, body := alice.JSON(t, http.MethodPost, "/api/task", map[string]any{"subject": "internet-searches", "priority": "normal",
			"deadline": due, "comments": "Voir le site carrières", "resources": []map[string]string{{"label": "Offre", "url": "https://exemple.fr/offre"}}})
		if status != http.StatusOK {
			t.Fatalf("POST /api/task: %d %v", status, body)
		}
		id := body["task"].(map[string]any)["id"].(string)

		// Left out: kept.
		status, body = alice.JSON(t, http.MethodPut, "/api/task/"+id, map[string]any{"subject": "internet-searches", "priority": "high", "deadline": due})
		if comments, labels := additionalInformation(t, status, body, "task"); comments != "Voir le site carrières" || !sameLabels(labels, "Offre") {
			t.Errorf("PUT leaving them out: comments %q, links %v; want both kept", comments, labels)
		}
		if body["task"].(map[string]any)["priority"] != "high" {
			t.Errorf("the PUT's own change: %v", body["task"])
		}
		// Over Connect, a draft without them.
		res, err := actOf(alice).UpdateTask(bg, &activityv1.UpdateTaskRequest{Id: id, Task: &activityv1.TaskDraft{
			Subject: activityv1.TaskSubject_TASK_SUBJECT_INTERNET_SEARCHES, Priority: activityv1.TaskPriority_TASK_PRIORITY_URGENT,
			Deadline: timestamppb.New(srv.Tomorrow())}})
		if err != nil {
			t.Fatal(err)
		}
		if got := res.GetTask(); got.GetComments() != "Voir le site carrières" || len(got.GetResources()) != 1 || got.GetPriority() != activityv1.TaskPriority_TASK_PRIORITY_URGENT {
			t.Errorf("Connect update leaving them out: %q %v %v", got.GetComments(), got.GetResources(), got.GetPriority())
		}
		// Empty: cleared.
		status, body = alice.JSON(t, http.MethodPut, "/api/task/"+id, map[string]any{"subject": "internet-searches", "priority": "high", "deadline": due,
			"comments": "", "resources": []any{}})
		if comments, labels := additionalInformation(t, status, body, "task"); comments != "" || len(labels) != 0 {
			t.Errorf("PUT with empty ones: comments %q, links %v; want both cleared", comments, labels)
		}
		// Given: set.
		status, body = alice.JSON(t, http.MethodPut, "/api/task/"+id, map[string]any{"subject": "internet-searches", "priority": "high", "deadline": due,
			"comments": "Relancer", "resources": []map[string]string{{"label": "CV", "url": "https://exemple.fr/cv"}}})
		if comments, labels := additionalInformation(t, status, body, "task"); comments != "Relancer" || !sameLabels(labels, "CV") {
			t.Errorf("PUT with new ones: comments %q, links %v", comments, labels)
		}
		// Over Connect, explicitly empty: cleared.
		res, err = actOf(alice).UpdateTask(bg, &activityv1.UpdateTaskRequest{Id: id, Task: &activityv1.TaskDraft{
			Subject: activityv1.TaskSubject_TASK_SUBJECT_INTERNET_SEARCHES, Priority: activityv1.TaskPriority_TASK_PRIORITY_URGENT,
			Deadline: timestamppb.New(srv.Tomorrow()), Comments: proto.String(""), Resources: &commonv1.ResourceList{}}})
		if err != nil {
			t.Fatal(err)
		}
		if got := res.GetTask(); got.GetComments() != "" || len(got.GetResources()) != 0 {
			t.Errorf("Connect update with empty ones: %q %v", got.GetComments(), got.GetResources())
		}
		// Connect's JSON takes the links as the list itself or as the object the web app sends.
		for _, links := range []string{`[{"label":"A","url":"https://exemple.fr/a"}]`, `{"items":[{"label":"A","url":"https://exemple.fr/a"}]}`} {
			status, body = srv.ConnectJSON(t, alice.HTTP, "/tremplin.activity.v1.ActivityService/UpdateTask",
				`{"id":"`+id+`","task":{"subject":"TASK_SUBJECT_INTERNET_SEARCHES","priority":"TASK_PRIORITY_HIGH","deadline":"`+due+`","resources":`+links+`}}`)
			if _, labels := additionalInformation(t, status, body, "task"); !sameLabels(labels, "A") {
				t.Errorf("Connect JSON with links %s: %v", links, labels)
			}
		}
		// A refused link is named as the JSON shows it: task.resources[1].url, no wrapper in between.
		status, body = alice.JSON(t, http.MethodPut, "/api/task/"+id, map[string]any{"subject": "internet-searches", "priority": "high", "deadline": due,
			"resources": []map[string]string{{"label": "Bon", "url": "https://exemple.fr"}, {"label": "Script", "url": "javascript:alert(1)"}}})
		testserver.WantJSONFieldViolation(t, "a script as a link", status, body, "task.resources.url", apierr.BadResourceURL) // the kit reads names, not indexes
		_, err = actOf(alice).UpdateTask(bg, &activityv1.UpdateTaskRequest{Id: id, Task: &activityv1.TaskDraft{
			Subject: activityv1.TaskSubject_TASK_SUBJECT_INTERNET_SEARCHES, Priority: activityv1.TaskPriority_TASK_PRIORITY_URGENT,
			Deadline: timestamppb.New(srv.Tomorrow()), Resources: &commonv1.ResourceList{Items: []*commonv1.Resource{
				{Label: "Bon", Url: "https://exemple.fr"}, {Label: "Script", Url: "javascript:alert(1)"}}}}})
		testserver.WantFieldViolation(t, "a script as a link, over Connect", err, "task.resources.url", apierr.BadResourceURL)
		status, body = alice.JSON(t, http.MethodPut, "/api/task/"+id, map[string]any{"subject": "internet-searches", "priority": "high", "deadline": due,
			"resources": []any{map[string]any{"label": 5}}})
		testserver.WantJSONFieldViolation(t, "a number as a label", status, body, "task.resources.label", apierr.BadText)
		status, body = alice.JSON(t, http.MethodPut, "/api/task/"+id, map[string]any{"subject": "internet-searches", "priority": "high", "deadline": due,
			"resources": "https://exemple.fr"})
		testserver.WantJSONFieldViolation(t, "a text for the links", status, body, "task.resources", "")
	})
}

// An event's PUT keeps what its body leaves out, and clears what it sends empty.
func TestUpdatingAnEventKeepsWhatTheBodyLeavesOut(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		when := srv.Tomorrow().Format(time.RFC3339)
		event := map[string]any{"subject": "coffee", "mediaType": "face-to-face", "mediaDetails": "Café de la Gare", "date": when}
		created := map[string]any{"comments": "Apporter le book", "resources": []map[string]string{{"label": "Plan", "url": "https://exemple.fr/plan"}}}
		for k, v := range event {
			created[k] = v
		}
		status, body := alice.JSON(t, http.MethodPost, "/api/event", created)
		if status != http.StatusOK {
			t.Fatalf("POST /api/event: %d %v", status, body)
		}
		id := body["event"].(map[string]any)["id"].(string)

		event["mediaDetails"] = "Café du Commerce"
		status, body = alice.JSON(t, http.MethodPut, "/api/event/"+id, event)
		if comments, labels := additionalInformation(t, status, body, "event"); comments != "Apporter le book" || !sameLabels(labels, "Plan") {
			t.Errorf("PUT leaving them out: comments %q, links %v; want both kept", comments, labels)
		}
		if body["event"].(map[string]any)["mediaDetails"] != "Café du Commerce" {
			t.Errorf("the PUT's own change: %v", body["event"])
		}
		res, err := actOf(alice).UpdateEvent(bg, &activityv1.UpdateEventRequest{Id: id, Event: &activityv1.EventDraft{
			Subject: activityv1.EventSubject_EVENT_SUBJECT_COFFEE, MediaType: activityv1.MediaType_MEDIA_TYPE_FACE_TO_FACE,
			MediaDetails: "Café de Paris", Date: timestamppb.New(srv.Tomorrow())}})
		if err != nil {
			t.Fatal(err)
		}
		if got := res.GetEvent(); got.GetComments() != "Apporter le book" || len(got.GetResources()) != 1 {
			t.Errorf("Connect update leaving them out: %q %v", got.GetComments(), got.GetResources())
		}
		event["comments"], event["resources"] = "", []any{}
		status, body = alice.JSON(t, http.MethodPut, "/api/event/"+id, event)
		if comments, labels := additionalInformation(t, status, body, "event"); comments != "" || len(labels) != 0 {
			t.Errorf("PUT with empty ones: comments %q, links %v; want both cleared", comments, labels)
		}
	})
}
