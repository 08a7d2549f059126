package authn

import (
	"context"
	"net/http"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/session"
	"github.com/tremplin/tremplin/internal/clock"
	"github.com/tremplin/tremplin/internal/viewer"
)

// CookieName is the browser session cookie.
const CookieName = "tremplin_session"

// touchEvery bounds how often a session's last-seen time is written.
const touchEvery = 5 * time.Minute

// Sessions stores browser sessions: a random token in an HttpOnly cookie, its hash in the
// database, with an idle and an absolute expiry.
type Sessions struct {
	Client *ent.Client
	Clock  clock.Clock
	Idle   time.Duration
	Max    time.Duration
	Secure bool
}

// Create opens a session for the user and answers the cookie to set.
func (s *Sessions) Create(ctx context.Context, userID uuid.UUID, ip, userAgent string) (*http.Cookie, error) {
	ctx = viewer.SystemContext(ctx) // sessions are plumbing, written by the sign-in flow
	token, hash := newToken()
	now := s.Clock.Now()
	expires := now.Add(s.Max)
	_, err := s.Client.Session.Create().
		SetTokenHash(hash).
		SetUserID(userID).
		SetCreatedAt(now).
		SetLastSeenAt(now).
		SetExpiresAt(expires).
		SetIP(truncate(ip, 64)).
		SetUserAgent(truncate(userAgent, 300)).
		Save(ctx)
	if err != nil {
		return nil, err
	}
	return s.cookie(token, expires), nil
}

// Lookup answers the live session of token with its user and licence, or nil.
func (s *Sessions) Lookup(ctx context.Context, token string) (*ent.Session, error) {
	if token == "" {
		return nil, nil
	}
	ctx = viewer.SystemContext(ctx)
	now := s.Clock.Now()
	found, err := s.Client.Session.Query().
		Where(session.TokenHash(hashToken(token)), session.ExpiresAtGT(now), session.LastSeenAtGT(now.Add(-s.Idle))).
		WithUser(func(q *ent.UserQuery) { q.WithLicense() }). // the agency: only Me shows it
		Only(ctx)
	if ent.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if now.Sub(found.LastSeenAt) > touchEvery {
		// Best effort: a lost update only shortens the idle window by a few minutes.
		_ = s.Client.Session.UpdateOneID(found.ID).SetLastSeenAt(now).Exec(ctx)
	}
	return found, nil
}

// Delete ends the session of token, if any.
func (s *Sessions) Delete(ctx context.Context, token string) error {
	if token == "" {
		return nil
	}
	_, err := s.Client.Session.Delete().Where(session.TokenHash(hashToken(token))).Exec(viewer.SystemContext(ctx))
	return err
}

// DeleteForUser ends every session of a user (password change, account deletion).
func (s *Sessions) DeleteForUser(ctx context.Context, userID uuid.UUID) error {
	_, err := s.Client.Session.Delete().Where(session.UserID(userID)).Exec(viewer.SystemContext(ctx))
	return err
}

// DeleteExpired removes sessions past their end (run by a background job).
func (s *Sessions) DeleteExpired(ctx context.Context) (int, error) {
	now := s.Clock.Now()
	return s.Client.Session.Delete().
		Where(session.Or(session.ExpiresAtLTE(now), session.LastSeenAtLTE(now.Add(-s.Idle)))).
		Exec(viewer.SystemContext(ctx))
}

// ClearCookie answers the cookie that removes the session cookie from the browser.
func (s *Sessions) ClearCookie() *http.Cookie {
	c := s.cookie("", time.Unix(0, 0))
	c.MaxAge = -1
	return c
}

func (s *Sessions) cookie(token string, expires time.Time) *http.Cookie {
	return &http.Cookie{
		Name:     CookieName,
		Value:    token,
		Path:     "/",
		Expires:  expires,
		HttpOnly: true,
		Secure:   s.Secure,
		SameSite: http.SameSiteLaxMode,
	}
}

// TokenFromHeader reads the session token from a request's Cookie header.
func TokenFromHeader(h http.Header) string {
	r := http.Request{Header: h}
	c, err := r.Cookie(CookieName)
	if err != nil {
		return ""
	}
	return c.Value
}

// truncate cuts s to at most n bytes without splitting a character (PostgreSQL refuses
// invalid UTF-8).
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	s = s[:n]
	for len(s) > 0 && !utf8.ValidString(s) {
		s = s[:len(s)-1]
	}
	return s
}
