package activity_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/application"
	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/ent/event"
	"github.com/tremplin/tremplin/ent/task"
	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	"github.com/tremplin/tremplin/internal/dashboard"
	"github.com/tremplin/tremplin/internal/testserver"
	"github.com/tremplin/tremplin/internal/users"
)

// week is a candidate's data written straight in the database, dated in Paris.
type week struct {
	c     *testserver.Session
	srv   *testserver.Start
	t     *testing.T
	where *time.Location
}

func (w week) contact(created time.Time, status contact.Status) *ent.Contact {
	return w.srv.Client.Contact.Create().SetOwnerID(w.c.User.ID).SetFirstName("C").SetLastName("X").SetEmail("c@exemple.fr").
		SetStatus(status).SetCreatedAt(created.UTC()).SaveX(w.c.Context())
}

func (w week) task(due time.Time, status task.Status, with *ent.Contact) {
	create := w.srv.Client.Task.Create().SetOwnerID(w.c.User.ID).SetSubject(task.SubjectReminder).SetStatus(status).
		SetDeadline(due.UTC()).SetInitialDeadline(due.UTC())
	if with != nil {
		create.SetContactID(with.ID).SetMediaType(task.MediaTypeEmail)
	}
	create.ExecX(w.c.Context())
}

func (w week) event(date time.Time, kind event.Type, status event.Status) *ent.Event {
	return w.srv.Client.Event.Create().SetOwnerID(w.c.User.ID).SetSubject(event.SubjectRecruitment).SetType(kind).SetStatus(status).
		SetMediaType(event.MediaTypeMobile).SetDate(date.UTC()).SaveX(w.c.Context())
}

func (w week) application(created time.Time, engaged *time.Time) {
	create := w.srv.Client.Application.Create().SetOwnerID(w.c.User.ID).SetCompany("Airbus").SetJob("Acheteuse").
		SetSource(application.SourceJobBoard).SetCreatedAt(created.UTC())
	if engaged != nil {
		u := engaged.UTC()
		create.SetStatus(application.StatusEngaged).SetEngagedAt(u)
	}
	create.ExecX(w.c.Context())
}

func figure(f *activityv1.DashboardFigure) [2]int32 {
	return [2]int32{f.GetValue(), f.GetPreviousValue()}
}

