package demo_test

import (
	"context"
	"testing"
	"time"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/ent/task"
	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/internal/contacts"
	"github.com/tremplin/tremplin/internal/db"
	"github.com/tremplin/tremplin/internal/demo"
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
		var apps []*ent.Application
		apps = d.Client.Application.Query().AllX(ctx)
		if len(apps) != 2 {
			t.Errorf("%d demo applications, want 2", len(apps))
		}
	})
}
