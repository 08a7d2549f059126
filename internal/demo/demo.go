// Package demo seeds the demonstration accounts `make run` prints: one of each kind of user,
// so every screen and access rule can be tried.
package demo

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/agency"
	"github.com/tremplin/tremplin/ent/license"
	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/internal/authn"
	"github.com/tremplin/tremplin/internal/db"
	"github.com/tremplin/tremplin/internal/licenses"
	"github.com/tremplin/tremplin/internal/viewer"
)

// DefaultPassword is the demo accounts' password unless another is given.
const DefaultPassword = "Tremplin-demo-2026"

// AgencyName is the demo agency.
const AgencyName = "Agence Horizon Emploi"

// Account is one demo login.
type Account struct {
	Email       string
	Description string
}

// Accounts lists the demo logins, in the order they are printed.
var Accounts = []Account{
	{"admin@demo.tremplin.fr", "administratrice de la plateforme"},
	{"agence@demo.tremplin.fr", "administratrice de l'agence « " + AgencyName + " »"},
	{"candidat@demo.tremplin.fr", "candidat B2B, licence valide"},
	{"licence-expiree@demo.tremplin.fr", "candidat B2B, licence expirée (connexion refusée)"},
	{"essai@demo.tremplin.fr", "candidate B2C en période d'essai"},
	{"expire@demo.tremplin.fr", "candidat B2C, essai terminé (page de paiement)"},
}

type person struct {
	email, first, last string
	civility           user.Civility
	role               user.Role
	job                string
}

// Seed creates the demo accounts, or brings existing ones back to their demo state, all with
// password, and gives the candidates a network of contacts (network.go). It is idempotent:
// running it again changes nothing but the passwords and the dates that keep each account in
// its state (a valid licence stays valid, a trial running); contacts are never duplicated.
func Seed(ctx context.Context, client *ent.Client, password string, now time.Time) error {
	if !authn.PasswordFormatOK(password) {
		return fmt.Errorf("the demo password must have 8 characters or more, upper and lower case, a digit and a special character")
	}
	hash, err := authn.HashPassword(password)
	if err != nil {
		return err
	}
	ctx = viewer.SystemContext(ctx) // operator command
	return db.WithTx(ctx, client, func(ctx context.Context, tx *ent.Tx) error {
		return seed(ctx, tx.Client(), hash, now)
	})
}

func seed(ctx context.Context, c *ent.Client, hash string, now time.Time) error {
	ag, err := c.Agency.Query().Where(agency.Name(AgencyName)).Only(ctx)
	if ent.IsNotFound(err) {
		ag, err = c.Agency.Create().SetName(AgencyName).SetEmail("agence@demo.tremplin.fr").
			SetNumTotalLicenses(20).Save(ctx)
	}
	if err != nil {
		return fmt.Errorf("demo agency: %w", err)
	}
	upsert := func(p person, agencyID *uuid.UUID, apply func(*ent.UserUpdateOne)) (*ent.User, error) {
		u, err := c.User.Query().Where(user.Email(p.email)).Only(ctx)
		if ent.IsNotFound(err) {
			u, err = c.User.Create().SetEmail(p.email).SetRole(p.role).SetOrigin("seed").Save(ctx)
		}
		if err != nil {
			return nil, fmt.Errorf("demo user %s: %w", p.email, err)
		}
		update := u.Update().
			SetPasswordHash(hash).SetFirstName(p.first).SetLastName(p.last).
			SetCivility(p.civility).SetJob(p.job).SetNillableAgencyID(agencyID)
		if apply != nil {
			apply(update)
		}
		return update.Save(ctx)
	}
	if _, err := upsert(person{"admin@demo.tremplin.fr", "Camille", "Martin", user.CivilityFemale, user.RoleAdmin, "Responsable de la plateforme"}, nil, nil); err != nil {
		return err
	}
	if _, err := upsert(person{"agence@demo.tremplin.fr", "Sophie", "Lefèvre", user.CivilityFemale, user.RoleAgencyAdmin, "Directrice d'agence"}, &ag.ID, nil); err != nil {
		return err
	}

	b2b := func(p person, activated, expires time.Time) (*ent.User, error) {
		u, err := upsert(p, &ag.ID, func(u *ent.UserUpdateOne) {
			u.SetIsB2c(false).SetFirstLoginAt(activated).ClearTrialEndAt()
		})
		if err != nil {
			return nil, err
		}
		lic, err := c.License.Query().Where(license.CandidateID(u.ID)).Only(ctx)
		if ent.IsNotFound(err) {
			if err := licenses.TakeOne(ctx, c, ag.ID); err != nil {
				return nil, err
			}
			lic, err = c.License.Create().SetCandidateID(u.ID).SetAgencyID(ag.ID).
				SetAllocationDate(activated).SetInvitationDate(activated).Save(ctx)
		}
		if err != nil {
			return nil, fmt.Errorf("demo licence of %s: %w", p.email, err)
		}
		return u, lic.Update().SetAllocationDate(activated).SetActivationDate(activated).SetExpirationDate(expires).Exec(ctx)
	}
	candidate, err := b2b(person{"candidat@demo.tremplin.fr", "Thomas", "Durand", user.CivilityMale, user.RoleCandidate, "Chef de projet digital"},
		now.AddDate(0, -1, 0), now.AddDate(0, 11, 0))
	if err != nil {
		return err
	}
	if _, err := b2b(person{"licence-expiree@demo.tremplin.fr", "Julien", "Moreau", user.CivilityMale, user.RoleCandidate, "Comptable"},
		now.AddDate(0, -13, 0), now.AddDate(0, -1, 0)); err != nil {
		return err
	}

	b2c := func(p person, firstLogin, trialEnd time.Time) (*ent.User, error) {
		return upsert(p, nil, func(u *ent.UserUpdateOne) {
			u.SetIsB2c(true).SetHasPaid(false).SetFirstLoginAt(firstLogin).SetTrialEndAt(trialEnd).ClearAgencyID()
		})
	}
	trial, err := b2c(person{"essai@demo.tremplin.fr", "Léa", "Bernard", user.CivilityFemale, user.RoleCandidate, "Chargée de communication"},
		now.AddDate(0, 0, -4), now.AddDate(0, 0, 10))
	if err != nil {
		return err
	}
	ended, err := b2c(person{"expire@demo.tremplin.fr", "Hugo", "Petit", user.CivilityMale, user.RoleCandidate, "Développeur web"},
		now.AddDate(0, 0, -20), now.AddDate(0, 0, -6))
	if err != nil {
		return err
	}

	// Their networks (see network.go).
	if err := seedNetwork(ctx, c, candidate, fullNetwork, true, now); err != nil {
		return err
	}
	if err := seedNetwork(ctx, c, trial, fullNetwork, true, now); err != nil {
		return err
	}
	return seedNetwork(ctx, c, ended, smallNetwork, false, now)
}
