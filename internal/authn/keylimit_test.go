package authn

import (
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/internal/clock"
)

// Memory stays bounded however many keys call: the limiters idle longest are dropped first,
// and a key calling all along keeps its spent budget.
func TestKeyLimitersAreBoundedInNumber(t *testing.T) {
	fake := clock.NewFake(time.Date(2026, 11, 18, 9, 30, 0, 0, time.UTC))
	l := NewKeyLimiter(1, 2, fake)
	busy := uuid.New()
	l.Allow(busy)
	l.Allow(busy)
	for i := range maxKeyLimiters + 500 {
		if ok, _ := l.Allow(uuid.New()); !ok {
			t.Fatalf("a new key (%d) refused", i)
		}
		if i%1000 == 0 {
			if ok, wait := l.Allow(busy); ok || wait != time.Second {
				t.Fatalf("the busy key after %d others: allowed %v, wait %v; want refused for 1s", i, ok, wait)
			}
		}
	}
	if n := l.Len(); n != maxKeyLimiters {
		t.Errorf("%d limiters kept, want at most %d", n, maxKeyLimiters)
	}
}
