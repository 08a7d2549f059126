package authn

import (
	"context"
	"crypto/subtle"
	"errors"
	"time"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/actiontoken"
	"github.com/tremplin/tremplin/internal/clock"
	"github.com/tremplin/tremplin/internal/db"
	"github.com/tremplin/tremplin/internal/viewer"
)

// Kinds of e-mailed links.
const (
	KindReset      = actiontoken.KindReset
	KindInvitation = actiontoken.KindInvitation
)

// ErrTokenInvalid: the link is unknown, used, expired, or not for this user.
var ErrTokenInvalid = errors.New("authn: link unknown, used or expired")

// ActionTokens issues and redeems the single-use links sent by e-mail (password reset,
// invitation). Only hashes are stored; a new link of a kind voids the older ones.
type ActionTokens struct {
	Client *ent.Client
	Clock  clock.Clock
}

// Issue creates a link token for the user, valid for ttl, and voids their earlier unused
// ones of the same kind.
func (a *ActionTokens) Issue(ctx context.Context, userID uuid.UUID, kind actiontoken.Kind, ttl time.Duration) (string, error) {
	ctx = viewer.SystemContext(ctx)
	now := a.Clock.Now()
	token, hash := newToken()
	err := db.WithTx(ctx, a.Client, func(ctx context.Context, tx *ent.Tx) error {
		if _, err := tx.ActionToken.Delete().
			Where(actiontoken.UserID(userID), actiontoken.KindEQ(kind), actiontoken.UsedAtIsNil()).
			Exec(ctx); err != nil {
			return err
		}
		return tx.ActionToken.Create().
			SetUserID(userID).SetKind(kind).SetTokenHash(hash).
			SetCreatedAt(now).SetExpiresAt(now.Add(ttl)).
			Exec(ctx)
	})
	return token, err
}

// Redeem marks the user's token used and answers its kind, or ErrTokenInvalid. The update is
// conditional on used_at being empty, so two concurrent redemptions cannot both succeed.
func (a *ActionTokens) Redeem(ctx context.Context, userID uuid.UUID, token string) (actiontoken.Kind, error) {
	ctx = viewer.SystemContext(ctx)
	now := a.Clock.Now()
	found, err := a.Client.ActionToken.Query().
		Where(actiontoken.TokenHash(hashToken(token))).
		Only(ctx)
	if ent.IsNotFound(err) {
		return "", ErrTokenInvalid
	}
	if err != nil {
		return "", err
	}
	if subtle.ConstantTimeCompare(found.UserID[:], userID[:]) != 1 || found.UsedAt != nil || !now.Before(found.ExpiresAt) {
		return "", ErrTokenInvalid
	}
	n, err := a.Client.ActionToken.Update().
		Where(actiontoken.ID(found.ID), actiontoken.UsedAtIsNil()).
		SetUsedAt(now).
		Save(ctx)
	if err != nil {
		return "", err
	}
	if n != 1 {
		return "", ErrTokenInvalid
	}
	return found.Kind, nil
}
