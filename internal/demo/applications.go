package demo

import (
	"context"
	"fmt"
	"time"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/application"
	"github.com/tremplin/tremplin/internal/resource"
)

// demoApplication is one application of a demo candidate.
type demoApplication struct {
	company, job, reference, place, salary string
	source                                 application.Source
	sourceDetails, description             string
	status                                 application.Status
	// days ago it was created, and engaged (0: never)
	created, engaged int
	comment          string
	// keys of the demo contacts associated with it (those of the candidate's network only)
	contacts []string
}

// demoApplications are a dozen applications across the four statuses. Several are at
// companies where the networks have people (Société Générale, Capgemini, Airbus, Doctolib,
// OVHcloud…, written as job boards write them: « Société Générale SA », « AIRBUS SAS »), so
// that « Qui je connais là-bas ? » has answers, some of them through intermediaries.
var demoApplications = []demoApplication{
	{company: "BNP Paribas", job: "Chef de projet digital", source: application.SourceMyNetwork, sourceDetails: "Recommandé par Hélène Girard",
		place: "Paris", status: application.StatusEngaged, created: 25, engaged: 20, contacts: []string{"helene", "vincent"}},
	{company: "Société Générale SA", job: "Product owner paiements", reference: "SG-2026-1184", source: application.SourceJobBoard,
		sourceDetails: "Welcome to the Jungle", place: "La Défense", salary: "55-62 k€", status: application.StatusNew, created: 3,
		description: "Au sein de la direction des paiements, vous pilotez la feuille de route d'une application utilisée par 2 millions de clients."},
	{company: "Capgemini SE", job: "Consultant transformation digitale", reference: "CAP-77120", source: application.SourceJobBoard,
		sourceDetails: "LinkedIn", place: "Lyon", salary: "48 k€", status: application.StatusEngaged, created: 18, engaged: 12, contacts: []string{"sophie"}},
	{company: "AIRBUS SAS", job: "Chef de projet systèmes d'information", reference: "AIR-55410", source: application.SourceJobBoard,
		sourceDetails: "Site carrière Airbus", place: "Toulouse", salary: "52 k€", status: application.StatusNew, created: 6},
	{company: "Decathlon", job: "Responsable e-commerce", source: application.SourceFreeApplication, place: "Villeneuve-d'Ascq",
		status: application.StatusLost, created: 40, engaged: 35, comment: "Poste pourvu en interne. Retour très positif sur mon profil, à recontacter dans six mois.",
		contacts: []string{"thomas"}},
	{company: "Michelin", job: "Chef de projet supply chain digitale", reference: "MIC-2026-031", source: application.SourceAgency,
		sourceDetails: "Hays Clermont", place: "Clermont-Ferrand", salary: "50-55 k€", status: application.StatusEngaged, created: 15, engaged: 9,
		contacts: []string{"julien", "nadia"}},
	{company: "Orange", job: "Product manager", reference: "ORA-88213", source: application.SourceJobBoard, sourceDetails: "Indeed",
		place: "Châtillon", salary: "58 k€", status: application.StatusWin, created: 50, engaged: 44,
		comment: "Offre acceptée : CDI, prise de poste le 1er du mois prochain.", contacts: []string{"antoine", "mathieu"}},
	{company: "Thales", job: "Chef de projet IT", reference: "THA-4410", source: application.SourceJobBoard, sourceDetails: "APEC",
		place: "Vélizy", status: application.StatusNew, created: 1},
	{company: "Doctolib", job: "Chef de projet produit", source: application.SourceMyNetwork, sourceDetails: "Proposé par Amélie Poulain",
		place: "Paris", salary: "60 k€", status: application.StatusEngaged, created: 11, engaged: 5, contacts: []string{"amelie", "ludovic"}},
	{company: "OVHcloud", job: "Chef de projet cloud", reference: "OVH-1290", source: application.SourceJobBoard, sourceDetails: "Welcome to the Jungle",
		place: "Roubaix", salary: "50 k€", status: application.StatusNew, created: 2, contacts: []string{"celine"}},
	{company: "Ubisoft", job: "Producer junior", reference: "UBI-3381", source: application.SourceJobBoard, sourceDetails: "LinkedIn",
		place: "Montreuil", status: application.StatusLost, created: 30, comment: "Refus après le premier entretien : profil jugé trop éloigné du jeu vidéo."},
	{company: "Crédit Agricole", job: "Chef de projet digital", source: application.SourceOther, sourceDetails: "Salon Paris Emploi",
		place: "Montrouge", status: application.StatusWin, created: 60, engaged: 52,
		comment: "Proposition reçue, déclinée au profit d'Orange.", contacts: []string{"ines"}},
}

// seedApplications gives the candidate owner the demo applications they do not have yet
// (matched by company and job), linked to the contacts of saved that they name. Their search
// data is written by the schema's hook.
func seedApplications(ctx context.Context, c *ent.Client, owner *ent.User, saved map[string]*ent.Contact, now time.Time) error {
	day := func(daysAgo int) time.Time { return now.AddDate(0, 0, -daysAgo).Truncate(time.Hour) }
	for _, a := range demoApplications {
		exists, err := c.Application.Query().Where(application.OwnerID(owner.ID), application.Company(a.company), application.Job(a.job)).Exist(ctx)
		if err != nil {
			return err
		}
		if exists {
			continue
		}
		create := c.Application.Create().SetOwnerID(owner.ID).SetCompany(a.company).SetJob(a.job).SetReference(a.reference).
			SetPlace(a.place).SetSalary(a.salary).SetSource(a.source).SetSourceDetails(a.sourceDetails).SetDescription(a.description).
			SetStatus(a.status).SetComment(a.comment).SetCreatedAt(day(a.created)).SetDateOfPublication(day(a.created + 2)).
			SetResources([]resource.Resource{})
		if a.engaged > 0 {
			create.SetEngagedAt(day(a.engaged))
		}
		for _, key := range a.contacts {
			if ct := saved[key]; ct != nil {
				create.AddContacts(ct)
			}
		}
		if err := create.Exec(ctx); err != nil {
			return fmt.Errorf("demo application %s: %w", a.company, err)
		}
	}
	return nil
}
