package authn

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"strings"
	"time"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/apikey"
	"github.com/tremplin/tremplin/internal/viewer"
)

// APIKeyPrefix starts every API key, so a leaked one is easy to recognise (and to scan for).
const APIKeyPrefix = "tpk_"

// A secret is APIKeyPrefix, a visible part (8 hex characters, random, shown in listings to
// recognise the key by), "_", and 256 random bits (base64url): "tpk_1a2b3c4d_…".
const (
	visibleLen = 8
	secretLen  = len(APIKeyPrefix) + visibleLen + 1 + 43
)

// NewAPIKey makes a key: the secret shown once to its creator, its visible prefix
// ("tpk_1a2b3c4d") kept in clear, and the hash stored. The secret is 256 random bits, so a
// plain SHA-256 is enough to keep it: there is nothing to guess, and checking it costs one
// indexed read per call.
func NewAPIKey() (secret, prefix string, hash []byte) {
	visible := make([]byte, visibleLen/2)
	_, _ = rand.Read(visible) // crypto/rand never fails on supported platforms
	random := make([]byte, 32)
	_, _ = rand.Read(random)
	prefix = APIKeyPrefix + hex.EncodeToString(visible)
	secret = prefix + "_" + base64.RawURLEncoding.EncodeToString(random)
	return secret, prefix, hashToken(secret)
}

// keyTouchEvery bounds how often a key's last-used time is written: a partner calling
// steadily costs one write a minute, not one per call.
const keyTouchEvery = time.Minute

// lookupAPIKey answers the live key of secret, or nil. It reads the database on every call —
// nothing is cached — so a revoked key is refused from the next call on.
func lookupAPIKey(ctx context.Context, client *ent.Client, secret string, now time.Time) (*ent.APIKey, error) {
	if len(secret) != secretLen || !strings.HasPrefix(secret, APIKeyPrefix) {
		return nil, nil
	}
	ctx = viewer.SystemContext(ctx) // the caller is not known yet
	key, err := client.APIKey.Query().
		Where(apikey.KeyHash(hashToken(secret)), apikey.RevokedAtIsNil()).
		Only(ctx)
	if ent.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if key.LastUsedAt == nil || now.Sub(*key.LastUsedAt) >= keyTouchEvery {
		// Conditional, so that calls arriving together write once; a failure only leaves the
		// time older.
		_ = client.APIKey.Update().
			Where(apikey.ID(key.ID), apikey.Or(apikey.LastUsedAtIsNil(), apikey.LastUsedAtLTE(now.Add(-keyTouchEvery)))).
			SetLastUsedAt(now).Exec(ctx)
	}
	return key, nil
}
