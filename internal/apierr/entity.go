package apierr

import (
	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/agency"
	"github.com/tremplin/tremplin/ent/apikey"
	"github.com/tremplin/tremplin/ent/application"
	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/ent/dashboardsetting"
	"github.com/tremplin/tremplin/ent/event"
	"github.com/tremplin/tremplin/ent/license"
	"github.com/tremplin/tremplin/ent/tag"
	"github.com/tremplin/tremplin/ent/task"
	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/ent/webhookendpoint"
)

// Entity is what a refusal is about, as people call it (« Tâche introuvable »).
type Entity string

const (
	Contact          Entity = "Contact"
	Tag              Entity = "Tag"
	Task             Entity = "Tâche"
	Event            Entity = "Rendez-vous"
	Application      Entity = "Opportunité"
	Agency           Entity = "Agence"
	Candidate        Entity = "Candidat"
	User             Entity = "Utilisateur"
	License          Entity = "Licence"
	DashboardSetting Entity = "Paramétrage du tableau de bord"
	Webhook          Entity = "Webhook"
	APIKey           Entity = "Clé d'API"
	// Item is said of anything else (a row of the server's own plumbing).
	Item Entity = "Élément"
)

// keyOf is each entity's name for programs: the ErrorInfo metadata "entity" of NotFound,
// stable whatever the French says.
var keyOf = map[Entity]string{
	Contact:          "contact",
	Tag:              "tag",
	Task:             "task",
	Event:            "event",
	Application:      "application",
	Agency:           "agency",
	Candidate:        "candidate",
	User:             "user",
	License:          "license",
	DashboardSetting: "dashboard_setting",
	Webhook:          "webhook",
	APIKey:           "api_key",
	Item:             "item",
}

// Key is the entity's name for programs ("task" for « Tâche »); "item" for an entity without
// one.
func (e Entity) Key() string {
	if k, ok := keyOf[e]; ok {
		return k
	}
	return keyOf[Item]
}

// entityOfLabel names the entity of each ent type a caller can ask for by id.
var entityOfLabel = map[string]Entity{
	contact.Label:          Contact,
	tag.Label:              Tag,
	task.Label:             Task,
	event.Label:            Event,
	application.Label:      Application,
	agency.Label:           Agency,
	user.Label:             User,
	license.Label:          License,
	dashboardsetting.Label: DashboardSetting,
	webhookendpoint.Label:  Webhook,
	apikey.Label:           APIKey,
}

// entityOfNotFound names the entity an ent not-found is about, from its type's label.
func entityOfNotFound(err *ent.NotFoundError) Entity {
	if e, ok := entityOfLabel[err.Label()]; ok {
		return e
	}
	return Item
}
