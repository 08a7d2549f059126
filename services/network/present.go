package network

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"entgo.io/ent/dialect"
	"entgo.io/ent/dialect/sql"
	"github.com/google/uuid"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/ent/event"
	"github.com/tremplin/tremplin/ent/predicate"
	"github.com/tremplin/tremplin/ent/tag"
	"github.com/tremplin/tremplin/ent/task"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/internal/contacts"
	"github.com/tremplin/tremplin/internal/enums"
	"github.com/tremplin/tremplin/internal/resource"
)

// Extra columns of a presented contact, selected with it in the same query.
const (
	colParentFirst   = "parent_first_name"
	colParentLast    = "parent_last_name"
	colParentCompany = "parent_company"
	colHasActivity   = "has_activity"
	colHasApp        = "has_application"
)

// presentContacts answers the owner's contacts matching preds, presented, sorted by last name
// then first name (case- and accent-insensitive, through sort_key). It costs two queries
// whatever the number of contacts: the contacts with their intermediary's names and their
// activity and application flags (a self join and EXISTS columns), then the tags of those
// contacts. No IN list of ids is built, so it works for any network size.
func presentContacts(ctx context.Context, client *ent.Client, owner uuid.UUID, preds ...predicate.Contact) ([]*networkv1.Contact, error) {
	preds = append([]predicate.Contact{contact.OwnerID(owner)}, preds...)
	q := client.Contact.Query().Where(preds...)
	q.Modify(func(s *sql.Selector) {
		parent := sql.Table(contact.Table).As("p")
		s.LeftJoin(parent).On(s.C(contact.FieldParentID), parent.C(contact.FieldID))
		// Never NULL: ent asks the driver for each extra column's type, and SQLite has none
		// for a NULL.
		orEmpty := func(col string) sql.Querier { return sql.Expr("COALESCE(" + parent.C(col) + ", '')") }
		s.AppendSelectExprAs(orEmpty(contact.FieldFirstName), colParentFirst)
		s.AppendSelectExprAs(orEmpty(contact.FieldLastName), colParentLast)
		s.AppendSelectExprAs(orEmpty(contact.FieldCompany), colParentCompany)

		tasks, events := sql.Table(task.Table), sql.Table(event.Table)
		links := sql.Table(contact.ApplicationsTable)
		s.AppendSelectExprAs(sql.Or(
			sql.Exists(sql.Select(tasks.C(task.FieldID)).From(tasks).Where(sql.ColumnsEQ(tasks.C(task.FieldContactID), s.C(contact.FieldID)))),
			sql.Exists(sql.Select(events.C(event.FieldID)).From(events).Where(sql.ColumnsEQ(events.C(event.FieldContactID), s.C(contact.FieldID)))),
		), colHasActivity)
		s.AppendSelectExprAs(
			sql.Exists(sql.Select(links.C(contact.ApplicationsPrimaryKey[0])).From(links).Where(sql.ColumnsEQ(links.C(contact.ApplicationsPrimaryKey[1]), s.C(contact.FieldID)))),
			colHasApp)
		orderBySortKey(s, s.C(contact.FieldSortKey), s.C(contact.FieldID))
	})
	rows, err := q.All(ctx)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return []*networkv1.Contact{}, nil
	}
	tags, err := tagsOf(ctx, client, owner, preds)
	if err != nil {
		return nil, err
	}
	out := make([]*networkv1.Contact, 0, len(rows))
	for _, c := range rows {
		p := toProto(c, tags[c.ID])
		p.HasApplication = boolValue(c, colHasApp)
		p.IsDeletable = contacts.Deletable(c.Status, boolValue(c, colHasActivity), p.HasApplication)
		if c.ParentID != nil {
			p.Parent = &commonv1.ContactRef{
				Id:        c.ParentID.String(),
				FirstName: stringValue(c, colParentFirst),
				LastName:  stringValue(c, colParentLast),
				Company:   stringValue(c, colParentCompany),
			}
		}
		out = append(out, p)
	}
	return out, nil
}

// orderBySortKey orders by the given columns byte-wise on both dialects: SQLite compares
// text bytes already; PostgreSQL gets the "C" collation, whatever the database's own.
func orderBySortKey(s *sql.Selector, key string, then ...string) {
	if s.Dialect() == dialect.Postgres {
		s.OrderExpr(sql.Expr(key + ` COLLATE "C"`))
	} else {
		s.OrderBy(key)
	}
	s.OrderBy(then...)
}

