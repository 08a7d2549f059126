package jobs_test

import (
	"context"
	"net/http"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent/task"
	"github.com/tremplin/tremplin/internal/jobs"
	"github.com/tremplin/tremplin/internal/testserver"
	"github.com/tremplin/tremplin/internal/users"
	"github.com/tremplin/tremplin/internal/viewer"
)

var montreal = users.Location("America/Montreal")

// state is what the nights did to a task: its priority and both deadlines, in loc.
type state struct {
	priority          task.Priority
	deadline, initial time.Time
}

func stateOf(t *testing.T, srv *testserver.Start, id uuid.UUID, loc *time.Location) state {
	t.Helper()
	got := srv.Client.Task.GetX(viewer.SystemContext(context.Background()), id)
	return state{got.Priority, got.Deadline.In(loc), got.InitialDeadline.In(loc)}
}

// want checks a task: its priority, its deadline (as a local date and time) and that its
// initial deadline is still the first.
func want(t *testing.T, srv *testserver.Start, name string, id uuid.UUID, loc *time.Location, prio task.Priority, deadline, initial time.Time) {
	t.Helper()
	got := stateOf(t, srv, id, loc)
	if got.priority != prio || !got.deadline.Equal(deadline) || !got.initial.Equal(initial) {
		t.Errorf("%s: %s due %s (first %s), want %s due %s (first %s)", name,
			got.priority, got.deadline.Format(time.DateTime), got.initial.Format(time.DateTime),
			prio, deadline.In(loc).Format(time.DateTime), initial.In(loc).Format(time.DateTime))
	}
}

// tickAt moves the clock to at and runs the server's jobs, as its ticker would then.
func tickAt(t *testing.T, srv *testserver.Start, at time.Time) {
	t.Helper()
	srv.Clock.Set(at)
	tick(t, srv.Server.Jobs)
}

