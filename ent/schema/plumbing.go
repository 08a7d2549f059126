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

// Session is a signed-in browser. Only the SHA-256 of its cookie token is stored.
type Session struct{ ent.Schema }

func (Session) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}} }

func (Session) Fields() []ent.Field {
	return []ent.Field{
		field.Bytes("token_hash").Unique().Sensitive(),
		field.UUID("user_id", uuid.UUID{}),
		field.Time("created_at").Default(now).Immutable(),
		field.Time("last_seen_at").Default(now),
		// Absolute end, whatever the activity.
		field.Time("expires_at"),
		field.String("ip").Default("").MaxLen(64),
		field.String("user_agent").Default("").MaxLen(300),
	}
}

func (Session) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("user", User.Type).Field("user_id").Unique().Required().
			Annotations(entsql.OnDelete(entsql.Cascade)),
	}
}

func (Session) Indexes() []ent.Index {
	return []ent.Index{index.Fields("user_id"), index.Fields("expires_at")}
}

func (Session) Policy() ent.Policy { return tenancy.SystemOnlyPolicy() }

// APIKey lets a partner agency or tremplinctl call the API with "Authorization: Bearer".
// Only the SHA-256 of the key is stored (a high-entropy random secret needs no slow hash:
// nothing can be guessed from it), with its visible prefix in clear to recognise it by.
type APIKey struct{ ent.Schema }

func (APIKey) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}} }

func (APIKey) Fields() []ent.Field {
	return []ent.Field{
		field.String("name").NotEmpty().MaxRuneLen(100),
		field.String("prefix").NotEmpty(),
		field.Bytes("key_hash").Unique().Sensitive(),
		// agency-admin keys act for their agency; admin keys for the platform.
		field.Enum("role").Values("agency-admin", "admin"),
		field.UUID("agency_id", uuid.UUID{}).Optional().Nillable(),
		field.UUID("created_by_id", uuid.UUID{}).Optional().Nillable(),
		field.Time("created_at").Default(now).Immutable(),
		field.Time("last_used_at").Optional().Nillable(),
		field.Time("revoked_at").Optional().Nillable(),
	}
}

func (APIKey) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("agency", Agency.Type).Field("agency_id").Unique().
			Annotations(entsql.OnDelete(entsql.Cascade)),
		edge.To("created_by", User.Type).Field("created_by_id").Unique().
			Annotations(entsql.OnDelete(entsql.SetNull)),
	}
}

func (APIKey) Indexes() []ent.Index {
	// An agency's keys, listed on its page.
	return []ent.Index{index.Fields("agency_id", "created_at")}
}

func (APIKey) Policy() ent.Policy { return tenancy.APIKeyPolicy() }

// ActionToken is a single-use link sent by e-mail: a password reset or an invitation. Only
// the SHA-256 of the token is stored.
type ActionToken struct{ ent.Schema }

func (ActionToken) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}} }

func (ActionToken) Fields() []ent.Field {
	return []ent.Field{
		field.Enum("kind").Values("reset", "invitation"),
		field.Bytes("token_hash").Unique().Sensitive(),
		field.UUID("user_id", uuid.UUID{}),
		field.Time("created_at").Default(now).Immutable(),
		field.Time("expires_at"),
		field.Time("used_at").Optional().Nillable(),
	}
}

func (ActionToken) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("user", User.Type).Field("user_id").Unique().Required().
			Annotations(entsql.OnDelete(entsql.Cascade)),
	}
}

func (ActionToken) Indexes() []ent.Index {
	return []ent.Index{index.Fields("user_id", "kind")}
}

func (ActionToken) Policy() ent.Policy { return tenancy.SystemOnlyPolicy() }

// JobRun claims one run of a background job: the unique (job, run_key) lets one server copy
// out of many run it.
type JobRun struct{ ent.Schema }

func (JobRun) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}} }

func (JobRun) Fields() []ent.Field {
	return []ent.Field{
		field.String("job").NotEmpty(),
		// The period the run covers, e.g. the day "2026-11-22".
		field.String("run_key").NotEmpty(),
		field.Time("started_at").Default(now),
		field.Time("finished_at").Optional().Nillable(),
		field.String("error").Default(""),
	}
}

func (JobRun) Indexes() []ent.Index {
	return []ent.Index{index.Fields("job", "run_key").Unique()}
}

func (JobRun) Policy() ent.Policy { return tenancy.SystemOnlyPolicy() }

// StripeEvent records a processed Stripe webhook event so a redelivery is not applied twice.
type StripeEvent struct{ ent.Schema }

func (StripeEvent) Fields() []ent.Field {
	return []ent.Field{
		// Stripe's evt_… id.
		field.String("id").NotEmpty().Immutable(),
		field.String("type").NotEmpty(),
		field.Time("received_at").Default(now).Immutable(),
	}
}

func (StripeEvent) Policy() ent.Policy { return tenancy.SystemOnlyPolicy() }
