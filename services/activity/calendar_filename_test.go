package activity_test

import (
	"mime"
	"net/http"
	"strings"
	"testing"

	"google.golang.org/protobuf/types/known/timestamppb"

	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	"github.com/tremplin/tremplin/internal/testserver"
)

// filenameOf reads the file name a download is saved under (Content-Disposition).
func filenameOf(t *testing.T, what string, res *http.Response) string {
	t.Helper()
	kind, params, err := mime.ParseMediaType(res.Header.Get("Content-Disposition"))
	if err != nil || kind != "attachment" || !strings.HasSuffix(params["filename"], ".ics") {
		t.Errorf("%s: Content-Disposition %q, want an attachment named *.ics", what, res.Header.Get("Content-Disposition"))
	}
	return params["filename"]
}

// The .ics downloads carry a file name: an event's (named after its day, in the candidate's
// zone) — again when the browser asks a second time and the answer is the one kept — and the
// feed's.
func TestCalendarFilesHaveAName(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		lea := addContact(t, alice, "Lea", "Dubois")
		ev := planEvent(t, alice, &activityv1.EventDraft{Subject: activityv1.EventSubject_EVENT_SUBJECT_RECRUITMENT, ContactId: lea.GetId(),
			MediaType: activityv1.MediaType_MEDIA_TYPE_FACE_TO_FACE, MediaDetails: "Au siège", Date: timestamppb.New(at(2026, 11, 25, 0, 30))})
		for _, try := range []string{"first", "second"} {
			res, _ := get(t, alice.HTTP, srv.URL+"/api/event/"+ev.GetId()+"/calendar")
			// 00:30 in Paris, still the 24th in UTC: the candidate's day names it.
			if name := filenameOf(t, try+" event download", res); name != "rendez-vous-tremplin-2026-11-25.ics" {
				t.Errorf("%s event download: %q", try, name)
			}
		}
		made, err := actOf(alice).ResetCalendarFeed(bg, &activityv1.ResetCalendarFeedRequest{})
		if err != nil {
			t.Fatal(err)
		}
		res, _ := get(t, &http.Client{}, made.GetUrl())
		if name := filenameOf(t, "feed", res); name != "tremplin-mes-rendez-vous.ics" {
			t.Errorf("feed: %q", name)
		}
	})
}
