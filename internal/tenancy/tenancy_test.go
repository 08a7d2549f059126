package tenancy_test

import (
	"context"
	"errors"
	"testing"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/ent/privacy"
	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/internal/db"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/viewer"
)

type world struct {
	client                 *ent.Client
	alice, bob, agencyUser *ent.User
	otherAgencyCandidate   *ent.User
	aliceContact           *ent.Contact
	bobContact             *ent.Contact
	agencyID, otherAgency  uuid.UUID
}

func setup(t *testing.T, d *db.Database) world {
	t.Helper()
	sys := viewer.SystemContext(context.Background())
	c := d.Client
	ag := c.Agency.Create().SetName("A").SetEmail("a@a.fr").SaveX(sys)
	other := c.Agency.Create().SetName("B").SetEmail("b@b.fr").SaveX(sys)
	w := world{client: c, agencyID: ag.ID, otherAgency: other.ID}
	w.alice = c.User.Create().SetEmail("alice@x.fr").SetRole(user.RoleCandidate).SetAgencyID(ag.ID).SaveX(sys)
	w.bob = c.User.Create().SetEmail("bob@x.fr").SetRole(user.RoleCandidate).SetAgencyID(ag.ID).SaveX(sys)
	w.agencyUser = c.User.Create().SetEmail("agence@x.fr").SetRole(user.RoleAgencyAdmin).SetAgencyID(ag.ID).SaveX(sys)
	w.otherAgencyCandidate = c.User.Create().SetEmail("autre@x.fr").SetRole(user.RoleCandidate).SetAgencyID(other.ID).SaveX(sys)
	w.aliceContact = c.Contact.Create().SetOwnerID(w.alice.ID).SetLastName("DURAND").SaveX(sys)
	w.bobContact = c.Contact.Create().SetOwnerID(w.bob.ID).SetLastName("MARTIN").SaveX(sys)
	return w
}

func as(u *ent.User) context.Context {
	v := &viewer.Viewer{UserID: u.ID, Role: viewer.Role(u.Role)}
	if u.AgencyID != nil {
		v.AgencyID = *u.AgencyID
	}
	return viewer.NewContext(context.Background(), v)
}

// A forgotten filter in a service is an empty result, never another candidate's rows.
func TestCandidatesSeeAndChangeOnlyTheirOwnRows(t *testing.T) {
	testdb.Each(t, func(t *testing.T, d *db.Database) {
		w := setup(t, d)
		ctx := as(w.alice)

		all, err := w.client.Contact.Query().All(ctx)
		if err != nil || len(all) != 1 || all[0].ID != w.aliceContact.ID {
			t.Fatalf("unfiltered query as alice: %v %v", all, err)
		}
		if _, err := w.client.Contact.Get(ctx, w.bobContact.ID); !ent.IsNotFound(err) {
			t.Errorf("reading bob's contact: %v", err)
		}
		if err := w.client.Contact.UpdateOneID(w.bobContact.ID).SetLastName("PIRATE").Exec(ctx); !ent.IsNotFound(err) {
			t.Errorf("updating bob's contact: %v", err)
		}
		if n, err := w.client.Contact.Update().Where(contact.LastName("MARTIN")).SetJob("Pirate").Save(ctx); err != nil || n != 0 {
			t.Errorf("bulk update reaching bob's contact: %d %v", n, err)
		}
		if err := w.client.Contact.DeleteOneID(w.bobContact.ID).Exec(ctx); !ent.IsNotFound(err) {
			t.Errorf("deleting bob's contact: %v", err)
		}
		if _, err := w.client.Contact.Create().SetOwnerID(w.bob.ID).SetLastName("INTRUS").Save(ctx); !errors.Is(err, privacy.Deny) {
			t.Errorf("creating a contact for bob: %v", err)
		}
		// Bob's contact is intact.
		sys := viewer.SystemContext(context.Background())
		if got := w.client.Contact.GetX(sys, w.bobContact.ID); got.LastName != "MARTIN" {
			t.Errorf("bob's contact changed: %v", got.LastName)
		}
		// Without a viewer nothing is readable.
		if _, err := w.client.Contact.Query().All(context.Background()); !errors.Is(err, privacy.Deny) {
			t.Errorf("query without viewer: %v", err)
		}
	})
}

