package jobs_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent/application"
	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/ent/event"
	"github.com/tremplin/tremplin/ent/jobrun"
	"github.com/tremplin/tremplin/ent/session"
	"github.com/tremplin/tremplin/ent/task"
	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/internal/jobs"
	"github.com/tremplin/tremplin/internal/mail"
	"github.com/tremplin/tremplin/internal/testserver"
	"github.com/tremplin/tremplin/internal/viewer"
)

const (
	warningPrefix  = "Votre compte Tremplin sera supprimé le "
	deletedSubject = "Votre compte Tremplin a été supprimé"
)

// utc is a time of the retention's timeline, in UTC (its runs are at 02:00 UTC).
func utc(y int, m time.Month, d, h, min int) time.Time {
	return time.Date(y, m, d, h, min, 0, 0, time.UTC)
}

// received answers the messages delivered to to whose subject starts with prefix.
func received(srv *testserver.Start, to, prefix string) []string {
	var out []string
	for _, m := range srv.Mail.Messages() {
		if len(m.To) == 1 && strings.EqualFold(m.To[0], to) && strings.HasPrefix(m.Subject, prefix) {
			out = append(out, m.Subject)
		}
	}
	return out
}

// inactive makes an account whose last sign-in was at last (nil: never signed in, created at
// created).
func inactive(t *testing.T, srv *testserver.Start, email string, spec testserver.UserSpec, last *time.Time) uuid.UUID {
	t.Helper()
	u := srv.CreateUser(t, email, spec)
	srv.Client.User.UpdateOneID(u.ID).SetNillableLastLoginAt(last).ExecX(viewer.SystemContext(context.Background()))
	return u.ID
}

