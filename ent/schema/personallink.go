package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// PersonalLink is a candidate's standing secret address: the calendar feed their calendar
// program subscribes to, the unsubscribe link of the morning e-mail. Unlike the single-use
// links of ActionToken, the address must be shown or sent again, so the token is kept as it
// is; it only ever grants reading upcoming events or turning the e-mail off, and a new one
// (or none) can replace it at any time.
type PersonalLink struct{ ent.Schema }

func (PersonalLink) Mixin() []ent.Mixin {
	return []ent.Mixin{IDMixin{}, TimeMixin{}, OwnedMixin{}}
}

func (PersonalLink) Fields() []ent.Field {
	return []ent.Field{
		field.Enum("kind").Values("calendar-feed", "unsubscribe"),
		// 256 random bits, base64url.
		field.String("token").NotEmpty().Unique().Sensitive(),
	}
}

func (PersonalLink) Indexes() []ent.Index {
	return []ent.Index{index.Fields("owner_id", "kind").Unique()}
}
