package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"

	"github.com/tremplin/tremplin/internal/tenancy"
)

// License is an agency licence held by one candidate: pending until the candidate next signs
// in (activation), valid until it expires. It always belongs to the candidate's agency; a B2C
// candidate holds none. Allocating it moves the agency's num_allocated_licenses (see
// internal/licenses), never the other way round.
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

// The pending licences of an agency are counted for its licence counts.
func (License) Indexes() []ent.Index {
	return []ent.Index{index.Fields("agency_id", "activation_date")}
}

func (License) Policy() ent.Policy { return tenancy.LicensePolicy() }

// LicenseBatch is one addition of licences to an agency's pool by the platform admin. A
// request carrying an idempotency key adds its batch once: the key is unique per agency.
type LicenseBatch struct{ ent.Schema }

func (LicenseBatch) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}} }

func (LicenseBatch) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("agency_id", uuid.UUID{}).Immutable(),
		field.Int("count").Positive().Immutable(),
		field.String("idempotency_key").Optional().Nillable().MaxLen(100).Immutable(),
		field.UUID("created_by_id", uuid.UUID{}).Optional().Nillable().Immutable(),
		field.Time("created_at").Default(now).Immutable(),
	}
}

func (LicenseBatch) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("agency", Agency.Type).Field("agency_id").Unique().Required().Immutable().
			Annotations(entsql.OnDelete(entsql.Cascade)),
		edge.To("created_by", User.Type).Field("created_by_id").Unique().Immutable().
			Annotations(entsql.OnDelete(entsql.SetNull)),
	}
}

func (LicenseBatch) Indexes() []ent.Index {
	return []ent.Index{index.Fields("agency_id", "idempotency_key").Unique()}
}

func (LicenseBatch) Policy() ent.Policy { return tenancy.LicenseBatchPolicy() }
