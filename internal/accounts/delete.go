// Package accounts holds what happens to an account as a whole: its deletion with everything
// it owns (a candidate's by themself, by their agency admin; any account unused for two years
// by the retention job) and the copy of everything a candidate owns (the RGPD's rights of
// access and portability).
package accounts

import (
	"context"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/event"
	"github.com/tremplin/tremplin/ent/task"
	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/licenses"
	"github.com/tremplin/tremplin/internal/mail"
)

// Delete deletes candidate id and everything they own, inside the caller's transaction: their
// activities first (they point at contacts, which refuse to go while pointed at), then the
// account, whose deletion cascades in the database to their contacts, tags, applications,
// settings, calendar feed, sessions and password links. A pending licence goes back to the
// agency's pool. A missing candidate answers NotFound.
func Delete(ctx context.Context, tx *ent.Tx, id uuid.UUID) error {
	if err := licenses.Release(ctx, tx.Client(), id); err != nil {
		return err
	}
	if _, err := tx.Task.Delete().Where(task.OwnerID(id)).Exec(ctx); err != nil {
		return err
	}
	if _, err := tx.Event.Delete().Where(event.OwnerID(id)).Exec(ctx); err != nil {
		return err
	}
	return deleteUser(ctx, tx, id, user.RoleCandidate, apierr.Candidate)
}

// DeleteAgencyAdmin deletes agency admin id inside the caller's transaction (the retention of
// inactive accounts): their account, sessions and password links. What they did for their
// agency stays the agency's — the licences they allocated and the API keys they made lose
// their author only — and so does the agency, whose other admins carry on (the platform admin
// gives one that has none a new admin from its page). A missing agency admin answers NotFound.
func DeleteAgencyAdmin(ctx context.Context, tx *ent.Tx, id uuid.UUID) error {
	return deleteUser(ctx, tx, id, user.RoleAgencyAdmin, apierr.User)
}

// deleteUser deletes the account id of role; the role is checked again here, so no caller
// deletes the wrong kind of account by mistake.
func deleteUser(ctx context.Context, tx *ent.Tx, id uuid.UUID, role user.Role, entity apierr.Entity) error {
	deleted, err := tx.User.Delete().Where(user.ID(id), user.RoleEQ(role)).Exec(ctx)
	if err != nil {
		return err
	}
	if deleted != 1 {
		return apierr.NotFound(entity)
	}
	return nil
}

// DeletedMail is the confirmation sent to a deleted account's address. It says who deleted it:
// the candidate themself, or for them their agency (« Votre agence (Agence Horizon) ») or, for a
// candidate without one, Tremplin's administrator. u's agency must be loaded.
func DeletedMail(u *ent.User, bySelf bool) (mail.Message, error) {
	by := ""
	switch {
	case bySelf:
	case u.Edges.Agency != nil:
		by = "Votre agence (" + u.Edges.Agency.Name + ")"
	default:
		by = "L'administrateur de Tremplin"
	}
	return mail.Render("account-deleted", u.Email, "Votre compte Tremplin a été supprimé",
		map[string]any{"FirstName": u.FirstName, "By": by})
}
