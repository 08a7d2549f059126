package callbacks_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/ent/event"
	"github.com/tremplin/tremplin/ent/task"
	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/internal/callbacks"
	"github.com/tremplin/tremplin/internal/db"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/viewer"
)

// A hand count on a fixed Wednesday in Paris: who is due by the end of the week, in which
// order, and who is not — and why.
func TestWhoIsDueThisWeek(t *testing.T) {
	paris, err := time.LoadLocation("Europe/Paris")
	if err != nil {
		t.Fatal(err)
	}
	// Wednesday 25 November 2026, 10:00 in Paris; the week ends Monday 30 November 00:00.
	now := time.Date(2026, time.November, 25, 10, 0, 0, 0, paris)
	day := func(m time.Month, d int) time.Time { return time.Date(2026, m, d, 12, 0, 0, 0, paris) }

	testdb.Each(t, func(t *testing.T, d *db.Database) {
		sys := viewer.SystemContext(context.Background())
		newOwner := func() uuid.UUID {
			return d.Client.User.Create().SetEmail(uuid.NewString() + "@exemple.fr").SetRole(user.RoleCandidate).SaveX(sys).ID
		}
		owner, other := newOwner(), newOwner()
		ctx := viewer.NewContext(context.Background(), &viewer.Viewer{UserID: owner, Role: viewer.RoleCandidate})
		add := func(who uuid.UUID, last string, added time.Time, status contact.Status, rhythm *contact.TouchRhythm) *ent.Contact {
			c := d.Client.Contact.Create().SetOwnerID(who).SetFirstName("Test").SetLastName(last).SetCreatedAt(added).
				SetEmail(last + "@exemple.fr").SetStatus(status).SetNillableTouchRhythm(rhythm).SaveX(sys)
			return c
		}
		doneTask := func(c *ent.Contact, at time.Time) {
			d.Client.Task.Create().SetOwnerID(c.OwnerID).SetContactID(c.ID).SetSubject(task.SubjectReminder).
				SetInitialDeadline(at).SetDeadline(at).SetExecutionDate(at).SetStatus(task.StatusCompleted).ExecX(sys)
		}
		doneEvent := func(c *ent.Contact, at time.Time) {
			d.Client.Event.Create().SetOwnerID(c.OwnerID).SetContactID(c.ID).SetSubject(event.SubjectCoffee).
				SetMediaType(event.MediaTypeFaceToFace).SetDate(at).SetStatus(event.StatusCompleted).ExecX(sys)
		}
		rhythm := func(r contact.TouchRhythm) *contact.TouchRhythm { return &r }
		twoWeeks, month, quarter := rhythm(contact.TouchRhythmTwoWeeks), rhythm(contact.TouchRhythmMonth), rhythm(contact.TouchRhythmQuarter)
		engaged, fresh := contact.StatusEngaged, contact.StatusNew
		longAgo := day(time.June, 1)

		// Due:
		a := add(owner, "ADAM", longAgo, fresh, twoWeeks) // every two weeks, last seen 1 November
		doneTask(a, day(time.November, 1))
		b := add(owner, "BLANC", longAgo, engaged, nil) // engaged, silent since 1 October (> 6 weeks)
		doneEvent(b, day(time.October, 1))
		add(owner, "CARON", day(time.August, 1), fresh, quarter) // never touched, added 1 August
		e := add(owner, "EVRARD", longAgo, fresh, twoWeeks)      // due on Sunday: last seen 14 November
		doneTask(e, day(time.November, 14))

		// Not due:
		doneEvent(add(owner, "FAURE", longAgo, fresh, month), day(time.November, 10))   // month, seen on the 10th
		doneTask(add(owner, "GIRARD", longAgo, engaged, nil), day(time.November, 1))    // engaged, seen 3 weeks ago
		add(owner, "HENRY", longAgo, fresh, nil)                                        // no rhythm, not engaged
		doneTask(add(owner, "IMBERT", longAgo, fresh, twoWeeks), day(time.December, 2)) // done ahead: counts
		planned := add(owner, "JOLY", longAgo, fresh, twoWeeks)                         // a follow-up is planned
		d.Client.Task.Create().SetOwnerID(owner).SetContactID(planned.ID).SetSubject(task.SubjectReminder).
			SetInitialDeadline(day(time.November, 27)).SetDeadline(day(time.November, 27)).ExecX(sys)
		add(owner, "KLEIN", day(time.November, 20), fresh, twoWeeks) // added five days ago
		add(other, "LEROY", longAgo, engaged, nil)                   // another candidate's

		due, err := callbacks.List(ctx, d.Client, owner, now, paris)
		if err != nil {
			t.Fatal(err)
		}
		type line struct {
			Name      string
			LastTouch string
			Since     string
		}
		var got []line
		for _, x := range due {
			l := line{Name: x.Contact.LastName, Since: x.Since.In(paris).Format(time.DateOnly)}
			if x.LastTouch != nil {
				l.LastTouch = x.LastTouch.In(paris).Format(time.DateOnly)
			}
			got = append(got, l)
		}
		want := []line{
			{"CARON", "", "2026-11-01"},            // added 1 August + a quarter
			{"BLANC", "2026-10-01", "2026-11-12"},  // + six weeks
			{"ADAM", "2026-11-01", "2026-11-15"},   // + two weeks
			{"EVRARD", "2026-11-14", "2026-11-28"}, // falls due on Saturday, this week
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("due (-want +got):\n%s", diff)
		}

		// Restricted to some contacts (the filter of one contact's page).
		one, err := callbacks.List(ctx, d.Client, owner, now, paris, a.ID, planned.ID)
		if err != nil || len(one) != 1 || one[0].Contact.ID != a.ID {
			t.Errorf("restricted: %v %v", one, err)
		}
	})
}
