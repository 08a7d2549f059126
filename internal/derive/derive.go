// Package derive brings rows saved before a derived column existed up to date.
package derive

import (
	"context"
	"fmt"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/application"
	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/internal/db"
	"github.com/tremplin/tremplin/internal/viewer"
)

// Missing writes the derived data of rows saved before it existed — a contact's company key
// and mobile key, an application's search prefixes — by saving their source field again
// through the hooks that derive them, so the keys are computed in Go exactly as for new rows.
// Run after the migrations at every start: once everything is derived it costs three reads
// that find nothing. Answers how many rows it derived.
func Missing(ctx context.Context, client *ent.Client) (int, error) {
	ctx = viewer.SystemContext(ctx)
	n := 0
	err := db.WithTx(ctx, client, func(ctx context.Context, tx *ent.Tx) error {
		c := tx.Client()
		people, err := c.Contact.Query().Where(contact.CompanyNEQ(""), contact.CompanyKey("")).
			Select(contact.FieldID, contact.FieldCompany).All(ctx)
		if err != nil {
			return fmt.Errorf("finding contacts without a company key: %w", err)
		}
		for _, p := range people {
			if err := c.Contact.UpdateOneID(p.ID).SetCompany(p.Company).Exec(ctx); err != nil {
				return fmt.Errorf("deriving contact %s: %w", p.ID, err)
			}
		}
		// A mobile with no digit at all (never accepted by the forms) keeps an empty key and
		// is read again at each start: harmless.
		mobiles, err := c.Contact.Query().Where(contact.MobileNumberNEQ(""), contact.MobileKey("")).
			Select(contact.FieldID, contact.FieldMobileNumber).All(ctx)
		if err != nil {
			return fmt.Errorf("finding contacts without a mobile key: %w", err)
		}
		for _, p := range mobiles {
			if err := c.Contact.UpdateOneID(p.ID).SetMobileNumber(p.MobileNumber).Exec(ctx); err != nil {
				return fmt.Errorf("deriving the mobile key of contact %s: %w", p.ID, err)
			}
		}
		apps, err := c.Application.Query().Where(application.Not(application.HasSearchPrefixes())).
			Select(application.FieldID, application.FieldCompany).All(ctx)
		if err != nil {
			return fmt.Errorf("finding applications without search prefixes: %w", err)
		}
		for _, a := range apps {
			if err := c.Application.UpdateOneID(a.ID).SetCompany(a.Company).Exec(ctx); err != nil {
				return fmt.Errorf("deriving application %s: %w", a.ID, err)
			}
		}
		n = len(people) + len(mobiles) + len(apps)
		return nil
	})
	return n, err
}
