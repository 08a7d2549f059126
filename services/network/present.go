package network

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"

	"entgo.io/ent/dialect/sql"
	"github.com/google/uuid"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/application"
	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/ent/event"
	"github.com/tremplin/tremplin/ent/predicate"
	"github.com/tremplin/tremplin/ent/tag"
	"github.com/tremplin/tremplin/ent/task"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/contacts"
	"github.com/tremplin/tremplin/internal/enums"
	"github.com/tremplin/tremplin/internal/paging"
	"github.com/tremplin/tremplin/internal/resource"
)

// view says how much of each contact to present.
type view int

const (
	// listView leaves out the notes and the links, which lists do not show and which make up
	// most of a large network's weight; GetContact answers them.
	listView view = iota
	// fullView is every field.
	fullView
)

// listFields are the columns a listed contact needs; fullFields add the notes and links.
var (
	listFields = []string{
		contact.FieldID, contact.FieldCreatedAt, contact.FieldParentID, contact.FieldRank, contact.FieldCivility,
		contact.FieldFirstName, contact.FieldLastName, contact.FieldEmail, contact.FieldCompany, contact.FieldJob,
		contact.FieldPhoneNumber, contact.FieldMobileNumber, contact.FieldOrigin, contact.FieldStatus, contact.FieldSortKey,
	}
	fullFields = append(slices.Clone(listFields), contact.FieldComments, contact.FieldResources)
)

// selection is the owner's contacts a presentation is about: preds beyond the owner
// (filters, one id, the children of a contact), or none for the whole network.
type selection struct {
	owner uuid.UUID
	preds []predicate.Contact
}

func (sel selection) all() []predicate.Contact {
	return append([]predicate.Contact{contact.OwnerID(sel.owner)}, sel.preds...)
}

// subquery selects one column of the selected contacts.
func (sel selection) subquery(d string, column string) *sql.Selector {
	listed := sql.Table(contact.Table)
	q := sql.Dialect(d).Select(listed.C(column)).From(listed)
	for _, p := range sel.all() {
		p(q)
	}
	return q
}

// presentedRow is a contact as the presentation query reads it: its own columns, its
// intermediary's names and whether something involves it.
type presentedRow struct {
	ent.Contact
	ParentFirstName *string `json:"parent_first_name"`
	ParentLastName  *string `json:"parent_last_name"`
	ParentCompany   *string `json:"parent_company"`
	HasActivity     bool    `json:"has_activity"`
	HasApplication  bool    `json:"has_application"`
}

// presentContacts answers the owner's contacts matching preds, presented in view v, sorted by
// last name then first name (case- and accent-insensitive: by sort_key, compared byte-wise in
// Go, the same on both dialects).
//
// Two statements whatever the network's size: the contacts with their intermediary's names
// and their involvement flags (tasks, events, applications), then the tags of the selected
// contacts. Selections are subqueries, never lists of ids; every statement is owner-scoped.
func presentContacts(ctx context.Context, client *ent.Client, owner uuid.UUID, v view, preds ...predicate.Contact) ([]*networkv1.Contact, error) {
	list, _, err := presentContactsPage(ctx, client, owner, v, paging.Page{}, preds...)
	return list, err
}

// presentContactsPage is presentContacts for one page (internal/paging, keyset on sort_key
// compared byte-wise, then id), with the token of the next page (nil on the last).
func presentContactsPage(ctx context.Context, client *ent.Client, owner uuid.UUID, v view, page paging.Page, preds ...predicate.Contact) ([]*networkv1.Contact, *string, error) {
	sel := selection{owner: owner, preds: preds}
	fields := listFields
	if v == fullView {
		fields = fullFields
	}
	var rows []presentedRow
	err := client.Contact.Query().Where(sel.all()...).Modify(func(s *sql.Selector) {
		s.Select(s.Columns(fields...)...)
		parent := sql.Table(contact.Table).As("intermediary")
		s.LeftJoin(parent).On(s.C(contact.FieldParentID), parent.C(contact.FieldID))
		s.AppendSelectAs(parent.C(contact.FieldFirstName), "parent_first_name").
			AppendSelectAs(parent.C(contact.FieldLastName), "parent_last_name").
			AppendSelectAs(parent.C(contact.FieldCompany), "parent_company")
		withInvolvement(s, owner)
		if page.Size > 0 {
			page.Keyset(paging.Column{Name: contact.FieldSortKey, Bytes: true}, paging.Column{Name: contact.FieldID})(s)
		}
	}).Scan(ctx, &rows)
	if err != nil {
		return nil, nil, fmt.Errorf("loading contacts: %w", err)
	}
	if len(rows) == 0 {
		return []*networkv1.Contact{}, nil, nil
	}
	slices.SortFunc(rows, func(a, b presentedRow) int {
		if c := strings.Compare(a.SortKey, b.SortKey); c != 0 {
			return c
		}
		return bytes.Compare(a.ID[:], b.ID[:])
	})
	n, next := page.Cut(len(rows), func(i int) []any { return []any{rows[i].SortKey, rows[i].ID} })
	rows = rows[:n]
	if page.Size > 0 {
		// The tags of this page's contacts only.
		ids := make([]uuid.UUID, len(rows))
		for i := range rows {
			ids[i] = rows[i].ID
		}
		sel = selection{owner: owner, preds: []predicate.Contact{contact.IDIn(ids...)}}
	}
	tags, err := tagsOf(ctx, client, sel)
	if err != nil {
		return nil, nil, err
	}
	out := make([]*networkv1.Contact, 0, len(rows))
	for i := range rows {
		r := &rows[i]
		p := toProto(&r.Contact, v, tags[r.ID])
		p.HasApplication = r.HasApplication
		p.IsDeletable = contacts.Deletable(r.Status, r.HasActivity, r.HasApplication)
		if r.ParentID != nil {
			p.Parent = &commonv1.ContactRef{Id: r.ParentID.String(), FirstName: deref(r.ParentFirstName),
				LastName: deref(r.ParentLastName), Company: deref(r.ParentCompany)}
		}
		out = append(out, p)
	}
	return out, next, nil
}