func TestStaffHaveNoAccessToCandidatesNetworks(t *testing.T) {
	testdb.Each(t, func(t *testing.T, d *db.Database) {
		w := setup(t, d)
		if _, err := w.client.Contact.Query().All(as(w.agencyUser)); !errors.Is(err, privacy.Deny) {
			t.Errorf("agency admin reading contacts: %v", err)
		}
	})
}

func TestUsersAreScopedByRoleAndAgency(t *testing.T) {
	testdb.Each(t, func(t *testing.T, d *db.Database) {
		w := setup(t, d)
		emails := func(ctx context.Context) map[string]bool {
			out := map[string]bool{}
			for _, u := range w.client.User.Query().AllX(ctx) {
				out[u.Email] = true
			}
			return out
		}
		if got := emails(as(w.alice)); len(got) != 1 || !got["alice@x.fr"] {
			t.Errorf("alice sees %v", got)
		}
		if got := emails(as(w.agencyUser)); len(got) != 3 || got["autre@x.fr"] {
			t.Errorf("the agency admin sees %v", got)
		}
		// A candidate cannot give themselves access.
		if err := w.client.User.UpdateOneID(w.alice.ID).SetHasPaid(true).Exec(as(w.alice)); !errors.Is(err, privacy.Deny) {
			t.Errorf("alice setting has_paid: %v", err)
		}
		if err := w.client.User.UpdateOneID(w.alice.ID).SetFirstName("Alice").Exec(as(w.alice)); err != nil {
			t.Errorf("alice editing her name: %v", err)
		}
		// An agency admin manages their own candidates, not another agency's.
		if err := w.client.User.UpdateOneID(w.otherAgencyCandidate.ID).SetFirstName("X").Exec(as(w.agencyUser)); !ent.IsNotFound(err) {
			t.Errorf("agency admin editing another agency's candidate: %v", err)
		}
		if err := w.client.User.UpdateOneID(w.bob.ID).SetFirstName("Bob").Exec(as(w.agencyUser)); err != nil {
			t.Errorf("agency admin editing their candidate: %v", err)
		}
		// Access and billing are not theirs to change: neither promoting, nor moving, nor
		// clearing; granting free access to their candidate is.
		for name, change := range map[string]func() error{
			"self to admin": func() error {
				return w.client.User.UpdateOneID(w.agencyUser.ID).SetRole(user.RoleAdmin).Exec(as(w.agencyUser))
			},
			"candidate to admin": func() error {
				return w.client.User.UpdateOneID(w.bob.ID).SetRole(user.RoleAdmin).Exec(as(w.agencyUser))
			},
			"candidate's agency": func() error {
				return w.client.User.UpdateOneID(w.bob.ID).SetAgencyID(w.otherAgency).Exec(as(w.agencyUser))
			},
			"clearing an agency": func() error { return w.client.User.UpdateOneID(w.bob.ID).ClearAgencyID().Exec(as(w.agencyUser)) },
			"candidate has paid": func() error { return w.client.User.UpdateOneID(w.bob.ID).SetHasPaid(true).Exec(as(w.agencyUser)) },
		} {
			if err := change(); !errors.Is(err, privacy.Deny) {
				t.Errorf("agency admin changing %s: %v", name, err)
			}
		}
		if err := w.client.User.UpdateOneID(w.bob.ID).SetHasFreeAccess(true).Exec(as(w.agencyUser)); err != nil {
			t.Errorf("agency admin granting free access to their candidate: %v", err)
		}
		if err := w.client.User.UpdateOneID(w.alice.ID).ClearTrialEndAt().Exec(as(w.alice)); !errors.Is(err, privacy.Deny) {
			t.Errorf("alice clearing her trial end: %v", err)
		}
		if _, err := w.client.User.Create().SetEmail("n@x.fr").SetRole(user.RoleCandidate).SetAgencyID(w.otherAgency).Save(as(w.agencyUser)); !errors.Is(err, privacy.Deny) {
			t.Errorf("agency admin creating outside their agency: %v", err)
		}
		if _, err := w.client.User.Create().SetEmail("n@x.fr").SetRole(user.RoleCandidate).SetAgencyID(w.agencyID).Save(as(w.agencyUser)); err != nil {
			t.Errorf("agency admin creating a candidate of their agency: %v", err)
		}
		if _, err := w.client.User.Create().SetEmail("m@x.fr").SetRole(user.RoleAdmin).SetAgencyID(w.agencyID).Save(as(w.agencyUser)); !errors.Is(err, privacy.Deny) {
			t.Errorf("agency admin creating an admin: %v", err)
		}
	})
}

