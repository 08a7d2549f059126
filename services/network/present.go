package network

import (
	"bytes"
	"context"
	stdsql "database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"entgo.io/ent/dialect/sql"
	"github.com/google/uuid"
	"golang.org/x/sync/errgroup"
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

// listFields are the columns a listed contact needs; fullOnlyFields are the notes and links
// fullView adds (presentedRow.destinations follows this order).
var (
	listFields = []string{
		contact.FieldID, contact.FieldCreatedAt, contact.FieldParentID, contact.FieldRank, contact.FieldCivility,
		contact.FieldFirstName, contact.FieldLastName, contact.FieldEmail, contact.FieldCompany, contact.FieldJob,
		contact.FieldPhoneNumber, contact.FieldMobileNumber, contact.FieldOrigin, contact.FieldStatus, contact.FieldSortKey,
		contact.FieldTouchRhythm,
	}
	fullOnlyFields = []string{contact.FieldComments, contact.FieldResources}
)

// selection is the owner's contacts a presentation is about: preds beyond the owner
// (filters, one id, the children of a contact), or none for the whole network.
type selection struct {
	owner uuid.UUID
	preds []predicate.Contact
}

// isWholeNetwork says whether the selection, read in page, is every contact of the owner.
func (sel selection) isWholeNetwork(page paging.Page) bool {
	return len(sel.preds) == 0 && page.Size == 0
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
// intermediary's names and whether something involves it. It is scanned into typed fields
// rather than through ent's reflective scanner, which cost a 1,000-contact list most of its
// time and three times the allocations.
type presentedRow struct {
	id                          uuid.UUID
	createdAt                   time.Time
	parentID                    uuid.NullUUID
	rank                        int
	civility, touchRhythm       stdsql.NullString
	firstName, lastName, email  string
	company, job, phone, mobile string
	origin, status, sortKey     string
	parentFirst, parentLast     stdsql.NullString
	parentCompany               stdsql.NullString
	hasActivity, hasApplication bool
	comments                    string
	resources                   []byte
}

// destinations are where a row of the presentation query goes, in the order of its columns
// (listFields; for a part of the network, the intermediary's three names and the two flags;
// then fullView's notes and links).
func (r *presentedRow) destinations(v view, wholeNetwork bool) []any {
	d := []any{&r.id, &r.createdAt, &r.parentID, &r.rank, &r.civility, &r.firstName, &r.lastName,
		&r.email, &r.company, &r.job, &r.phone, &r.mobile, &r.origin, &r.status, &r.sortKey, &r.touchRhythm}
	if !wholeNetwork {
		d = append(d, &r.parentFirst, &r.parentLast, &r.parentCompany, &r.hasActivity, &r.hasApplication)
	}
	if v == fullView {
		d = append(d, &r.comments, &r.resources)
	}
	return d
}

// presentContacts answers the owner's contacts matching preds, presented in view v, sorted by
// last name then first name (case- and accent-insensitive: by sort_key compared byte-wise, the
// same on both dialects and as the keyset of a page), then id.
//
// Two statements whatever the selection's size: the contacts with their intermediary's names
// and their involvement flags (tasks, events, applications), then the tags of the selected
// contacts. The whole network (no predicate, no page) takes three: its contacts alone, then
// their involvement as a set and their tags (see readContacts). Selections are subqueries,
// never lists of ids; every statement is owner-scoped (the contacts' is run through the
// client's driver, outside ent's query interceptors, so its owner predicate is the selection's
// own: selection.all). The client may be a transaction's.
func presentContacts(ctx context.Context, client *ent.Client, owner uuid.UUID, v view, preds ...predicate.Contact) ([]*networkv1.Contact, error) {
	list, _, err := presentContactsPage(ctx, client, owner, v, paging.Page{}, inTransaction, preds...)
	return list, err
}

// reading says whether presentContactsPage may read the tags alongside the contacts, on a
// second connection: not with a transaction's client, whose one connection serves one
// statement at a time.
type reading int

const (
	inTransaction reading = iota
	alongside
)

// presentContactsPage is presentContacts for one page (internal/paging, keyset on sort_key
// compared byte-wise, then id), with the token of the next page (nil on the last). For the
// whole list (the zero page) read alongside, the tags and the involvement flags — those of the
// same selection — are read while the contacts are: a millisecond or two of a rebuilt
// 1,000-contact list (issue 25).
func presentContactsPage(ctx context.Context, client *ent.Client, owner uuid.UUID, v view, page paging.Page, how reading, preds ...predicate.Contact) ([]*networkv1.Contact, *string, error) {
	sel := selection{owner: owner, preds: preds}
	var (
		tags          map[uuid.UUID][]*networkv1.Tag
		involved      map[uuid.UUID]involvement
		alongRead     errgroup.Group
		whole         = sel.isWholeNetwork(page)
		readAlongside = how == alongside && page.Size == 0
	)
	// readTheRest reads what the contacts' statement leaves out: their tags, and for the whole
	// network their involvement. It reads sel when it runs: a page narrows it first.
	readTheRest := func() (err error) {
		if whole {
			if involved, err = involvementOf(ctx, client, owner); err != nil {
				return err
			}
		}
		tags, err = tagsOf(ctx, client, sel)
		return err
	}
	if readAlongside {
		alongRead.Go(readTheRest)
	}
	rows, err := readContacts(ctx, client, sel, v, page)
	if alongErr := alongRead.Wait(); err == nil && alongErr != nil {
		return nil, nil, alongErr
	}
	if err != nil {
		return nil, nil, fmt.Errorf("loading contacts: %w", err)
	}
	if len(rows) == 0 {
		return []*networkv1.Contact{}, nil, nil
	}
	n, next := page.Cut(len(rows), func(i int) []any { return []any{rows[i].sortKey, rows[i].id} })
	rows = rows[:n]
	if !readAlongside {
		if page.Size > 0 {
			// The tags of this page's contacts only.
			ids := make([]uuid.UUID, len(rows))
			for i := range rows {
				ids[i] = rows[i].id
			}
			sel = selection{owner: owner, preds: []predicate.Contact{contact.IDIn(ids...)}}
		}
		if err := readTheRest(); err != nil {
			return nil, nil, err
		}
	}
	if whole {
		completeWholeNetwork(rows, involved)
	}
	// One allocation for the contacts and one for their dates, not two per contact.
	contacts := make([]networkv1.Contact, len(rows))
	dates := make([]timestamppb.Timestamp, len(rows))
	out := make([]*networkv1.Contact, len(rows))
	for i, r := range rows {
		if err := r.present(&contacts[i], &dates[i], v, tags[r.id]); err != nil {
			return nil, nil, err
		}
		out[i] = &contacts[i]
	}
	return out, next, nil
}

// maxRowChunk is the most rows readContacts allocates at a time.
const maxRowChunk = 512

// readContacts runs the presentation query of the selected contacts in view v, sorted, for
// one page (all of them for the zero page). The rows are answered by pointer into a few
// backing arrays: sorting moves pointers, not rows of some 400 bytes.
func readContacts(ctx context.Context, client *ent.Client, sel selection, v view, page paging.Page) ([]*presentedRow, error) {
	d := client.Dialect()
	listed := sql.Table(contact.Table)
	s := sql.Dialect(d).Select().From(listed)
	s.Select(s.Columns(listFields...)...)
	whole := sel.isWholeNetwork(page)
	if !whole {
		// The whole network holds every intermediary and has its involvement read as a set
		// (involvementOf): it is a plain read of the owner's contacts, without a probe per
		// row. A part of it joins its intermediaries and probes its involvement here.
		parent := sql.Table(contact.Table).As("intermediary")
		s.LeftJoin(parent).On(s.C(contact.FieldParentID), parent.C(contact.FieldID))
		s.AppendSelect(parent.C(contact.FieldFirstName), parent.C(contact.FieldLastName), parent.C(contact.FieldCompany))
		withInvolvement(s, sel.owner)
	}
	if v == fullView {
		s.AppendSelect(s.Columns(fullOnlyFields...)...)
	}
	for _, p := range sel.all() {
		p(s)
	}
	if page.Size > 0 {
		page.Keyset(paging.Column{Name: contact.FieldSortKey, Bytes: true}, paging.Column{Name: contact.FieldID})(s)
	}
	query, args := s.Query()
	found, err := client.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer found.Close()
	var (
		sorted []*presentedRow
		chunk  []presentedRow
		cur    presentedRow
	)
	into := cur.destinations(v, whole)
	for found.Next() {
		cur = presentedRow{}
		if err := found.Scan(into...); err != nil {
			return nil, err
		}
		// Rows are kept in chunks, each as large as all before it (up to maxRowChunk), rather
		// than in one growing array: no row is ever copied to a larger array, which for 1,000
		// contacts allocated twice their size.
		if len(chunk) == cap(chunk) {
			chunk = make([]presentedRow, 0, min(max(len(sorted), 16), maxRowChunk))
		}
		chunk = append(chunk, cur)
		sorted = append(sorted, &chunk[len(chunk)-1])
	}
	if err := found.Err(); err != nil {
		return nil, err
	}
	if page.Size == 0 {
		// A whole network is sorted here rather than by the database: SQLite's sorter took
		// three times as long as the query itself.
		slices.SortFunc(sorted, func(a, b *presentedRow) int {
			if c := strings.Compare(a.sortKey, b.sortKey); c != 0 {
				return c
			}
			return bytes.Compare(a.id[:], b.id[:])
		})
	}
	return sorted, nil
}

// present writes the row, in view v with its tags, into out, its creation date into created.
func (r *presentedRow) present(out *networkv1.Contact, created *timestamppb.Timestamp, v view, tags []*networkv1.Tag) error {
	if tags == nil {
		tags = []*networkv1.Tag{}
	}
	*created = timestamppb.Timestamp{Seconds: r.createdAt.Unix(), Nanos: int32(r.createdAt.Nanosecond())} //nolint:gosec // under a billion
	*out = networkv1.Contact{
		Id:             r.id.String(),
		Rank:           int32(r.rank),
		FirstName:      r.firstName,
		LastName:       r.lastName,
		Email:          r.email,
		Company:        r.company,
		Job:            r.job,
		PhoneNumber:    r.phone,
		MobileNumber:   r.mobile,
		Origin:         r.origin,
		Tags:           tags,
		Status:         enums.StringOf[commonv1.ContactStatus](contact.Status(r.status)),
		CreatedDate:    created,
		HasApplication: r.hasApplication,
		IsDeletable:    contacts.Deletable(contact.Status(r.status), r.hasActivity, r.hasApplication),
	}
	if r.civility.Valid {
		out.Civility = enums.StringOf[commonv1.Civility](contact.Civility(r.civility.String))
	}
	if r.touchRhythm.Valid {
		out.TouchRhythm = enums.StringOf[networkv1.TouchRhythm](contact.TouchRhythm(r.touchRhythm.String))
	}
	if r.parentID.Valid {
		out.Parent = &commonv1.ContactRef{Id: r.parentID.UUID.String(), FirstName: r.parentFirst.String,
			LastName: r.parentLast.String, Company: r.parentCompany.String}
	}
	if v == fullView {
		out.Comments = r.comments
		var links []resource.Resource
		if len(r.resources) > 0 {
			if err := json.Unmarshal(r.resources, &links); err != nil {
				return fmt.Errorf("reading the links of contact %s: %w", r.id, err)
			}
		}
		out.Resources = resource.ToProto(links)
	}
	return nil
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

	linked := namedByApplications(d, owner).Distinct().As("linked")
	s.LeftJoin(linked).On(s.C(contact.FieldID), linked.C("contact_id"))
	s.AppendSelectExprAs(sql.NotNull(linked.C("contact_id")), "has_application")
}

// namedByApplications selects the contact_id of every contact an application of the owner
// names (once per application).
func namedByApplications(d *sql.DialectBuilder, owner uuid.UUID) *sql.Selector {
	links, apps := sql.Table(contact.ApplicationsTable), sql.Table(application.Table)
	return d.Select(sql.As(links.C(contact.ApplicationsPrimaryKey[1]), "contact_id")).From(links).
		Join(apps).On(links.C(contact.ApplicationsPrimaryKey[0]), apps.C(application.FieldID)).
		Where(sql.EQ(apps.C(application.FieldOwnerID), owner))
}

// involvement is what a contact's badge and deletability read of the rest of the network.
type involvement struct {
	activity    bool // a task or an event is with the contact
	application bool // an application of the owner names the contact
}

// involvementOf answers the involvement of the owner's involved contacts, in one statement:
// the contacts of the owner's tasks, events and applications — the rule withInvolvement
// probes contact by contact, read as a set for the whole network (a contact's tasks and
// events are its owner's).
func involvementOf(ctx context.Context, client *ent.Client, owner uuid.UUID) (map[uuid.UUID]involvement, error) {
	d := sql.Dialect(client.Dialect())
	tasks, events := sql.Table(task.Table), sql.Table(event.Table)
	withTasks := d.Select(tasks.C(task.FieldContactID)).AppendSelectExprAs(sql.Raw("0"), "kind").From(tasks).
		Where(sql.And(sql.EQ(tasks.C(task.FieldOwnerID), owner), sql.NotNull(tasks.C(task.FieldContactID))))
	withEvents := d.Select(events.C(event.FieldContactID)).AppendSelectExprAs(sql.Raw("0"), "kind").From(events).
		Where(sql.And(sql.EQ(events.C(event.FieldOwnerID), owner), sql.NotNull(events.C(event.FieldContactID))))
	named := namedByApplications(d, owner).AppendSelectExprAs(sql.Raw("1"), "kind")
	// UNION, not UNION ALL: each involved contact comes once or twice, however many tasks.
	query, args := withTasks.Union(withEvents).Union(named).Query()
	rows, err := client.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("loading the contacts' involvement: %w", err)
	}
	defer rows.Close()
	out := make(map[uuid.UUID]involvement)
	var (
		id   uuid.UUID
		kind int
	)
	for rows.Next() {
		if err := rows.Scan(&id, &kind); err != nil {
			return nil, fmt.Errorf("loading the contacts' involvement: %w", err)
		}
		in := out[id]
		if kind == 0 {
			in.activity = true
		} else {
			in.application = true
		}
		out[id] = in
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("loading the contacts' involvement: %w", err)
	}
	return out, nil
}

// completeWholeNetwork gives the rows of the whole network what a part of it reads in its
// statement: each intermediary's names, from the intermediary's own row (every one is in the
// network), and the involvement flags.
func completeWholeNetwork(rows []*presentedRow, involved map[uuid.UUID]involvement) {
	byID := make(map[uuid.UUID]*presentedRow, len(rows))
	for _, r := range rows {
		byID[r.id] = r
	}
	for _, r := range rows {
		in := involved[r.id]
		r.hasActivity, r.hasApplication = in.activity, in.application
		if !r.parentID.Valid {
			continue
		}
		if p := byID[r.parentID.UUID]; p != nil {
			r.parentFirst = stdsql.NullString{String: p.firstName, Valid: true}
			r.parentLast = stdsql.NullString{String: p.lastName, Valid: true}
			r.parentCompany = stdsql.NullString{String: p.company, Valid: true}
		}
	}
}

// isDeletable answers whether one of the owner's contacts may be deleted (its status, and
// nothing involving it), in one statement; NotFound when it is not the owner's.
func isDeletable(ctx context.Context, client *ent.Client, owner, id uuid.UUID) (bool, error) {
	var rows []struct {
		Status         contact.Status `json:"status"`
		HasActivity    bool           `json:"has_activity"`
		HasApplication bool           `json:"has_application"`
	}
	err := client.Contact.Query().Where(contact.OwnerID(owner), contact.ID(id)).Modify(func(s *sql.Selector) {
		s.Select(s.C(contact.FieldStatus))
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

// tagsOf answers the tags of the selected contacts, by contact, sorted by name, in one
// statement: the owner's tags joined to their links, restricted to the selected contacts
// when the selection is not the whole network. Like the contacts' query, it is scanned into
// typed values through the client's driver, owner-scoped by its own predicate.
func tagsOf(ctx context.Context, client *ent.Client, sel selection) (map[uuid.UUID][]*networkv1.Tag, error) {
	tags, joined := sql.Table(tag.Table), sql.Table(contact.TagsTable).As("links")
	s := sql.Dialect(client.Dialect()).
		Select(joined.C(contact.TagsPrimaryKey[0]), tags.C(tag.FieldID), tags.C(tag.FieldName)).
		From(tags).Join(joined).On(tags.C(tag.FieldID), joined.C(contact.TagsPrimaryKey[1])).
		Where(sql.EQ(tags.C(tag.FieldOwnerID), sel.owner))
	if len(sel.preds) > 0 {
		s.Where(sql.In(joined.C(contact.TagsPrimaryKey[0]), sel.subquery(s.Dialect(), contact.FieldID)))
	}
	contacts.OrderBySortKey(s, tags.C(tag.FieldNameKey), tags.C(tag.FieldID))
	query, args := s.Query()
	rows, err := client.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("loading tags: %w", err)
	}
	defer rows.Close()
	out := make(map[uuid.UUID][]*networkv1.Tag)
	byID := make(map[uuid.UUID]*networkv1.Tag)
	var (
		contactID, tagID uuid.UUID
		name             stdsql.RawBytes // a tag's name is copied once, not once per contact
	)
	for rows.Next() {
		if err := rows.Scan(&contactID, &tagID, &name); err != nil {
			return nil, fmt.Errorf("loading tags: %w", err)
		}
		t := byID[tagID]
		if t == nil {
			t = &networkv1.Tag{Id: tagID.String(), Name: string(name)}
			byID[tagID] = t
		}
		out[contactID] = append(out[contactID], t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("loading tags: %w", err)
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
	if c.TouchRhythm != nil {
		out.TouchRhythm = enums.StringOf[networkv1.TouchRhythm](*c.TouchRhythm)
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
