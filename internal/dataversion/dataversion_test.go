package dataversion_test

import (
	"context"
	"errors"
	"testing"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/internal/db"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/viewer"
)

func as(id uuid.UUID) context.Context {
	return viewer.NewContext(context.Background(), &viewer.Viewer{UserID: id, Role: viewer.RoleCandidate})
}

// candidate creates a candidate, as server code does.
func candidate(c *ent.Client, email string) *ent.User {
	return c.User.Create().SetEmail(email).SetRole(user.RoleCandidate).SaveX(viewer.SystemContext(context.Background()))
}

func version(t *testing.T, c *ent.Client, id uuid.UUID) int64 {
	t.Helper()
	return c.User.GetX(viewer.SystemContext(context.Background()), id).DataVersion
}

func TestEveryChangeOfOwnedDataMovesTheOwnersVersion(t *testing.T) {
	testdb.Each(t, func(t *testing.T, d *db.Database) {
		c := d.Client
		alice := candidate(c, "alice@x.fr")
		bob := candidate(c, "bob@x.fr")
		sys := viewer.SystemContext(context.Background())
		admin := c.User.Create().SetEmail("admin@x.fr").SetRole(user.RoleAdmin).SaveX(sys)

		steps := []struct {
			name string
			do   func(ctx context.Context) error
		}{
			{"create a contact", func(ctx context.Context) error {
				return c.Contact.Create().SetOwnerID(alice.ID).SetLastName("DURAND").Exec(ctx)
			}},
			{"update contacts", func(ctx context.Context) error {
				return c.Contact.Update().SetJob("Acheteuse").Exec(ctx)
			}},
			{"create a tag", func(ctx context.Context) error {
				return c.Tag.Create().SetOwnerID(alice.ID).SetName("Lyon").SetNameKey("lyon").Exec(ctx)
			}},
			{"delete contacts", func(ctx context.Context) error {
				_, err := c.Contact.Delete().Exec(ctx)
				return err
			}},
		}
		for _, step := range steps {
			before, bobBefore := version(t, c, alice.ID), version(t, c, bob.ID)
			if err := step.do(as(alice.ID)); err != nil {
				t.Fatalf("%s: %v", step.name, err)
			}
			if version(t, c, alice.ID) <= before {
				t.Errorf("%s: alice's version did not move", step.name)
			}
			if version(t, c, bob.ID) != bobBefore {
				t.Errorf("%s: bob's version moved", step.name)
			}
		}

		// A refused change moves nothing.
		before := version(t, c, bob.ID)
		if err := c.Contact.Create().SetOwnerID(bob.ID).SetLastName("INTRUS").Exec(as(alice.ID)); err == nil {
			t.Fatal("alice created a contact for bob")
		}
		if version(t, c, bob.ID) != before {
			t.Error("a refused creation moved bob's version")
		}

		// A rolled-back change moves nothing: the bump is in the same transaction.
		before = version(t, c, alice.ID) // read first: SQLite has one connection, the tx takes it
		tx, err := c.Tx(as(alice.ID))
		if err != nil {
			t.Fatal(err)
		}
		if err := tx.Contact.Create().SetOwnerID(alice.ID).SetLastName("ANNULÉ").Exec(as(alice.ID)); err != nil {
			t.Fatal(err)
		}
		_ = tx.Rollback()
		if version(t, c, alice.ID) != before {
			t.Error("a rolled-back creation moved alice's version")
		}

		// Server code: a creation moves its owner; a bulk update moves every candidate.
		before, bobBefore := version(t, c, alice.ID), version(t, c, bob.ID)
		c.Contact.Create().SetOwnerID(bob.ID).SetLastName("MARTIN").ExecX(sys)
		if version(t, c, bob.ID) <= bobBefore || version(t, c, alice.ID) != before {
			t.Error("a system creation should move only its owner's version")
		}
		bobBefore = version(t, c, bob.ID)
		c.Contact.Update().SetJob("x").ExecX(sys)
		if version(t, c, bob.ID) <= bobBefore || version(t, c, alice.ID) <= before {
			t.Error("a system update should move every candidate's version")
		}
		if version(t, c, admin.ID) != 0 {
			t.Error("staff have no data version to move")
		}
	})
}

// In a transaction scope (db.WithTx), every owner whose rows changed sees their version move,
// once for the whole transaction; a failed transaction moves nothing.
func TestATransactionMovesEachOwnersVersionOnce(t *testing.T) {
	testdb.Each(t, func(t *testing.T, d *db.Database) {
		c := d.Client
		alice := candidate(c, "alice@x.fr")
		bob := candidate(c, "bob@x.fr")
		carol := candidate(c, "carol@x.fr")
		sys := viewer.SystemContext(context.Background())
		before := map[uuid.UUID]int64{alice.ID: version(t, c, alice.ID), bob.ID: version(t, c, bob.ID), carol.ID: version(t, c, carol.ID)}
		err := db.WithTx(sys, c, func(ctx context.Context, tx *ent.Tx) error {
			for _, owner := range []uuid.UUID{alice.ID, alice.ID, alice.ID, bob.ID, bob.ID} {
				if err := tx.Contact.Create().SetOwnerID(owner).SetLastName("DURAND").Exec(ctx); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		for id, want := range map[uuid.UUID]int64{alice.ID: before[alice.ID] + 1, bob.ID: before[bob.ID] + 1, carol.ID: before[carol.ID]} {
			if got := version(t, c, id); got != want {
				t.Errorf("version %d, want %d", got, want)
			}
		}

		failed := errors.New("refusé")
		err = db.WithTx(as(alice.ID), c, func(ctx context.Context, tx *ent.Tx) error {
			if err := tx.Contact.Create().SetOwnerID(alice.ID).SetLastName("ANNULÉ").Exec(ctx); err != nil {
				return err
			}
			return failed
		})
		if !errors.Is(err, failed) || version(t, c, alice.ID) != before[alice.ID]+1 {
			t.Errorf("a failed transaction: %v, version %d", err, version(t, c, alice.ID))
		}
	})
}
