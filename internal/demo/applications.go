package demo

import (
	"context"
	"fmt"
	"time"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/application"
	"github.com/tremplin/tremplin/ent/event"
	"github.com/tremplin/tremplin/ent/task"
	"github.com/tremplin/tremplin/internal/resource"
)

// demoApplication is one application of a demo candidate.
type demoApplication struct {
	company, job, reference, place, salary string
	source                                 application.Source
	sourceDetails, description             string
	status                                 application.Status
	// days ago it was created, and engaged (0: never) by its first completed activity: the
	// application sent (a send-application task), dated then
	created, engaged int
	// days ago of a completed interview about it (0: none), after its engagement
	interviewed int
	mood        event.Mood
	report      string
	comment     string
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
		place: "Montreuil", status: application.StatusLost, created: 30, engaged: 28, interviewed: 21, mood: event.MoodPoor,
		report:  "Entretien avec la productrice : beaucoup de questions sur l'industrie du jeu vidéo.",
		comment: "Refus après le premier entretien : profil jugé trop éloigné du jeu vidéo."},
	{company: "Crédit Agricole", job: "Chef de projet digital", source: application.SourceOther, sourceDetails: "Salon Paris Emploi",
		place: "Montrouge", status: application.StatusWin, created: 60, engaged: 52,
		comment: "Proposition reçue, déclinée au profit d'Orange.", contacts: []string{"ines"}},
}

// seedApplications gives the candidate owner the demo applications they do not have yet
// (matched by company and job), linked to the contacts of saved that they name, with the
// activities that explain their status (seedEngagement). Their search data is written by the
// schema's hook.
func seedApplications(ctx context.Context, c *ent.Client, owner *ent.User, saved map[string]*ent.Contact, now time.Time) error {
	day := func(daysAgo int) time.Time { return now.AddDate(0, 0, -daysAgo).Truncate(time.Hour) }
	for _, a := range demoApplications {
		existing, err := c.Application.Query().Where(application.OwnerID(owner.ID), application.Company(a.company), application.Job(a.job)).Only(ctx)
		switch {
		case err == nil:
			// Seeded before its activities were: give them now.
			if err := seedEngagement(ctx, c, owner, existing, a); err != nil {
				return err
			}
			continue
		case !ent.IsNotFound(err):
			return err
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
		created, err := create.Save(ctx)
		if err != nil {
			return fmt.Errorf("demo application %s: %w", a.company, err)
		}
		if err := seedEngagement(ctx, c, owner, created, a); err != nil {
			return err
		}
	}
	return nil
}

// seedEngagement gives an application that was engaged the activity that engaged it, as the
// app does (an application becomes engaged when its first linked activity is completed, at
// that moment): the application sent, completed on its engagement date; and the interview its
// report tells of. Nothing when it has a completed activity already.
func seedEngagement(ctx context.Context, c *ent.Client, owner *ent.User, app *ent.Application, a demoApplication) error {
	if app.EngagedAt == nil {
		return nil
	}
	done, err := c.Task.Query().Where(task.ApplicationID(app.ID), task.StatusEQ(task.StatusCompleted)).Exist(ctx)
	if err != nil || done {
		return err
	}
	at := *app.EngagedAt
	err = c.Task.Create().SetOwnerID(owner.ID).SetApplicationID(app.ID).SetSubject(task.SubjectSendApplication).
		SetPriority(task.PriorityNormal).SetStatus(task.StatusCompleted).
		SetInitialDeadline(at).SetDeadline(at).SetExecutionDate(at).SetCreatedAt(app.CreatedAt).
		SetMarkAsCompleteComment("Candidature envoyée avec CV et lettre de motivation.").SetResources([]resource.Resource{}).
		Exec(ctx)
	if err != nil {
		return fmt.Errorf("demo engagement of %s: %w", a.company, err)
	}
	if a.interviewed == 0 {
		return nil
	}
	when := at.AddDate(0, 0, a.engaged-a.interviewed)
	err = c.Event.Create().SetOwnerID(owner.ID).SetApplicationID(app.ID).SetType(event.TypeInterview).
		SetSubject(event.SubjectRecruitment).SetMediaType(event.MediaTypeVideoConferencing).SetMediaDetails("Lien envoyé par e-mail").
		SetDate(when).SetCreatedAt(at).SetStatus(event.StatusCompleted).SetMood(a.mood).SetMarkAsCompleteComment(a.report).
		SetCompletedAt(when.Add(time.Hour)).SetResources([]resource.Resource{}).
		Exec(ctx)
	if err != nil {
		return fmt.Errorf("demo interview at %s: %w", a.company, err)
	}
	return nil
}
