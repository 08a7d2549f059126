package authn

import (
	"sync"
	"time"

	"github.com/google/uuid"
	lru "github.com/hashicorp/golang-lru/v2"
	"golang.org/x/time/rate"

	"github.com/tremplin/tremplin/internal/clock"
)

// Defaults of the per-key rate limit (API_KEY_RATE, API_KEY_BURST).
const (
	DefaultKeyRate  = 10.0 // calls a second, sustained
	DefaultKeyBurst = 50   // calls at once after a pause
)

// maxKeyLimiters bounds the limiters kept in memory. The least recently used one is dropped
// first: it has been idle longest, so it had most likely refilled anyway.
const maxKeyLimiters = 10_000

// KeyLimiter bounds the calls of each API key: a token bucket of burst calls, refilled at
// rate calls a second. Buckets live in memory, per server copy: with several copies a key's
// budget is multiplied by their number at most.
type KeyLimiter struct {
	mu       sync.Mutex
	limiters *lru.Cache[uuid.UUID, *rate.Limiter]
	rate     rate.Limit
	burst    int
	clock    clock.Clock
}

// NewKeyLimiter allows perSecond calls a second and burst at once per key (the defaults when
// zero), on the clock's time.
func NewKeyLimiter(perSecond float64, burst int, c clock.Clock) *KeyLimiter {
	if perSecond <= 0 {
		perSecond = DefaultKeyRate
	}
	if burst <= 0 {
		burst = DefaultKeyBurst
	}
	if c == nil {
		c = clock.Real{}
	}
	cache, _ := lru.New[uuid.UUID, *rate.Limiter](maxKeyLimiters) // only fails for a size ≤ 0
	return &KeyLimiter{limiters: cache, rate: rate.Limit(perSecond), burst: burst, clock: c}
}

// Allow takes one call from key's budget. When none is left it takes nothing and answers how
// long until one is.
func (l *KeyLimiter) Allow(key uuid.UUID) (bool, time.Duration) {
	now := l.clock.Now()
	l.mu.Lock()
	lim, ok := l.limiters.Get(key)
	if !ok {
		lim = rate.NewLimiter(l.rate, l.burst)
		l.limiters.Add(key, lim)
	}
	l.mu.Unlock()
	r := lim.ReserveN(now, 1)
	if !r.OK() {
		return false, time.Second
	}
	if delay := r.DelayFrom(now); delay > 0 {
		r.CancelAt(now)
		return false, delay
	}
	return true, 0
}

// Len answers how many keys have a limiter in memory.
func (l *KeyLimiter) Len() int { return l.limiters.Len() }