func tick(t *testing.T, runners ...*jobs.Runner) {
	t.Helper()
	var wg sync.WaitGroup
	for _, r := range runners {
		wg.Go(func() {
			if err := r.Tick(context.Background()); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
}

// The night acts on the day that has just ended: a task is raised only once its day has
// passed, moves to the new day keeping its first deadline, and keeps rising night after night
// while it is not done (urgent stays urgent). Two server copies and the operator's command for
// the same day do it once. Lists sort by the first deadline, and the dashboard's overdue
// figure counts the tasks carried over at least one night.
func TestEscalationActsOnTheDayThatEnded(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		at := func(d, h, m int) time.Time { return time.Date(2026, 11, d, h, m, 0, 0, paris) }
		// Tuesday 24 November 2026, five past midnight in Paris.
		srv.Clock.Set(at(24, 0, 5))
		alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		me := alice.User.ID
		normal := seedTask(t, srv, me, at(24, 12, 0), task.PriorityNormal, task.StatusNotStarted)
		high := seedTask(t, srv, me, at(24, 23, 59), task.PriorityHigh, task.StatusNotStarted)
		urgent := seedTask(t, srv, me, at(24, 8, 0), task.PriorityUrgent, task.StatusNotStarted)
		done := seedTask(t, srv, me, at(24, 9, 0), task.PriorityNormal, task.StatusCompleted)
		tomorrow := seedTask(t, srv, me, at(25, 0, 0), task.PriorityNormal, task.StatusNotStarted)
		yesterday := seedTask(t, srv, me, at(23, 23, 59), task.PriorityNormal, task.StatusNotStarted)

		// Five past midnight: the day that ended is the 23rd. Nothing due on the 24th rises
		// before anyone could do it; yesterday's task rises and comes to today.
		tick(t, srv.Server.Jobs, secondCopy(srv))
		want(t, srv, "due today, at 00:05", normal, paris, task.PriorityNormal, at(24, 12, 0), at(24, 12, 0))
		want(t, srv, "high due today, at 00:05", high, paris, task.PriorityHigh, at(24, 23, 59), at(24, 23, 59))
		want(t, srv, "left undone yesterday", yesterday, paris, task.PriorityHigh, at(24, 23, 59), at(23, 23, 59))
		// A minute before the day ends: still nothing.
		tickAt(t, srv, at(24, 23, 59))
		want(t, srv, "due today, at 23:59", normal, paris, task.PriorityNormal, at(24, 12, 0), at(24, 12, 0))

		// The night of the 24th to the 25th, run by two copies, again later, and by the
		// operator's command naming the day that ended.
		srv.Clock.Set(at(25, 0, 5))
		tick(t, srv.Server.Jobs, secondCopy(srv))
		tickAt(t, srv, at(25, 3, 0))
		if n, err := secondCopy(srv).RunNow(context.Background(), jobs.Escalation, time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC)); err != nil || n != 0 {
			t.Errorf("running the night of the 24th again: %d tasks, %v", n, err)
		}
		want(t, srv, "normal due the 24th", normal, paris, task.PriorityHigh, at(25, 12, 0), at(24, 12, 0))
		want(t, srv, "high due the 24th", high, paris, task.PriorityUrgent, at(25, 23, 59), at(24, 23, 59))
		want(t, srv, "urgent due the 24th", urgent, paris, task.PriorityUrgent, at(25, 8, 0), at(24, 8, 0))
		want(t, srv, "completed", done, paris, task.PriorityNormal, at(24, 9, 0), at(24, 9, 0))
		want(t, srv, "due the 25th", tomorrow, paris, task.PriorityNormal, at(25, 0, 0), at(25, 0, 0))
		want(t, srv, "undone two nights", yesterday, paris, task.PriorityUrgent, at(25, 23, 59), at(23, 23, 59))

		// Two more nights: it keeps rising and stays in the day's list.
		tickAt(t, srv, at(26, 0, 5))
		want(t, srv, "normal, second night", normal, paris, task.PriorityUrgent, at(26, 12, 0), at(24, 12, 0))
		want(t, srv, "due the 25th, its night", tomorrow, paris, task.PriorityHigh, at(26, 0, 0), at(25, 0, 0))
		tickAt(t, srv, at(27, 0, 5))
		want(t, srv, "normal, third night", normal, paris, task.PriorityUrgent, at(27, 12, 0), at(24, 12, 0))
		want(t, srv, "due the 25th, second night", tomorrow, paris, task.PriorityUrgent, at(27, 0, 0), at(25, 0, 0))

		// What the candidate sees on the 27th: a task due today and one due tomorrow besides.
		srv.Clock.Set(at(27, 9, 0))
		today := seedTask(t, srv, me, at(27, 18, 0), task.PriorityNormal, task.StatusNotStarted)
		later := seedTask(t, srv, me, at(28, 9, 0), task.PriorityNormal, task.StatusNotStarted)
		status, body := srv.JSON(t, alice.HTTP, http.MethodGet, "/api/tasks", nil)
		if status != http.StatusOK {
			t.Fatalf("GET /api/tasks: %d %v", status, body)
		}
		var order []string
		for _, item := range body["tasks"].([]any) {
			order = append(order, item.(map[string]any)["id"].(string))
		}
		wantOrder := []string{yesterday.String(), urgent.String(), done.String(), normal.String(), high.String(), tomorrow.String(), today.String(), later.String()}
		if !slices.Equal(order, wantOrder) {
			t.Errorf("tasks listed %v, want by first deadline %v", order, wantOrder)
		}
		status, body = srv.JSON(t, alice.HTTP, http.MethodGet, "/api/dashboard", nil)
		if status != http.StatusOK {
			t.Fatalf("GET /api/dashboard: %d %v", status, body)
		}
		// yesterday, urgent, normal, high and tomorrow were carried over; today's and the
		// completed one are not overdue.
		if got := body["overdueTasks"]; got != float64(5) {
			t.Errorf("overdue tasks on the 27th: %v, want 5", got)
		}
	})
}

