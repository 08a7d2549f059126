// Package authn establishes who is calling: passwords, browser sessions (cookie), API keys,
// single-use e-mail tokens, and the login rate limiter.
package authn

import (
	"context"
	"errors"
	"math"
	"regexp"
	"runtime"
	"runtime/debug"
	"time"

	"github.com/alexedwards/argon2id"
)

// passwordParams follows OWASP's argon2id minimum (19 MiB, 2 passes, 1 lane): strong, and a
// login still answers well under 100 ms.
var passwordParams = &argon2id.Params{
	Memory:      19 * 1024,
	Iterations:  2,
	Parallelism: 1,
	SaltLength:  16,
	KeyLength:   32,
}

// HashPassword hashes a password with argon2id (PHC string form). No truncation. It waits for
// a hashing slot (see ErrBusy).
func HashPassword(ctx context.Context, password string) (hash string, err error) {
	err = withHashSlot(ctx, func() { hash, err = argon2id.CreateHash(password, passwordParams) })
	return hash, err
}

// dummyHash is verified when the account does not exist, so a wrong e-mail takes as long as
// a wrong password and timing does not reveal accounts. It is a constant (made with
// passwordParams) rather than computed at start-up, which would cost 19 MiB of memory.
const dummyHash = "$argon2id$v=19$m=19456,t=2,p=1$SnxqC2asjjKYp/yZC9qKjQ$pRgTJtAeot8N6F9RfNaLK3wRSd0tV+58K2MTaIhkxV4"

// CheckPassword reports whether password matches hash. An empty hash (account without a
// password yet) never matches, but costs the same time. It waits for a hashing slot (see
// ErrBusy).
func CheckPassword(ctx context.Context, password, hash string) (matched bool, err error) {
	err = withHashSlot(ctx, func() {
		if hash == "" {
			_, _ = argon2id.ComparePasswordAndHash(password, dummyHash)
			return
		}
		ok, compareErr := argon2id.ComparePasswordAndHash(password, hash)
		matched = compareErr == nil && ok
	})
	return matched, err
}

// An argon2id hash takes 19 MiB and a core for tens of milliseconds: a storm of sign-ins
// hashed at once would take 19 MiB per request (50 sign-ins: 1 GB) and share the cores
// anyway. So at most one hash per core runs at a time; the others wait for a slot, in turn,
// up to hashWait.
var hashSlots = make(chan struct{}, runtime.GOMAXPROCS(0))

// hashWait is how long a password waits for a hashing slot before ErrBusy: 50 sign-ins at
// once (a client's budget of failures) take about 2.5 s on two busy cores.
var hashWait = 5 * time.Second

// ErrBusy says the password was not checked: every hashing slot stayed taken for hashWait.
var ErrBusy = errors.New("authn: too many passwords being hashed")

func withHashSlot(ctx context.Context, hash func()) error {
	wait := time.NewTimer(hashWait)
	defer wait.Stop()
	select {
	case hashSlots <- struct{}{}:
		memoryBack.Stop()
	case <-wait.C:
		return ErrBusy
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() {
		<-hashSlots
		if len(hashSlots) == 0 {
			memoryBack.Reset(time.Second)
		}
	}()
	hash()
	return nil
}

// memoryBack hands the memory of a burst of hashes back to the system once no password has
// been hashed for a second (the runtime would keep most of it for minutes): a storm of
// sign-ins does not leave the server larger. Not during the burst: the next hashes would
// only take the memory back from the system, slower.
var memoryBack = time.AfterFunc(time.Duration(math.MaxInt64), debug.FreeOSMemory)

var (
	hasUpper   = regexp.MustCompile(`[A-Z]`)
	hasLower   = regexp.MustCompile(`[a-z]`)
	hasDigit   = regexp.MustCompile(`[0-9]`)
	hasSpecial = regexp.MustCompile(`[^\w\s]`)
	hasSpace   = regexp.MustCompile(`\s`)
)

// PasswordFormatOK applies the spec's rule: at least 8 characters, no whitespace, an
// upper-case and a lower-case letter, a digit and a special character. The same rule is
// declared in the protos (protovalidate); this copy guards code paths that bypass requests
// (operator commands).
func PasswordFormatOK(password string) bool {
	return len([]rune(password)) >= 8 && !hasSpace.MatchString(password) &&
		hasUpper.MatchString(password) && hasLower.MatchString(password) &&
		hasDigit.MatchString(password) && hasSpecial.MatchString(password)
}
