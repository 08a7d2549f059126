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

// SecondAgencyName is the second demo agency, whose candidates show every status.
const SecondAgencyName = "Cap Avenir Conseil"

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
	{"suivi-ines@demo.tremplin.fr", "  trois mois de recherche, partage sa progression (Suivi de l'agence ; aussi suivi-yanis@, suivi-ambre@)"},
	{"suivi-noah@demo.tremplin.fr", "  trois mois de recherche, ne partage pas sa progression (aussi suivi-jade@, suivi-lucas@)"},
	{"essai@demo.tremplin.fr", "candidate B2C en période d'essai"},
	{"expire@demo.tremplin.fr", "candidat B2C, essai terminé (page de paiement)"},
	{"agence2@demo.tremplin.fr", "administrateur de l'agence « " + SecondAgencyName + " », un candidat par statut :"},
	{"nouveau@demo.tremplin.fr", "  B2B créé, sans licence, jamais connecté (just-created, connexion refusée : pas encore de licence)"},
	{"invite@demo.tremplin.fr", "  B2B invité, licence en attente d'activation (with-pending-license)"},
	{"actif@demo.tremplin.fr", "  B2B, licence valide (with-valid-license)"},
	{"licence-terminee@demo.tremplin.fr", "  B2B, licence expirée (with-expired-license, connexion refusée)"},
	{"essai-agence@demo.tremplin.fr", "  B2C en période d'essai (in-trial-period)"},
	{"fin-essai@demo.tremplin.fr", "  B2C, essai terminé (without-license-after-trial-period)"},
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
// its state (a valid licence stays valid, a trial running, a pending licence pending);
// contacts are never duplicated, and a licence is taken from an agency's pool only when its
// candidate holds none, so the agencies' counts stay right.
func Seed(ctx context.Context, client *ent.Client, password string, now time.Time) error {
	if !authn.PasswordFormatOK(password) {
		return fmt.Errorf("the demo password must have 8 characters or more, upper and lower case, a digit and a special character")
	}
	hash, err := authn.HashPassword(ctx, password)
	if err != nil {
		return err
	}
	ctx = viewer.SystemContext(ctx) // operator command
	return db.WithTx(ctx, client, func(ctx context.Context, tx *ent.Tx) error {
		return seed(ctx, tx.Client(), hash, now)
	})
}

func seed(ctx context.Context, c *ent.Client, hash string, now time.Time) error {
	ag, err := demoAgency(ctx, c, AgencyName, "agence@demo.tremplin.fr", 20)
	if err != nil {
		return err
	}
	d := &seeder{c: c, hash: hash, now: now}
	if _, err := d.upsert(ctx, person{"admin@demo.tremplin.fr", "Camille", "Martin", user.CivilityFemale, user.RoleAdmin, "Responsable de la plateforme"}, nil, nil); err != nil {
		return err
	}
	if _, err := d.upsert(ctx, person{"agence@demo.tremplin.fr", "Sophie", "Lefèvre", user.CivilityFemale, user.RoleAgencyAdmin, "Directrice d'agence"}, &ag.ID, nil); err != nil {
		return err
	}
	candidate, err := d.b2b(ctx, ag, person{"candidat@demo.tremplin.fr", "Thomas", "Durand", user.CivilityMale, user.RoleCandidate, "Chef de projet digital"},
		licenceFrom(now.AddDate(0, -1, 0), now.AddDate(0, 11, 0)))
	if err != nil {
		return err
	}
	if _, err := d.b2b(ctx, ag, person{"licence-expiree@demo.tremplin.fr", "Julien", "Moreau", user.CivilityMale, user.RoleCandidate, "Comptable"},
		licenceFrom(now.AddDate(0, -13, 0), now.AddDate(0, -1, 0))); err != nil {
		return err
	}
	trial, err := d.b2c(ctx, nil, person{"essai@demo.tremplin.fr", "Léa", "Bernard", user.CivilityFemale, user.RoleCandidate, "Chargée de communication"},
		now.AddDate(0, 0, -4), now.AddDate(0, 0, 10))
	if err != nil {
		return err
	}
	ended, err := d.b2c(ctx, nil, person{"expire@demo.tremplin.fr", "Hugo", "Petit", user.CivilityMale, user.RoleCandidate, "Développeur web"},
		now.AddDate(0, 0, -20), now.AddDate(0, 0, -6))
	if err != nil {
		return err
	}
	if err := seedSecondAgency(ctx, d); err != nil {
		return err
	}
	if err := seedInsight(ctx, d, ag, candidate); err != nil {
		return err
	}

	// Their networks (see network.go).
	if err := seedNetwork(ctx, c, candidate, fullNetwork, now); err != nil {
		return err
	}
	if err := seedNetwork(ctx, c, trial, fullNetwork, now); err != nil {
		return err
	}
	if err := seedNetwork(ctx, c, ended, smallNetwork, now); err != nil {
		return err
	}
	// Their week of activities (see week.go), for the candidates who can use the product.
	for _, u := range []*ent.User{candidate, trial} {
		if err := seedWeek(ctx, c, u, now); err != nil {
			return err
		}
	}
	return nil
}

