// Package secretlinks keeps a candidate's standing secret addresses (ent PersonalLink): the
// calendar feed their calendar program subscribes to, and the unsubscribe link of the morning
// e-mail. The address is the secret: whoever has it may read the feed, or turn the e-mail off.
package secretlinks

import (
	"context"
	"crypto/rand"
	"encoding/base64"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/personallink"
	"github.com/tremplin/tremplin/internal/viewer"
)

// Kinds of links.
const (
	CalendarFeed = personallink.KindCalendarFeed
	Unsubscribe  = personallink.KindUnsubscribe
)

// newToken is 256 random bits, URL-safe.
func newToken() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b) // never fails (crypto/rand)
	return base64.RawURLEncoding.EncodeToString(b)
}

// Get answers the owner's token of kind, "" when they have none.
func Get(ctx context.Context, client *ent.Client, owner uuid.UUID, kind personallink.Kind) (string, error) {
	l, err := client.PersonalLink.Query().Where(personallink.OwnerID(owner), personallink.KindEQ(kind)).Only(ctx)
	if ent.IsNotFound(err) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	return l.Token, nil
}

// Ensure answers the owner's token of kind, made when they have none.
func Ensure(ctx context.Context, client *ent.Client, owner uuid.UUID, kind personallink.Kind) (string, error) {
	token, err := Get(ctx, client, owner, kind)
	if err != nil || token != "" {
		return token, err
	}
	token = newToken()
	err = client.PersonalLink.Create().SetOwnerID(owner).SetKind(kind).SetToken(token).
		OnConflictColumns(personallink.FieldOwnerID, personallink.FieldKind).DoNothing().Exec(ctx)
	if err != nil && !ent.IsNotFound(err) { // DoNothing on a conflict reports no row
		return "", err
	}
	return Get(ctx, client, owner, kind) // another request's, when it came first
}

// Reset replaces the owner's token of kind with a new one: the old address stops working.
func Reset(ctx context.Context, client *ent.Client, owner uuid.UUID, kind personallink.Kind) (string, error) {
	if err := Revoke(ctx, client, owner, kind); err != nil {
		return "", err
	}
	token := newToken()
	if err := client.PersonalLink.Create().SetOwnerID(owner).SetKind(kind).SetToken(token).Exec(ctx); err != nil {
		return "", err
	}
	return token, nil
}

// Revoke ends the owner's link of kind.
func Revoke(ctx context.Context, client *ent.Client, owner uuid.UUID, kind personallink.Kind) error {
	_, err := client.PersonalLink.Delete().Where(personallink.OwnerID(owner), personallink.KindEQ(kind)).Exec(ctx)
	return err
}

// Owner answers whose link of kind token is, and false when it is nobody's. Nobody is signed
// in when a link is followed: it is looked up as the system.
func Owner(ctx context.Context, client *ent.Client, kind personallink.Kind, token string) (uuid.UUID, bool, error) {
	l, err := client.PersonalLink.Query().Where(personallink.Token(token), personallink.KindEQ(kind)).
		Only(viewer.SystemContext(ctx))
	if ent.IsNotFound(err) {
		return uuid.Nil, false, nil
	}
	if err != nil {
		return uuid.Nil, false, err
	}
	return l.OwnerID, true, nil
}
