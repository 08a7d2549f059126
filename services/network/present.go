package network

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"

	"entgo.io/ent/dialect"
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
	"github.com/tremplin/tremplin/internal/contacts"
	"github.com/tremplin/tremplin/internal/enums"
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

// restrict adds "column IN (the selected contacts' ids)" to s when the selection is not the
// whole network (then the owner's rows are all concerned, and the subquery is not needed).
func (sel selection) restrict(s *sql.Selector, column string) {
	if len(sel.preds) == 0 {
		return
	}
	s.Where(sql.In(column, sel.subquery(s.Dialect(), contact.FieldID)))
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

// presentContacts answers the owner's contacts matching preds, presented in view v, sorted by last name
// then first name (case- and accent-insensitive: by sort_key, compared byte-wise in Go, the
// same on both dialects).
//
// Its cost does not grow with the number of contacts: one query for the contacts, one for
// their tags, one each for the contacts with tasks, with events, with applications, and — when
// the selection is not the whole network — one for the intermediaries not among the selected
// contacts (for the whole network they all are, and are found in memory). Selections are
// subqueries, never lists of ids, so any network size works; every query is owner-scoped.
func presentContacts(ctx context.Context, client *ent.Client, owner uuid.UUID, v view, preds ...predicate.Contact) ([]*networkv1.Contact, error) {
	sel := selection{owner: owner, preds: preds}
	fields := listFields
	if v == fullView {
		fields = fullFields
	}
	rows, err := client.Contact.Query().Where(sel.all()...).Select(fields...).All(ctx)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return []*networkv1.Contact{}, nil
	}
	slices.SortFunc(rows, func(a, b *ent.Contact) int {
		if c := strings.Compare(a.SortKey, b.SortKey); c != 0 {
			return c
		}
		return bytes.Compare(a.ID[:], b.ID[:])
	})

	// Intermediaries: among the selected contacts (always, for the whole network), else read.
	parents := make(map[uuid.UUID]*commonv1.ContactRef)
	byID := make(map[uuid.UUID]*ent.Contact, len(rows))
	for _, r := range rows {
		byID[r.ID] = r
	}
	for _, r := range rows {
		if r.ParentID == nil || parents[*r.ParentID] != nil {
			continue
		}
		if p := byID[*r.ParentID]; p != nil {
			parents[p.ID] = &commonv1.ContactRef{Id: p.ID.String(), FirstName: p.FirstName, LastName: p.LastName, Company: p.Company}
		}
	}
	if len(sel.preds) > 0 {
		var more []struct {
			ID        uuid.UUID `json:"id"`
			FirstName string    `json:"first_name"`
			LastName  string    `json:"last_name"`
			Company   string    `json:"company"`
		}
		err := client.Contact.Query().Where(contact.OwnerID(owner)).
			Select(contact.FieldID, contact.FieldFirstName, contact.FieldLastName, contact.FieldCompany).
			Modify(func(s *sql.Selector) {
				s.Where(sql.In(s.C(contact.FieldID), sel.subquery(s.Dialect(), contact.FieldParentID)))
			}).Scan(ctx, &more)
		if err != nil {
			return nil, fmt.Errorf("loading intermediaries: %w", err)
		}
		for _, p := range more {
			parents[p.ID] = &commonv1.ContactRef{Id: p.ID.String(), FirstName: p.FirstName, LastName: p.LastName, Company: p.Company}
		}
	}

	tags, err := tagsOf(ctx, client, sel)
	if err != nil {
		return nil, err
	}
	withActivity, withApplication, err := involved(ctx, client, sel)
	if err != nil {
		return nil, err
	}

	out := make([]*networkv1.Contact, 0, len(rows))
	for _, r := range rows {
		p := toProto(r, v, tags[r.ID])
		p.HasApplication = withApplication[r.ID]
		p.IsDeletable = contacts.Deletable(r.Status, withActivity[r.ID], withApplication[r.ID])
		if r.ParentID != nil {
			p.Parent = parents[*r.ParentID]
			if p.Parent == nil { // cannot happen: a parent is the owner's contact
				p.Parent = &commonv1.ContactRef{Id: r.ParentID.String()}
			}
		}
		out = append(out, p)
	}
	return out, nil
}

