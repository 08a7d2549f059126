package network

import (
	"context"
	"slices"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/contact"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
)

// tree is a candidate's intermediary tree, read in one query of (id, parent, rank). Rank is
// the depth: 1 for a contact without intermediary, n+1 under a contact of rank n.
type tree struct {
	parent   map[uuid.UUID]uuid.UUID // uuid.Nil: no intermediary
	rank     map[uuid.UUID]int       // as stored
	children map[uuid.UUID][]uuid.UUID
}

func loadTree(ctx context.Context, client *ent.Client, owner uuid.UUID) (*tree, error) {
	rows, err := client.Contact.Query().
		Where(contact.OwnerID(owner)).
		Order(contact.ByID()).
		Select(contact.FieldID, contact.FieldParentID, contact.FieldRank).
		All(ctx)
	if err != nil {
		return nil, err
	}
	t := &tree{
		parent:   make(map[uuid.UUID]uuid.UUID, len(rows)),
		rank:     make(map[uuid.UUID]int, len(rows)),
		children: make(map[uuid.UUID][]uuid.UUID),
	}
	for _, c := range rows {
		p := uuid.Nil
		if c.ParentID != nil {
			p = *c.ParentID
		}
		t.parent[c.ID] = p
		t.rank[c.ID] = c.Rank
		t.children[p] = append(t.children[p], c.ID)
	}
	return t, nil
}

func (t *tree) has(id uuid.UUID) bool { _, ok := t.parent[id]; return ok }

// descendants answers every contact below id, nearest first (breadth first).
func (t *tree) descendants(id uuid.UUID) []uuid.UUID {
	var out []uuid.UUID
	seen := map[uuid.UUID]bool{id: true}
	queue := []uuid.UUID{id}
	for len(queue) > 0 {
		next := queue[0]
		queue = queue[1:]
		for _, child := range t.children[next] {
			if seen[child] { // a cycle cannot be saved; never loop on one anyway
				continue
			}
			seen[child] = true
			out = append(out, child)
			queue = append(queue, child)
		}
	}
	return out
}

// setParent moves id under parent (uuid.Nil: no intermediary), in memory.
func (t *tree) setParent(id, parent uuid.UUID) {
	old := t.parent[id]
	t.children[old] = slices.DeleteFunc(t.children[old], func(c uuid.UUID) bool { return c == id })
	t.parent[id] = parent
	t.children[parent] = append(t.children[parent], id)
}

// remove takes id out of the tree, its children moving up to its parent, in memory.
func (t *tree) remove(id uuid.UUID) {
	up := t.parent[id]
	for _, child := range slices.Clone(t.children[id]) {
		t.setParent(child, up)
	}
	t.children[t.parent[id]] = slices.DeleteFunc(t.children[t.parent[id]], func(c uuid.UUID) bool { return c == id })
	delete(t.parent, id)
	delete(t.rank, id)
	delete(t.children, id)
}

// depth is id's rank computed from the tree: 1 + the number of intermediaries above it.
func (t *tree) depth(id uuid.UUID) int {
	d := 1
	seen := map[uuid.UUID]bool{id: true}
	for p := t.parent[id]; p != uuid.Nil && !seen[p]; p = t.parent[p] {
		seen[p] = true
		d++
	}
	return d
}

// saveRanks saves the computed rank of the contacts ids where it differs from the stored one
// (one UPDATE per distinct new rank), and answers those changes.
func (t *tree) saveRanks(ctx context.Context, client *ent.Client, owner uuid.UUID, ids []uuid.UUID) ([]*networkv1.ContactRank, error) {
	changed := []*networkv1.ContactRank{}
	byRank := map[int][]uuid.UUID{}
	for _, d := range ids {
		r := t.depth(d)
		if r == t.rank[d] {
			continue
		}
		t.rank[d] = r
		byRank[r] = append(byRank[r], d)
		changed = append(changed, &networkv1.ContactRank{Id: d.String(), Rank: int32(r)})
	}
	ranks := make([]int, 0, len(byRank))
	for r := range byRank {
		ranks = append(ranks, r)
	}
	slices.Sort(ranks)
	for _, r := range ranks {
		for chunk := range slices.Chunk(byRank[r], 500) {
			err := client.Contact.Update().
				Where(contact.OwnerID(owner), contact.IDIn(chunk...)).
				SetRank(r).
				Exec(ctx)
			if err != nil {
				return nil, err
			}
		}
	}
	return changed, nil
}
