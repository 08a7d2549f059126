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

// ActiveDay records that a user used the app on a day (their own calendar day, "2026-11-28"),
// written when a session is opened or first used on a new day: it lets an agency count its
// active candidates week by week. Deleted with the user, and after 13 months.
type ActiveDay struct{ ent.Schema }

func (ActiveDay) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}} }

func (ActiveDay) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("user_id", uuid.UUID{}).Immutable(),
		field.String("day").MaxLen(10).Immutable(),
	}
}

func (ActiveDay) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("user", User.Type).Field("user_id").Unique().Required().Immutable().
			Annotations(entsql.OnDelete(entsql.Cascade)),
	}
}

func (ActiveDay) Indexes() []ent.Index {
	return []ent.Index{index.Fields("user_id", "day").Unique(), index.Fields("day")}
}

func (ActiveDay) Policy() ent.Policy { return tenancy.SystemOnlyPolicy() }

// PageView counts the views of one screen (its route pattern) by one role on one day
// (Europe/Paris): no user, no address, no cookie. Kept 13 months.
type PageView struct{ ent.Schema }

func (PageView) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}} }

func (PageView) Fields() []ent.Field {
	return []ent.Field{
		field.String("day").MaxLen(10).Immutable(),
		field.String("route").MaxLen(100).Immutable(),
		field.Enum("role").Values("anonymous", "candidate", "agency-admin", "admin").Immutable(),
		field.Int64("views").Default(0),
	}
}

func (PageView) Indexes() []ent.Index {
	return []ent.Index{index.Fields("day", "route", "role").Unique()}
}

func (PageView) Policy() ent.Policy { return tenancy.SystemOnlyPolicy() }