// seedSecondAgency seeds « Cap Avenir Conseil »: its admin and a candidate in each of the
// spec's six statuses, for the candidates screen's tabs.
func seedSecondAgency(ctx context.Context, d *seeder) error {
	now := d.now
	ag, err := demoAgency(ctx, d.c, SecondAgencyName, "agence2@demo.tremplin.fr", 10)
	if err != nil {
		return err
	}
	if _, err := d.upsert(ctx, person{"agence2@demo.tremplin.fr", "Karim", "Benali", user.CivilityMale, user.RoleAgencyAdmin, "Responsable accompagnement"}, &ag.ID, nil); err != nil {
		return err
	}
	b2b := []struct {
		p   person
		lic *licenceState
	}{
		{person{"nouveau@demo.tremplin.fr", "Nadia", "Haddad", user.CivilityFemale, user.RoleCandidate, "Assistante RH"}, nil},
		{person{"invite@demo.tremplin.fr", "Louis", "Fabre", user.CivilityMale, user.RoleCandidate, "Technicien de maintenance"}, &licenceState{invited: now.AddDate(0, 0, -2)}},
		{person{"actif@demo.tremplin.fr", "Emma", "Roussel", user.CivilityFemale, user.RoleCandidate, "Cheffe de rayon"},
			licenceFrom(now.AddDate(0, -2, 0), now.AddDate(0, 10, 0))},
		{person{"licence-terminee@demo.tremplin.fr", "Olivier", "Chevalier", user.CivilityMale, user.RoleCandidate, "Commercial"},
			licenceFrom(now.AddDate(0, -14, 0), now.AddDate(0, -2, 0))},
	}
	for _, c := range b2b {
		u, err := d.b2b(ctx, ag, c.p, c.lic)
		if err != nil {
			return err
		}
		if c.p.email == "actif@demo.tremplin.fr" {
			if err := seedNetwork(ctx, d.c, u, smallNetwork, now); err != nil {
				return err
			}
		}
	}
	if _, err := d.b2c(ctx, &ag.ID, person{"essai-agence@demo.tremplin.fr", "Chloé", "Girard", user.CivilityFemale, user.RoleCandidate, "Graphiste"},
		now.AddDate(0, 0, -3), now.AddDate(0, 0, 11)); err != nil {
		return err
	}
	_, err = d.b2c(ctx, &ag.ID, person{"fin-essai@demo.tremplin.fr", "Mathis", "Lambert", user.CivilityMale, user.RoleCandidate, "Logisticien"},
		now.AddDate(0, 0, -30), now.AddDate(0, 0, -16))
	return err
}

// demoAgency finds the agency by name, or creates it with licences.
func demoAgency(ctx context.Context, c *ent.Client, name, email string, licences int) (*ent.Agency, error) {
	ag, err := c.Agency.Query().Where(agency.Name(name)).Only(ctx)
	if ent.IsNotFound(err) {
		ag, err = c.Agency.Create().SetName(name).SetEmail(email).SetNumTotalLicenses(licences).Save(ctx)
	}
	if err != nil {
		return nil, fmt.Errorf("demo agency %s: %w", name, err)
	}
	return ag, nil
}