// The week's figures and the previous week's, in the candidate's time zone, from their own
// data only, for the current week and another one.
func TestDashboardFigures(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		paris := users.Location("Europe/Paris")
		p := func(month time.Month, d, h, m int) time.Time { return time.Date(2026, month, d, h, m, 0, 0, paris) }
		srv.Clock.Set(p(11, 18, 10, 30)) // Wednesday 18 November 2026
		alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		bob := srv.SignInAs(t, testserver.TrialCandidate, "bob@exemple.fr")
		w := week{c: alice, srv: srv, t: t, where: paris}

		// Contacts: two this week (Monday 00:30 and Sunday 23:30, Paris), two the week before.
		c1 := w.contact(p(11, 16, 0, 30), contact.StatusEngaged)
		c2 := w.contact(p(11, 22, 23, 30), contact.StatusNew)
		w.contact(p(11, 15, 23, 30), contact.StatusNew)
		c4 := w.contact(p(11, 11, 12, 0), contact.StatusThanked)
		w.contact(p(11, 1, 12, 0), contact.StatusNew)
		// Tasks due this week: 4 completed (with engaged c1, thanked c4, new c2, nobody), 2 not
		// started (one overdue); the week before: one completed with c1, one overdue.
		w.task(p(11, 16, 12, 0), task.StatusCompleted, c1)
		w.task(p(11, 19, 12, 0), task.StatusCompleted, c4)
		w.task(p(11, 20, 12, 0), task.StatusCompleted, c2)
		w.task(p(11, 21, 12, 0), task.StatusCompleted, nil)
		w.task(p(11, 17, 12, 0), task.StatusNotStarted, nil)
		w.task(p(11, 20, 12, 0), task.StatusNotStarted, nil)
		w.task(p(11, 10, 12, 0), task.StatusCompleted, c1)
		w.task(p(11, 10, 12, 0), task.StatusNotStarted, nil)
		// Events: a completed interview this week and one the week before, a completed meeting,
		// and coming ones.
		w.event(p(11, 17, 9, 0), event.TypeInterview, event.StatusCompleted)
		w.event(p(11, 12, 9, 0), event.TypeInterview, event.StatusCompleted)
		w.event(p(11, 17, 14, 0), event.TypeEvent, event.StatusCompleted)
		first := w.event(p(11, 19, 9, 0), event.TypeInterview, event.StatusNotStarted)
		second := w.event(p(11, 25, 9, 0), event.TypeEvent, event.StatusNotStarted)
		third := w.event(p(12, 1, 9, 0), event.TypeInterview, event.StatusNotStarted)
		w.event(p(12, 2, 9, 0), event.TypeInterview, event.StatusNotStarted)
		// Applications: created this week and engaged, created before and engaged this week,
		// both before, created this week only.
		mon, prevWed := p(11, 16, 10, 0), p(11, 11, 10, 0)
		w.application(mon, &mon)
		w.application(prevWed, &mon)
		w.application(prevWed, &prevWed)
		w.application(p(11, 18, 8, 0), nil)
		// Bob's data is his.
		week{c: bob, srv: srv, t: t}.contact(p(11, 17, 12, 0), contact.StatusNew)
		week{c: bob, srv: srv, t: t}.task(p(11, 17, 12, 0), task.StatusCompleted, nil)

		res, err := actOf(alice).GetDashboard(bg, &activityv1.GetDashboardRequest{})
		if err != nil {
			t.Fatal(err)
		}
		if !res.GetCurrentWeek() || !res.GetRange().GetStartDate().AsTime().Equal(p(11, 16, 0, 0)) || !res.GetRange().GetEndDate().AsTime().Equal(p(11, 23, 0, 0)) {
			t.Errorf("range %v – %v (current %v)", res.GetRange().GetStartDate().AsTime(), res.GetRange().GetEndDate().AsTime(), res.GetCurrentWeek())
		}
		checks := map[string][2][2]int32{
			"new contacts":         {figure(res.GetNewContacts()), {2, 2}},
			"first tasks":          {figure(res.GetFirstTasks()), {2, 1}},
			"completed interviews": {figure(res.GetCompletedInterviews()), {1, 1}},
			"engaged applications": {figure(res.GetEngagedApplications()), {2, 1}},
			"new applications":     {figure(res.GetNewApplications()), {2, 2}},
			"doughnut":             {{res.GetCompletedTasks(), res.GetNotStartedTasks()}, {4, 2}},
		}
		for name, c := range checks {
			if c[0] != c[1] {
				t.Errorf("%s: %v, want %v", name, c[0], c[1])
			}
		}
		if res.GetOverdueTasks() != 2 {
			t.Errorf("overdue tasks: %d, want 2", res.GetOverdueTasks())
		}
		var upcoming []string
		for _, e := range res.GetUpcomingEvents() {
			upcoming = append(upcoming, e.GetId())
		}
		if want := []string{first.ID.String(), second.ID.String(), third.ID.String()}; len(upcoming) != 3 || upcoming[0] != want[0] || upcoming[1] != want[1] || upcoming[2] != want[2] {
			t.Errorf("upcoming %v, want %v", upcoming, want)
		}
		if s := res.GetSetting(); s.GetNewContactLow() != 8 || s.GetNewContactMedium() != 12 || s.GetNewContactHigh() != 15 || s.GetEngagedApplicationHigh() != 2 {
			t.Errorf("default thresholds: %v", s)
		}

		// The week before, picked by a moment of it: its figures move one week back.
		before, err := actOf(alice).GetDashboard(bg, &activityv1.GetDashboardRequest{Time: p(11, 12, 15, 0).UnixMilli()})
		if err != nil {
			t.Fatal(err)
		}
		if before.GetCurrentWeek() || !before.GetRange().GetStartDate().AsTime().Equal(p(11, 9, 0, 0)) ||
			figure(before.GetNewContacts()) != [2]int32{2, 0} || figure(before.GetCompletedInterviews()) != [2]int32{1, 0} ||
			before.GetCompletedTasks() != 1 || before.GetNotStartedTasks() != 1 || before.GetOverdueTasks() != 2 {
			t.Errorf("the week before: %v", before)
		}
	})
}

