package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"

	"github.com/tremplin/tremplin/internal/consent"
	"github.com/tremplin/tremplin/internal/tenancy"
)

// User is anyone who signs in: a candidate, an agency admin or the platform admin. A
// candidate's status is derived from these facts (see internal/access), never stored.
type User struct{ ent.Schema }

func (User) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}, TimeMixin{}} }

func (User) Fields() []ent.Field {
	return []ent.Field{
		field.Enum("role").Values("candidate", "agency-admin", "admin"),
		field.Enum("civility").Values("male", "female", "other").Optional().Nillable(),
		// Stored lower-cased; unique.
		field.String("email").MaxRuneLen(254).Unique(),
		// argon2id in PHC form; empty until the user sets a password from an invitation.
		field.String("password_hash").Optional().Sensitive(),
		field.String("first_name").Default("").MaxRuneLen(100),
		field.String("last_name").Default("").MaxRuneLen(100),
		field.String("job").Default("").MaxRuneLen(200),
		field.String("mobile_number").Default("").MaxRuneLen(40),
		field.String("phone_number").Default("").MaxRuneLen(40),
		field.Time("first_login_at").Optional().Nillable(),
		field.Time("last_login_at").Optional().Nillable(),
		// When the retention job (internal/jobs/retention.go) warned the user that their account
		// would be deleted for inactivity; cleared by a sign-in, so the count starts again. The
		// account is deleted only 30 days or more after this warning.
		field.Time("retention_warned_at").Optional().Nillable(),
		field.Bool("is_b2c").Default(false),
		field.Bool("has_paid").Default(false),
		field.Time("trial_end_at").Optional().Nillable(),
		field.Bool("has_free_access").Default(false),
		field.Bool("task_notifications").Default(false),
		// When the user accepted the terms of use, completing their invitation.
		field.Time("terms_accepted_at").Optional().Nillable(),
		// How the account came to exist: "agency", "b2c", "admin", "seed".
		field.String("origin").Default(""),
		// IANA zone for weeks, deadlines and the nightly jobs.
		field.String("time_zone").Default("Europe/Paris"),
		// The candidate shares their progress with their agency's admin (the coach view): off
		// until the candidate turns it on.
		field.Bool("share_progress_with_agency").Default(false),
		field.UUID("agency_id", uuid.UUID{}).Optional().Nillable(),
		field.String("stripe_customer_id").Optional().Nillable(),
		field.String("stripe_subscription_id").Optional().Nillable(),
		field.String("subscription_status").Default(""),
		field.Time("subscription_period_end").Optional().Nillable(),
		field.Bool("subscription_cancel_at_period_end").Default(false),
		// When a subscription first gave premium (the B2C funnel's « became Premium »).
		field.Time("premium_at").Optional().Nillable(),
		// Bumped by every change to the candidate's own data (contacts, tags, tasks, events,
		// applications: see internal/dataversion), so views derived from it and kept in memory
		// know when they are stale. Read for free with the session.
		field.Int64("data_version").Default(0),
	}
}

func (User) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("agency", Agency.Type).
			Field("agency_id").
			Unique().
			Annotations(entsql.OnDelete(entsql.SetNull)),
		edge.To("license", License.Type).
			Unique().
			Annotations(entsql.OnDelete(entsql.Cascade)),
		edge.From("sessions", Session.Type).Ref("user"),
	}
}

func (User) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("agency_id", "created_at"),
		index.Fields("role", "created_at"),
		index.Fields("stripe_customer_id"),
	}
}

func (User) Policy() ent.Policy { return tenancy.UserPolicy() }

// Hooks: consent to the coach view ends when the candidate's agency or arrangement changes,
// whoever writes it (internal/consent).
func (User) Hooks() []ent.Hook { return []ent.Hook{consent.Hook()} }
