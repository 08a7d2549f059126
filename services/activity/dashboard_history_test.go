package activity_test

import (
	"context"
	"testing"
	"time"

	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/ent/event"
	"github.com/tremplin/tremplin/ent/task"
	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	"github.com/tremplin/tremplin/internal/testserver"
	"github.com/tremplin/tremplin/internal/users"
)

// The 12 weeks of the dashboard's history against a hand count: weeks from Monday in the
// candidate's zone (the week of the October clock change lasts 169 hours, and what happens on
// its Sunday night stays in it), the candidate's own data only, the objectives (their medium
// thresholds) and the streak, on both dialects.
func TestDashboardHistoryMatchesAHandCount(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		paris := users.Location("Europe/Paris")
		p := func(month time.Month, d, h, m int) time.Time { return time.Date(2026, month, d, h, m, 0, 0, paris) }
		srv.Clock.Set(p(11, 18, 10, 30)) // Wednesday 18 November: weeks from Monday 31 August
		alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		bob := srv.SignInAs(t, testserver.TrialCandidate, "bob@exemple.fr")
		w := week{c: alice, srv: srv, t: t, where: paris}

		// Contacts: one the Sunday night before the first week (not counted), one its Monday
		// 00:30; either side of the clock change's Monday; one engaged in weeks 9 and 10; one in
		// the current week.
		w.contact(p(8, 30, 23, 30), contact.StatusNew)
		w.contact(p(8, 31, 0, 30), contact.StatusNew)
		w.contact(p(10, 25, 23, 30), contact.StatusNew) // Sunday 22:30 UTC: week 7
		w.contact(p(10, 26, 0, 30), contact.StatusNew)  // Sunday 23:30 UTC: week 8
		e9 := w.contact(p(11, 2, 12, 0), contact.StatusEngaged)
		e10 := w.contact(p(11, 9, 12, 0), contact.StatusThanked)
		fresh := w.contact(p(11, 16, 9, 0), contact.StatusNew)
		// Tasks: two completed with e9 (one first task), one with e10, one alone on the clock
		// change's Sunday night, one with a new contact this week, and one not started.
		w.task(p(11, 3, 9, 0), task.StatusCompleted, e9)
		w.task(p(11, 4, 9, 0), task.StatusCompleted, e9)
		w.task(p(11, 10, 9, 0), task.StatusCompleted, e10)
		w.task(p(10, 25, 23, 30), task.StatusCompleted, nil)
		w.task(p(11, 17, 9, 0), task.StatusCompleted, fresh)
		w.task(p(11, 19, 9, 0), task.StatusNotStarted, e9)
		// Interviews completed in weeks 9 and 10; a completed meeting is no interview; an
		// interview to come is not done.
		w.event(p(11, 5, 14, 0), event.TypeInterview, event.StatusCompleted)
		w.event(p(11, 12, 14, 0), event.TypeInterview, event.StatusCompleted)
		w.event(p(11, 13, 14, 0), event.TypeEvent, event.StatusCompleted)
		w.event(p(11, 20, 14, 0), event.TypeInterview, event.StatusNotStarted)
		// Applications: created and engaged in week 9; created in week 7 and engaged in week
		// 10; created this week.
		engaged9, engaged10 := p(11, 6, 9, 0), p(11, 11, 9, 0)
		w.application(p(11, 2, 10, 0), &engaged9)
		w.application(p(10, 20, 10, 0), &engaged10)
		w.application(p(11, 16, 10, 0), nil)
		// Bob's week is his own.
		bw := week{c: bob, srv: srv, t: t, where: paris}
		bw.contact(p(11, 10, 9, 0), contact.StatusEngaged)
		bw.event(p(11, 10, 14, 0), event.TypeInterview, event.StatusCompleted)

		// Objectives of one of each (medium thresholds).
		_, err := actOf(alice).UpdateDashboardSetting(context.Background(), &activityv1.UpdateDashboardSettingRequest{DashboardSetting: &activityv1.DashboardSetting{
			NewContactLow: 0, NewContactMedium: 1, NewContactHigh: 2, FirstTaskLow: 0, FirstTaskMedium: 1, FirstTaskHigh: 2,
			CompletedInterviewLow: 0, CompletedInterviewMedium: 1, CompletedInterviewHigh: 2,
			EngagedApplicationLow: 0, EngagedApplicationMedium: 1, EngagedApplicationHigh: 2,
		}})
		if err != nil {
			t.Fatal(err)
		}

		res, err := actOf(alice).GetDashboardHistory(context.Background(), &activityv1.GetDashboardHistoryRequest{})
		if err != nil {
			t.Fatal(err)
		}
		h := res.GetHistory()
		if len(h.GetWeeks()) != 12 {
			t.Fatalf("%d weeks, want 12", len(h.GetWeeks()))
		}
		// Week by week: contacts, completed tasks, first tasks, interviews, engaged and new
		// applications, objectives met.
		type row struct {
			contacts, completed, first, interviews, engaged, created int32
			met                                                      bool
		}
		want := map[int]row{
			0:  {contacts: 1},
			7:  {contacts: 1, completed: 1, created: 1},
			8:  {contacts: 1},
			9:  {contacts: 1, completed: 2, first: 1, interviews: 1, engaged: 1, created: 1, met: true},
			10: {contacts: 1, completed: 1, first: 1, interviews: 1, engaged: 1, met: true},
			11: {contacts: 1, completed: 1, created: 1},
		}
		for i, wk := range h.GetWeeks() {
			got := row{wk.GetNewContacts(), wk.GetCompletedTasks(), wk.GetFirstTasks(), wk.GetCompletedInterviews(),
				wk.GetEngagedApplications(), wk.GetNewApplications(), wk.GetObjectivesMet()}
			if got != want[i] {
				t.Errorf("week %d (%s): %+v, want %+v", i, wk.GetStart().AsTime().In(paris).Format("Mon 2 Jan"), got, want[i])
			}
			start, end := wk.GetStart().AsTime(), wk.GetEnd().AsTime()
			if !start.Equal(p(8, 31, 0, 0).AddDate(0, 0, 7*i)) || !end.Equal(p(8, 31, 0, 0).AddDate(0, 0, 7*(i+1))) {
				t.Errorf("week %d runs %s to %s", i, start.In(paris), end.In(paris))
			}
		}
		if hours := h.GetWeeks()[7].GetEnd().AsTime().Sub(h.GetWeeks()[7].GetStart().AsTime()).Hours(); hours != 169 {
			t.Errorf("the week of the clock change lasts %v hours, want 169", hours)
		}
		// Weeks 9 and 10 reached every objective; the current week has not yet, and does not
		// break the streak.
		if h.GetStreak() != 2 {
			t.Errorf("streak %d, want 2", h.GetStreak())
		}
		o := h.GetObjectives()
		if o.GetNewContacts() != 1 || o.GetFirstTasks() != 1 || o.GetCompletedInterviews() != 1 || o.GetEngagedApplications() != 1 {
			t.Errorf("objectives %v", o)
		}

		// Bob sees his own weeks, measured against the default objectives (12 new contacts…).
		res, err = actOf(bob).GetDashboardHistory(context.Background(), &activityv1.GetDashboardHistoryRequest{})
		if err != nil {
			t.Fatal(err)
		}
		if wk := res.GetHistory().GetWeeks()[10]; wk.GetNewContacts() != 1 || wk.GetCompletedInterviews() != 1 || wk.GetObjectivesMet() {
			t.Errorf("Bob's week 10: %v", wk)
		}
		if o := res.GetHistory().GetObjectives(); o.GetNewContacts() != 12 || o.GetFirstTasks() != 12 || o.GetCompletedInterviews() != 4 || o.GetEngagedApplications() != 1 {
			t.Errorf("default objectives %v", o)
		}
	})
}
