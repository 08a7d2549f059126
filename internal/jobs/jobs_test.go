package jobs_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
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

var paris = users.Location("Europe/Paris")

// seedTask writes a task of owner due at due, straight in the database.
func seedTask(t *testing.T, srv *testserver.Start, owner uuid.UUID, due time.Time, prio task.Priority, status task.Status) uuid.UUID {
	t.Helper()
	ctx := viewer.NewContext(context.Background(), &viewer.Viewer{UserID: owner, Role: viewer.RoleCandidate})
	return srv.Client.Task.Create().SetOwnerID(owner).SetSubject(task.SubjectInternetSearches).SetPriority(prio).SetStatus(status).
		SetInitialDeadline(due.UTC()).SetDeadline(due.UTC()).SaveX(ctx).ID // times are stored in UTC
}

func priorityOf(t *testing.T, srv *testserver.Start, id uuid.UUID) task.Priority {
	t.Helper()
	return srv.Client.Task.GetX(viewer.SystemContext(context.Background()), id).Priority
}

// A second copy of the server's jobs, on the same database (several copies behind a balancer).
func secondCopy(srv *testserver.Start) *jobs.Runner {
	return &jobs.Runner{Client: srv.Client, Clock: srv.Clock, Mail: srv.Server.Jobs.Mail, PublicURL: srv.URL, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
}

// Each night every unfinished task due that day gains one level, once: a second run, a second
// server copy or the operator's command change nothing more, and tasks of other days or
// already done are untouched.
func TestNightlyEscalation(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr").User.ID
		// Tuesday 24 November 2026, 00:05 in Paris.
		srv.Clock.Set(time.Date(2026, 11, 24, 0, 5, 0, 0, paris))
		normal := seedTask(t, srv, alice, time.Date(2026, 11, 24, 12, 0, 0, 0, paris), task.PriorityNormal, task.StatusNotStarted)
		high := seedTask(t, srv, alice, time.Date(2026, 11, 24, 23, 59, 0, 0, paris), task.PriorityHigh, task.StatusNotStarted)
		urgent := seedTask(t, srv, alice, time.Date(2026, 11, 24, 8, 0, 0, 0, paris), task.PriorityUrgent, task.StatusNotStarted)
		done := seedTask(t, srv, alice, time.Date(2026, 11, 24, 9, 0, 0, 0, paris), task.PriorityNormal, task.StatusCompleted)
		tomorrow := seedTask(t, srv, alice, time.Date(2026, 11, 25, 0, 0, 0, 0, paris), task.PriorityNormal, task.StatusNotStarted)
		yesterday := seedTask(t, srv, alice, time.Date(2026, 11, 23, 23, 59, 0, 0, paris), task.PriorityNormal, task.StatusNotStarted)

		// Two copies tick at once: the night's run is claimed by one of them.
		var wg sync.WaitGroup
		for _, r := range []*jobs.Runner{srv.Server.Jobs, secondCopy(srv)} {
			wg.Go(func() {
				if err := r.Tick(context.Background()); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		// Later that night, and the operator's command for the same day.
		srv.Clock.Advance(3 * time.Hour)
		if err := srv.Server.Jobs.Tick(context.Background()); err != nil {
			t.Fatal(err)
		}
		if n, err := secondCopy(srv).RunNow(context.Background(), jobs.Escalation, time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC)); err != nil || n != 0 {
			t.Errorf("running the night again: %d tasks, %v", n, err)
		}
		for name, c := range map[string]struct {
			id   uuid.UUID
			want task.Priority
		}{
			"normal due today": {normal, task.PriorityHigh}, "high due at 23:59": {high, task.PriorityUrgent},
			"urgent": {urgent, task.PriorityUrgent}, "completed": {done, task.PriorityNormal},
			"due tomorrow": {tomorrow, task.PriorityNormal}, "due yesterday": {yesterday, task.PriorityNormal},
		} {
			if got := priorityOf(t, srv, c.id); got != c.want {
				t.Errorf("%s: %s, want %s", name, got, c.want)
			}
		}
		// The next night raises the high one due the next day, once.
		srv.Clock.Set(time.Date(2026, 11, 25, 0, 1, 0, 0, paris))
		for range 2 {
			if err := srv.Server.Jobs.Tick(context.Background()); err != nil {
				t.Fatal(err)
			}
		}
		if got := priorityOf(t, srv, tomorrow); got != task.PriorityHigh {
			t.Errorf("the next night: %s, want high", got)
		}
	})
}

// The night the clocks go back (Sunday 25 October 2026 in Paris has 25 hours) covers the whole
// day, and each candidate's night is their own time zone's.
func TestEscalationFollowsTheCandidatesDay(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr").User.ID
		bob := srv.SignInAs(t, testserver.TrialCandidate, "bob@exemple.fr").User.ID
		srv.Client.User.UpdateOneID(bob).SetTimeZone("America/Montreal").ExecX(viewer.SystemContext(context.Background()))
		montreal := users.Location("America/Montreal")
		// 23:30 on the 25th in Paris is 22:30 UTC: 25 hours after midnight.
		late := seedTask(t, srv, alice, time.Date(2026, 10, 25, 23, 30, 0, 0, paris), task.PriorityNormal, task.StatusNotStarted)
		early := seedTask(t, srv, alice, time.Date(2026, 10, 25, 0, 30, 0, 0, paris), task.PriorityNormal, task.StatusNotStarted)
		next := seedTask(t, srv, alice, time.Date(2026, 10, 26, 0, 30, 0, 0, paris), task.PriorityNormal, task.StatusNotStarted)
		bobs := seedTask(t, srv, bob, time.Date(2026, 10, 25, 20, 0, 0, 0, montreal), task.PriorityNormal, task.StatusNotStarted)

		// 00:10 in Paris on the 25th is still the 24th in Montreal: only alice's night.
		srv.Clock.Set(time.Date(2026, 10, 25, 0, 10, 0, 0, paris))
		if err := srv.Server.Jobs.Tick(context.Background()); err != nil {
			t.Fatal(err)
		}
		if priorityOf(t, srv, late) != task.PriorityHigh || priorityOf(t, srv, early) != task.PriorityHigh || priorityOf(t, srv, next) != task.PriorityNormal {
			t.Errorf("Paris's 25-hour day: late %s, early %s, next %s", priorityOf(t, srv, late), priorityOf(t, srv, early), priorityOf(t, srv, next))
		}
		if priorityOf(t, srv, bobs) != task.PriorityNormal {
			t.Error("bob's task was raised before his night")
		}
		// Bob's midnight.
		srv.Clock.Set(time.Date(2026, 10, 25, 0, 10, 0, 0, montreal))
		if err := srv.Server.Jobs.Tick(context.Background()); err != nil {
			t.Fatal(err)
		}
		if priorityOf(t, srv, bobs) != task.PriorityHigh || priorityOf(t, srv, late) != task.PriorityHigh {
			t.Errorf("after Montreal's midnight: bob %s, alice %s", priorityOf(t, srv, bobs), priorityOf(t, srv, late))
		}
	})
}

