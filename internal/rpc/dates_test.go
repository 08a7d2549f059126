package rpc_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	"github.com/tremplin/tremplin/gen/tremplin/activity/v1/activityv1connect"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/testserver"
	"github.com/tremplin/tremplin/internal/viewer"
)

// A date before 1900 or after 2200 is refused on every date of every request (an event in
// 9999 made an invalid .ics), over Connect, over the JSON routes' bodies and their query
// strings, naming the field in French; nothing is stored.
func TestDatesOutsideTwoCenturiesAreRefused(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		act := testserver.Connect(alice, activityv1connect.NewActivityServiceClient)
		ctx := context.Background()
		event := func(at time.Time) *activityv1.CreateEventRequest {
			return &activityv1.CreateEventRequest{Event: &activityv1.EventDraft{
				Subject: activityv1.EventSubject_EVENT_SUBJECT_COFFEE, MediaType: activityv1.MediaType_MEDIA_TYPE_PHONE, Date: timestamppb.New(at)}}
		}
		for _, at := range []time.Time{
			time.Date(9999, 1, 1, 10, 0, 0, 0, time.UTC),
			time.Date(2201, 1, 1, 0, 0, 0, 0, time.UTC),
			time.Date(1899, 12, 31, 23, 59, 59, 0, time.UTC),
		} {
			_, err := act.CreateEvent(ctx, event(at))
			testserver.WantFieldViolation(t, "an event on "+at.String(), err, "event.date", apierr.DateOutOfRange)
			status, body := alice.JSON(t, http.MethodPost, "/api/event", map[string]any{
				"subject": "coffee", "mediaType": "phone", "date": at.Format(time.RFC3339)})
			testserver.WantJSONFieldViolation(t, "/api/event on "+at.String(), status, body, "event.date", apierr.DateOutOfRange)
		}
		// A task's deadline, a list's range: every date.
		_, err := act.CreateTask(ctx, &activityv1.CreateTaskRequest{Task: &activityv1.TaskDraft{
			Subject: activityv1.TaskSubject_TASK_SUBJECT_UPDATE_JOBBOARDS_CVS, Priority: activityv1.TaskPriority_TASK_PRIORITY_NORMAL,
			Deadline: timestamppb.New(time.Date(3000, 1, 1, 0, 0, 0, 0, time.UTC))}})
		testserver.WantFieldViolation(t, "a deadline in 3000", err, "task.deadline", apierr.DateOutOfRange)
		status, body := alice.JSON(t, http.MethodGet, "/api/tasks?range.startDate=2026-11-16T00:00:00Z&range.endDate=9999-01-01T00:00:00Z", nil)
		testserver.WantJSONFieldViolation(t, "a range ending in 9999", status, body, "range.end_date", apierr.DateOutOfRange)
		// Nanoseconds out of their range are no date either.
		_, err = act.CreateEvent(ctx, &activityv1.CreateEventRequest{Event: &activityv1.EventDraft{
			Subject: activityv1.EventSubject_EVENT_SUBJECT_COFFEE, MediaType: activityv1.MediaType_MEDIA_TYPE_PHONE,
			Date: &timestamppb.Timestamp{Seconds: srv.Tomorrow().Unix(), Nanos: -1}}})
		testserver.WantFieldViolation(t, "negative nanoseconds", err, "event.date", apierr.BadDate)
		if n := srv.Client.Event.Query().CountX(viewer.SystemContext(ctx)); n != 0 {
			t.Errorf("%d events stored", n)
		}

		// The edges of the two centuries are dates like any other.
		if _, err := act.CreateEvent(ctx, event(time.Date(2200, 12, 31, 12, 0, 0, 0, time.UTC))); err != nil {
			t.Errorf("an event on the last day of 2200: %v", err)
		}
	})
}
