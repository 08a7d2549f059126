package served_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	"github.com/tremplin/tremplin/gen/tremplin/activity/v1/activityv1connect"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/gen/tremplin/network/v1/networkv1connect"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/testserver"
)

// sent is a raw JSON request body.
type sent = json.RawMessage

var bg = context.Background()

// A value of the wrong type — a number for a text, a word or year 10000 for a date, a
// fraction or a huge number for a count, an array for an object — is the caller's mistake:
// 400 INVALID_FIELDS naming the field, in French, on the JSON routes as on Connect; never an
// internal error.
func TestMistypedValuesAreInvalidInput(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		deadline := srv.Tomorrow().Format(time.RFC3339)
		cases := []struct {
			name, method, path string
			body               string
			field, message     string
		}{
			{"a number as an e-mail", "POST", "/api/contact", `{"firstName":"Paul","lastName":"Martin","email":5}`, "contact.email", apierr.BadText},
			{"a word as a date", "POST", "/api/task", `{"subject":"update-jobboards-cvs","priority":"normal","deadline":"tomorrow"}`, "task.deadline", apierr.BadDate},
			{"year 10000", "POST", "/api/task", `{"subject":"update-jobboards-cvs","priority":"normal","deadline":"10000-01-01T00:00:00Z"}`, "task.deadline", apierr.BadDate},
			{"a number as a date", "POST", "/api/task", `{"subject":"update-jobboards-cvs","priority":"normal","deadline":17}`, "task.deadline", apierr.BadDate},
			{"1e30 in a count", "POST", "/api/dashboard-setting", `{"newContactLow":1e30}`, "dashboard_setting.new_contact_low", apierr.NumberOutOfRange},
			{"2^32 in a count", "POST", "/api/dashboard-setting", `{"newContactHigh":4294967296}`, "dashboard_setting.new_contact_high", apierr.NumberOutOfRange},
			{"a fraction in a count", "POST", "/api/dashboard-setting", `{"firstTaskLow":1.5}`, "dashboard_setting.first_task_low", apierr.NotWhole},
			{"a word in a count", "POST", "/api/dashboard-setting", `{"firstTaskLow":"beaucoup"}`, "dashboard_setting.first_task_low", apierr.BadNumber},
			{"an array as the body", "POST", "/api/contact", `[{"firstName":"Paul","lastName":"Martin"}]`, "contact", apierr.BadObject},
			{"an array as the whole body", "POST", "/api/activity/add-report", `[1]`, "body.object", apierr.BodyNotObject},
			{"a text as a list", "POST", "/api/contact", `{"firstName":"Paul","lastName":"Martin","resources":"https://exemple.fr"}`, "contact.resources", apierr.BadList},
			{"a number as a link", "POST", "/api/contact", `{"firstName":"Paul","lastName":"Martin","resources":[{"label":"CV","url":"https://exemple.fr"},3]}`, "contact.resources", apierr.BadObject},
			{"a text as a yes or no", "PUT", "/api/users/" + alice.User.ID.String(), `{"taskNotifications":"oui"}`, "task_notifications", apierr.BadBool},
		}
		for _, c := range cases {
			status, body := alice.JSON(t, c.method, c.path, sent(c.body))
			testserver.WantJSONFieldViolation(t, c.name+" on "+c.path, status, body, c.field, c.message)
		}
		// The same deadline, well written, is taken.
		status, body := alice.JSON(t, http.MethodPost, "/api/task", sent(`{"subject":"update-jobboards-cvs","priority":"normal","deadline":"`+deadline+`"}`))
		if status != http.StatusOK {
			t.Errorf("a good deadline: %d %v", status, body)
		}

		// Query strings of GET routes: the field is named too.
		status, body = alice.JSON(t, http.MethodGet, "/api/tasks?range.startDate=tomorrow", nil)
		testserver.WantJSONFieldViolation(t, "a word as a date in the query", status, body, "range.start_date", apierr.BadDate)

		// Connect answers the same mistakes 400 too.
		for _, c := range []struct{ procedure, body string }{
			{"/tremplin.network.v1.NetworkService/CreateContact", `{"contact":{"firstName":"Paul","lastName":"Martin","email":5}}`},
			{"/tremplin.activity.v1.ActivityService/CreateTask", `{"task":{"subject":"TASK_SUBJECT_UPDATE_JOBBOARDS_CVS","deadline":"tomorrow"}}`},
			{"/tremplin.activity.v1.ActivityService/UpdateDashboardSetting", `{"dashboardSetting":{"newContactLow":4294967296}}`},
			{"/tremplin.network.v1.NetworkService/CreateContact", `[]`},
		} {
			status, body := srv.ConnectJSON(t, alice.HTTP, c.procedure, c.body)
			if status != http.StatusBadRequest || body["code"] != "invalid_argument" {
				t.Errorf("Connect %s %s: %d %v", c.procedure, c.body, status, body)
			}
		}
	})
}