func TestPlumbingIsSystemOnly(t *testing.T) {
	testdb.Each(t, func(t *testing.T, d *db.Database) {
		w := setup(t, d)
		if _, err := w.client.Session.Query().All(as(w.alice)); !errors.Is(err, privacy.Deny) {
			t.Errorf("sessions readable by a user: %v", err)
		}
		if _, err := w.client.ActionToken.Query().All(as(w.agencyUser)); !errors.Is(err, privacy.Deny) {
			t.Errorf("tokens readable by an agency admin: %v", err)
		}
	})
}

// Deleting a candidate deletes what they own: an agency admin may delete the rows of their
// agency's candidates (and only delete them), never another agency's; a candidate only theirs.
func TestManagersDeleteOnlyTheirCandidatesRows(t *testing.T) {
	testdb.Each(t, func(t *testing.T, d *db.Database) {
		w := setup(t, d)
		sys := viewer.SystemContext(context.Background())
		foreign := w.client.Contact.Create().SetOwnerID(w.otherAgencyCandidate.ID).SetLastName("AILLEURS").SaveX(sys)
		boss := as(w.agencyUser)
		if n, err := w.client.Contact.Delete().Where(contact.OwnerID(w.otherAgencyCandidate.ID)).Exec(boss); err != nil || n != 0 {
			t.Errorf("agency admin deleting another agency's candidate's contacts: %d %v", n, err)
		}
		if err := w.client.Contact.DeleteOneID(foreign.ID).Exec(boss); !ent.IsNotFound(err) {
			t.Errorf("agency admin deleting another agency's contact by id: %v", err)
		}
		if n, err := w.client.Contact.Delete().Exec(boss); err != nil || n != 2 {
			t.Errorf("agency admin deleting every contact they may: %d %v, want their 2 candidates' only", n, err)
		}
		if !w.client.Contact.Query().Where(contact.ID(foreign.ID)).ExistX(sys) {
			t.Error("another agency's contact was deleted")
		}
		// Deleting is all they may do with those rows.
		if _, err := w.client.Contact.Query().All(boss); !errors.Is(err, privacy.Deny) {
			t.Errorf("agency admin reading contacts: %v", err)
		}
		if _, err := w.client.Contact.Update().SetJob("X").Save(boss); !errors.Is(err, privacy.Deny) {
			t.Errorf("agency admin updating contacts: %v", err)
		}
		// A candidate deletes only their own: alice's new contact is there to be spared.
		spared := w.client.Contact.Create().SetOwnerID(w.alice.ID).SetLastName("ÉPARGNÉ").SaveX(sys)
		if n, err := w.client.Contact.Delete().Exec(as(w.otherAgencyCandidate)); err != nil || n != 1 {
			t.Errorf("a candidate deleting their contacts: %d %v, want their 1 only", n, err)
		}
		if !w.client.Contact.Query().Where(contact.ID(spared.ID)).ExistX(sys) {
			t.Error("a candidate's delete took another candidate's contact")
		}
	})
}

func TestLicenceBatchesAreTheAdminsToAdd(t *testing.T) {
	testdb.Each(t, func(t *testing.T, d *db.Database) {
		w := setup(t, d)
		if err := w.client.LicenseBatch.Create().SetAgencyID(w.agencyID).SetCount(5).Exec(as(w.agencyUser)); !errors.Is(err, privacy.Deny) {
			t.Errorf("an agency admin adding licences: %v", err)
		}
		admin := w.client.User.Create().SetEmail("admin@x.fr").SetRole(user.RoleAdmin).SaveX(viewer.SystemContext(context.Background()))
		w.client.LicenseBatch.Create().SetAgencyID(w.otherAgency).SetCount(5).ExecX(as(admin))
		if n, err := w.client.LicenseBatch.Query().Count(as(w.agencyUser)); err != nil || n != 0 {
			t.Errorf("an agency admin reading another agency's batches: %d %v", n, err)
		}
	})
}
