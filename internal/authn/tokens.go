package authn

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
)

// newToken returns a random 256-bit token (URL-safe) and its SHA-256, the only form stored.
func newToken() (token string, hash []byte) {
	buf := make([]byte, 32)
	_, _ = rand.Read(buf) // crypto/rand never fails on supported platforms
	token = base64.RawURLEncoding.EncodeToString(buf)
	return token, hashToken(token)
}

func hashToken(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}
