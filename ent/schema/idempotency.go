package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/tremplin/tremplin/internal/tenancy"
)

// IdempotencyKey claims one Idempotency-Key of one caller (internal/idempotency): the unique
// (scope, key) row is inserted before the create runs, so concurrent duplicates run it once,
// and holds the first answer for the retries of the next 24 hours.
type IdempotencyKey struct{ ent.Schema }

func (IdempotencyKey) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}} }

func (IdempotencyKey) Fields() []ent.Field {
	return []ent.Field{
		// Who sent it: "user:<id>" or "api-key:<id>"; another caller's same key is another row.
		field.String("scope").NotEmpty().MaxLen(100).Immutable(),
		field.String("key").NotEmpty().MaxLen(255).Immutable(),
		// SHA-256 of the procedure and the request (deterministic protobuf encoding).
		field.Bytes("request_hash").Immutable(),
		field.String("procedure").NotEmpty().MaxLen(200).Immutable(),
		// The first answer, encoded; empty while the first request is running.
		field.Bytes("response").Optional().Nillable(),
		field.Time("created_at").Default(now).Immutable(),
		field.Time("expires_at"),
	}
}

func (IdempotencyKey) Indexes() []ent.Index {
	return []ent.Index{index.Fields("scope", "key").Unique(), index.Fields("expires_at")}
}

func (IdempotencyKey) Policy() ent.Policy { return tenancy.SystemOnlyPolicy() }
