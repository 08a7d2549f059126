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
	var token string
	err := db.WithTx(ctx, a.Client, func(ctx context.Context, tx *ent.Tx) error {
		var err error
		token, err = a.IssueIn(ctx, tx.Client(), userID, kind, ttl)
		return err
	})
	return token, err
}

// IssueIn is Issue in the caller's transaction (client is the transaction's): a link for an
// account created in it exists exactly when the account does.
func (a *ActionTokens) IssueIn(ctx context.Context, client *ent.Client, userID uuid.UUID, kind actiontoken.Kind, ttl time.Duration) (string, error) {
	ctx = viewer.SystemContext(ctx) // links are plumbing
	now := a.Clock.Now()
	token, hash := newToken()
	if _, err := client.ActionToken.Delete().
		Where(actiontoken.UserID(userID), actiontoken.KindEQ(kind), actiontoken.UsedAtIsNil()).
		Exec(ctx); err != nil {
		return "", err
	}
	err := client.ActionToken.Create().
		SetUserID(userID).SetKind(kind).SetTokenHash(hash).
		SetCreatedAt(now).SetExpiresAt(now.Add(ttl)).
		Exec(ctx)
	return token, err
}

// Check answers the kind of the user's live token without spending it, or ErrTokenInvalid:
// what the link is for decides what its form needs (an invitation, the terms accepted).
func (a *ActionTokens) Check(ctx context.Context, userID uuid.UUID, token string) (actiontoken.Kind, error) {
	found, err := a.live(ctx, userID, token)
	if err != nil {
		return "", err
	}
	return found.Kind, nil
}

// live answers the user's unused, unexpired token, or ErrTokenInvalid.
func (a *ActionTokens) live(ctx context.Context, userID uuid.UUID, token string) (*ent.ActionToken, error) {
	ctx = viewer.SystemContext(ctx)
	found, err := a.Client.ActionToken.Query().
		Where(actiontoken.TokenHash(hashToken(token))).
		Only(ctx)
	if ent.IsNotFound(err) {
		return nil, ErrTokenInvalid
	}
	if err != nil {
		return nil, err
	}
	if subtle.ConstantTimeCompare(found.UserID[:], userID[:]) != 1 || found.UsedAt != nil || !a.Clock.Now().Before(found.ExpiresAt) {
		return nil, ErrTokenInvalid
	}
	return found, nil
}

// Redeem marks the user's token used and answers its kind, or ErrTokenInvalid. The update is
// conditional on used_at being empty, so two concurrent redemptions cannot both succeed.
func (a *ActionTokens) Redeem(ctx context.Context, userID uuid.UUID, token string) (actiontoken.Kind, error) {
	found, err := a.live(ctx, userID, token)
	if err != nil {
		return "", err
	}
	n, err := a.Client.ActionToken.Update().
		Where(actiontoken.ID(found.ID), actiontoken.UsedAtIsNil()).
		SetUsedAt(a.Clock.Now()).
		Save(viewer.SystemContext(ctx))
	if err != nil {
		return "", err
	}
	if n != 1 {
		return "", ErrTokenInvalid
	}
	return found.Kind, nil
}
