package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"

	"github.com/tremplin/tremplin/internal/tenancy"
)

// Agency is a recruitment agency: its admin, its candidates and its pool of licences.
type Agency struct{ ent.Schema }

func (Agency) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}, TimeMixin{}} }

func (Agency) Fields() []ent.Field {
	return []ent.Field{
		field.String("name").NotEmpty().MaxRuneLen(200),
		field.String("email").MaxRuneLen(254),
		// Licences bought for the pool: the sum of its license batches, added in the batch's
		// transaction by one UPDATE … SET num_total_licenses = num_total_licenses + n.
		field.Int("num_total_licenses").Default(0).NonNegative(),
		// Licences handed to candidates, pending or used (internal/licenses). Changed only by
		// atomic UPDATEs: +1 guarded by num_allocated_licenses < num_total_licenses, −1 when
		// a pending licence goes back to the pool.
		field.Int("num_allocated_licenses").Default(0).NonNegative(),
	}
}

func (Agency) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("members", User.Type).Ref("agency"),
		edge.From("licenses", License.Type).Ref("agency"),
	}
}

func (Agency) Policy() ent.Policy { return tenancy.AgencyPolicy() }
