package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"
)

var (
	taskSubjects = []string{
		"ask-information", "feedback", "first-contact", "internet-searches",
		"interview-preparation", "return", "reminder", "reminder-application",
		"request-for-information", "send-application", "send-information", "send-offer",
		"thanks-after-interview", "thanks-after-recruitment-failed", "thanks-for-introduction",
		"update-jobboards-cvs", "wish-card", "other",
	}
	eventSubjects = []string{
		"pre-selection", "recruitment", "discovery", "product-presentation",
		"commercial-proposition", "negotiation", "job-interview-preparation", "job-investigation",
		"market-appropriateness", "presentation", "targeting", "meal", "coffee", "other",
		"afterwork", "exhibition", "workshop", "conference", "training", "webinar",
	}
	mediaTypes     = []string{"mobile", "email", "inmail", "phone", "other", "video-conferencing", "face-to-face"}
	activityStates = []string{"not-started", "completed"}
)

// Task is something a candidate has to do, usually with a contact, by a deadline.
type Task struct{ ent.Schema }

func (Task) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}, TimeMixin{}, OwnedMixin{}} }

func (Task) Fields() []ent.Field {
	return []ent.Field{
		field.Enum("subject").Values(taskSubjects...),
		field.String("custom_subject").Default("").MaxRuneLen(200),
		field.Enum("media_type").Values(mediaTypes...).Optional().Nillable(),
		field.Enum("priority").Values("normal", "high", "urgent").Default("normal"),
		field.Enum("status").Values(activityStates...).Default("not-started"),
		// The first deadline set, kept when the nightly job carries an undone task over to the
		// next day: lists sort by it, and a task is overdue when it is before today.
		field.Time("initial_deadline"),
		// The day the task is to be done: the nightly job moves it to the new day while the
		// task is not started.
		field.Time("deadline"),
		field.Time("execution_date").Optional().Nillable(),
		field.UUID("contact_id", uuid.UUID{}).Optional().Nillable(),
		field.UUID("application_id", uuid.UUID{}).Optional().Nillable(),
		resourcesField(),
		field.Text("comments").Default(""),
		field.Text("mark_as_complete_comment").Default(""),
		// When the nightly job last raised the priority (and moved the deadline).
		field.Time("escalated_at").Optional().Nillable(),
	}
}

func (Task) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("contact", Contact.Type).Field("contact_id").Unique().
			Annotations(entsql.OnDelete(entsql.Restrict)),
		edge.To("application", Application.Type).Field("application_id").Unique().
			Annotations(entsql.OnDelete(entsql.Cascade)),
	}
}

func (Task) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("owner_id", "deadline"),
		// Overdue tasks (the dashboard): not started, first deadline before today.
		index.Fields("owner_id", "status", "initial_deadline"),
		// Tasks not started due on a day (the night's escalation, the morning e-mail).
		index.Fields("status", "deadline"),
		index.Fields("contact_id"),
		index.Fields("application_id"),
	}
}

// Event is an appointment or an interview at a date and time.
type Event struct{ ent.Schema }

func (Event) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}, TimeMixin{}, OwnedMixin{}} }

func (Event) Fields() []ent.Field {
	return []ent.Field{
		field.Enum("type").Values("interview", "event", "trade-show-visit").Default("interview"),
		field.Enum("subject").Values(eventSubjects...),
		field.Enum("media_type").Values(mediaTypes...),
		field.String("media_details").Default("").MaxRuneLen(500),
		field.Time("date"),
		field.Enum("status").Values(activityStates...).Default("not-started"),
		field.UUID("contact_id", uuid.UUID{}).Optional().Nillable(),
		field.UUID("application_id", uuid.UUID{}).Optional().Nillable(),
		field.Enum("mood").Values("missed", "poor", "satisfying", "excellent", "lost", "win").Optional().Nillable(),
		field.Text("mark_as_complete_comment").Default(""),
		field.Text("comments").Default(""),
		resourcesField(),
		field.Time("completed_at").Optional().Nillable(),
	}
}

func (Event) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("contact", Contact.Type).Field("contact_id").Unique().
			Annotations(entsql.OnDelete(entsql.Restrict)),
		edge.To("application", Application.Type).Field("application_id").Unique().
			Annotations(entsql.OnDelete(entsql.Cascade)),
	}
}

func (Event) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("owner_id", "date"),
		index.Fields("contact_id"),
		index.Fields("application_id"),
	}
}