// The legal text's retention, night after night on a fake clock, with two copies of the server
// on one database: an account is warned by e-mail 30 days before its two years without a
// sign-in, once; a sign-in cancels the warning; it is deleted with everything it owns at two
// years, and never less than 30 days after its warning; the platform admin and a paying
// subscriber are left alone, and so is everyone else's data.
func TestRetentionWarnsThenDeletesAccountsUnusedForTwoYears(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		sys := viewer.SystemContext(context.Background())
		a, b := srv.Server.Jobs, secondCopy(srv)
		at := func(when time.Time, runners ...*jobs.Runner) {
			t.Helper()
			srv.Clock.Set(when)
			tick(t, runners...)
		}

		// Last sign-in on 10 January 2026 at 01:30 UTC: warned from 11 December 2027 01:30, so
		// by the run of 02:00 that day; two years are up on 10 January 2028 at 01:30.
		early := utc(2026, time.January, 10, 1, 30)
		srv.Clock.Set(early)
		ended := early.AddDate(0, 0, -1)
		alice := srv.SignIn(t, "alice@exemple.fr", testserver.UserSpec{IsB2C: true, TrialEnd: &ended, FirstName: "Alice"}).User.ID
		asAlice := viewer.NewContext(context.Background(), &viewer.Viewer{UserID: alice, Role: viewer.RoleCandidate})
		aliceContact := srv.Client.Contact.Create().SetOwnerID(alice).SetFirstName("Marc").SetLastName("Durand").SaveX(asAlice)
		srv.Client.Task.Create().SetOwnerID(alice).SetContactID(aliceContact.ID).SetSubject(task.SubjectInternetSearches).
			SetInitialDeadline(early).SetDeadline(early).ExecX(asAlice)
		srv.Client.Event.Create().SetOwnerID(alice).SetContactID(aliceContact.ID).SetSubject(event.SubjectJobInterviewPreparation).
			SetMediaType(event.MediaTypeVideoConferencing).SetDate(early).ExecX(asAlice)
		srv.Client.Application.Create().SetOwnerID(alice).SetCompany("Acme").SetJob("Comptable").SetSource(application.SourceFreeApplication).ExecX(asAlice)
		dora := inactive(t, srv, "dora@exemple.fr", testserver.UserSpec{IsB2C: true, TrialEnd: &ended, FirstName: "Dora"}, &early)
		horizon := srv.CreateAgency(t, "Agence Horizon", 5)
		damien := inactive(t, srv, "damien@exemple.fr", testserver.UserSpec{Role: user.RoleAgencyAdmin, AgencyID: &horizon.ID, FirstName: "Damien"}, &early)
		lucas := inactive(t, srv, "lucas@exemple.fr", testserver.UserSpec{AgencyID: &horizon.ID, License: "expired", FirstName: "Lucas"}, &early)
		// Never signed in, created at 00:30 UTC on 10 January 2026.
		nadia := srv.Client.User.Create().SetEmail("nadia@exemple.fr").SetRole(user.RoleCandidate).SetIsB2c(true).
			SetFirstName("Nadia").SetCreatedAt(early.Add(-time.Hour)).SaveX(sys).ID
		// An hour later in the day: warned a night later than Alice.
		later := early.Add(time.Hour)
		bruno := inactive(t, srv, "bruno@exemple.fr", testserver.UserSpec{IsB2C: true, TrialEnd: &ended, FirstName: "Bruno"}, &later)
		// Already past the two years when the job first runs.
		old := utc(2025, time.June, 1, 10, 0)
		eve := inactive(t, srv, "eve@exemple.fr", testserver.UserSpec{IsB2C: true, TrialEnd: &ended, FirstName: "Eve"}, &old)
		olga := inactive(t, srv, "olga@exemple.fr", testserver.UserSpec{Role: user.RoleAdmin, FirstName: "Olga"}, &old)
		paul := inactive(t, srv, "paul@exemple.fr", testserver.UserSpec{IsB2C: true, TrialEnd: &ended, FirstName: "Paul"}, &old)
		srv.Client.User.UpdateOneID(paul).SetHasPaid(true).SetSubscriptionStatus("active").ExecX(sys)
		// Active: her network must outlive the others' deletion.
		recent := utc(2027, time.June, 1, 9, 0)
		chloe := inactive(t, srv, "chloe@exemple.fr", testserver.UserSpec{IsB2C: true, TrialEnd: &ended, FirstName: "Chloé"}, &recent)
		asChloe := viewer.NewContext(context.Background(), &viewer.Viewer{UserID: chloe, Role: viewer.RoleCandidate})
		srv.Client.Contact.Create().SetOwnerID(chloe).SetFirstName("Jeanne").SetLastName("Petit").ExecX(asChloe)

		warnings := func(email string) []string { return received(srv, email, warningPrefix) }
		exists := func(id uuid.UUID) bool { return srv.Client.User.Query().Where(user.ID(id)).ExistX(sys) }

		// Before 02:00 UTC the night's run has not come.
		at(utc(2027, time.December, 10, 1, 59), a)
		if n := len(warnings("eve@exemple.fr")); n != 0 {
			t.Fatalf("warned before 02:00: %d", n)
		}
		// Eve, past the two years already, is warned first: her deletion waits 30 days.
		at(utc(2027, time.December, 10, 2, 0), a, b)
		m := srv.Mail.WaitForSubject(t, "eve@exemple.fr", warningPrefix+"9 janvier 2028")
		if !strings.Contains(m.Text, "Votre dernière connexion à Tremplin date du 1er juin 2025.") {
			t.Errorf("Eve's warning:\n%s", m.Text)
		}
		for _, email := range []string{"alice@exemple.fr", "nadia@exemple.fr", "bruno@exemple.fr"} {
			if got := warnings(email); len(got) != 0 {
				t.Errorf("%s warned before 2 years less 30 days: %v", email, got)
			}
		}
		if !exists(eve) {
			t.Fatal("Eve deleted without 30 days' notice")
		}

		// Two years less 30 days after their last sign-in (or creation): one e-mail each,
		// whichever copy of the server ran the night.
		at(utc(2027, time.December, 11, 2, 0), a, b)
		if n, err := b.RunNow(context.Background(), jobs.Retention, time.Time{}); n != 0 || err != nil {
			t.Errorf("the night run again by hand: %d, %v", n, err)
		}
		if n := srv.Client.JobRun.Query().Where(jobrun.Job(jobs.Retention), jobrun.RunKey("2027-12-11"), jobrun.FinishedAtNotNil(), jobrun.Error("")).CountX(sys); n != 1 {
			t.Errorf("%d finished claims of the night", n)
		}
		m = srv.Mail.WaitForSubject(t, "alice@exemple.fr", warningPrefix+"10 janvier 2028")
		for _, want := range []string{
			"Bonjour Alice,", "Votre dernière connexion à Tremplin date du 10 janvier 2026.",
			"seront supprimés le 10 janvier 2028", srv.URL + "/login", "« Mes données »", srv.URL + "/profile#my-data",
		} {
			if !strings.Contains(m.Text, want) {
				t.Errorf("Alice's warning lacks %q:\n%s", want, m.Text)
			}
		}
		m = srv.Mail.WaitForSubject(t, "nadia@exemple.fr", warningPrefix+"10 janvier 2028")
		if !strings.Contains(m.Text, "Votre compte Tremplin, créé le 10 janvier 2026, n'a encore jamais servi.") || !strings.Contains(m.Text, "Mot de passe oublié") {
			t.Errorf("Nadia's warning:\n%s", m.Text)
		}
		// An agency admin has no « Mes données »; a candidate whose licence has ended cannot
		// sign in: their agency can let them in again.
		if m = srv.Mail.WaitForSubject(t, "damien@exemple.fr", warningPrefix+"10 janvier 2028"); !strings.Contains(m.Text, srv.URL+"/login") || strings.Contains(m.Text, "Mes données") {
			t.Errorf("Damien's warning:\n%s", m.Text)
		}
		if m = srv.Mail.WaitForSubject(t, "lucas@exemple.fr", warningPrefix+"10 janvier 2028"); !strings.Contains(m.Text, "adressez-vous à votre agence (Agence Horizon)") || strings.Contains(m.Text, "/login") {
			t.Errorf("Lucas's warning:\n%s", m.Text)
		}
		srv.Mail.WaitForSubject(t, "dora@exemple.fr", warningPrefix+"10 janvier 2028")
		for _, email := range []string{"alice@exemple.fr", "nadia@exemple.fr", "damien@exemple.fr", "lucas@exemple.fr", "dora@exemple.fr", "eve@exemple.fr"} {
			if got := warnings(email); len(got) != 1 {
				t.Errorf("%s: %d warnings: %v", email, len(got), got)
			}
		}
		if got := warnings("bruno@exemple.fr"); len(got) != 0 {
			t.Errorf("Bruno warned an hour early: %v", got)
		}

		// The next night: Bruno, and nobody twice.
		at(utc(2027, time.December, 12, 2, 0), a)
		srv.Mail.WaitForSubject(t, "bruno@exemple.fr", warningPrefix+"11 janvier 2028")
		for _, email := range []string{"alice@exemple.fr", "eve@exemple.fr", "dora@exemple.fr"} {
			if got := warnings(email); len(got) != 1 {
				t.Errorf("%s warned again: %v", email, got)
			}
		}

		// Dora signs in: her warning is void and her two years start again.
		srv.Clock.Set(utc(2027, time.December, 20, 12, 0))
		srv.SignInExisting(t, "dora@exemple.fr", testserver.Password)
		if w := srv.Client.User.GetX(sys, dora).RetentionWarnedAt; w != nil {
			t.Errorf("Dora's warning outlived her sign-in: %v", w)
		}

		// 29 days after her warning Eve is still there; at 30 she goes, and is told why.
		at(utc(2028, time.January, 8, 2, 0), a)
		if !exists(eve) {
			t.Fatal("Eve deleted 29 days after her warning")
		}
		at(utc(2028, time.January, 9, 2, 0), a, b)
		if exists(eve) {
			t.Fatal("Eve not deleted 30 days after her warning")
		}
		m = srv.Mail.WaitForSubject(t, "eve@exemple.fr", deletedSubject)
		if !strings.Contains(m.Text, "Votre dernière connexion à Tremplin datait du 1er juin 2025.") || !strings.Contains(m.Text, "2 ans sans connexion") {
			t.Errorf("Eve's deletion e-mail:\n%s", m.Text)
		}
		if !exists(alice) {
			t.Fatal("Alice deleted before her two years")
		}

		// Two years after Alice's last sign-in: she goes with everything she owns, and so do
		// Nadia, Damien and Lucas; not Dora, who signed in, nor Bruno, warned a day later.
		at(utc(2028, time.January, 10, 2, 0), a, b)
		for name, id := range map[string]uuid.UUID{"Alice": alice, "Nadia": nadia, "Damien": damien, "Lucas": lucas} {
			if exists(id) {
				t.Errorf("%s not deleted at two years", name)
			}
		}
		for name, id := range map[string]uuid.UUID{"Dora": dora, "Bruno": bruno, "Olga (platform admin)": olga, "Paul (subscriber)": paul, "Chloé": chloe} {
			if !exists(id) {
				t.Errorf("%s deleted", name)
			}
		}
		owned := map[string]int{
			"contacts":     srv.Client.Contact.Query().Where(contact.OwnerID(alice)).CountX(sys),
			"tasks":        srv.Client.Task.Query().Where(task.OwnerID(alice)).CountX(sys),
			"events":       srv.Client.Event.Query().Where(event.OwnerID(alice)).CountX(sys),
			"applications": srv.Client.Application.Query().Where(application.OwnerID(alice)).CountX(sys),
			"sessions":     srv.Client.Session.Query().Where(session.UserID(alice)).CountX(sys),
		}
		for what, n := range owned {
			if n != 0 {
				t.Errorf("%d of Alice's %s left", n, what)
			}
		}
		if n := srv.Client.Contact.Query().Where(contact.OwnerID(chloe)).CountX(sys); n != 1 {
			t.Errorf("Chloé's network: %d contacts, want 1", n)
		}
		if got := received(srv, "chloe@exemple.fr", ""); len(got) != 0 {
			t.Errorf("Chloé, active, received %v", got)
		}
		if _, err := srv.Client.Agency.Get(sys, horizon.ID); err != nil {
			t.Errorf("the agency of a deleted admin: %v", err)
		}
		for _, email := range []string{"alice@exemple.fr", "nadia@exemple.fr", "damien@exemple.fr", "lucas@exemple.fr"} {
			srv.Mail.WaitForSubject(t, email, deletedSubject)
		}
		if m := srv.Mail.WaitForSubject(t, "nadia@exemple.fr", deletedSubject); !strings.Contains(m.Text, "créé le 10 janvier 2026, n'avait jamais servi") {
			t.Errorf("Nadia's deletion e-mail:\n%s", m.Text)
		}

		// Idempotent beyond its claim: the night run again (its claim given back, as after a
		// crash) warns and deletes nobody more.
		before := len(srv.Mail.Messages())
		srv.Client.JobRun.Delete().Where(jobrun.Job(jobs.Retention), jobrun.RunKey("2028-01-10")).ExecX(sys)
		if n, err := b.RunNow(context.Background(), jobs.Retention, time.Time{}); n != 0 || err != nil {
			t.Errorf("the night again: %d, %v", n, err)
		}
		if after := len(srv.Mail.Messages()); after != before {
			t.Errorf("%d more e-mails when the night ran again", after-before)
		}

		at(utc(2028, time.January, 11, 2, 0), a)
		if exists(bruno) {
			t.Error("Bruno not deleted 30 days after his warning")
		}

		// Dora's new two years count from her sign-in of 20 December 2027, 12:00: warned from
		// 20 November 2029, 12:00.
		at(utc(2029, time.November, 20, 2, 0), a)
		if got := warnings("dora@exemple.fr"); len(got) != 1 {
			t.Errorf("Dora warned again too early: %v", got)
		}
		at(utc(2029, time.November, 21, 2, 0), a)
		if got := warnings("dora@exemple.fr"); len(got) != 2 || got[1] != warningPrefix+"21 décembre 2029" {
			t.Errorf("Dora's warnings: %v", got)
		}
		// Four years without a sign-in: the platform admin and the subscriber are never warned.
		for _, email := range []string{"olga@exemple.fr", "paul@exemple.fr"} {
			if got := received(srv, email, ""); len(got) != 0 {
				t.Errorf("%s received %v", email, got)
			}
		}
	})
}