// withInvolvement adds has_activity (a task or an event is with the contact) and
// has_application (an application of the owner names it) to a selection of contacts: index
// probes by contact for tasks and events, and one pass over the owner's application links.
func withInvolvement(s *sql.Selector, owner uuid.UUID) {
	d := sql.Dialect(s.Dialect())
	tasks, events := sql.Table(task.Table), sql.Table(event.Table)
	hasTask := sql.Exists(d.Select(tasks.C(task.FieldID)).From(tasks).Where(sql.ColumnsEQ(tasks.C(task.FieldContactID), s.C(contact.FieldID))))
	hasEvent := sql.Exists(d.Select(events.C(event.FieldID)).From(events).Where(sql.ColumnsEQ(events.C(event.FieldContactID), s.C(contact.FieldID))))
	s.AppendSelectExprAs(sql.Or(hasTask, hasEvent), "has_activity")

	links, apps := sql.Table(contact.ApplicationsTable), sql.Table(application.Table)
	linked := d.Select(sql.As(links.C(contact.ApplicationsPrimaryKey[1]), "contact_id")).Distinct().From(links).
		Join(apps).On(links.C(contact.ApplicationsPrimaryKey[0]), apps.C(application.FieldID)).
		Where(sql.EQ(apps.C(application.FieldOwnerID), owner)).As("linked")
	s.LeftJoin(linked).On(s.C(contact.FieldID), linked.C("contact_id"))
	s.AppendSelectExprAs(sql.NotNull(linked.C("contact_id")), "has_application")
}

// isDeletable answers whether one of the owner's contacts may be deleted (its status, and
// nothing involving it), in one statement; NotFound when it is not the owner's.
func isDeletable(ctx context.Context, client *ent.Client, owner, id uuid.UUID) (bool, error) {
	var rows []presentedRow
	err := client.Contact.Query().Where(contact.OwnerID(owner), contact.ID(id)).Modify(func(s *sql.Selector) {
		s.Select(s.C(contact.FieldID), s.C(contact.FieldStatus))
		withInvolvement(s, owner)
	}).Scan(ctx, &rows)
	if err != nil {
		return false, err
	}
	if len(rows) == 0 {
		return false, apierr.NotFound(apierr.Contact)
	}
	return contacts.Deletable(rows[0].Status, rows[0].HasActivity, rows[0].HasApplication), nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// tagsOf answers the tags of the selected contacts, by contact, sorted by name, in one
// statement: the owner's tags joined to their links, restricted to the selected contacts
// when the selection is not the whole network.
func tagsOf(ctx context.Context, client *ent.Client, sel selection) (map[uuid.UUID][]*networkv1.Tag, error) {
	var links []struct {
		ContactID uuid.UUID `json:"contact_id"`
		ID        uuid.UUID `json:"id"`
		Name      string    `json:"name"`
	}
	err := client.Tag.Query().Where(tag.OwnerID(sel.owner)).Modify(func(s *sql.Selector) {
		joined := sql.Table(contact.TagsTable)
		s.Join(joined).On(s.C(tag.FieldID), joined.C(contact.TagsPrimaryKey[1]))
		s.Select(sql.As(joined.C(contact.TagsPrimaryKey[0]), "contact_id"), s.C(tag.FieldID), s.C(tag.FieldName))
		if len(sel.preds) > 0 {
			s.Where(sql.In(joined.C(contact.TagsPrimaryKey[0]), sel.subquery(s.Dialect(), contact.FieldID)))
		}
		contacts.OrderBySortKey(s, s.C(tag.FieldNameKey), s.C(tag.FieldID))
	}).Scan(ctx, &links)
	if err != nil {
		return nil, fmt.Errorf("loading tags: %w", err)
	}
	out := make(map[uuid.UUID][]*networkv1.Tag)
	byID := make(map[uuid.UUID]*networkv1.Tag)
	for _, l := range links {
		t := byID[l.ID]
		if t == nil {
			t = &networkv1.Tag{Id: l.ID.String(), Name: l.Name}
			byID[l.ID] = t
		}
		out[l.ContactID] = append(out[l.ContactID], t)
	}
	return out, nil
}

// toProto presents a contact's own fields in view v (not its parent and flags).
func toProto(c *ent.Contact, v view, tags []*networkv1.Tag) *networkv1.Contact {
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
		Tags:         tags,
		Status:       enums.StringOf[commonv1.ContactStatus](c.Status),
		CreatedDate:  timestamppb.New(c.CreatedAt),
	}
	if v == fullView {
		out.Comments = c.Comments
		out.Resources = resource.ToProto(c.Resources)
	}
	if c.Civility != nil {
		out.Civility = enums.StringOf[commonv1.Civility](*c.Civility)
	}
	return out
}

// sortedTagKeys answers the keys of tags, sorted, for comparisons.
func sortedTagKeys(tags []*ent.Tag) []string {
	keys := make([]string, 0, len(tags))
	for _, t := range tags {
		keys = append(keys, t.NameKey)
	}
	slices.Sort(keys)
	return keys
}
