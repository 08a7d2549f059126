package network_test

import (
	"context"
	"net/http"
	"testing"

	"connectrpc.com/connect"

	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/ent/task"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/internal/testserver"
	"github.com/tremplin/tremplin/internal/viewer"
)

// A rhythm is saved with the contact; a contact silent longer than it is to call back, over
// both protocols, until an activity with it is completed; another candidate's never shows.
func TestCallBacks(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		w := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		other := srv.SignInAs(t, testserver.TrialCandidate, "autre@exemple.fr")
		ended := srv.SignInAs(t, testserver.EndedTrialCandidate, "fin@exemple.fr")

		// The rhythm is saved with the contact.
		draft := person("Hugo", "Renard")
		draft.TouchRhythm = networkv1.TouchRhythm_TOUCH_RHYTHM_MONTH
		if hugo := create(t, w, draft); hugo.GetTouchRhythm() != networkv1.TouchRhythm_TOUCH_RHYTHM_MONTH ||
			get(t, w, hugo.GetId()).GetTouchRhythm() != networkv1.TouchRhythm_TOUCH_RHYTHM_MONTH {
			t.Fatalf("rhythm not kept: %v", hugo)
		}
		// Léa, every two weeks, added three weeks ago and never called; another candidate's
		// Pierre likewise.
		ctx := w.Context()
		sys := viewer.SystemContext(context.Background())
		now := srv.Clock.Now()
		lea := srv.Client.Contact.Create().SetOwnerID(w.User.ID).SetFirstName("Léa").SetLastName("DUBOIS").SetEmail("lea@exemple.fr").
			SetCreatedAt(now.AddDate(0, 0, -21)).SetTouchRhythm(contact.TouchRhythmTwoWeeks).SaveX(sys)
		srv.Client.Contact.Create().SetOwnerID(other.User.ID).SetFirstName("Pierre").SetLastName("MOI").SetEmail("pierre@exemple.fr").
			SetCreatedAt(now.AddDate(0, 0, -21)).SetTouchRhythm(contact.TouchRhythmTwoWeeks).ExecX(sys)

		list := func() []string {
			t.Helper()
			res, err := netOf(w).ListCallBacks(bg, &networkv1.ListCallBacksRequest{})
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, cb := range res.GetCallBacks() {
				names = append(names, cb.GetContact().GetLastName())
			}
			return names
		}
		if got := list(); len(got) != 1 || got[0] != "DUBOIS" {
			t.Errorf("three weeks on: %v, want DUBOIS", got)
		}
		status, body := w.JSON(t, http.MethodGet, "/api/contacts/call-backs", nil)
		if status != http.StatusOK {
			t.Fatalf("GET /api/contacts/call-backs: %d %v", status, body)
		}
		cbs := body["callBacks"].([]any)
		if len(cbs) != 1 || cbs[0].(map[string]any)["dueSince"] == nil || cbs[0].(map[string]any)["lastTouch"] != nil {
			t.Errorf("JSON: %v", body)
		}

		// A completed task with her: not due any more.
		srv.Client.Task.Create().SetOwnerID(w.User.ID).SetContactID(lea.ID).SetSubject(task.SubjectReminder).
			SetInitialDeadline(now).SetDeadline(now).SetExecutionDate(now).SetStatus(task.StatusCompleted).ExecX(ctx)
		if got := list(); len(got) != 0 {
			t.Errorf("after a call: %v", got)
		}

		// Premium.
		if _, err := netOf(ended).ListCallBacks(bg, &networkv1.ListCallBacksRequest{}); connect.CodeOf(err) != connect.CodePermissionDenied {
			t.Errorf("without premium: %v", err)
		}
	})
}
