package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
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
		// Lower-case, accent-free company for search.
		field.String("search_key").Default(""),
	}
}

func (Application) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("contacts", Contact.Type),
		edge.From("tasks", Task.Type).Ref("application"),
		edge.From("events", Event.Type).Ref("application"),
	}
}

func (Application) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("owner_id", "created_at"),
		index.Fields("owner_id", "engaged_at"),
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
