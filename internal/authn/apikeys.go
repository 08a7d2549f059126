package authn

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/apikey"
	"github.com/tremplin/tremplin/internal/viewer"
)

// APIKeyPrefix starts every API key, so a leaked one is easy to recognise (and to scan for).
const APIKeyPrefix = "tpk_"

// NewAPIKey makes a key: the secret shown once to its creator, a short prefix to recognise
// it by in listings, and the hash stored.
func NewAPIKey() (secret, prefix string, hash []byte) {
	token, _ := newToken()
	secret = APIKeyPrefix + token
	return secret, secret[:len(APIKeyPrefix)+6], hashToken(secret)
}

// BearerToken reads "Authorization: Bearer …".
func BearerToken(h http.Header) string {
	auth := h.Get("Authorization")
	if len(auth) > 7 && strings.EqualFold(auth[:7], "bearer ") {
		return strings.TrimSpace(auth[7:])
	}
	return ""
}

// lookupAPIKey answers the live key of secret, or nil.
func lookupAPIKey(ctx context.Context, client *ent.Client, secret string, now time.Time) (*ent.APIKey, error) {
	if !strings.HasPrefix(secret, APIKeyPrefix) {
		return nil, nil
	}
	ctx = viewer.SystemContext(ctx)
	key, err := client.APIKey.Query().
		Where(apikey.KeyHash(hashToken(secret)), apikey.RevokedAtIsNil()).
		Only(ctx)
	if ent.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if key.LastUsedAt == nil || now.Sub(*key.LastUsedAt) > touchEvery {
		_ = client.APIKey.UpdateOneID(key.ID).SetLastUsedAt(now).Exec(ctx)
	}
	return key, nil
}