// seeder writes the demo accounts.
type seeder struct {
	c    *ent.Client
	hash string
	now  time.Time
}

// upsert creates the account or brings it back to the person's details and password.
func (d *seeder) upsert(ctx context.Context, p person, agencyID *uuid.UUID, apply func(*ent.UserUpdateOne)) (*ent.User, error) {
	c := d.c
	u, err := c.User.Query().Where(user.Email(p.email)).Only(ctx)
	if ent.IsNotFound(err) {
		u, err = c.User.Create().SetEmail(p.email).SetRole(p.role).SetOrigin("seed").Save(ctx)
	}
	if err != nil {
		return nil, fmt.Errorf("demo user %s: %w", p.email, err)
	}
	update := u.Update().
		SetPasswordHash(d.hash).SetFirstName(p.first).SetLastName(p.last).
		SetCivility(p.civility).SetJob(p.job).SetNillableAgencyID(agencyID).SetHasFreeAccess(false)
	if u.TermsAcceptedAt == nil {
		// The demo's people stand for accounts that completed their invitation: they sign in
		// with the printed password, and a first sign-in needs the terms accepted.
		update.SetTermsAcceptedAt(d.now)
	}
	if apply != nil {
		apply(update)
	}
	return update.Save(ctx)
}

// licenceState is a demo licence: invited only (pending), or activated until it expires.
type licenceState struct {
	invited            time.Time
	activated, expires *time.Time
}

func licenceFrom(activated, expires time.Time) *licenceState {
	return &licenceState{invited: activated, activated: &activated, expires: &expires}
}

// b2b keeps a B2B candidate of the agency in the licence's state: none (never signed in),
// pending (invited, never signed in), or activated at their first sign-in.
func (d *seeder) b2b(ctx context.Context, ag *ent.Agency, p person, state *licenceState) (*ent.User, error) {
	u, err := d.upsert(ctx, p, &ag.ID, func(u *ent.UserUpdateOne) {
		u.SetIsB2c(false).SetHasPaid(false).ClearTrialEndAt()
		if state != nil && state.activated != nil {
			u.SetFirstLoginAt(*state.activated).SetLastLoginAt(*state.activated)
		} else {
			u.ClearFirstLoginAt().ClearLastLoginAt()
		}
	})
	if err != nil {
		return nil, err
	}
	if state == nil {
		return u, licenses.Release(ctx, d.c, u.ID)
	}
	lic, err := d.c.License.Query().Where(license.CandidateID(u.ID)).Only(ctx)
	if ent.IsNotFound(err) {
		if err := licenses.TakeOne(ctx, d.c, ag.ID); err != nil {
			return nil, fmt.Errorf("demo licence of %s: %w", p.email, err)
		}
		lic, err = d.c.License.Create().SetCandidateID(u.ID).SetAgencyID(ag.ID).
			SetAllocationDate(state.invited).SetInvitationDate(state.invited).Save(ctx)
	}
	if err != nil {
		return nil, fmt.Errorf("demo licence of %s: %w", p.email, err)
	}
	update := lic.Update().SetAllocationDate(state.invited).SetInvitationDate(state.invited)
	if state.activated != nil {
		update.SetActivationDate(*state.activated).SetExpirationDate(*state.expires)
	} else {
		update.ClearActivationDate().ClearExpirationDate()
	}
	return u, update.Exec(ctx)
}

// b2c keeps a B2C candidate (of an agency, or none) in their trial's state.
func (d *seeder) b2c(ctx context.Context, agencyID *uuid.UUID, p person, firstLogin, trialEnd time.Time) (*ent.User, error) {
	u, err := d.upsert(ctx, p, agencyID, func(u *ent.UserUpdateOne) {
		u.SetIsB2c(true).SetHasPaid(false).SetFirstLoginAt(firstLogin).SetLastLoginAt(firstLogin).SetTrialEndAt(trialEnd)
		if agencyID == nil {
			u.ClearAgencyID()
		}
	})
	if err != nil {
		return nil, err
	}
	return u, licenses.Release(ctx, d.c, u.ID)
}
