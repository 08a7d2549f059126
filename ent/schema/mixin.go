// Package schema is Tremplin's data model. Every entity of the spec is here, plus the plumbing
// the server needs (sessions, API keys, action tokens, job runs, processed Stripe events).
package schema

import (
	"time"

	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/mixin"
	"github.com/google/uuid"

	"github.com/tremplin/tremplin/internal/dataversion"
	"github.com/tremplin/tremplin/internal/resource"
	"github.com/tremplin/tremplin/internal/tenancy"
)

// newID makes time-ordered ids: they index well and reveal nothing guessable.
func newID() uuid.UUID { return uuid.Must(uuid.NewV7()) }

// now is stored in UTC on both dialects.
func now() time.Time { return time.Now().UTC() }

// IDMixin gives an entity a UUIDv7 primary key.
type IDMixin struct{ mixin.Schema }

func (IDMixin) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("id", uuid.UUID{}).Default(newID).Immutable(),
	}
}

// TimeMixin records creation and last change.
type TimeMixin struct{ mixin.Schema }

func (TimeMixin) Fields() []ent.Field {
	return []ent.Field{
		field.Time("created_at").Default(now).Immutable(),
		field.Time("updated_at").Default(now).UpdateDefault(now),
	}
}

// OwnedMixin marks a candidate's own data (contacts, tags, tasks, events, applications,
// dashboard settings). The tenancy policy lets a candidate see and change only rows they own;
// deleting the owner deletes the rows. Each entity declares its own index led by owner_id.
type OwnedMixin struct{ mixin.Schema }

func (OwnedMixin) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("owner_id", uuid.UUID{}).Immutable(),
	}
}

func (OwnedMixin) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("owner", User.Type).
			Field("owner_id").
			Unique().
			Required().
			Immutable().
			Annotations(entsql.OnDelete(entsql.Cascade)),
	}
}

func (OwnedMixin) Policy() ent.Policy { return tenancy.OwnedPolicy() }

// Hooks keep the owner's data version moving with their data (see internal/dataversion).
func (OwnedMixin) Hooks() []ent.Hook { return []ent.Hook{dataversion.Hook()} }

// resourcesField is the JSON list of links every item carries.
func resourcesField() ent.Field {
	return field.JSON("resources", []resource.Resource{}).Default([]resource.Resource{})
}
