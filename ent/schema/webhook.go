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

// WebhookEndpoint is a URL where an agency receives the events it subscribed to (see
// internal/webhooks). The secret signs every POST: it is kept in clear because signing needs
// it, and shown to the agency once.
type WebhookEndpoint struct{ ent.Schema }

func (WebhookEndpoint) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}, TimeMixin{}} }

func (WebhookEndpoint) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("agency_id", uuid.UUID{}).Immutable(),
		field.String("url").NotEmpty().MaxLen(2000),
		// The event types ("candidate.created"…) it receives.
		field.Strings("events"),
		field.Bool("enabled").Default(true),
		field.String("secret").NotEmpty().Sensitive(),
	}
}

func (WebhookEndpoint) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("agency", Agency.Type).Field("agency_id").Unique().Required().Immutable().
			Annotations(entsql.OnDelete(entsql.Cascade)),
		edge.From("deliveries", WebhookDelivery.Type).Ref("endpoint"),
	}
}

func (WebhookEndpoint) Indexes() []ent.Index {
	return []ent.Index{index.Fields("agency_id", "created_at")}
}

func (WebhookEndpoint) Policy() ent.Policy { return tenancy.AgencyOwnedPolicy() }

// WebhookEvent is something that happened to an agency's candidate, written in the
// transaction of the change itself (a transactional outbox): a rolled-back change leaves no
// event, a committed one its event and a delivery per subscribed endpoint.
type WebhookEvent struct{ ent.Schema }

func (WebhookEvent) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}} }

func (WebhookEvent) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("agency_id", uuid.UUID{}).Immutable(),
		field.String("type").NotEmpty().Immutable(),
		// The body's "data" object, as sent.
		field.Bytes("data").Immutable(),
		field.Time("created_at").Default(now).Immutable(),
		// Names an event that must happen once whoever notices it first (a licence's expiry,
		// found by a scan every server copy runs): unique.
		field.String("once_key").Optional().Nillable().Immutable(),
	}
}

func (WebhookEvent) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("agency", Agency.Type).Field("agency_id").Unique().Required().Immutable().
			Annotations(entsql.OnDelete(entsql.Cascade)),
		edge.From("deliveries", WebhookDelivery.Type).Ref("event"),
	}
}

func (WebhookEvent) Indexes() []ent.Index {
	return []ent.Index{index.Fields("once_key").Unique()}
}

func (WebhookEvent) Policy() ent.Policy { return tenancy.AgencyOwnedPolicy() }

// WebhookDelivery is one event to send to one endpoint, claimed by one server copy at a
// time (claimed_until) until it succeeds or is given up.
type WebhookDelivery struct{ ent.Schema }

func (WebhookDelivery) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}} }

func (WebhookDelivery) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("agency_id", uuid.UUID{}).Immutable(),
		field.UUID("endpoint_id", uuid.UUID{}).Immutable(),
		field.UUID("event_id", uuid.UUID{}).Immutable(),
		field.String("event_type").Immutable(),
		field.Enum("status").Values("pending", "succeeded", "failed").Default("pending"),
		field.Int("attempts").Default(0),
		field.Time("created_at").Default(now).Immutable(),
		field.Time("next_attempt_at"),
		// A copy sending it holds it until then; after, another may take it (the holder died).
		field.Time("claimed_until").Optional().Nillable(),
		field.Time("last_attempt_at").Optional().Nillable(),
		field.Int("last_status_code").Default(0),
		field.String("last_error").Default("").MaxLen(500),
	}
}

func (WebhookDelivery) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("endpoint", WebhookEndpoint.Type).Field("endpoint_id").Unique().Required().Immutable().
			Annotations(entsql.OnDelete(entsql.Cascade)),
		edge.To("event", WebhookEvent.Type).Field("event_id").Unique().Required().Immutable().
			Annotations(entsql.OnDelete(entsql.Cascade)),
		edge.From("attempt_list", WebhookAttempt.Type).Ref("delivery"),
	}
}

func (WebhookDelivery) Indexes() []ent.Index {
	return []ent.Index{
		// The worker's scan: pending deliveries due.
		index.Fields("status", "next_attempt_at"),
		index.Fields("endpoint_id", "created_at"),
	}
}

func (WebhookDelivery) Policy() ent.Policy { return tenancy.AgencyOwnedPolicy() }

// WebhookAttempt is one POST of a delivery: its answer's status or the error, and how long.
type WebhookAttempt struct{ ent.Schema }

func (WebhookAttempt) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}} }

func (WebhookAttempt) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("agency_id", uuid.UUID{}).Immutable(),
		field.UUID("delivery_id", uuid.UUID{}).Immutable(),
		field.Time("attempted_at").Immutable(),
		field.Int("status_code").Default(0).Immutable(),
		field.String("error").Default("").MaxLen(500).Immutable(),
		field.Int("duration_ms").Default(0).Immutable(),
	}
}

func (WebhookAttempt) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("delivery", WebhookDelivery.Type).Field("delivery_id").Unique().Required().Immutable().
			Annotations(entsql.OnDelete(entsql.Cascade)),
	}
}

func (WebhookAttempt) Indexes() []ent.Index {
	return []ent.Index{index.Fields("delivery_id", "attempted_at")}
}

func (WebhookAttempt) Policy() ent.Policy { return tenancy.AgencyOwnedPolicy() }
