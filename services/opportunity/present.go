package opportunity

import (
	"bytes"
	"cmp"
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
	"github.com/tremplin/tremplin/ent/predicate"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	opportunityv1 "github.com/tremplin/tremplin/gen/tremplin/opportunity/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/enums"
	"github.com/tremplin/tremplin/internal/paging"
	"github.com/tremplin/tremplin/internal/resource"
)

// view says how much of each application to present.
type view int

const (
	// listView leaves out the description, the report's comment and the links, which lists do
	// not show (the spec's columns, the board's cards, a contact's linked applications);
	// GetApplication answers them. The contacts are kept: the task and event forms narrow
	// their contact to the chosen application's from the list.
	listView view = iota
	// fullView is every field.
	fullView
)

var (
	listFields = []string{
		application.FieldID, application.FieldCreatedAt, application.FieldCompany, application.FieldJob,
		application.FieldReference, application.FieldPlace, application.FieldSalary, application.FieldSource,
		application.FieldSourceDetails, application.FieldDateOfPublication, application.FieldStatus, application.FieldEngagedAt,
	}
	fullFields = append(append([]string{}, listFields...), application.FieldDescription, application.FieldComment, application.FieldResources)
)

// present answers the owner's applications matching preds in view v, newest first, with their
// contacts. Two statements whatever their number: the applications (owner and creation date indexed), then the contacts of the
// selected applications (a join driven by the same predicates, never a list of ids).
func present(ctx context.Context, client *ent.Client, owner uuid.UUID, v view, preds ...predicate.Application) ([]*opportunityv1.Application, error) {
	list, _, err := presentPage(ctx, client, owner, v, paging.Page{}, preds...)
	return list, err
}

// presentPage answers one page of the owner's applications the predicates keep, newest first
// (created_at, then id, descending), and the token of the next page (nil on the last).
func presentPage(ctx context.Context, client *ent.Client, owner uuid.UUID, v view, page paging.Page, preds ...predicate.Application) ([]*opportunityv1.Application, *string, error) {
	fields := listFields
	if v == fullView {
		fields = fullFields
	}
	all := append([]predicate.Application{application.OwnerID(owner)}, preds...)
	rows, err := client.Application.Query().Where(all...).
		Where(predicate.Application(page.Keyset(
			paging.Column{Name: application.FieldCreatedAt, Desc: true},
			paging.Column{Name: application.FieldID, Desc: true}))).
		Select(fields...).All(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("loading applications: %w", err)
	}
	n, next := page.Cut(len(rows), func(i int) []any { return []any{rows[i].CreatedAt, rows[i].ID} })
	rows = rows[:n]
	out := make([]*opportunityv1.Application, 0, len(rows))
	if len(rows) == 0 {
		return out, next, nil
	}
	if page.Size > 0 {
		// The contacts of this page's applications only.
		ids := make([]uuid.UUID, len(rows))
		for i, a := range rows {
			ids[i] = a.ID
		}
		all = []predicate.Application{application.OwnerID(owner), application.IDIn(ids...)}
	}
	linked, err := contactsOf(ctx, client, owner, all)
	if err != nil {
		return nil, nil, err
	}
	for _, a := range rows {
		p := toProto(a, v)
		if cs := linked[a.ID]; cs != nil {
			p.Contacts = cs
		}
		out = append(out, p)
	}
	return out, next, nil
}

// presentOne answers one application of the owner in full, or NotFound.
func presentOne(ctx context.Context, client *ent.Client, owner, id uuid.UUID) (*opportunityv1.Application, error) {
	list, err := present(ctx, client, owner, fullView, application.ID(id))
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, apierr.NotFound(apierr.Application)
	}
	return list[0], nil
}

// link is one contact of one application, as contactsOf reads it.
type link struct {
	ApplicationID uuid.UUID `json:"application_id"`
	ID            uuid.UUID `json:"id"`
	FirstName     string    `json:"first_name"`
	LastName      string    `json:"last_name"`
	Company       string    `json:"company"`
	SortKey       string    `json:"sort_key"`
}

// contactsOf answers the contacts of the selected applications, by application, sorted by
// last then first name, in one statement driven by the selected applications (the owner's
// index), through their links to the contacts (both primary keys).
func contactsOf(ctx context.Context, client *ent.Client, owner uuid.UUID, apps []predicate.Application) (map[uuid.UUID][]*commonv1.ContactRef, error) {
	var links []link
	err := client.Application.Query().Where(apps...).Modify(func(s *sql.Selector) {
		joined, people := sql.Table(application.ContactsTable), sql.Table(contact.Table)
		s.Join(joined).On(s.C(application.FieldID), joined.C(application.ContactsPrimaryKey[0])).
			Join(people).On(joined.C(application.ContactsPrimaryKey[1]), people.C(contact.FieldID))
		s.Where(sql.EQ(people.C(contact.FieldOwnerID), owner))
		s.Select(sql.As(s.C(application.FieldID), "application_id"), people.C(contact.FieldID),
			people.C(contact.FieldFirstName), people.C(contact.FieldLastName), people.C(contact.FieldCompany), people.C(contact.FieldSortKey))
	}).Scan(ctx, &links)
	if err != nil {
		return nil, fmt.Errorf("loading the applications' contacts: %w", err)
	}
	// Sorted here, byte-wise, the same on both dialects (see contacts.SortKey).
	slices.SortFunc(links, func(a, b link) int {
		return cmp.Or(strings.Compare(a.SortKey, b.SortKey), bytes.Compare(a.ID[:], b.ID[:]))
	})
	out := make(map[uuid.UUID][]*commonv1.ContactRef)
	for _, l := range links {
		out[l.ApplicationID] = append(out[l.ApplicationID], &commonv1.ContactRef{Id: l.ID.String(), FirstName: l.FirstName, LastName: l.LastName, Company: l.Company})
	}
	return out, nil
}

// toProto presents an application's own fields in view v (not its contacts).
func toProto(a *ent.Application, v view) *opportunityv1.Application {
	out := &opportunityv1.Application{
		Id:            a.ID.String(),
		Company:       a.Company,
		Job:           a.Job,
		Reference:     a.Reference,
		Place:         a.Place,
		Salary:        a.Salary,
		Source:        enums.StringOf[opportunityv1.ApplicationSource](a.Source),
		SourceDetails: a.SourceDetails,
		Status:        enums.StringOf[opportunityv1.ApplicationStatus](a.Status),
		CreatedDate:   timestamppb.New(a.CreatedAt),
		Contacts:      []*commonv1.ContactRef{},
		Resources:     []*commonv1.Resource{},
	}
	if a.DateOfPublication != nil {
		out.DateOfPublication = timestamppb.New(*a.DateOfPublication)
	}
	if a.EngagedAt != nil {
		out.EngagmentDate = timestamppb.New(*a.EngagedAt)
	}
	if v == fullView {
		out.Description = a.Description
		out.Comment = a.Comment
		out.Resources = resource.ToProto(a.Resources)
	}
	return out
}
