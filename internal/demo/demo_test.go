package demo_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/agency"
	"github.com/tremplin/tremplin/ent/application"
	"github.com/tremplin/tremplin/ent/applicationsearchprefix"
	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/ent/event"
	"github.com/tremplin/tremplin/ent/license"
	"github.com/tremplin/tremplin/ent/task"
	"github.com/tremplin/tremplin/ent/user"
	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	"github.com/tremplin/tremplin/internal/access"
	"github.com/tremplin/tremplin/internal/applications"
	"github.com/tremplin/tremplin/internal/contacts"
	"github.com/tremplin/tremplin/internal/dashboard"
	"github.com/tremplin/tremplin/internal/db"
	"github.com/tremplin/tremplin/internal/demo"
	"github.com/tremplin/tremplin/internal/enums"
	"github.com/tremplin/tremplin/internal/licenses"
	"github.com/tremplin/tremplin/internal/tasks"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/viewer"
)

func TestSeedGivesTheCandidatesARealisticNetwork(t *testing.T) {
	testdb.Each(t, func(t *testing.T, d *db.Database) {
		ctx := viewer.SystemContext(context.Background())
		now := time.Date(2026, 11, 18, 9, 30, 0, 0, time.UTC)
		if err := demo.Seed(context.Background(), d.Client, demo.DefaultPassword, now); err != nil {
			t.Fatal(err)
		}
		count := func() map[string]int {
			out := map[string]int{}
			for _, email := range []string{"candidat@demo.tremplin.fr", "essai@demo.tremplin.fr", "expire@demo.tremplin.fr"} {
				u := d.Client.User.Query().Where(user.Email(email)).OnlyX(ctx)
				out[email] = d.Client.Contact.Query().Where(contact.OwnerID(u.ID)).CountX(ctx)
				out[email+" tasks"] = d.Client.Task.Query().Where(task.OwnerID(u.ID)).CountX(ctx)
				out[email+" applications"] = d.Client.Application.Query().Where(application.OwnerID(u.ID)).CountX(ctx)
			}
			return out
		}
		first := count()
		t.Logf("after one seed: %v", first)

		for _, email := range []string{"candidat@demo.tremplin.fr", "essai@demo.tremplin.fr"} {
			u := d.Client.User.Query().Where(user.Email(email)).OnlyX(ctx)
			net := d.Client.Contact.Query().Where(contact.OwnerID(u.ID)).WithTags().WithTasks().WithApplications().WithParent().AllX(ctx)
			if len(net) < 30 {
				t.Errorf("%s: %d contacts, want 30 or more", email, len(net))
			}
			ranks, statuses, tags := map[int]int{}, map[contact.Status]int{}, map[string]bool{}
			withApplication := 0
			for _, c := range net {
				ranks[c.Rank]++
				statuses[c.Status]++
				for _, tg := range c.Edges.Tags {
					tags[tg.Name] = true
				}
				if len(c.Edges.Applications) > 0 {
					withApplication++
				}
				// The rank is the depth; the stored keys are the ones the service computes.
				if (c.Edges.Parent == nil && c.Rank != 1) || (c.Edges.Parent != nil && c.Rank != c.Edges.Parent.Rank+1) {
					t.Errorf("%s %s: rank %d", email, c.LastName, c.Rank)
				}
				if c.SortKey != contacts.SortKey(c.FirstName, c.LastName) || c.SearchKey != contacts.SearchKey(c.FirstName, c.LastName, c.Company) {
					t.Errorf("%s %s: keys", email, c.LastName)
				}
				if name, ok := contacts.NormalizeLastName(c.LastName); !ok || name != c.LastName {
					t.Errorf("%s: last name %q breaks the rule", email, c.LastName)
				}
				// Statuses are explained by the contact's data and tasks.
				reachable := contacts.Reachable(c.Email, c.PhoneNumber, c.MobileNumber)
				completed, thanks := 0, false
				for _, tk := range c.Edges.Tasks {
					if tk.Status == task.StatusCompleted {
						completed++
						thanks = thanks || contacts.IsThanksSubject(string(tk.Subject))
					}
				}
				want := contacts.InitialStatus(reachable)
				if completed > 0 {
					want = contact.StatusEngaged
				}
				if thanks {
					want = contact.StatusThanked
				}
				if c.Status != want {
					t.Errorf("%s %s: status %s, its data say %s", email, c.LastName, c.Status, want)
				}
			}
			if ranks[1] == 0 || ranks[2] == 0 || ranks[3] == 0 {
				t.Errorf("%s: ranks %v", email, ranks)
			}
			for _, st := range []contact.Status{contact.StatusNew, contact.StatusIncomplete, contact.StatusEngaged, contact.StatusThanked} {
				if statuses[st] == 0 {
					t.Errorf("%s: no %s contact (%v)", email, st, statuses)
				}
			}
			for _, name := range []string{"Lyon", "Banque", "Recruteur", "Ancien collègue"} {
				if !tags[name] {
					t.Errorf("%s: no tag %s", email, name)
				}
			}
			if withApplication == 0 {
				t.Errorf("%s: no contact linked to an application", email)
			}
		}
		if n := first["expire@demo.tremplin.fr"]; n == 0 || n >= 30 {
			t.Errorf("expire@: %d contacts, want a smaller network", n)
		}

		// Seeding again duplicates nothing, even a day later.
		if err := demo.Seed(context.Background(), d.Client, demo.DefaultPassword, now.AddDate(0, 0, 1)); err != nil {
			t.Fatal(err)
		}
		second := count()
		for k, v := range first {
			if second[k] != v {
				t.Errorf("%s: %d after the first seed, %d after the second", k, v, second[k])
			}
		}
	})
}

