package jobs_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent/contact"
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

// A second copy of the server's jobs, on the same database (several copies behind a balancer).
func secondCopy(srv *testserver.Start) *jobs.Runner {
	return &jobs.Runner{Client: srv.Client, Clock: srv.Clock, Mail: srv.Server.Jobs.Mail, PublicURL: srv.URL, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
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

		// Two contacts of Alice's to call back: the e-mail names them, the longest overdue first.
		asAlice := viewer.NewContext(context.Background(), &viewer.Viewer{UserID: alice.User.ID, Role: viewer.RoleCandidate})
		since := time.Date(2026, 8, 1, 12, 0, 0, 0, paris)
		srv.Client.Contact.Create().SetOwnerID(alice.User.ID).SetFirstName("Claire").SetLastName("BERNARD").SetCompany("BNP Paribas").
			SetEmail("claire@exemple.fr").SetCreatedAt(since).SetStatus(contact.StatusEngaged).ExecX(asAlice)
		marc := srv.Client.Contact.Create().SetOwnerID(alice.User.ID).SetFirstName("Marc").SetLastName("DURAND").
			SetEmail("marc@exemple.fr").SetCreatedAt(since).SetTouchRhythm(contact.TouchRhythmMonth).SaveX(asAlice)
		called := time.Date(2026, 10, 1, 10, 0, 0, 0, paris)
		srv.Client.Task.Create().SetOwnerID(alice.User.ID).SetContactID(marc.ID).SetSubject(task.SubjectReminder).SetStatus(task.StatusCompleted).
			SetInitialDeadline(called).SetDeadline(called).SetExecutionDate(called).ExecX(asAlice)

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
		if !strings.Contains(strings.ReplaceAll(m.Text, "\r\n", "\n"), "À relancer cette semaine :\n\n- Claire BERNARD (BNP Paribas) — jamais contacté\n- Marc DURAND — dernier échange le 1er octobre 2026\n") {
			t.Errorf("the contacts to call back:\n%s", m.Text)
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
