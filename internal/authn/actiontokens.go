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
// invitation). Only hashes are stored. An account has at most one live link: issuing or using
// one voids every other outstanding link of the account, whatever its kind, and the first
// sign-in voids them all (VoidIn) — a link never outlives what it was sent for.
type ActionTokens struct {
	Client *ent.Client
	Clock  clock.Clock
}

// Issue creates a link token for the user, valid for ttl, and voids their other outstanding
// links (of every kind).
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
	// Every kind: a reset link sent to an invited account voids the invitation (it would
	// otherwise still set the password and sign its holder in once the reset had activated
	// the account), and an invitation sent again voids a reset link.
	if err := a.VoidIn(ctx, client, userID); err != nil {
		return "", err
	}
	err := client.ActionToken.Create().
		SetUserID(userID).SetKind(kind).SetTokenHash(hash).
		SetCreatedAt(now).SetExpiresAt(now.Add(ttl)).
		Exec(ctx)
	return token, err
}

// VoidIn voids every outstanding (unused) link of the user, in the caller's transaction.
// Used links are kept: they are spent already.
func (a *ActionTokens) VoidIn(ctx context.Context, client *ent.Client, userID uuid.UUID) error {
	_, err := client.ActionToken.Delete().
		Where(actiontoken.UserID(userID), actiontoken.UsedAtIsNil()).
		Exec(viewer.SystemContext(ctx))
	return err
}

// Check answers the kind of the user's live token without spending it, or ErrTokenInvalid:
// what the link is for decides what its form needs (an invitation, the terms accepted).
func (a *ActionTokens) Check(ctx context.Context, userID uuid.UUID, token string) (actiontoken.Kind, error) {
	found, err := live(ctx, a.Client, a.Clock.Now(), userID, token)
	if err != nil {
		return "", err
	}
	return found.Kind, nil
}

// live answers the user's unused, unexpired token, or ErrTokenInvalid.
func live(ctx context.Context, client *ent.Client, now time.Time, userID uuid.UUID, token string) (*ent.ActionToken, error) {
	ctx = viewer.SystemContext(ctx)
	found, err := client.ActionToken.Query().
		Where(actiontoken.TokenHash(hashToken(token))).
		Only(ctx)
	if ent.IsNotFound(err) {
		return nil, ErrTokenInvalid
	}
	if err != nil {
		return nil, err
	}
	if subtle.ConstantTimeCompare(found.UserID[:], userID[:]) != 1 || found.UsedAt != nil || !now.Before(found.ExpiresAt) {
		return nil, ErrTokenInvalid
	}
	return found, nil
}

// RedeemIn marks the user's token used, voids their other outstanding links, and answers its
// kind, or ErrTokenInvalid — in the caller's transaction (client is the transaction's), so the
// link is spent exactly when what it was used for (the new password) is written. The update
// is conditional on used_at being empty, and a link voided by a concurrent redemption is gone,
// so of two links of one account used at once only one succeeds.
func (a *ActionTokens) RedeemIn(ctx context.Context, client *ent.Client, userID uuid.UUID, token string) (actiontoken.Kind, error) {
	ctx = viewer.SystemContext(ctx)
	now := a.Clock.Now()
	found, err := live(ctx, client, now, userID, token)
	if err != nil {
		return "", err
	}
	n, err := client.ActionToken.Update().
		Where(actiontoken.ID(found.ID), actiontoken.UsedAtIsNil()).
		SetUsedAt(now).
		Save(ctx)
	if err != nil {
		return "", err
	}
	if n != 1 {
		return "", ErrTokenInvalid
	}
	if err := a.VoidIn(ctx, client, userID); err != nil {
		return "", err
	}
	return found.Kind, nil
}
