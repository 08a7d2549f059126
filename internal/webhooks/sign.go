package webhooks

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"time"
)

// SignatureHeader carries "t=<unix seconds>,v1=<hex HMAC-SHA256>" on every POST.
const SignatureHeader = "Tremplin-Signature"

// SecretPrefix starts every endpoint's secret.
const SecretPrefix = "whsec_"

// NewSecret answers a new signing secret: whsec_ and 32 random bytes in hex.
func NewSecret() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b) // never fails (crypto/rand)
	return SecretPrefix + hex.EncodeToString(b)
}

// Sign answers the header value for body sent at t: t=<unix>,v1=<hex HMAC-SHA256 of
// "<unix>.<body>" keyed by secret (the whole string, whsec_ included)>.
func Sign(secret string, t time.Time, body []byte) string {
	ts := strconv.FormatInt(t.Unix(), 10)
	return "t=" + ts + ",v1=" + hex.EncodeToString(mac(secret, ts, body))
}

func mac(secret, ts string, body []byte) []byte {
	h := hmac.New(sha256.New, []byte(secret))
	h.Write([]byte(ts))
	h.Write([]byte{'.'})
	h.Write(body)
	return h.Sum(nil)
}