// Each demo candidate has a dozen applications in every status, some linked to their
// contacts, some at a company where they know someone (« Qui je connais là-bas ? »).
func TestSeedGivesTheCandidatesApplications(t *testing.T) {
	testdb.Each(t, func(t *testing.T, d *db.Database) {
		ctx := viewer.SystemContext(context.Background())
		if err := demo.Seed(context.Background(), d.Client, demo.DefaultPassword, time.Date(2026, 11, 18, 9, 30, 0, 0, time.UTC)); err != nil {
			t.Fatal(err)
		}
		for _, email := range []string{"candidat@demo.tremplin.fr", "essai@demo.tremplin.fr", "expire@demo.tremplin.fr"} {
			u := d.Client.User.Query().Where(user.Email(email)).OnlyX(ctx)
			apps := d.Client.Application.Query().Where(application.OwnerID(u.ID)).WithContacts().AllX(ctx)
			statuses, linked, known := map[application.Status]int{}, 0, 0
			for _, a := range apps {
				statuses[a.Status]++
				if len(a.Edges.Contacts) > 0 {
					linked++
				}
				if d.Client.Contact.Query().Where(contact.OwnerID(u.ID), contact.CompanyKey(contacts.CompanyKey(a.Company))).ExistX(ctx) {
					known++
				}
				if len(applications.SearchPrefixes(a.Company)) == 0 || a.SearchKey == "" ||
					(a.Status == application.StatusEngaged && a.EngagedAt == nil) || (a.Status == application.StatusNew && a.EngagedAt != nil) {
					t.Errorf("%s: %s %s engaged at %v", email, a.Company, a.Status, a.EngagedAt)
				}
			}
			if len(apps) != 12 || len(statuses) != 4 || linked < 2 || known < 2 {
				t.Errorf("%s: %d applications, statuses %v, %d with contacts, %d at a known company", email, len(apps), statuses, linked, known)
			}
			if n := d.Client.ApplicationSearchPrefix.Query().Where(applicationsearchprefix.OwnerID(u.ID)).CountX(ctx); n == 0 {
				t.Errorf("%s: no search prefixes written", email)
			}
		}
	})
}