// A word that is none of an enum's values is refused, naming the field, instead of being
// dropped: the spec's strings on the JSON routes, the proto names and numbers on Connect.
func TestUnknownEnumValuesAreRefused(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		date := srv.Tomorrow().Format(time.RFC3339)
		for _, c := range []struct {
			name, path, body, field, message string
		}{
			{"a party", "/api/event", `{"type":"party","subject":"coffee","mediaType":"phone","date":"` + date + `"}`, "event.type", apierr.UnknownValueOf("party")},
			{"a robot", "/api/contact", `{"firstName":"Paul","lastName":"Martin","civility":"robot"}`, "contact.civility", apierr.UnknownValueOf("robot")},
			{"a number of no value", "/api/contact", `{"firstName":"Paul","lastName":"Martin","civility":99}`, "contact.civility", ""},
		} {
			status, body := alice.JSON(t, http.MethodPost, c.path, sent(c.body))
			testserver.WantJSONFieldViolation(t, c.name, status, body, c.field, c.message)
		}
		status, body := alice.JSON(t, http.MethodGet, "/api/contacts?statuses=new&statuses=lost", nil)
		testserver.WantJSONFieldViolation(t, "a status of no contact in the query", status, body, "statuses", "")

		// The spec's words are the JSON routes'; the proto names are still read there.
		status, body = alice.JSON(t, http.MethodPost, "/api/contact", sent(`{"firstName":"Paul","lastName":"Martin","civility":"CIVILITY_MALE"}`))
		if contact, _ := body["contact"].(map[string]any); status != http.StatusOK || contact["civility"] != "male" {
			t.Errorf("a proto name on /api: %d %v", status, body)
		}

		// Connect JSON: an unknown name, or a number of no value.
		for _, c := range []struct{ name, body string }{
			{"an unknown name", `{"contact":{"firstName":"Paul","lastName":"Martin","civility":"CIVILITY_ROBOT"}}`},
			{"a spec word", `{"contact":{"firstName":"Paul","lastName":"Martin","civility":"robot"}}`},
			{"a number of no value", `{"contact":{"firstName":"Paul","lastName":"Martin","civility":99}}`},
		} {
			status, body := srv.ConnectJSON(t, alice.HTTP, "/tremplin.network.v1.NetworkService/CreateContact", c.body)
			testserver.WantJSONFieldViolation(t, "Connect JSON, "+c.name, status, body, "contact.civility", apierr.UnknownValue)
		}
		status, body = srv.ConnectJSON(t, alice.HTTP, "/tremplin.activity.v1.ActivityService/ListTasks", `{"mediaTypes":["MEDIA_TYPE_EMAIL","MEDIA_TYPE_PIGEON"]}`)
		testserver.WantJSONFieldViolation(t, "Connect JSON, an unknown name in a list", status, body, "media_types", apierr.UnknownValue)
		// Unknown fields are still tolerated, as Connect does (older and newer clients).
		status, body = srv.ConnectJSON(t, alice.HTTP, "/tremplin.network.v1.NetworkService/CreateContact",
			`{"contact":{"firstName":"Paul","lastName":"Martin","civility":"CIVILITY_FEMALE","nickname":"Polo"}}`)
		if status != http.StatusOK {
			t.Errorf("an unknown field on Connect: %d %v", status, body)
		}

		// Binary Connect: a number of no value.
		net := testserver.Connect(alice, networkv1connect.NewNetworkServiceClient)
		_, err := net.CreateContact(bg, &networkv1.CreateContactRequest{Contact: &networkv1.ContactDraft{
			FirstName: "Paul", LastName: "Martin", Civility: commonv1.Civility(99)}})
		testserver.WantFieldViolation(t, "Connect, a number of no value", err, "contact.civility", apierr.UnknownValue)
		_, err = testserver.Connect(alice, activityv1connect.NewActivityServiceClient).ListTasks(bg, &activityv1.ListTasksRequest{
			MediaTypes: []activityv1.MediaType{activityv1.MediaType_MEDIA_TYPE_EMAIL, 42}})
		testserver.WantFieldViolation(t, "Connect, a number of no value in a list", err, "media_types", apierr.UnknownValue)
	})
}
