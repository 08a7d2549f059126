package authn

import (
	"strings"
	"sync"
	"time"

	"github.com/hashicorp/golang-lru/v2/expirable"
	"golang.org/x/time/rate"
)

// LoginLimiter slows password guessing: failed logins spend tokens of two buckets, one per
// account and one per client address. An account under attack is locked for its own bucket
// only, so other accounts (even from the same address, within the address's larger budget)
// can still sign in. Buckets live in memory, bounded in number; with several server copies
// each keeps its own, which multiplies the budget by the number of copies at most.
type LoginLimiter struct {
	mu        sync.Mutex
	accounts  *expirable.LRU[string, *rate.Limiter]
	addresses *expirable.LRU[string, *rate.Limiter]
	// AccountBurst failures in a row lock an account until it refills at AccountEvery.
	accountBurst int
	accountEvery time.Duration
	addressBurst int
	addressEvery time.Duration
}

// NewLoginLimiter allows 5 failures per account (then one more every minute) and 50 per
// address (then one every 6 s).
func NewLoginLimiter() *LoginLimiter {
	return &LoginLimiter{
		accounts:     expirable.NewLRU[string, *rate.Limiter](100_000, nil, time.Hour),
		addresses:    expirable.NewLRU[string, *rate.Limiter](100_000, nil, time.Hour),
		accountBurst: 5, accountEvery: time.Minute,
		addressBurst: 50, addressEvery: 6 * time.Second,
	}
}

// Allowed reports whether a login attempt for email from address may be checked now.
func (l *LoginLimiter) Allowed(email, address string) bool {
	return l.bucket(l.accounts, accountKey(email), l.accountBurst, l.accountEvery).Tokens() >= 1 &&
		l.bucket(l.addresses, address, l.addressBurst, l.addressEvery).Tokens() >= 1
}

// Failed records a failed attempt.
func (l *LoginLimiter) Failed(email, address string) {
	l.bucket(l.accounts, accountKey(email), l.accountBurst, l.accountEvery).Allow()
	l.bucket(l.addresses, address, l.addressBurst, l.addressEvery).Allow()
}

// Succeeded forgets the account's failures.
func (l *LoginLimiter) Succeeded(email string) {
	l.accounts.Remove(accountKey(email))
}

func (l *LoginLimiter) bucket(cache *expirable.LRU[string, *rate.Limiter], key string, burst int, every time.Duration) *rate.Limiter {
	l.mu.Lock()
	defer l.mu.Unlock()
	if b, ok := cache.Get(key); ok {
		return b
	}
	b := rate.NewLimiter(rate.Every(every), burst)
	cache.Add(key, b)
	return b
}

func accountKey(email string) string { return strings.ToLower(strings.TrimSpace(email)) }