// The second agency has a candidate in each of the spec's six statuses, its licence counts
// add up, and seeding again — even after the demo was played with — brings every account back
// to its status without taking a licence twice.
func TestSeedGivesTheSecondAgencyEveryStatus(t *testing.T) {
	testdb.Each(t, func(t *testing.T, d *db.Database) {
		ctx := viewer.SystemContext(context.Background())
		now := time.Date(2026, 11, 18, 9, 30, 0, 0, time.UTC)
		want := map[string]string{
			"nouveau@demo.tremplin.fr":          access.StatusJustCreated,
			"invite@demo.tremplin.fr":           access.StatusWithPendingLicense,
			"actif@demo.tremplin.fr":            access.StatusWithValidLicense,
			"licence-terminee@demo.tremplin.fr": access.StatusWithExpiredLicense,
			"essai-agence@demo.tremplin.fr":     access.StatusInTrialPeriod,
			"fin-essai@demo.tremplin.fr":        access.StatusWithoutLicenseAfterTrial,
		}
		check := func(when string, at time.Time) {
			t.Helper()
			ag := d.Client.Agency.Query().Where(agency.Name(demo.SecondAgencyName)).OnlyX(ctx)
			members := d.Client.User.Query().Where(user.AgencyID(ag.ID), user.RoleEQ(user.RoleCandidate)).WithLicense().AllX(ctx)
			got := map[string]string{}
			for _, u := range members {
				got[u.Email] = access.Evaluate(u, u.Edges.License, at).Status
			}
			if len(got) != len(want) {
				t.Errorf("%s: the second agency's candidates %v", when, got)
			}
			for email, status := range want {
				if got[email] != status {
					t.Errorf("%s: %s is %q, want %q", when, email, got[email], status)
				}
			}
			pending := d.Client.License.Query().Where(license.AgencyID(ag.ID), license.ActivationDateIsNil()).CountX(ctx)
			c := licenses.CountsOf(ag, pending)
			if c != (licenses.Counts{Total: 10, Used: 2, Pending: 1, Remaining: 7}) {
				t.Errorf("%s: counts %+v", when, c)
			}
			if !d.Client.User.Query().Where(user.Email("agence2@demo.tremplin.fr"), user.RoleEQ(user.RoleAgencyAdmin), user.AgencyID(ag.ID)).ExistX(ctx) {
				t.Errorf("%s: no admin for the second agency", when)
			}
		}
		if err := demo.Seed(context.Background(), d.Client, demo.DefaultPassword, now); err != nil {
			t.Fatal(err)
		}
		check("after one seed", now)

		// The demo is played with: the invited candidate signs in, the new one gets a licence.
		invited := d.Client.User.Query().Where(user.Email("invite@demo.tremplin.fr")).OnlyX(ctx)
		d.Client.License.Update().Where(license.CandidateID(invited.ID)).SetActivationDate(now).SetExpirationDate(now.AddDate(1, 0, 0)).ExecX(ctx)
		d.Client.User.UpdateOne(invited).SetFirstLoginAt(now).ExecX(ctx)
		fresh := d.Client.User.Query().Where(user.Email("nouveau@demo.tremplin.fr")).OnlyX(ctx)
		if _, err := licenses.Allocate(ctx, d.Client, *fresh.AgencyID, fresh.ID, now); err != nil {
			t.Fatal(err)
		}

		later := now.AddDate(0, 0, 1)
		if err := demo.Seed(context.Background(), d.Client, demo.DefaultPassword, later); err != nil {
			t.Fatal(err)
		}
		check("after a second seed, a day later", later)
	})
}

