package derive_test

import (
	"context"
	"testing"

	"github.com/tremplin/tremplin/ent/applicationsearchprefix"
	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/internal/db"
	"github.com/tremplin/tremplin/internal/derive"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/viewer"
)

// Rows saved before the company keys, mobile keys and search prefixes existed get them at the
// next start; a second start finds nothing to do.
func TestMissingDerivedDataIsWritten(t *testing.T) {
	testdb.Each(t, func(t *testing.T, d *db.Database) {
		ctx := viewer.SystemContext(context.Background())
		u := d.Client.User.Create().SetEmail("ancien@exemple.fr").SetRole(user.RoleCandidate).SaveX(ctx)
		c := d.Client.Contact.Create().SetOwnerID(u.ID).SetFirstName("Léa").SetLastName("DUBOIS").SetCompany("Société Générale SA").SaveX(ctx)
		m := d.Client.Contact.Create().SetOwnerID(u.ID).SetFirstName("Hugo").SetLastName("RENARD").SetMobileNumber("+33 6 11 22 33 44").SaveX(ctx)
		a := d.Client.Application.Create().SetOwnerID(u.ID).SetCompany("Société Générale").SetJob("Analyste").SetSource("other").SaveX(ctx)
		// As the rows were before this version.
		if _, err := d.SQL.ExecContext(ctx, "UPDATE contacts SET company_key = '', mobile_key = ''"); err != nil {
			t.Fatal(err)
		}
		if _, err := d.SQL.ExecContext(ctx, "DELETE FROM application_search_prefixes"); err != nil {
			t.Fatal(err)
		}
		n, err := derive.Missing(context.Background(), d.Client)
		if err != nil || n != 3 {
			t.Fatalf("derived %d rows (%v), want 3", n, err)
		}
		if got := d.Client.Contact.GetX(ctx, m.ID).MobileKey; got != "0611223344" {
			t.Errorf("mobile key %q", got)
		}
		if got := d.Client.Contact.GetX(ctx, c.ID).CompanyKey; got != "societe generale" {
			t.Errorf("company key %q", got)
		}
		if got := d.Client.ApplicationSearchPrefix.Query().Where(applicationsearchprefix.ApplicationID(a.ID), applicationsearchprefix.Prefix("gen")).ExistX(ctx); !got {
			t.Error("no search prefixes written")
		}
		if n, err := derive.Missing(context.Background(), d.Client); err != nil || n != 0 {
			t.Errorf("second run derived %d rows (%v), want 0", n, err)
		}
	})
}
