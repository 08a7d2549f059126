package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"github.com/google/uuid"

	"github.com/tremplin/tremplin/internal/tenancy"
)

// License is an agency licence held by one candidate: pending until the candidate first signs
// in (activation), valid until it expires.
type License struct{ ent.Schema }

func (License) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}, TimeMixin{}} }

func (License) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("candidate_id", uuid.UUID{}).Unique(),
		field.UUID("agency_id", uuid.UUID{}),
		field.Time("invitation_date").Optional().Nillable(),
		field.Time("allocation_date"),
		field.Time("activation_date").Optional().Nillable(),
		field.Time("expiration_date").Optional().Nillable(),
	}
}

func (License) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("candidate", User.Type).
			Ref("license").
			Field("candidate_id").
			Unique().
			Required(),
		edge.To("agency", Agency.Type).
			Field("agency_id").
			Unique().
			Required().
			Annotations(entsql.OnDelete(entsql.Cascade)),
	}
}

func (License) Policy() ent.Policy { return tenancy.LicensePolicy() }
