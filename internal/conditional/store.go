package conditional

import (
	"net/http"
	"sync"

	lru "github.com/hashicorp/golang-lru/v2"
)

// maxAnswer bounds one kept answer: a 5,000-contact list encodes to about 1.5 MB.
const maxAnswer = 4 << 20

// answer is an encoded answer as it was written.
type answer struct {
	header http.Header
	body   []byte
}

// store keeps encoded answers under their key, least recently used out first, within a byte
// budget. Entries never go stale: their key holds the ETag, which changes with what they say.
type store struct {
	mu       sync.Mutex
	entries  *lru.Cache[string, *answer]
	bytes    int
	maxBytes int
}

func newStore(maxBytes int) *store {
	s := &store{maxBytes: maxBytes}
	// The count bound is only a backstop; bytes are the real bound.
	s.entries, _ = lru.NewWithEvict[string, *answer](1<<16, func(_ string, a *answer) { s.bytes -= len(a.body) })
	return s
}

func (s *store) get(key string) *answer {
	s.mu.Lock()
	defer s.mu.Unlock()
	a, _ := s.entries.Get(key)
	return a
}

func (s *store) add(key string, a *answer) {
	if len(a.body) > s.maxBytes/8 {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.entries.Peek(key); ok {
		return
	}
	s.entries.Add(key, a)
	s.bytes += len(a.body)
	for s.bytes > s.maxBytes {
		s.entries.RemoveOldest()
	}
}
