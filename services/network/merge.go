package network

import (
	"context"
	"slices"
	"strings"

	"entgo.io/ent/dialect/sql"
	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/application"
	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/ent/event"
	"github.com/tremplin/tremplin/ent/task"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/handler"
)

var mergeRoot = (&networkv1.MergeContactsRequest{}).ProtoReflect().Descriptor()

// ListDuplicates answers the pairs of the candidate's contacts that look like one person (the
// same sort key, e-mail folded to lower case, or mobile key), the older contact first, pairs in
// the list's order. Three grouped statements find the shared keys; one reads the contacts.
// Premium (declared on the RPC).
func (s *Service) ListDuplicates(ctx context.Context, _ *networkv1.ListDuplicatesRequest) (*networkv1.ListDuplicatesResponse, error) {
	v, err := handler.Candidate(ctx)
	if err != nil {
		return nil, err
	}
	res := &networkv1.ListDuplicatesResponse{Pairs: []*networkv1.DuplicatePair{}}
	type keyed struct {
		reason networkv1.DuplicateReason
		column string
		of     func(*networkv1.Contact) string
	}
	kinds := []keyed{
		{networkv1.DuplicateReason_DUPLICATE_REASON_SAME_NAME, contact.FieldSortKey, nil},
		{networkv1.DuplicateReason_DUPLICATE_REASON_SAME_EMAIL, contact.FieldEmail, func(c *networkv1.Contact) string { return strings.ToLower(c.GetEmail()) }},
		{networkv1.DuplicateReason_DUPLICATE_REASON_SAME_MOBILE, contact.FieldMobileKey, nil},
	}
	// The contacts sharing a key, by key kind.
	shared := map[networkv1.DuplicateReason]map[string][]uuid.UUID{}
	var ids []uuid.UUID
	for _, k := range kinds {
		groups, err := sharedKeys(ctx, s.Client, v.UserID, k.column)
		if err != nil {
			return nil, err
		}
		shared[k.reason] = groups
		for _, members := range groups {
			ids = append(ids, members...)
		}
	}
	if len(ids) == 0 {
		return res, nil
	}
	slices.SortFunc(ids, func(a, b uuid.UUID) int { return strings.Compare(a.String(), b.String()) })
	ids = slices.Compact(ids)
	presented, err := presentContacts(ctx, s.Client, v.UserID, fullView, contact.IDIn(ids...))
	if err != nil {
		return nil, err
	}
	byID := make(map[uuid.UUID]*networkv1.Contact, len(presented))
	order := make(map[uuid.UUID]int, len(presented))
	for i, c := range presented {
		id := uuid.MustParse(c.GetId())
		byID[id], order[id] = c, i
	}
	type pairKey [2]uuid.UUID
	pairs := map[pairKey]*networkv1.DuplicatePair{}
	var keys []pairKey
	for _, k := range kinds {
		for _, members := range shared[k.reason] {
			for i, a := range members {
				for _, b := range members[i+1:] {
					first, second := byID[a], byID[b]
					if first == nil || second == nil {
						continue
					}
					if older(second, first) {
						first, second, a, b = second, first, b, a
					}
					key := pairKey{a, b}
					p := pairs[key]
					if p == nil {
						p = &networkv1.DuplicatePair{First: first, Second: second}
						pairs[key] = p
						keys = append(keys, key)
					}
					p.Reasons = append(p.Reasons, k.reason)
				}
			}
		}
	}
	slices.SortFunc(keys, func(x, y pairKey) int {
		if c := order[x[0]] - order[y[0]]; c != 0 {
			return c
		}
		return order[x[1]] - order[y[1]]
	})
	for _, k := range keys {
		res.Pairs = append(res.Pairs, pairs[k])
	}
	return res, nil
}

// older tells whether a was added before b (then by id, for a stable order).
func older(a, b *networkv1.Contact) bool {
	ta, tb := a.GetCreatedDate().AsTime(), b.GetCreatedDate().AsTime()
	if !ta.Equal(tb) {
		return ta.Before(tb)
	}
	return a.GetId() < b.GetId()
}

// sharedKeys answers the owner's values of column (e-mails compared in lower case) held by more
// than one contact, with those contacts, in one grouped statement and one read.
func sharedKeys(ctx context.Context, client *ent.Client, owner uuid.UUID, column string) (map[string][]uuid.UUID, error) {
	var rows []struct {
		ID  uuid.UUID `json:"id"`
		Key string    `json:"k"`
	}
	err := client.Contact.Query().Where(contact.OwnerID(owner)).Modify(func(s *sql.Selector) {
		key := s.C(column)
		if column == contact.FieldEmail {
			key = "LOWER(" + key + ")"
		}
		inner := sql.Table(contact.Table).As("dup")
		innerKey := inner.C(column)
		if column == contact.FieldEmail {
			innerKey = "LOWER(" + innerKey + ")"
		}
		dup := sql.Dialect(s.Dialect()).Select(innerKey).From(inner).
			Where(sql.And(sql.EQ(inner.C(contact.FieldOwnerID), owner), sql.NEQ(inner.C(column), ""))).
			GroupBy(innerKey).Having(sql.GT("COUNT(*)", 1))
		s.Select(sql.As(s.C(contact.FieldID), "id"), sql.As(key, "k")).
			Where(sql.And(sql.NEQ(s.C(column), ""), sql.In(key, dup)))
	}).Scan(ctx, &rows)
	if err != nil {
		return nil, err
	}
	out := map[string][]uuid.UUID{}
	for _, r := range rows {
		out[r.Key] = append(out[r.Key], r.ID)
	}
	return out, nil
}