// The demo candidates have a week of activities around the seeding day, so the dashboard shows
// figures: an interview completed this week, a task done and one overdue, events coming up. A
// second seed adds nothing.
func TestSeedGivesTheCandidatesAWeekOfActivities(t *testing.T) {
	testdb.Each(t, func(t *testing.T, d *db.Database) {
		ctx := viewer.SystemContext(context.Background())
		paris, _ := time.LoadLocation("Europe/Paris")
		now := time.Date(2026, 11, 25, 10, 0, 0, 0, paris) // a Wednesday
		for range 2 {
			if err := demo.Seed(context.Background(), d.Client, demo.DefaultPassword, now); err != nil {
				t.Fatal(err)
			}
		}
		for _, email := range []string{"candidat@demo.tremplin.fr", "essai@demo.tremplin.fr"} {
			u := d.Client.User.Query().Where(user.Email(email)).OnlyX(ctx)
			f, err := dashboard.Compute(ctx, d.Client, u.ID, now, now, paris)
			if err != nil {
				t.Fatal(err)
			}
			if f.CompletedInterviews.Now != 1 || f.CompletedTasks.Now < 2 || f.NotStartedTasks.Now < 2 || f.OverdueTasks < 1 || f.FirstTasks.Now < 1 {
				t.Errorf("%s: this week's figures %+v", email, f)
			}
			upcoming := d.Client.Event.Query().Where(event.OwnerID(u.ID), event.DateGT(now), event.StatusEQ(event.StatusNotStarted)).CountX(ctx)
			today := d.Client.Task.Query().Where(task.OwnerID(u.ID), task.DeadlineGTE(now.Truncate(24*time.Hour)), task.DeadlineLT(now.Add(24*time.Hour)), task.StatusEQ(task.StatusNotStarted)).CountX(ctx)
			if events := d.Client.Event.Query().Where(event.OwnerID(u.ID), event.ApplicationIDIsNil()).CountX(ctx); events != 5 || upcoming != 4 || today < 1 {
				t.Errorf("%s: %d events (want 5 after two seeds), %d upcoming (want 4), %d tasks due today", email, events, upcoming, today)
			}
			// Completed activities are with engaged contacts: every status stays explained.
			for _, e := range d.Client.Event.Query().Where(event.OwnerID(u.ID), event.StatusEQ(event.StatusCompleted), event.ContactIDNotNil()).WithContact().AllX(ctx) {
				if c := e.Edges.Contact; c == nil || (c.Status != contact.StatusEngaged && c.Status != contact.StatusThanked) {
					t.Errorf("%s: completed %s with a contact not engaged: %+v", email, e.Subject, c)
				}
			}
		}
	})
}

