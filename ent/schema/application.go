package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"

	"github.com/tremplin/tremplin/internal/applications"
	"github.com/tremplin/tremplin/internal/tenancy"
)

// Application is a job opportunity a candidate pursues.
type Application struct{ ent.Schema }

func (Application) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{}, TimeMixin{}, OwnedMixin{}}
}

func (Application) Fields() []ent.Field {
	return []ent.Field{
		field.String("company").NotEmpty().MaxRuneLen(200),
		field.String("job").NotEmpty().MaxRuneLen(200),
		field.String("reference").Default("").MaxRuneLen(200),
		field.String("place").Default("").MaxRuneLen(200),
		field.String("salary").Default("").MaxRuneLen(100),
		field.Text("description").Default(""),
		field.Enum("source").Values("agency", "free-application", "job-board", "my-network", "other"),
		field.String("source_details").Default("").MaxRuneLen(500),
		field.Time("date_of_publication").Optional().Nillable(),
		field.Enum("status").Values("new", "engaged", "lost", "win").Default("new"),
		// When the first linked activity was completed (the spec's engagmentDate).
		field.Time("engaged_at").Optional().Nillable(),
		resourcesField(),
		// End-of-opportunity report.
		field.Text("comment").Default(""),
		// The folded company (internal/contacts.Fold), written by the hook with the search
		// prefixes.
		field.String("search_key").Default(""),
	}
}

// Hooks write the derived search data (the key and the prefixes of the company's words) for
// every writer (internal/applications.DerivedFieldsHook).
func (Application) Hooks() []ent.Hook { return []ent.Hook{applications.DerivedFieldsHook()} }

func (Application) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("contacts", Contact.Type).Through("contact_links", ApplicationContact.Type),
		edge.From("tasks", Task.Type).Ref("application"),
		edge.From("events", Event.Type).Ref("application"),
		edge.To("search_prefixes", ApplicationSearchPrefix.Type).
			Annotations(entsql.OnDelete(entsql.Cascade)),
	}
}

func (Application) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("owner_id", "created_at"),
		index.Fields("owner_id", "engaged_at"),
	}
}

// ApplicationSearchPrefix is one prefix of one word of an application's company, folded
// ("societe generale" gives "s", "so", … "societe", "g", … "generale"): the company search is
// then an indexed equality per word typed, word-prefix, case- and accent-insensitive, the same
// on both dialects. Written only by internal/applications.DerivedFieldsHook.
type ApplicationSearchPrefix struct{ ent.Schema }

// The owner's fields, edge and tenancy policy are OwnedMixin's, without its data-version
// hook: the prefixes change only with their application, which moves the version already
// (a creation would otherwise bump it once per prefix).
func (ApplicationSearchPrefix) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("owner_id", uuid.UUID{}).Immutable(),
		field.UUID("application_id", uuid.UUID{}).Immutable(),
		field.String("prefix").NotEmpty().Immutable(),
	}
}

func (ApplicationSearchPrefix) Policy() ent.Policy { return tenancy.OwnedPolicy() }

func (ApplicationSearchPrefix) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("owner", User.Type).Field("owner_id").Unique().Required().Immutable().
			Annotations(entsql.OnDelete(entsql.Cascade)),
		edge.From("application", Application.Type).Ref("search_prefixes").
			Field("application_id").Unique().Required().Immutable(),
	}
}

func (ApplicationSearchPrefix) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("owner_id", "prefix", "application_id").Unique(),
		index.Fields("application_id"),
	}
}

// DashboardSetting holds a candidate's weekly objective thresholds (top of the low, medium
// and high bands of each gauge). Absent means the spec's defaults.
type DashboardSetting struct{ ent.Schema }

func (DashboardSetting) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{}, TimeMixin{}, OwnedMixin{}}
}

func (DashboardSetting) Fields() []ent.Field {
	level := func(name string, def int) ent.Field {
		return field.Int(name).Default(def).Range(0, 30)
	}
	return []ent.Field{
		level("completed_interview_low", 2), level("completed_interview_medium", 4), level("completed_interview_high", 6),
		level("engaged_application_low", 0), level("engaged_application_medium", 1), level("engaged_application_high", 2),
		level("first_task_low", 6), level("first_task_medium", 12), level("first_task_high", 20),
		level("new_contact_low", 8), level("new_contact_medium", 12), level("new_contact_high", 15),
	}
}

func (DashboardSetting) Indexes() []ent.Index {
	return []ent.Index{index.Fields("owner_id").Unique()}
}

// ApplicationContact is a contact named by an application: the application_contacts table,
// declared as an edge schema only to be indexed by contact as well as by application (ent's
// own join table has its primary key alone, led by the application): a contact's applications,
// the activities of a contact's applications and a contact's deletion then read that contact's
// links, not every candidate's (ent issue #1845).
type ApplicationContact struct{ ent.Schema }

func (ApplicationContact) Annotations() []schema.Annotation {
	return []schema.Annotation{field.ID("application_id", "contact_id")}
}

func (ApplicationContact) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("application_id", uuid.UUID{}),
		field.UUID("contact_id", uuid.UUID{}),
	}
}

func (ApplicationContact) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("application", Application.Type).Field("application_id").Unique().Required().
			Annotations(entsql.OnDelete(entsql.Cascade)),
		edge.To("contact", Contact.Type).Field("contact_id").Unique().Required().
			Annotations(entsql.OnDelete(entsql.Cascade)),
	}
}

// Policy: links are read and written through an application's contacts edge, under the
// application's policy; the entity itself is the system's only.
func (ApplicationContact) Policy() ent.Policy { return tenancy.SystemOnlyPolicy() }

// Indexes: by contact, then application — the primary key serves reads by application.
func (ApplicationContact) Indexes() []ent.Index {
	return []ent.Index{index.Fields("contact_id", "application_id")}
}
