package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"

	"github.com/tremplin/tremplin/internal/contacts"
	"github.com/tremplin/tremplin/internal/tenancy"
)

// Contact is a person of a candidate's network. Contacts form a tree through their
// intermediary (parent); rank is the depth in that tree, 1 for people the candidate knows.
type Contact struct{ ent.Schema }

func (Contact) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}, TimeMixin{}, OwnedMixin{}} }

// Text limits count characters (MaxRuneLen), as the protos' max_len does: a name full of
// accents must not pass validation and then fail at save.
func (Contact) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("parent_id", uuid.UUID{}).Optional().Nillable(),
		field.Int("rank").Default(1).Positive(),
		field.Enum("civility").Values("male", "female", "other").Optional().Nillable(),
		field.String("first_name").Default("").MaxRuneLen(100),
		field.String("last_name").Default("").MaxRuneLen(100),
		field.String("email").Default("").MaxRuneLen(254),
		field.String("company").Default("").MaxRuneLen(200),
		field.String("job").Default("").MaxRuneLen(200),
		field.String("phone_number").Default("").MaxRuneLen(40),
		field.String("mobile_number").Default("").MaxRuneLen(40),
		field.String("origin").Default("").MaxRuneLen(50),
		field.Text("comments").Default(""),
		resourcesField(),
		field.Enum("status").Values("new", "incomplete", "engaged", "thanked").Default("incomplete"),
		// How often the candidate wants to be in touch with the contact (« Rester en contact »);
		// none by default. internal/callbacks says who is due.
		field.Enum("touch_rhythm").Values("two-weeks", "month", "quarter").Optional().Nillable(),
		// Lower-case, accent-free "first last\nlast first\ncompany" for search, the same on
		// both dialects (internal/contacts.SearchKey).
		field.String("search_key").Default(""),
		// Lower-case, accent-free "last\x1ffirst" for the list order and duplicate detection
		// (internal/contacts.SortKey).
		field.String("sort_key").Default(""),
		// The company without accents, case, punctuation or legal form (« Société Générale
		// SA » → "societe generale"), for « Qui je connais là-bas ? »: an indexed equality
		// with an application's company (internal/contacts.CompanyKey).
		field.String("company_key").Default(""),
		// The mobile number's digits, the French +33 and 0033 written as the national 0
		// (« +33 6 11 22 33 44 » → "0611223344"), that search matches by substring
		// (internal/contacts.PhoneKey).
		field.String("mobile_key").Default(""),
	}
}

// Hooks write the derived fields (keys, reachability status) from the fields they come from,
// for every writer (internal/contacts.DerivedFieldsHook).
func (Contact) Hooks() []ent.Hook { return []ent.Hook{contacts.DerivedFieldsHook()} }

func (Contact) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("children", Contact.Type).
			From("parent").
			Field("parent_id").
			Unique().
			Annotations(entsql.OnDelete(entsql.SetNull)),
		edge.To("tags", Tag.Type).Through("tag_links", ContactTag.Type),
		edge.From("tasks", Task.Type).Ref("contact"),
		edge.From("events", Event.Type).Ref("contact"),
		edge.From("applications", Application.Type).Ref("contacts"),
	}
}

func (Contact) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("owner_id", "sort_key"),
		index.Fields("owner_id", "created_at"),
		index.Fields("parent_id"),
		index.Fields("owner_id", "company_key"),
	}
}

// Tag is a candidate's own free label (city, sector, type…).
type Tag struct{ ent.Schema }

func (Tag) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}, TimeMixin{}, OwnedMixin{}} }

func (Tag) Fields() []ent.Field {
	return []ent.Field{
		field.String("name").NotEmpty().MaxRuneLen(50),
		// Lower-case, accent-free name: one tag per candidate and key.
		field.String("name_key").NotEmpty(),
	}
}

func (Tag) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("contacts", Contact.Type).Ref("tags"),
	}
}

func (Tag) Indexes() []ent.Index {
	return []ent.Index{index.Fields("owner_id", "name_key").Unique()}
}

// ContactTag is a tag put on a contact: the contact_tags table, declared as an edge schema only
// to be indexed by tag as well as by contact (ent's own join table has its primary key alone,
// led by the contact): reading an owner's tags with their contacts, finding a tag's contacts
// and deleting a tag then read that owner's links, not every candidate's (ent issue #1845).
type ContactTag struct{ ent.Schema }

func (ContactTag) Annotations() []schema.Annotation {
	return []schema.Annotation{field.ID("contact_id", "tag_id")}
}

func (ContactTag) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("contact_id", uuid.UUID{}),
		field.UUID("tag_id", uuid.UUID{}),
	}
}

func (ContactTag) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("contact", Contact.Type).Field("contact_id").Unique().Required().
			Annotations(entsql.OnDelete(entsql.Cascade)),
		edge.To("tag", Tag.Type).Field("tag_id").Unique().Required().
			Annotations(entsql.OnDelete(entsql.Cascade)),
	}
}

// Policy: links are read and written through a contact's tags edge, under the contact's
// policy; the entity itself is the system's only.
func (ContactTag) Policy() ent.Policy { return tenancy.SystemOnlyPolicy() }

// Indexes: by tag, then contact — the primary key serves reads by contact.
func (ContactTag) Indexes() []ent.Index {
	return []ent.Index{index.Fields("tag_id", "contact_id")}
}