// tagsOf answers the tags of the owner's contacts matching preds, by contact, sorted by name.
func tagsOf(ctx context.Context, client *ent.Client, owner uuid.UUID, preds []predicate.Contact) (map[uuid.UUID][]*networkv1.Tag, error) {
	var links []struct {
		ContactID uuid.UUID `json:"contact_id"`
		ID        uuid.UUID `json:"id"`
		Name      string    `json:"name"`
	}
	err := client.Tag.Query().Where(tag.OwnerID(owner)).Modify(func(s *sql.Selector) {
		joined := sql.Table(contact.TagsTable)
		listed := sql.Table(contact.Table)
		ids := sql.Select(listed.C(contact.FieldID)).From(listed)
		for _, p := range preds {
			p(ids)
		}
		s.Join(joined).On(s.C(tag.FieldID), joined.C(contact.TagsPrimaryKey[1])).
			Where(sql.In(joined.C(contact.TagsPrimaryKey[0]), ids))
		s.Select(sql.As(joined.C(contact.TagsPrimaryKey[0]), "contact_id"), s.C(tag.FieldID), s.C(tag.FieldName))
		orderBySortKey(s, s.C(tag.FieldNameKey), s.C(tag.FieldID))
	}).Scan(ctx, &links)
	if err != nil {
		return nil, fmt.Errorf("loading tags: %w", err)
	}
	out := make(map[uuid.UUID][]*networkv1.Tag)
	for _, l := range links {
		out[l.ContactID] = append(out[l.ContactID], &networkv1.Tag{Id: l.ID.String(), Name: l.Name})
	}
	return out, nil
}

// toProto presents a contact's own fields (not its parent and flags).
func toProto(c *ent.Contact, tags []*networkv1.Tag) *networkv1.Contact {
	if tags == nil {
		tags = []*networkv1.Tag{}
	}
	out := &networkv1.Contact{
		Id:           c.ID.String(),
		Rank:         int32(c.Rank),
		FirstName:    c.FirstName,
		LastName:     c.LastName,
		Email:        c.Email,
		Company:      c.Company,
		Job:          c.Job,
		PhoneNumber:  c.PhoneNumber,
		MobileNumber: c.MobileNumber,
		Origin:       c.Origin,
		Comments:     c.Comments,
		Tags:         tags,
		Resources:    resource.ToProto(c.Resources),
		Status:       enums.StringOf[commonv1.ContactStatus](c.Status),
		CreatedDate:  timestamppb.New(c.CreatedAt),
	}
	if c.Civility != nil {
		out.Civility = enums.StringOf[commonv1.Civility](*c.Civility)
	}
	return out
}

// boolValue reads an extra boolean column: PostgreSQL answers a bool, SQLite an integer.
func boolValue(c *ent.Contact, name string) bool {
	v, err := c.Value(name)
	if err != nil {
		return false
	}
	switch x := v.(type) {
	case *sql.UnknownType:
		if x == nil {
			return false
		}
		return anyBool(*x)
	default:
		return anyBool(x)
	}
}

func anyBool(v any) bool {
	switch x := v.(type) {
	case bool:
		return x
	case int64:
		return x != 0
	case int:
		return x != 0
	case []byte:
		return string(x) == "1" || strings.EqualFold(string(x), "true")
	case string:
		return x == "1" || strings.EqualFold(x, "true")
	}
	return false
}

// stringValue reads an extra text column ("" for NULL).
func stringValue(c *ent.Contact, name string) string {
	v, err := c.Value(name)
	if err != nil {
		return ""
	}
	if u, ok := v.(*sql.UnknownType); ok {
		if u == nil {
			return ""
		}
		v = *u
	}
	switch x := v.(type) {
	case string:
		return x
	case []byte:
		return string(x)
	}
	return ""
}

// sortedTagNames answers the tag names of a presented contact, for comparisons.
func sortedTagKeys(tags []*ent.Tag) []string {
	keys := make([]string, 0, len(tags))
	for _, t := range tags {
		keys = append(keys, t.NameKey)
	}
	slices.Sort(keys)
	return keys
}