// The nights of the daylight-saving changes in Paris (the last Sundays of March and October
// 2026: a 23-hour and a 25-hour day) cover their whole day and move a task to the same time
// on the next day; a candidate in Montreal has their own nights.
func TestEscalationAcrossDaylightSavingNights(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		local := func(loc *time.Location, m time.Month, d, h, min int) time.Time {
			return time.Date(2026, m, d, h, min, 0, 0, loc)
		}
		srv.Clock.Set(local(paris, time.March, 27, 9, 0))
		alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr").User.ID
		bob := srv.SignInAs(t, testserver.TrialCandidate, "bob@exemple.fr").User.ID
		srv.Client.User.UpdateOneID(bob).SetTimeZone("America/Montreal").ExecX(viewer.SystemContext(context.Background()))

		// March: Saturday the 28th (24 h), Sunday the 29th (23 h: 02:00 becomes 03:00).
		late := seedTask(t, srv, alice, local(paris, time.March, 28, 23, 30), task.PriorityNormal, task.StatusNotStarted)
		early := seedTask(t, srv, alice, local(paris, time.March, 28, 2, 30), task.PriorityNormal, task.StatusNotStarted)
		sunday := seedTask(t, srv, alice, local(paris, time.March, 29, 12, 0), task.PriorityNormal, task.StatusNotStarted)
		sundayLate := seedTask(t, srv, alice, local(paris, time.March, 29, 23, 45), task.PriorityNormal, task.StatusNotStarted)
		bobs := seedTask(t, srv, bob, local(montreal, time.March, 28, 20, 0), task.PriorityNormal, task.StatusNotStarted)

		// 00:10 on Sunday in Paris: Saturday has ended there, not yet in Montreal (18:10).
		tickAt(t, srv, local(paris, time.March, 29, 0, 10))
		want(t, srv, "March, 23:30 Saturday", late, paris, task.PriorityHigh, local(paris, time.March, 29, 23, 30), local(paris, time.March, 28, 23, 30))
		// 02:30 does not exist on the 29th: the task comes at 03:30, the same day.
		want(t, srv, "March, 02:30 Saturday", early, paris, task.PriorityHigh, local(paris, time.March, 29, 3, 30), local(paris, time.March, 28, 2, 30))
		want(t, srv, "March, Sunday's", sunday, paris, task.PriorityNormal, local(paris, time.March, 29, 12, 0), local(paris, time.March, 29, 12, 0))
		want(t, srv, "Montreal, before its night", bobs, montreal, task.PriorityNormal, local(montreal, time.March, 28, 20, 0), local(montreal, time.March, 28, 20, 0))
		tickAt(t, srv, local(montreal, time.March, 29, 0, 10))
		want(t, srv, "Montreal, its night", bobs, montreal, task.PriorityHigh, local(montreal, time.March, 29, 20, 0), local(montreal, time.March, 28, 20, 0))
		// The 23-hour Sunday ends: everything due on it moves to Monday, same time.
		tickAt(t, srv, local(paris, time.March, 30, 0, 10))
		want(t, srv, "March, 23:30 second night", late, paris, task.PriorityUrgent, local(paris, time.March, 30, 23, 30), local(paris, time.March, 28, 23, 30))
		want(t, srv, "March, 03:30 second night", early, paris, task.PriorityUrgent, local(paris, time.March, 30, 3, 30), local(paris, time.March, 28, 2, 30))
		want(t, srv, "March, Sunday's night", sunday, paris, task.PriorityHigh, local(paris, time.March, 30, 12, 0), local(paris, time.March, 29, 12, 0))
		want(t, srv, "March, 23:45 on the short Sunday", sundayLate, paris, task.PriorityHigh, local(paris, time.March, 30, 23, 45), local(paris, time.March, 29, 23, 45))

		// October: Saturday the 24th (24 h), Sunday the 25th (25 h: 03:00 becomes 02:00).
		for _, id := range []uuid.UUID{late, early, sunday, sundayLate, bobs} {
			srv.Client.Task.UpdateOneID(id).SetStatus(task.StatusCompleted).ExecX(viewer.SystemContext(context.Background()))
		}
		tickAt(t, srv, local(paris, time.October, 24, 9, 0))
		saturday := seedTask(t, srv, alice, local(paris, time.October, 24, 23, 30), task.PriorityNormal, task.StatusNotStarted)
		first := seedTask(t, srv, alice, local(paris, time.October, 25, 0, 30), task.PriorityNormal, task.StatusNotStarted)
		last := seedTask(t, srv, alice, local(paris, time.October, 25, 23, 30), task.PriorityHigh, task.StatusNotStarted)
		bobsOctober := seedTask(t, srv, bob, local(montreal, time.October, 25, 22, 0), task.PriorityNormal, task.StatusNotStarted)
		tickAt(t, srv, local(paris, time.October, 25, 0, 10))
		want(t, srv, "October, Saturday's", saturday, paris, task.PriorityHigh, local(paris, time.October, 25, 23, 30), local(paris, time.October, 24, 23, 30))
		want(t, srv, "October, Sunday 00:30", first, paris, task.PriorityNormal, local(paris, time.October, 25, 0, 30), local(paris, time.October, 25, 0, 30))
		// 23:30 on Sunday is 25 hours after its midnight, still Sunday: raised with it.
		tickAt(t, srv, local(paris, time.October, 26, 0, 10))
		want(t, srv, "October, Saturday's second night", saturday, paris, task.PriorityUrgent, local(paris, time.October, 26, 23, 30), local(paris, time.October, 24, 23, 30))
		want(t, srv, "October, Sunday 00:30's night", first, paris, task.PriorityHigh, local(paris, time.October, 26, 0, 30), local(paris, time.October, 25, 0, 30))
		want(t, srv, "October, Sunday 23:30's night", last, paris, task.PriorityUrgent, local(paris, time.October, 26, 23, 30), local(paris, time.October, 25, 23, 30))
		// Paris's night is not Montreal's (its clocks change a week later).
		want(t, srv, "Montreal, October", bobsOctober, montreal, task.PriorityNormal, local(montreal, time.October, 25, 22, 0), local(montreal, time.October, 25, 22, 0))
		tickAt(t, srv, local(montreal, time.October, 26, 0, 10))
		want(t, srv, "Montreal, October, its night", bobsOctober, montreal, task.PriorityHigh, local(montreal, time.October, 26, 22, 0), local(montreal, time.October, 25, 22, 0))
	})
}

