package authn

import (
	"context"
	"net/http"
	"slices"
	"time"
	"unicode/utf8"

	"entgo.io/ent/dialect/sql"
	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/license"
	"github.com/tremplin/tremplin/ent/session"
	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/internal/clock"
	"github.com/tremplin/tremplin/internal/credentials"
	"github.com/tremplin/tremplin/internal/users"
	"github.com/tremplin/tremplin/internal/viewer"
)

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
	s.markSignIn(ctx, userID, now)
	c := s.cookie(token, expires)
	// Max-Age counts from the browser's own clock, Expires from the server's: a browser whose
	// clock is ahead of the server's (or a test client beside a fake clock) would otherwise drop
	// a live session as already expired.
	c.MaxAge = int(s.Max / time.Second)
	return c, nil
}

// Lookup answers the live session of token with its user and licence, or nil — in one
// statement, since every authenticated call (and every 304 of a revalidated read) pays it.
func (s *Sessions) Lookup(ctx context.Context, token string) (*ent.Session, error) {
	if token == "" {
		return nil, nil
	}
	ctx = viewer.SystemContext(ctx)
	now := s.Clock.Now()
	var rows []sessionRow
	err := s.Client.User.Query().Modify(func(q *sql.Selector) {
		sessions, licenses := sql.Table(session.Table), sql.Table(license.Table)
		q.Select(q.Columns(userColumns...)...)
		q.Join(sessions).On(q.C(user.FieldID), sessions.C(session.FieldUserID))
		q.Where(sql.And(
			sql.EQ(sessions.C(session.FieldTokenHash), hashToken(token)),
			sql.GT(sessions.C(session.FieldExpiresAt), now),
			sql.GT(sessions.C(session.FieldLastSeenAt), now.Add(-s.Idle)),
		))
		q.AppendSelectAs(sessions.C(session.FieldID), "session_id").
			AppendSelectAs(sessions.C(session.FieldLastSeenAt), "session_last_seen_at").
			AppendSelectAs(sessions.C(session.FieldExpiresAt), "session_expires_at")
		// The licence, when there is one (the agency: only Me shows it, and loads it).
		q.LeftJoin(licenses).On(q.C(user.FieldID), licenses.C(license.FieldCandidateID))
		for _, c := range licenseColumns {
			q.AppendSelectAs(licenses.C(c), "license_"+c)
		}
	}).Scan(ctx, &rows)
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	found := rows[0].session()
	if now.Sub(found.LastSeenAt) > touchEvery {
		// Best effort: a lost update only shortens the idle window by a few minutes.
		_ = s.Client.Session.UpdateOneID(found.ID).SetLastSeenAt(now).Exec(ctx)
		if newDay(found.Edges.User, found.LastSeenAt, now) {
			s.markActive(ctx, found.UserID, now, users.LocationOf(found.Edges.User))
		}
	}
	return found, nil
}

// userColumns are the user's columns a session needs: all but the password hash.
var userColumns = slices.DeleteFunc(slices.Clone(user.Columns), func(c string) bool { return c == user.FieldPasswordHash })

var licenseColumns = []string{
	license.FieldID, license.FieldCreatedAt, license.FieldUpdatedAt, license.FieldCandidateID, license.FieldAgencyID,
	license.FieldInvitationDate, license.FieldAllocationDate, license.FieldActivationDate, license.FieldExpirationDate,
}

// sessionRow is a session's user with the session's and the licence's columns beside.
type sessionRow struct {
	ent.User
	SessionID             uuid.UUID  `json:"session_id"`
	SessionLastSeenAt     time.Time  `json:"session_last_seen_at"`
	SessionExpiresAt      time.Time  `json:"session_expires_at"`
	LicenseID             *uuid.UUID `json:"license_id"`
	LicenseCreatedAt      *time.Time `json:"license_created_at"`
	LicenseUpdatedAt      *time.Time `json:"license_updated_at"`
	LicenseCandidateID    *uuid.UUID `json:"license_candidate_id"`
	LicenseAgencyID       *uuid.UUID `json:"license_agency_id"`
	LicenseInvitationDate *time.Time `json:"license_invitation_date"`
	LicenseAllocationDate *time.Time `json:"license_allocation_date"`
	LicenseActivationDate *time.Time `json:"license_activation_date"`
	LicenseExpirationDate *time.Time `json:"license_expiration_date"`
}

// session rebuilds the entities the rest of the server reads: the session, its user, and the
// user's licence (nil when none).
func (r *sessionRow) session() *ent.Session {
	u := r.User
	if r.LicenseID != nil {
		lic := &ent.License{ID: *r.LicenseID, CandidateID: u.ID, InvitationDate: r.LicenseInvitationDate,
			ActivationDate: r.LicenseActivationDate, ExpirationDate: r.LicenseExpirationDate}
		if r.LicenseAgencyID != nil {
			lic.AgencyID = *r.LicenseAgencyID
		}
		if r.LicenseAllocationDate != nil {
			lic.AllocationDate = *r.LicenseAllocationDate
		}
		if r.LicenseCreatedAt != nil {
			lic.CreatedAt = *r.LicenseCreatedAt
		}
		if r.LicenseUpdatedAt != nil {
			lic.UpdatedAt = *r.LicenseUpdatedAt
		}
		u.Edges.License = lic
	}
	return &ent.Session{ID: r.SessionID, UserID: u.ID, LastSeenAt: r.SessionLastSeenAt, ExpiresAt: r.SessionExpiresAt,
		Edges: ent.SessionEdges{User: &u}}
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
		Name:     credentials.CookieName,
		Value:    token,
		Path:     "/",
		Expires:  expires,
		HttpOnly: true,
		Secure:   s.Secure,
		SameSite: http.SameSiteLaxMode,
	}
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