// involved answers which selected contacts have a task or an event, and which are linked to an
// application: three queries on the owner's tasks, events and applications.
func involved(ctx context.Context, client *ent.Client, sel selection) (activity, applications map[uuid.UUID]bool, err error) {
	activity, applications = map[uuid.UUID]bool{}, map[uuid.UUID]bool{}
	var ids []struct {
		ContactID uuid.UUID `json:"contact_id"`
	}
	err = client.Task.Query().Where(task.OwnerID(sel.owner), task.ContactIDNotNil()).Unique(true).Select(task.FieldContactID).
		Modify(func(s *sql.Selector) { sel.restrict(s, s.C(task.FieldContactID)) }).Scan(ctx, &ids)
	if err != nil {
		return nil, nil, fmt.Errorf("loading contacts with tasks: %w", err)
	}
	for _, r := range ids {
		activity[r.ContactID] = true
	}
	ids = ids[:0]
	err = client.Event.Query().Where(event.OwnerID(sel.owner), event.ContactIDNotNil()).Unique(true).Select(event.FieldContactID).
		Modify(func(s *sql.Selector) { sel.restrict(s, s.C(event.FieldContactID)) }).Scan(ctx, &ids)
	if err != nil {
		return nil, nil, fmt.Errorf("loading contacts with events: %w", err)
	}
	for _, r := range ids {
		activity[r.ContactID] = true
	}
	var linked []struct {
		ContactID uuid.UUID `json:"contact_id"`
	}
	err = client.Application.Query().Where(application.OwnerID(sel.owner)).Modify(func(s *sql.Selector) {
		links := sql.Table(contact.ApplicationsTable)
		s.Join(links).On(s.C(application.FieldID), links.C(contact.ApplicationsPrimaryKey[0]))
		s.Select(sql.As(links.C(contact.ApplicationsPrimaryKey[1]), "contact_id")).Distinct()
		sel.restrict(s, links.C(contact.ApplicationsPrimaryKey[1]))
	}).Scan(ctx, &linked)
	if err != nil {
		return nil, nil, fmt.Errorf("loading contacts with applications: %w", err)
	}
	for _, r := range linked {
		applications[r.ContactID] = true
	}
	return activity, applications, nil
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

// tagsOf answers the tags of the selected contacts, by contact, sorted by name: the links
// read from the selected contacts (the join table is indexed by contact; starting from the
// tags would probe it once per tag and contact), then the owner's tags.
func tagsOf(ctx context.Context, client *ent.Client, sel selection) (map[uuid.UUID][]*networkv1.Tag, error) {
	var links []struct {
		ContactID uuid.UUID `json:"contact_id"`
		TagID     uuid.UUID `json:"tag_id"`
	}
	err := client.Contact.Query().Where(sel.all()...).Modify(func(s *sql.Selector) {
		joined := sql.Table(contact.TagsTable)
		s.Join(joined).On(s.C(contact.FieldID), joined.C(contact.TagsPrimaryKey[0]))
		s.Select(sql.As(joined.C(contact.TagsPrimaryKey[0]), "contact_id"), sql.As(joined.C(contact.TagsPrimaryKey[1]), "tag_id"))
	}).Scan(ctx, &links)
	if err != nil {
		return nil, fmt.Errorf("loading tag links: %w", err)
	}
	out := make(map[uuid.UUID][]*networkv1.Tag)
	owned, err := client.Tag.Query().Where(tag.OwnerID(sel.owner)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("loading tags: %w", err)
	}
	slices.SortFunc(owned, func(a, b *ent.Tag) int { return strings.Compare(a.NameKey, b.NameKey) })
	rank := make(map[uuid.UUID]int, len(owned))
	byID := make(map[uuid.UUID]*networkv1.Tag, len(owned))
	for i, t := range owned {
		rank[t.ID] = i
		byID[t.ID] = &networkv1.Tag{Id: t.ID.String(), Name: t.Name}
	}
	slices.SortFunc(links, func(a, b struct {
		ContactID uuid.UUID `json:"contact_id"`
		TagID     uuid.UUID `json:"tag_id"`
	}) int {
		return rank[a.TagID] - rank[b.TagID]
	})
	for _, l := range links {
		if t := byID[l.TagID]; t != nil {
			out[l.ContactID] = append(out[l.ContactID], t)
		}
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