// A server down for several nights catches up when it starts: each night missed is run in
// turn (up to a week back), so every task stands as if the server had never stopped; a task
// older than that is brought along by the oldest of those nights, at its own time of day.
func TestMissedNightsAreCaughtUp(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		at := func(d, h int) time.Time { return time.Date(2026, 11, d, h, 0, 0, 0, paris) }
		srv.Clock.Set(at(23, 0))
		me := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr").User.ID
		// Due a month before, in summer time: older than any night the server looks back to.
		october := time.Date(2026, 10, 20, 9, 0, 0, 0, paris)
		old := seedTask(t, srv, me, october, task.PriorityNormal, task.StatusNotStarted)
		tick(t, srv.Server.Jobs) // the nights of the 16th to the 22nd, then the server stops
		want(t, srv, "due in October, on the 23rd", old, paris, task.PriorityUrgent, at(23, 9), october)
		a := seedTask(t, srv, me, at(23, 12), task.PriorityNormal, task.StatusNotStarted)
		b := seedTask(t, srv, me, at(24, 12), task.PriorityNormal, task.StatusNotStarted)
		c := seedTask(t, srv, me, at(25, 12), task.PriorityNormal, task.StatusNotStarted)
		d := seedTask(t, srv, me, at(26, 12), task.PriorityNormal, task.StatusNotStarted)
		e := seedTask(t, srv, me, at(27, 12), task.PriorityNormal, task.StatusNotStarted)

		// It starts again on Friday the 27th at 10:00: the nights of the 23rd to the 26th.
		tickAt(t, srv, at(27, 10))
		want(t, srv, "due the 23rd", a, paris, task.PriorityUrgent, at(27, 12), at(23, 12))
		want(t, srv, "due the 24th", b, paris, task.PriorityUrgent, at(27, 12), at(24, 12))
		want(t, srv, "due the 25th", c, paris, task.PriorityUrgent, at(27, 12), at(25, 12))
		want(t, srv, "due the 26th", d, paris, task.PriorityHigh, at(27, 12), at(26, 12))
		want(t, srv, "due today", e, paris, task.PriorityNormal, at(27, 12), at(27, 12))
		want(t, srv, "due in October", old, paris, task.PriorityUrgent, at(27, 9), october)
	})
}

// The operator's command names the day that ended: it runs that night (once, whoever ran
// it before), and refuses a day that has not ended yet.
func TestOperatorRunsTheNightThatEnded(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		at := func(d, h int) time.Time { return time.Date(2026, 11, d, h, 0, 0, 0, paris) }
		srv.Clock.Set(at(25, 10))
		me := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr").User.ID
		due24 := seedTask(t, srv, me, at(24, 12), task.PriorityNormal, task.StatusNotStarted)
		due25 := seedTask(t, srv, me, at(25, 12), task.PriorityNormal, task.StatusNotStarted)
		day := func(d int) time.Time { return time.Date(2026, 11, d, 0, 0, 0, 0, time.UTC) }
		if n, err := srv.Server.Jobs.RunNow(context.Background(), jobs.Escalation, day(24)); err != nil || n != 1 {
			t.Errorf("--date 2026-11-24: %d tasks, %v; want 1", n, err)
		}
		want(t, srv, "due the 24th", due24, paris, task.PriorityHigh, at(25, 12), at(24, 12))
		if n, err := srv.Server.Jobs.RunNow(context.Background(), jobs.Escalation, day(25)); err == nil || n != 0 {
			t.Errorf("--date 2026-11-25 before its end: %d tasks, %v; want a refusal", n, err)
		}
		want(t, srv, "due the 25th", due25, paris, task.PriorityNormal, at(25, 12), at(25, 12))
		// The server's tick finds the night done.
		tick(t, srv.Server.Jobs)
		want(t, srv, "due the 24th, after the tick", due24, paris, task.PriorityHigh, at(25, 12), at(24, 12))
	})
}
