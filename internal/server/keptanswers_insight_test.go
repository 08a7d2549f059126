package server_test

import (
	"testing"

	"github.com/tremplin/tremplin/internal/testserver"
)

// The insight reads sum many candidates' weeks: answered afresh every time (never kept), so
// each change below shows on the next read.
func insightKeptAnswerCases() map[string][]readCase {
	const insight = "/tremplin.insight.v1.InsightService/"
	sharing := func(t *testing.T, w *world) {
		licensedWorld(t, w)
		w.call(t, w.owner, "/tremplin.auth.v1.AuthService/UpdateProfile", w.expand(`{"id":"$me","shareProgressWithAgency":true}`))
	}
	// An interview of this week, Monday, reported: one more interview in the agency's weeks.
	interviewReported := change{name: "an interview of the week is reported", apply: func(t *testing.T, w *world, _ *reading) {
		const activity = "/tremplin.activity.v1.ActivityService/"
		id := idOf(t, w.call(t, w.owner, activity+"CreateEvent", w.eventJSON("2026-11-16T10:00:00Z", "Visio")), "event")
		w.call(t, w.owner, activity+"AddReport", `{"activityType":"ACTIVITY_TYPE_EVENT","id":"`+id+`","mood":"MOOD_SATISFYING"}`)
	}}
	return map[string][]readCase{
		insight + "GetAgencyInsight": {{setup: func(t *testing.T, w *world) *reading {
			sharing(t, w)
			return &reading{reader: w.staff, request: `{}`}
		}, changes: []change{
			interviewReported,
			ownerCalls("the candidate stops sharing", "/tremplin.auth.v1.AuthService/UpdateProfile", `{"id":"$me","shareProgressWithAgency":false}`),
			{name: "a candidate of the agency is created", apply: func(t *testing.T, w *world, _ *reading) {
				w.call(t, w.staff, "/tremplin.agency.v1.AgencyService/CreateCandidate", `{"email":"`+email("nouveau")+`","firstName":"Inès"}`)
			}},
			nextWeek,
		}}},
		insight + "GetPlatformInsight": {{setup: func(t *testing.T, w *world) *reading {
			licensedWorld(t, w)
			w.staff = w.srv.SignInAs(t, testserver.Admin, email("admin"))
			return &reading{reader: w.staff, request: `{}`}
		}, changes: []change{
			interviewReported,
			{name: "an agency is created", apply: func(t *testing.T, w *world, _ *reading) {
				w.srv.CreateAgency(t, "Agence "+email("autre"), 1)
			}},
			{name: "a screen is viewed", apply: func(t *testing.T, w *world, _ *reading) {
				w.call(t, w.owner, insight+"RecordPageView", `{"route":"/contacts"}`)
			}},
			nextWeek,
		}}},
	}
}
