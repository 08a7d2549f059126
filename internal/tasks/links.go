package tasks

import (
	"context"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/application"
	"github.com/tremplin/tremplin/ent/contact"
	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	"github.com/tremplin/tremplin/internal/applications"
)

// Links are what an activity — a task or an event — is linked to: an application, a contact,
// either, both or none.
type Links struct {
	Application *ent.Application
	Contact     *ent.Contact
}

// Invalid refuses one field of an activity's draft, named where it sits in the request.
type Invalid func(field, rule, message string) error

// Link reads and checks the application and the contact a draft links an activity to, under
// the rule every activity follows: both must be the owner's (NotFound otherwise, whether they
// exist or not); the application must be open (APPLICATION_CLOSED) unless the activity was
// linked to it already (linked: its application before the change; an activity of an
// application closed since may still be edited); the contact must be one of the application's
// contacts and reachable by media (MissingChannel). kind ("task", "event") prefixes the rules
// the refusals name.
func Link(ctx context.Context, client *ent.Client, owner uuid.UUID, linked, applicationID, contactID *uuid.UUID, media activityv1.MediaType, kind string, invalid Invalid) (Links, error) {
	var l Links
	var err error
	if applicationID != nil {
		if linked != nil && *linked == *applicationID {
			l.Application, err = client.Application.Query().
				Where(application.ID(*applicationID), application.OwnerID(owner)).Only(ctx)
		} else {
			l.Application, err = applications.EnsureOpen(ctx, client, owner, *applicationID)
		}
		if err != nil {
			return Links{}, err
		}
	}
	if contactID == nil {
		return l, nil
	}
	if l.Contact, err = client.Contact.Query().Where(contact.ID(*contactID), contact.OwnerID(owner)).Only(ctx); err != nil {
		return Links{}, err
	}
	if l.Application != nil {
		associated, err := l.Application.QueryContacts().Where(contact.ID(l.Contact.ID)).Exist(ctx)
		if err != nil {
			return Links{}, err
		}
		if !associated {
			return Links{}, invalid("contact_id", kind+".contact.application", ContactNotOfApplication)
		}
	}
	if msg := MissingChannel(media, l.Contact); msg != "" {
		return Links{}, invalid("media_type", kind+".media_type.channel", msg)
	}
	return l, nil
}

// linkMutation is what a task's and an event's mutations share for their links.
type linkMutation interface {
	SetContactID(uuid.UUID)
	ClearContactID()
	SetApplicationID(uuid.UUID)
	ClearApplicationID()
}

// Set writes the links into an activity's mutation: each one set, or cleared on a change
// (update) when the draft links nothing.
func (l Links) Set(m linkMutation, update bool) {
	switch {
	case l.Contact != nil:
		m.SetContactID(l.Contact.ID)
	case update:
		m.ClearContactID()
	}
	switch {
	case l.Application != nil:
		m.SetApplicationID(l.Application.ID)
	case update:
		m.ClearApplicationID()
	}
}
