package opportunity

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/application"
	"github.com/tremplin/tremplin/ent/contact"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	opportunityv1 "github.com/tremplin/tremplin/gen/tremplin/opportunity/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/contacts"
	"github.com/tremplin/tremplin/internal/handler"
)

// knownFields are the columns « Qui je connais là-bas ? » shows of a contact and of an
// intermediary.
var knownFields = []string{
	contact.FieldID, contact.FieldParentID, contact.FieldRank, contact.FieldFirstName, contact.FieldLastName,
	contact.FieldCompany, contact.FieldJob, contact.FieldSortKey,
}

// maxChain bounds the walk up the intermediaries: the network service keeps the tree free of
// cycles, and this keeps a broken row from looping.
const maxChain = 32

// ListKnownContacts answers « Qui je connais là-bas ? »: the candidate's contacts whose company
// key (contacts.CompanyKey: no case, accents, punctuation or legal form) is the application's,
// an indexed equality on (owner, company key), each with its chain of intermediaries — one
// statement per level of the tree above them, the direct acquaintances needing none.
func (s *Service) ListKnownContacts(ctx context.Context, req *opportunityv1.ListKnownContactsRequest) (*opportunityv1.ListKnownContactsResponse, error) {
	v, id, err := handler.CandidateAndID(ctx, req.GetId(), apierr.Application)
	if err != nil {
		return nil, err
	}
	a, err := s.Client.Application.Query().Where(application.ID(id), application.OwnerID(v.UserID)).
		Select(application.FieldID, application.FieldCompany).Only(ctx)
	if err != nil {
		return nil, err
	}
	out := &opportunityv1.ListKnownContactsResponse{KnownContacts: []*opportunityv1.KnownContact{}}
	key := contacts.CompanyKey(a.Company)
	if key == "" {
		return out, nil
	}
	found, err := s.Client.Contact.Query().Where(contact.OwnerID(v.UserID), contact.CompanyKey(key)).
		Select(knownFields...).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("finding the contacts at %q: %w", key, err)
	}
	if len(found) == 0 {
		return out, nil
	}
	linked, err := s.Client.Application.QueryContacts(a).Where(contact.OwnerID(v.UserID)).IDs(ctx)
	if err != nil {
		return nil, err
	}
	people, err := withIntermediaries(ctx, s.Client, v.UserID, found)
	if err != nil {
		return nil, err
	}
	slices.SortFunc(found, func(x, y *ent.Contact) int {
		return cmp.Or(cmp.Compare(x.Rank, y.Rank), cmp.Compare(x.SortKey, y.SortKey), slices.Compare(x.ID[:], y.ID[:]))
	})
	for _, c := range found {
		k := &opportunityv1.KnownContact{
			Contact:        ref(c),
			Job:            c.Job,
			Rank:           int32(c.Rank),
			Intermediaries: []*commonv1.ContactRef{},
			Associated:     slices.Contains(linked, c.ID),
		}
		for p, n := c.ParentID, 0; p != nil && n < maxChain; n++ {
			parent, ok := people[*p]
			if !ok {
				break
			}
			k.Intermediaries = append(k.Intermediaries, ref(parent))
			p = parent.ParentID
		}
		out.KnownContacts = append(out.KnownContacts, k)
	}
	return out, nil
}

// withIntermediaries answers the contacts found and every intermediary above them, by id,
// reading the tree one level at a time (the owner's contacts only).
func withIntermediaries(ctx context.Context, client *ent.Client, owner uuid.UUID, found []*ent.Contact) (map[uuid.UUID]*ent.Contact, error) {
	people := make(map[uuid.UUID]*ent.Contact, len(found))
	for _, c := range found {
		people[c.ID] = c
	}
	level := found
	for n := 0; n < maxChain; n++ {
		var missing []uuid.UUID
		for _, c := range level {
			if c.ParentID != nil && people[*c.ParentID] == nil && !slices.Contains(missing, *c.ParentID) {
				missing = append(missing, *c.ParentID)
			}
		}
		if len(missing) == 0 {
			break
		}
		var err error
		level, err = client.Contact.Query().Where(contact.OwnerID(owner), contact.IDIn(missing...)).Select(knownFields...).All(ctx)
		if err != nil {
			return nil, fmt.Errorf("loading intermediaries: %w", err)
		}
		for _, c := range level {
			people[c.ID] = c
		}
	}
	return people, nil
}

func ref(c *ent.Contact) *commonv1.ContactRef {
	return &commonv1.ContactRef{Id: c.ID.String(), FirstName: c.FirstName, LastName: c.LastName, Company: c.Company}
}