// failingMail refuses every message, as a mail server that is down.
type failingMail struct {
	mu    sync.Mutex
	tries int
}

func (f *failingMail) Send(context.Context, mail.Message) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.tries++
	return errors.New("connection refused")
}

// A warning that could not be sent is not recorded, so nobody's deletion counts from an e-mail
// they never got: the night records its failure, stops trying after a few refusals in a row,
// and the next night warns them.
func TestRetentionWarningsWaitForTheMailServer(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		sys := viewer.SystemContext(context.Background())
		old := utc(2025, time.June, 1, 10, 0)
		var ids []uuid.UUID
		for _, name := range []string{"a", "b", "c", "d", "e"} {
			ids = append(ids, inactive(t, srv, name+"@exemple.fr", testserver.UserSpec{IsB2C: true}, &old))
		}
		down := &failingMail{}
		runner := &jobs.Runner{Client: srv.Client, Clock: srv.Clock, Mail: down, PublicURL: srv.URL, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
		srv.Clock.Set(utc(2027, time.December, 10, 2, 0))
		if err := runner.Tick(context.Background()); err == nil {
			t.Error("a night whose e-mails failed reported no error")
		}
		if down.tries != 3 {
			t.Errorf("%d e-mails tried with the mail server down, want 3", down.tries)
		}
		if n := srv.Client.User.Query().Where(user.RetentionWarnedAtNotNil()).CountX(sys); n != 0 {
			t.Errorf("%d warnings recorded that were never sent", n)
		}
		run := srv.Client.JobRun.Query().Where(jobrun.Job(jobs.Retention), jobrun.RunKey("2027-12-10")).OnlyX(sys)
		if !strings.Contains(run.Error, "connection refused") || run.FinishedAt == nil {
			t.Errorf("the night's claim: finished %v, error %q", run.FinishedAt, run.Error)
		}

		tickAt(t, srv, utc(2027, time.December, 11, 2, 0))
		for i, id := range ids {
			if srv.Client.User.GetX(sys, id).RetentionWarnedAt == nil {
				t.Errorf("account %d not warned the next night", i)
			}
			srv.Mail.WaitForSubject(t, string(rune('a'+i))+"@exemple.fr", warningPrefix+"10 janvier 2028")
		}
	})
}
