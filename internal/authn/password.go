// Package authn establishes who is calling: passwords, browser sessions (cookie), API keys,
// single-use e-mail tokens, and the login rate limiter.
package authn

import (
	"regexp"

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

// HashPassword hashes a password with argon2id (PHC string form). No truncation.
func HashPassword(password string) (string, error) {
	return argon2id.CreateHash(password, passwordParams)
}

// dummyHash is verified when the account does not exist, so a wrong e-mail takes as long as
// a wrong password and timing does not reveal accounts. It is a constant (made with
// passwordParams) rather than computed at start-up, which would cost 19 MiB of memory.
const dummyHash = "$argon2id$v=19$m=19456,t=2,p=1$SnxqC2asjjKYp/yZC9qKjQ$pRgTJtAeot8N6F9RfNaLK3wRSd0tV+58K2MTaIhkxV4"

// CheckPassword reports whether password matches hash. An empty hash (account without a
// password yet) never matches, but costs the same time.
func CheckPassword(password, hash string) bool {
	if hash == "" {
		_, _ = argon2id.ComparePasswordAndHash(password, dummyHash)
		return false
	}
	ok, err := argon2id.ComparePasswordAndHash(password, hash)
	return err == nil && ok
}

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