// The demo obeys the app's rules, so that what it shows could have been made with the app: an
// application is engaged (or was, before being won or lost) by its first completed activity,
// dated its engagement, and never without one; an activity reaches its contact by a channel
// the contact has, and when linked to an application has one of its subjects and one of its
// contacts; an intermediary is never incomplete; a contact's status is explained by its
// completed activities, tasks and events alike; a « my network » application has no reference.
func TestSeedObeysTheRules(t *testing.T) {
	testdb.Each(t, func(t *testing.T, d *db.Database) {
		ctx := viewer.SystemContext(context.Background())
		paris, _ := time.LoadLocation("Europe/Paris")
		now := time.Date(2026, 11, 25, 10, 0, 0, 0, paris)
		if err := demo.Seed(context.Background(), d.Client, demo.DefaultPassword, now); err != nil {
			t.Fatal(err)
		}
		for _, email := range []string{"candidat@demo.tremplin.fr", "essai@demo.tremplin.fr", "expire@demo.tremplin.fr", "actif@demo.tremplin.fr"} {
			u := d.Client.User.Query().Where(user.Email(email)).OnlyX(ctx)
			contactsByID := map[uuid.UUID]*ent.Contact{}
			for _, c := range d.Client.Contact.Query().Where(contact.OwnerID(u.ID)).WithParent().AllX(ctx) {
				contactsByID[c.ID] = c
				if p := c.Edges.Parent; p != nil && p.Status == contact.StatusIncomplete {
					t.Errorf("%s: %s %s has an incomplete intermediary (%s %s)", email, c.FirstName, c.LastName, p.FirstName, p.LastName)
				}
			}
			// What completed activities explain of each contact, and reach it by.
			completed := map[uuid.UUID]int{}
			thanked := map[uuid.UUID]bool{}
			channel := func(what string, media string, contactID *uuid.UUID) {
				if contactID == nil {
					return
				}
				c := contactsByID[*contactID]
				if msg := tasks.MissingChannel(enums.Parse[activityv1.MediaType](media), c); msg != "" {
					t.Errorf("%s: %s with %s %s by %s: %s", email, what, c.FirstName, c.LastName, media, msg)
				}
			}
			for _, tk := range d.Client.Task.Query().Where(task.OwnerID(u.ID)).AllX(ctx) {
				media := ""
				if tk.MediaType != nil {
					media = string(*tk.MediaType)
				}
				channel("task "+string(tk.Subject), media, tk.ContactID)
				if tk.Status == task.StatusCompleted && tk.ContactID != nil {
					completed[*tk.ContactID]++
					thanked[*tk.ContactID] = thanked[*tk.ContactID] || contacts.IsThanksSubject(string(tk.Subject))
				}
			}
			for _, ev := range d.Client.Event.Query().Where(event.OwnerID(u.ID)).AllX(ctx) {
				channel("event "+string(ev.Subject), string(ev.MediaType), ev.ContactID)
				if ev.Status == event.StatusCompleted && ev.ContactID != nil {
					completed[*ev.ContactID]++
				}
			}
			for id, c := range contactsByID {
				want := contacts.InitialStatus(contacts.Reachable(c.Email, c.PhoneNumber, c.MobileNumber))
				if completed[id] > 0 {
					want = contact.StatusEngaged
				}
				if thanked[id] {
					want = contact.StatusThanked
				}
				if c.Status != want {
					t.Errorf("%s: %s %s is %s, its activities say %s", email, c.FirstName, c.LastName, c.Status, want)
				}
			}

			apps := d.Client.Application.Query().Where(application.OwnerID(u.ID)).WithContacts().WithTasks().WithEvents().AllX(ctx)
			for _, a := range apps {
				name := email + ": " + a.Company
				if a.Source == application.SourceMyNetwork && a.Reference != "" {
					t.Errorf("%s: a « my network » application with a reference", name)
				}
				linked := map[uuid.UUID]bool{}
				for _, c := range a.Edges.Contacts {
					linked[c.ID] = true
				}
				var first *time.Time
				done := func(at *time.Time) {
					if at != nil && (first == nil || at.Before(*first)) {
						first = at
					}
				}
				for _, tk := range a.Edges.Tasks {
					if !tasks.ApplicationSubjects[enums.Parse[activityv1.TaskSubject](string(tk.Subject))] {
						t.Errorf("%s: a task %s, not a subject of an application", name, tk.Subject)
					}
					if tk.ContactID != nil && !linked[*tk.ContactID] {
						t.Errorf("%s: a task with a contact not of the application", name)
					}
					if tk.Status == task.StatusCompleted {
						done(tk.ExecutionDate)
					}
				}
				for _, ev := range a.Edges.Events {
					if ev.ContactID != nil && !linked[*ev.ContactID] {
						t.Errorf("%s: an event with a contact not of the application", name)
					}
					if ev.Status == event.StatusCompleted {
						done(ev.CompletedAt)
					}
				}
				switch {
				case a.Status == application.StatusEngaged && a.EngagedAt == nil:
					t.Errorf("%s: engaged with no engagement date", name)
				case a.EngagedAt != nil && first == nil:
					t.Errorf("%s: %s, engaged on %s, with no completed activity", name, a.Status, a.EngagedAt.Format(time.DateOnly))
				case a.EngagedAt != nil && !first.Equal(*a.EngagedAt):
					t.Errorf("%s: engaged on %s, its first completed activity on %s", name, a.EngagedAt, first)
				case a.EngagedAt == nil && first != nil:
					t.Errorf("%s: %s with a completed activity, never engaged", name, a.Status)
				}
				if a.EngagedAt != nil && a.EngagedAt.After(now) {
					t.Errorf("%s: engaged in the future", name)
				}
			}
		}
	})
}
