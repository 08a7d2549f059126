package network

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/hashicorp/golang-lru/v2/expirable"

	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/viewer"
)

// The whole list of a large network is kept in memory between calls, tagged with the data
// version of its owner (internal/dataversion): any change to the candidate's contacts, tags,
// tasks, events or applications moves the version, in the same transaction as the change, so
// a kept list is served only while it is exactly what the database would answer. The version
// comes with the session, so a kept list costs no query at all. With several server copies
// each keeps its own lists; none can serve a stale one.
const (
	// cachedNetworkMin: smaller networks are listed from the database each time, fast
	// enough, and not worth the memory.
	cachedNetworkMin = 200
	// cachedNetworks bounds the memory: a 5,000-contact list weighs about 3 MB.
	cachedNetworks   = 16
	cachedNetworkTTL = 15 * time.Minute
)

type cachedNetwork struct {
	version  int64
	contacts []*networkv1.Contact
}

type networkCache = expirable.LRU[uuid.UUID, cachedNetwork]

func newNetworkCache() *networkCache {
	return expirable.NewLRU[uuid.UUID, cachedNetwork](cachedNetworks, nil, cachedNetworkTTL)
}

// wholeNetwork answers every contact of the candidate, from memory when the kept list is
// current. The answer's contacts are shared between calls and must not be changed.
func (s *Service) wholeNetwork(ctx context.Context, v *viewer.Viewer) (*networkv1.ListContactsResponse, error) {
	u, err := s.currentUser(ctx, v)
	if err != nil {
		return nil, apierr.FromEnt(err, "Utilisateur")
	}
	cache := s.networks()
	if kept, ok := cache.Get(v.UserID); ok && kept.version == u.DataVersion {
		return &networkv1.ListContactsResponse{Contacts: kept.contacts}, nil
	}
	list, err := presentContacts(ctx, s.Client, v.UserID, listView)
	if err != nil {
		return nil, apierr.Internal(err)
	}
	if len(list) >= cachedNetworkMin {
		// Read after the version: the list is at least as new as the version it is kept
		// under, so a change in between only costs one more read.
		cache.Add(v.UserID, cachedNetwork{version: u.DataVersion, contacts: list})
	}
	return &networkv1.ListContactsResponse{Contacts: list}, nil
}

// networks answers the service's cache, made on first use.
func (s *Service) networks() *networkCache {
	s.cacheOnce.Do(func() { s.cache = newNetworkCache() })
	return s.cache
}
