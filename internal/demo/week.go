package demo

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/ent/event"
	"github.com/tremplin/tremplin/ent/task"
	"github.com/tremplin/tremplin/internal/resource"
	"github.com/tremplin/tremplin/internal/users"
)

// seedWeek gives a demo candidate a realistic week around now, so that the activities list,
// the dashboard and the morning digest have something to show: an interview done two days ago
// and a call done yesterday, a task due today and one overdue, a coffee today, interviews and
// a webinar in the coming days. Times are whole hours of the candidate's zone. Every activity
// with a contact goes by a channel the contact has (the people are chosen with an e-mail). A
// candidate who already has events is left as they are: seeding twice changes nothing.
func seedWeek(ctx context.Context, c *ent.Client, owner *ent.User, now time.Time) error {
	// The week's events are the ones of no application (applications.go has its interviews).
	has, err := c.Event.Query().Where(event.OwnerID(owner.ID), event.ApplicationIDIsNil()).Exist(ctx)
	if err != nil || has {
		return err
	}
	// Completed activities go to contacts the seed already engaged, so that every contact's
	// status stays the one its activities explain; the others are planned with anyone.
	withEmail := c.Contact.Query().Where(contact.OwnerID(owner.ID), contact.EmailNEQ("")).
		Order(ent.Desc(contact.FieldCreatedAt), ent.Asc(contact.FieldID)) // the latest met: this week's people
	engaged, err := withEmail.Clone().Where(contact.StatusIn(contact.StatusEngaged, contact.StatusThanked)).Limit(2).All(ctx)
	if err != nil {
		return err
	}
	others, err := withEmail.Clone().Where(contact.StatusNotIn(contact.StatusEngaged, contact.StatusThanked)).Limit(2).All(ctx)
	if err != nil {
		return err
	}
	if len(engaged) < 2 || len(others) < 2 {
		return fmt.Errorf("demo week for %s: %d engaged and %d other contacts with an e-mail, want 2 of each", owner.Email, len(engaged), len(others))
	}
	people := []*ent.Contact{engaged[0], others[0], others[1], engaged[1]}
	loc := users.LocationOf(owner)
	local := now.In(loc)
	at := func(days, hour int) time.Time {
		return time.Date(local.Year(), local.Month(), local.Day()+days, hour, 0, 0, 0, loc)
	}

	events := []struct {
		kind    event.Type
		subject event.Subject
		media   event.MediaType
		details string
		when    time.Time
		who     *ent.Contact
		mood    event.Mood // set: completed with this mood
		report  string
	}{
		{event.TypeInterview, event.SubjectPreSelection, event.MediaTypeVideoConferencing, "Lien envoyé par e-mail",
			at(-2, 10), people[0], event.MoodSatisfying, "Bon échange, deuxième entretien à prévoir."},
		{event.TypeEvent, event.SubjectCoffee, event.MediaTypeFaceToFace, "Café près de la gare",
			at(0, 17), people[1], "", ""},
		{event.TypeInterview, event.SubjectRecruitment, event.MediaTypeFaceToFace, "Au siège, 3e étage",
			at(2, 14), people[0], "", ""},
		{event.TypeEvent, event.SubjectWebinar, event.MediaTypeVideoConferencing, "Webinaire « Réussir sa reconversion »",
			at(4, 12), nil, "", ""},
		{event.TypeInterview, event.SubjectDiscovery, event.MediaTypeVideoConferencing, "Lien Teams envoyé par e-mail",
			at(8, 9), people[2], "", ""},
	}
	for _, e := range events {
		create := c.Event.Create().SetOwnerID(owner.ID).SetType(e.kind).SetSubject(e.subject).
			SetMediaType(e.media).SetMediaDetails(e.details).SetDate(e.when).SetNillableContactID(idOf(e.who)).
			SetCreatedAt(e.when.AddDate(0, 0, -5)).SetResources([]resource.Resource{})
		if e.mood != "" {
			create.SetStatus(event.StatusCompleted).SetMood(e.mood).SetMarkAsCompleteComment(e.report).SetCompletedAt(e.when.Add(time.Hour))
		}
		if err := create.Exec(ctx); err != nil {
			return fmt.Errorf("demo event %s: %w", e.subject, err)
		}
	}

	tasks := []struct {
		subject task.Subject
		media   task.MediaType
		due     time.Time
		who     *ent.Contact
		done    string // set: completed with this report
	}{
		{task.SubjectAskInformation, task.MediaTypeEmail, at(-1, 11), people[3], "M'a conseillé de contacter le service RH directement."},
		{task.SubjectFeedback, task.MediaTypeEmail, at(-1, 12), people[0], "Retour demandé sur l'entretien : positif, suite attendue."},
		{task.SubjectSendInformation, task.MediaTypeEmail, at(0, 18), people[1], ""},
		{task.SubjectReminder, task.MediaTypeEmail, at(-3, 9), people[2], ""},
		{task.SubjectUpdateJobboardsCvs, "", at(1, 9), nil, ""},
	}
	for _, t := range tasks {
		create := c.Task.Create().SetOwnerID(owner.ID).SetSubject(t.subject).SetPriority(task.PriorityNormal).
			SetInitialDeadline(t.due).SetDeadline(t.due).SetNillableContactID(idOf(t.who)).
			SetCreatedAt(t.due.AddDate(0, 0, -3)).SetResources([]resource.Resource{})
		if t.media != "" {
			create.SetMediaType(t.media)
		}
		if t.done != "" {
			create.SetStatus(task.StatusCompleted).SetExecutionDate(t.due).SetMarkAsCompleteComment(t.done)
		}
		if err := create.Exec(ctx); err != nil {
			return fmt.Errorf("demo task %s: %w", t.subject, err)
		}
	}
	return nil
}

func idOf(c *ent.Contact) *uuid.UUID {
	if c == nil {
		return nil
	}
	return &c.ID
}
