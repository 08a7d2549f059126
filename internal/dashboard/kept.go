package dashboard

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/google/uuid"
	lru "github.com/hashicorp/golang-lru/v2"

	"github.com/tremplin/tremplin/ent"
)

// Versioned is an owner and their data version (users.data_version), read before their rows.
type Versioned struct {
	ID      uuid.UUID
	Version int64
}

// KeptWeeks remembers candidates' weeks between readings of many of them at once (an agency's
// insight reads 500 candidates' 12 weeks, tens of thousands of rows): a candidate whose data
// has not changed since is not counted again.
//
// An entry answers for exactly what its figures depend on: the owner, their data version
// (which moves, in the same transaction, with every change to their contacts, tasks, events,
// applications — internal/dataversion) and every bound of the weeks (the reader's zone and
// the current week). The days of use are not data the version follows: a day is only ever
// added, and only for its owner's today, which falls in the last two weeks of any reader's
// (zones are at most a day apart); those two weeks' days are read anew every time, the older
// ones cannot change.
type KeptWeeks struct {
	entries *lru.Cache[keptKey, keptEntry]
}

type keptKey struct {
	owner uuid.UUID
	spans string
}

type keptEntry struct {
	version int64
	weeks   []Counts
}

// NewKeptWeeks keeps the weeks of up to size owners, least recently read out first (an
// owner's 12 weeks weigh about 1 kB).
func NewKeptWeeks(size int) *KeptWeeks {
	entries, _ := lru.New[keptKey, keptEntry](size) // fails for a size ≤ 0 only
	return &KeptWeeks{entries: entries}
}

// spansKey names every bound of the spans: two zones may agree on the first Monday and the
// last and differ in between (a zone that suspends summer time for a month).
func spansKey(spans []Span) string {
	var b strings.Builder
	for _, s := range spans {
		b.WriteString(strconv.FormatInt(s.Start.Unix(), 36))
		b.WriteByte(' ')
	}
	b.WriteString(strconv.FormatInt(spans[len(spans)-1].End.Unix(), 36))
	return b.String()
}

// History answers the weeks of owners, all of scope (an agency's or every candidate), as
// ComputeHistory would: the owners kept at their version from memory, the others counted in
// one run of the statements and kept. Their versions must be read before this call, so that
// a change made meanwhile leaves an older version on newer figures (counted again next time),
// never the reverse.
func (k *KeptWeeks) History(ctx context.Context, client *ent.Client, scope Scope, owners []Versioned, spans []Span) (History, error) {
	key := spansKey(spans)
	h := make(History, len(owners))
	var missing []Versioned
	var kept []uuid.UUID
	for _, o := range owners {
		if e, ok := k.entries.Get(keptKey{o.ID, key}); ok && e.version == o.Version {
			h[o.ID] = slices.Clone(e.weeks)
			kept = append(kept, o.ID)
			continue
		}
		missing = append(missing, o)
	}
	if len(missing) > 0 {
		counted := scope
		if len(kept) > 0 { // else the scope's own predicate names them all, without a list
			ids := make([]uuid.UUID, len(missing))
			for i, o := range missing {
				ids[i] = o.ID
			}
			counted = Scope{Owners: ids, Activity: scope.Activity}
		}
		fresh, err := ComputeHistory(ctx, client, counted, spans)
		if err != nil {
			return nil, err
		}
		for _, o := range missing {
			weeks := fresh.at(o.ID, len(spans))
			k.entries.Add(keptKey{o.ID, key}, keptEntry{version: o.Version, weeks: slices.Clone(weeks)})
			h[o.ID] = weeks
		}
	}
	if scope.Activity && len(kept) > 0 {
		if err := recentDaysOfUse(ctx, client, scope, kept, spans, h); err != nil {
			return nil, err
		}
	}
	return h, nil
}

// recentDaysOfUse reads anew, into h, the days of use of the last two weeks of the owners
// kept.
func recentDaysOfUse(ctx context.Context, client *ent.Client, scope Scope, kept []uuid.UUID, spans []Span, h History) error {
	first := max(len(spans)-2, 0)
	recent := spans[first:]
	var rows []weekRow
	if err := daysOfUse(client, scope, recent)(ctx, &rows); err != nil {
		return err
	}
	isKept := make(map[uuid.UUID]bool, len(kept))
	for _, id := range kept {
		isKept[id] = true
		for i := first; i < len(spans); i++ {
			h[id][i].ActiveDays = 0
		}
	}
	for _, r := range rows {
		if isKept[r.Owner] && r.Week != nil && *r.Week >= 0 && int(*r.Week) < len(recent) {
			h[r.Owner][first+int(*r.Week)].ActiveDays = int(r.A)
		}
	}
	return nil
}