// Each morning a candidate with task notifications receives one French e-mail of the day's
// tasks, while they have premium; its link turns it off without signing in.
func TestMorningEmail(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		bruno := srv.SignInAs(t, testserver.EndedTrialCandidate, "bruno@exemple.fr")
		chloe := srv.SignInAs(t, testserver.TrialCandidate, "chloe@exemple.fr")
		sys := viewer.SystemContext(context.Background())
		for _, u := range []uuid.UUID{alice.User.ID, bruno.User.ID} {
			srv.Client.User.UpdateOneID(u).SetTaskNotifications(true).ExecX(sys)
		}
		day := func(h int) time.Time { return time.Date(2026, 11, 24, h, 0, 0, 0, paris) }
		seedTask(t, srv, alice.User.ID, day(12), task.PriorityHigh, task.StatusNotStarted)
		seedTask(t, srv, alice.User.ID, day(15), task.PriorityNormal, task.StatusNotStarted)
		seedTask(t, srv, alice.User.ID, day(16), task.PriorityNormal, task.StatusCompleted)
		seedTask(t, srv, bruno.User.ID, day(12), task.PriorityNormal, task.StatusNotStarted) // no premium any more
		seedTask(t, srv, chloe.User.ID, day(12), task.PriorityNormal, task.StatusNotStarted) // notifications off

		srv.Clock.Set(day(6)) // before 7 o'clock: nothing yet
		if err := srv.Server.Jobs.Tick(context.Background()); err != nil {
			t.Fatal(err)
		}
		if n := len(srv.Mail.Messages()); n != 0 {
			t.Fatalf("%d mails before 7 o'clock", n)
		}
		srv.Clock.Set(day(7))
		for range 2 {
			if err := srv.Server.Jobs.Tick(context.Background()); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := secondCopy(srv).RunNow(context.Background(), jobs.Digest, day(0)); err != nil {
			t.Fatal(err)
		}
		msgs := srv.Mail.Messages()
		if len(msgs) != 1 || len(msgs[0].To) != 1 || msgs[0].To[0] != "alice@exemple.fr" {
			t.Fatalf("mails: %+v", msgs)
		}
		m := msgs[0]
		if m.Subject != "Vos tâches du mardi 24 novembre" || !strings.Contains(m.Text, "Recherches sur internet — priorité haute") ||
			strings.Count(m.Text, "Recherches sur internet") != 2 {
			t.Errorf("the e-mail: %q\n%s", m.Subject, m.Text)
		}
		// Its unsubscribe link works without a session.
		i := strings.Index(m.Text, srv.URL+"/unsubscribe?token=")
		if i < 0 {
			t.Fatalf("no unsubscribe link:\n%s", m.Text)
		}
		link, err := url.Parse(strings.Fields(m.Text[i:])[0])
		if err != nil {
			t.Fatal(err)
		}
		anonymous := testserver.HTTPClient(t)
		status, body := srv.JSON(t, anonymous, http.MethodPost, "/api/notifications/unsubscribe", map[string]string{"token": link.Query().Get("token")})
		if status != http.StatusOK {
			t.Fatalf("unsubscribing: %d %v", status, body)
		}
		if srv.Client.User.GetX(sys, alice.User.ID).TaskNotifications {
			t.Error("still subscribed")
		}
		status, body = srv.JSON(t, anonymous, http.MethodPost, "/api/notifications/unsubscribe", map[string]string{"token": "inconnu"})
		if status != http.StatusNotFound || body["type"] != "TOKEN_INVALID" {
			t.Errorf("an unknown link: %d %v", status, body)
		}
		// The next morning, unsubscribed: no mail.
		seedTask(t, srv, alice.User.ID, time.Date(2026, 11, 25, 12, 0, 0, 0, paris), task.PriorityNormal, task.StatusNotStarted)
		srv.Clock.Set(time.Date(2026, 11, 25, 8, 0, 0, 0, paris))
		if err := srv.Server.Jobs.Tick(context.Background()); err != nil {
			t.Fatal(err)
		}
		if n := len(srv.Mail.Messages()); n != 1 {
			t.Errorf("%d mails after unsubscribing", n)
		}
	})
}