// Weeks are the candidate's: Monday to Monday in their zone, 169 hours the week the clocks go
// back and 167 the week they go forward, and another zone cuts them elsewhere.
func TestDashboardWeeksFollowTheCandidatesClock(t *testing.T) {
	paris, montreal := users.Location("Europe/Paris"), users.Location("America/Montreal")
	for _, c := range []struct {
		at         time.Time
		loc        *time.Location
		start      time.Time
		wantLength time.Duration
	}{
		{time.Date(2026, 10, 25, 23, 30, 0, 0, paris), paris, time.Date(2026, 10, 19, 0, 0, 0, 0, paris), 169 * time.Hour},
		{time.Date(2026, 10, 26, 0, 30, 0, 0, paris), paris, time.Date(2026, 10, 26, 0, 0, 0, 0, paris), 168 * time.Hour},
		{time.Date(2026, 3, 29, 12, 0, 0, 0, paris), paris, time.Date(2026, 3, 23, 0, 0, 0, 0, paris), 167 * time.Hour},
		// Monday 03:00 UTC is still Sunday evening in Montreal.
		{time.Date(2026, 11, 16, 3, 0, 0, 0, time.UTC), montreal, time.Date(2026, 11, 9, 0, 0, 0, 0, montreal), 168 * time.Hour},
		{time.Date(2026, 11, 16, 3, 0, 0, 0, time.UTC), paris, time.Date(2026, 11, 16, 0, 0, 0, 0, paris), 168 * time.Hour},
	} {
		start, end := dashboard.Week(c.at, c.loc)
		if !start.Equal(c.start) || end.Sub(start) != c.wantLength {
			t.Errorf("week of %v in %v: %v + %v, want %v + %v", c.at, c.loc, start, end.Sub(start), c.start, c.wantLength)
		}
	}
	// Through the service: a contact added on the Sunday of the 25-hour day, late, counts in
	// that week.
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		srv.Clock.Set(time.Date(2026, 10, 27, 10, 0, 0, 0, paris))
		alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		w := week{c: alice, srv: srv, t: t}
		w.contact(time.Date(2026, 10, 25, 23, 30, 0, 0, paris), contact.StatusNew)
		w.contact(time.Date(2026, 10, 26, 0, 10, 0, 0, paris), contact.StatusNew)
		res, err := actOf(alice).GetDashboard(bg, &activityv1.GetDashboardRequest{})
		if err != nil {
			t.Fatal(err)
		}
		if figure(res.GetNewContacts()) != [2]int32{1, 1} {
			t.Errorf("contacts around the change: %v, want [1 1]", figure(res.GetNewContacts()))
		}
	})
}

// Thresholds: the spec's defaults, a premium change kept and shown on the dashboard, refused
// when not ordered within 0..30, and for a candidate without premium.
func TestDashboardThresholds(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		status, body := alice.JSON(t, http.MethodGet, "/api/dashboard-setting", nil)
		setting, _ := body["dashboardSetting"].(map[string]any)
		if status != http.StatusOK || setting["completedInterviewLow"] != float64(2) || setting["firstTaskHigh"] != float64(20) ||
			setting["engagedApplicationLow"] != float64(0) {
			t.Fatalf("GET /api/dashboard-setting: %d %v", status, body)
		}
		mine := map[string]any{
			"newContactLow": 1, "newContactMedium": 2, "newContactHigh": 3, "firstTaskLow": 4, "firstTaskMedium": 5, "firstTaskHigh": 6,
			"completedInterviewLow": 0, "completedInterviewMedium": 0, "completedInterviewHigh": 30,
			"engagedApplicationLow": 0, "engagedApplicationMedium": 0, "engagedApplicationHigh": 0,
		}
		status, body = alice.JSON(t, http.MethodPost, "/api/dashboard-setting", mine)
		if setting, _ := body["dashboardSetting"].(map[string]any); status != http.StatusOK || setting["newContactHigh"] != float64(3) {
			t.Fatalf("POST /api/dashboard-setting: %d %v", status, body)
		}
		if res, _ := actOf(alice).GetDashboard(bg, &activityv1.GetDashboardRequest{}); res.GetSetting().GetCompletedInterviewHigh() != 30 {
			t.Errorf("the dashboard's thresholds: %v", res.GetSetting())
		}
		for name, bad := range map[string]map[string]any{
			"medium below low": {"newContactLow": 5, "newContactMedium": 4},
			"above 30":         {"firstTaskHigh": 31},
		} {
			body := map[string]any{}
			for k, v := range mine {
				body[k] = v
			}
			for k, v := range bad {
				body[k] = v
			}
			status, res := alice.JSON(t, http.MethodPost, "/api/dashboard-setting", body)
			if status != http.StatusBadRequest || res["type"] != "INVALID_FIELDS" {
				t.Errorf("%s: %d %v", name, status, res)
			}
		}
		_, err := actOf(alice).UpdateDashboardSetting(bg, &activityv1.UpdateDashboardSettingRequest{DashboardSetting: &activityv1.DashboardSetting{
			NewContactLow: 3, NewContactMedium: 2, NewContactHigh: 15, FirstTaskHigh: 1}})
		testserver.WantFieldViolation(t, "unordered thresholds", err, "thresholds.order", "Seuils paramétrés incohérents")
		ended := srv.SignInAs(t, testserver.EndedTrialCandidate, "bruno@exemple.fr")
		status, res := ended.JSON(t, http.MethodPost, "/api/dashboard-setting", mine)
		if status != http.StatusForbidden || res["type"] != "PREMIUM_REQUIRED" {
			t.Errorf("without premium: %d %v", status, res)
		}
	})
}

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
