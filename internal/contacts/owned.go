package contacts

import (
	"context"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/internal/apierr"
)

// EnsureOwned answers NotFound (« Contact introuvable ») unless every id is one of the owner's
// contacts, whether the others exist or not: one statement, whatever their number, and none
// for no id.
func EnsureOwned(ctx context.Context, client *ent.Client, owner uuid.UUID, ids ...uuid.UUID) error {
	if len(ids) == 0 {
		return nil
	}
	n, err := client.Contact.Query().Where(contact.IDIn(ids...), contact.OwnerID(owner)).Count(ctx)
	if err != nil {
		return err
	}
	if n != len(ids) {
		return apierr.NotFound(apierr.Contact)
	}
	return nil
}