// MergeContacts makes two of the candidate's contacts one (see the RPC). Premium (declared on
// the RPC).
func (s *Service) MergeContacts(ctx context.Context, req *networkv1.MergeContactsRequest) (*networkv1.MergeContactsResponse, error) {
	v, err := handler.Candidate(ctx)
	if err != nil {
		return nil, err
	}
	keep, err := apierr.ID(req.GetKeepId(), apierr.Contact)
	if err != nil {
		return nil, err
	}
	gone, err := apierr.ID(req.GetRemoveId(), apierr.Contact)
	if err != nil {
		return nil, err
	}
	if keep == gone {
		return nil, apierr.InvalidField(mergeRoot, "remove_id", "merge.same", "Choisissez deux contacts différents")
	}
	draft := req.GetContact()
	f, err := readDraft(draft, mergeRoot)
	if err != nil {
		return nil, err
	}
	parent, err := draftParent(draft)
	if err != nil {
		return nil, err
	}
	res := &networkv1.MergeContactsResponse{UpdatedRanks: []*networkv1.ContactRank{}}
	err = s.Tx(ctx, func(ctx context.Context, tx *ent.Tx) error {
		client := tx.Client()
		if err := lockNetwork(ctx, tx, v.UserID); err != nil {
			return err
		}
		both, err := client.Contact.Query().Where(contact.OwnerID(v.UserID), contact.IDIn(keep, gone)).All(ctx)
		if err != nil {
			return err
		}
		if len(both) != 2 {
			return apierr.NotFound(apierr.Contact)
		}
		kept, removed := both[0], both[1]
		if kept.ID != keep {
			kept, removed = removed, kept
		}

		// The tree: the other's introduced contacts move under the kept one, which goes under
		// the intermediary chosen — neither of the two, nor below either.
		t, err := loadTree(ctx, client, v.UserID)
		if err != nil {
			return err
		}
		if parent == keep || parent == gone {
			return errIntermediarySelf()
		}
		if parent != uuid.Nil {
			if _, err := intermediary(ctx, client, v.UserID, parent); err != nil {
				return err
			}
			if slices.Contains(t.descendants(keep), parent) || slices.Contains(t.descendants(gone), parent) {
				return errIntermediaryDescendant()
			}
		}
		for _, child := range slices.Clone(t.children[gone]) {
			if child != keep {
				t.setParent(child, keep)
			}
		}
		t.setParent(keep, parent)
		t.remove(gone)
		moved := client.Contact.Update().Where(contact.OwnerID(v.UserID), contact.ParentID(gone), contact.IDNEQ(keep)).SetParentID(keep)
		if err := moved.Exec(ctx); err != nil {
			return err
		}

		// The other's activities and applications.
		if err := client.Task.Update().Where(task.OwnerID(v.UserID), task.ContactID(gone)).SetContactID(keep).Exec(ctx); err != nil {
			return err
		}
		if err := client.Event.Update().Where(event.OwnerID(v.UserID), event.ContactID(gone)).SetContactID(keep).Exec(ctx); err != nil {
			return err
		}
		apps, err := client.Application.Query().
			Where(application.OwnerID(v.UserID), application.HasContactsWith(contact.ID(gone)), application.Not(application.HasContactsWith(contact.ID(keep)))).
			IDs(ctx)
		if err != nil {
			return err
		}
		if len(apps) > 0 {
			if err := client.Contact.UpdateOneID(keep).AddApplicationIDs(apps...).Exec(ctx); err != nil {
				return err
			}
		}
		if err := client.Contact.UpdateOneID(gone).ClearApplications().ClearTags().Exec(ctx); err != nil {
			return err
		}
		if err := client.Contact.DeleteOneID(gone).Exec(ctx); err != nil {
			return err
		}

		// The kept contact: the fields chosen, the more advanced status.
		update := client.Contact.UpdateOneID(keep).SetRank(t.depth(keep))
		f.setEdited(update.Mutation(), parent)
		if status := advanced(kept.Status, removed.Status); status == contact.StatusEngaged || status == contact.StatusThanked {
			update.SetStatus(status)
		}
		ids, err := ensureTags(ctx, client, v.UserID, f.tagNames)
		if err != nil {
			return err
		}
		if err := update.ClearTags().AddTagIDs(ids...).Exec(ctx); err != nil {
			return err
		}
		t.rank[keep] = t.depth(keep)
		if res.UpdatedRanks, err = t.saveRanks(ctx, client, v.UserID, t.descendants(keep)); err != nil {
			return err
		}
		res.Contact, err = presentOne(ctx, client, v.UserID, keep)
		return err
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

// statusOrder ranks the statuses from the least to the most advanced.
var statusOrder = []contact.Status{contact.StatusIncomplete, contact.StatusNew, contact.StatusEngaged, contact.StatusThanked}

func advanced(a, b contact.Status) contact.Status {
	if slices.Index(statusOrder, b) > slices.Index(statusOrder, a) {
		return b
	}
	return a
}
