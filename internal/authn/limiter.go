package authn

import (
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/hashicorp/golang-lru/v2/expirable"

	"github.com/tremplin/tremplin/internal/clock"
)

// LoginLimiter slows password guessing: every sign-in attempt takes a token of two buckets,
// one per account and one per client address, before its password is checked, and a failed
// attempt keeps them. Taking before checking means concurrent attempts cannot all pass on the
// same tokens. An account under attack is locked for its own bucket only, so other accounts
// (even from the same address, within the address's larger budget) can still sign in. Buckets
// live in memory, bounded in number; with several server copies each keeps its own, which
// multiplies the budget by the number of copies at most.
type LoginLimiter struct {
	accounts  *buckets
	addresses *buckets
}

// NewLoginLimiter allows 5 failures per account (then one more every minute) and 50 per
// address (then one every 6 s).
func NewLoginLimiter() *LoginLimiter {
	return &LoginLimiter{
		accounts:  newBuckets(5, time.Minute),
		addresses: newBuckets(50, 6*time.Second),
	}
}

// Attempt is a sign-in attempt holding its tokens. A failed attempt keeps them; see
// Succeeded and Unchecked.
type Attempt struct {
	l                *LoginLimiter
	account, address string
}

// Begin takes the tokens of an attempt for email from address; ok is false, and nothing is
// taken, when either bucket is empty.
func (l *LoginLimiter) Begin(email, address string) (a Attempt, ok bool) {
	a = Attempt{l: l, account: accountKey(email), address: address}
	if !l.accounts.take(a.account) {
		return a, false
	}
	if !l.addresses.take(a.address) {
		l.accounts.give(a.account)
		return a, false
	}
	return a, true
}

// Succeeded gives the address its token back and forgets the account's failures.
func (a Attempt) Succeeded() {
	a.l.addresses.give(a.address)
	a.l.accounts.forget(a.account)
}

// Unchecked gives both tokens back: the password was not checked (the server was too busy).
func (a Attempt) Unchecked() {
	a.l.addresses.give(a.address)
	a.l.accounts.give(a.account)
}

// ResetLimiter bounds the password reset e-mails asked for: per recipient, so that nobody's
// mailbox can be flooded, and per client address. Recipients are counted whether or not they
// have an account, so a refusal tells nothing about accounts.
type ResetLimiter struct {
	recipients *buckets
	addresses  *buckets
}

// NewResetLimiter allows 3 e-mails per recipient (then one every 15 minutes) and 10 requests
// per address (then one a minute).
func NewResetLimiter() *ResetLimiter {
	return &ResetLimiter{
		recipients: newBuckets(3, 15*time.Minute),
		addresses:  newBuckets(10, time.Minute),
	}
}

// Allow takes a token for email and one for address, or none when either is spent.
func (l *ResetLimiter) Allow(email, address string) bool {
	key := accountKey(email)
	if !l.recipients.take(key) {
		return false
	}
	if !l.addresses.take(address) {
		l.recipients.give(key)
		return false
	}
	return true
}

// ViewLimiter bounds the page views one reader may record (RecordPageView, public): a person
// opens a screen every few seconds at most, while a script sending thousands would inflate the
// audience figures and keep the database writing. A signed-in reader is counted by account,
// an anonymous one by client address (signed-in people behind one office address do not share
// a budget).
type ViewLimiter struct {
	readers *buckets
}

// NewViewLimiter allows 300 views per reader, then one a second, on the clock's time.
func NewViewLimiter(c clock.Clock) *ViewLimiter {
	readers := newBuckets(300, time.Second)
	readers.clock = c
	return &ViewLimiter{readers: readers}
}

// Allow takes a token for the account (uuid.Nil: nobody signed in) or else the address.
func (l *ViewLimiter) Allow(account uuid.UUID, address string) bool {
	if account != uuid.Nil {
		return l.readers.take("account " + account.String())
	}
	return l.readers.take("address " + address)
}

func accountKey(email string) string { return strings.ToLower(strings.TrimSpace(email)) }

// buckets are token buckets by key: burst tokens each, one more every `every`. Unlike
// golang.org/x/time/rate, a token taken can be given back later (a sign-in that succeeded).
type buckets struct {
	mu    sync.Mutex
	cache *expirable.LRU[string, *bucket]
	burst float64
	every time.Duration
	clock clock.Clock
}

type bucket struct {
	tokens float64
	at     time.Time
}

// bucketTTL forgets a bucket an hour after it was made: it has refilled by then.
const bucketTTL = time.Hour

func newBuckets(burst int, every time.Duration) *buckets {
	return &buckets{
		cache: expirable.NewLRU[string, *bucket](100_000, nil, bucketTTL),
		burst: float64(burst),
		every: every,
		clock: clock.Real{},
	}
}

// refilled answers key's bucket with the tokens earned since it was last touched.
func (b *buckets) refilled(key string, now time.Time) *bucket {
	bk, ok := b.cache.Get(key)
	if !ok {
		bk = &bucket{tokens: b.burst, at: now}
		b.cache.Add(key, bk)
		return bk
	}
	bk.tokens = min(b.burst, bk.tokens+float64(now.Sub(bk.at))/float64(b.every))
	bk.at = now
	return bk
}

func (b *buckets) take(key string) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	bk := b.refilled(key, b.clock.Now())
	if bk.tokens < 1 {
		return false
	}
	bk.tokens--
	return true
}

func (b *buckets) give(key string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	bk := b.refilled(key, b.clock.Now())
	bk.tokens = min(b.burst, bk.tokens+1)
}

func (b *buckets) forget(key string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.cache.Remove(key)
}
