// Package auth implements AuthService: sign-in and sign-out, the session user, password reset
// links and the user's own profile.
package auth

import (
	"context"
	"errors"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/apikey"
	"github.com/tremplin/tremplin/ent/user"
	authv1 "github.com/tremplin/tremplin/gen/tremplin/auth/v1"
	"github.com/tremplin/tremplin/gen/tremplin/auth/v1/authv1connect"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	"github.com/tremplin/tremplin/internal/access"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/authn"
	"github.com/tremplin/tremplin/internal/credentials"
	"github.com/tremplin/tremplin/internal/enums"
	"github.com/tremplin/tremplin/internal/handler"
	"github.com/tremplin/tremplin/internal/mail"
	"github.com/tremplin/tremplin/internal/users"
	"github.com/tremplin/tremplin/internal/viewer"
	"github.com/tremplin/tremplin/internal/webhooks/outbox"
)

// ResetLinkTTL is how long a password reset link works.
const ResetLinkTTL = 2 * time.Hour

// Service implements authv1connect.AuthServiceHandler.
type Service struct {
	handler.Base
	Sessions *authn.Sessions
	Tokens   *authn.ActionTokens
	Limiter  *authn.LoginLimiter
	Resets   *authn.ResetLimiter
	Mail     *mail.Queue
	Log      *slog.Logger
	// PublicURL prefixes the links sent by e-mail.
	PublicURL string
	// TrialDays and LicenseMonths start a B2C trial and an agency licence at first sign-in.
	TrialDays     int
	LicenseMonths int
}

var _ authv1connect.AuthServiceHandler = (*Service)(nil)

// hashingError maps a password that could not be hashed in time to apierr.ServerBusy.
func hashingError(err error) error {
	if errors.Is(err, authn.ErrBusy) {
		return apierr.ServerBusy()
	}
	return err // a cancelled wait keeps its code at the error exit
}

// Login checks the credentials, starts a trial or activates a pending licence on first
// sign-in, refuses a B2B candidate without a valid licence (the spec's no-licence outcome:
// ACCESS_EXPIRED when it expired, NO_LICENSE_YET when they hold none), and opens a session.
func (s *Service) Login(ctx context.Context, req *authv1.LoginRequest) (*authv1.LoginResponse, error) {
	call, _ := connect.CallInfoForHandlerContext(ctx)
	email := users.NormalizeEmail(req.GetEmail())
	address := authn.ClientAddress(call.Peer().Addr)
	// The attempt's tokens are taken before the password is checked: concurrent attempts
	// cannot all pass on the same tokens.
	attempt, ok := s.Limiter.Begin(email, address)
	if !ok {
		return nil, errTooManyAttempts()
	}
	// Nobody is signed in yet: the account is looked up as the system.
	sys := viewer.SystemContext(ctx)
	u, err := s.Client.User.Query().Where(user.Email(email)).WithLicense().WithAgency().Only(sys)
	if err != nil && !ent.IsNotFound(err) {
		attempt.Unchecked()
		return nil, err
	}
	hash := ""
	if u != nil {
		hash = u.PasswordHash
	}
	matched, err := authn.CheckPassword(ctx, req.GetPassword(), hash)
	if err != nil {
		attempt.Unchecked()
		return nil, hashingError(err)
	}
	if !matched {
		return nil, errInvalidCredentials() // the attempt keeps its tokens
	}
	attempt.Succeeded()

	signedIn, err := s.signIn(ctx, u, s.Now())
	if err != nil {
		return nil, err
	}
	return &authv1.LoginResponse{User: signedIn}, nil
}

// signIn records u's sign-in (recordSignIn) and opens a session in place of the one the
// browser carried, if any: its cookie is set on the answer, which carries the user as they
// are now.
func (s *Service) signIn(ctx context.Context, u *ent.User, now time.Time) (*commonv1.User, error) {
	if err := s.recordSignIn(viewer.SystemContext(ctx), u, now); err != nil {
		return nil, err
	}
	call, _ := connect.CallInfoForHandlerContext(ctx)
	// The session the browser carried, if any, is ended: its cookie is replaced below, so
	// nobody should hold that token any more (a browser signed in again, or by someone else).
	if err := s.Sessions.Delete(ctx, credentials.Session(call.RequestHeader())); err != nil {
		return nil, err
	}
	cookie, err := s.Sessions.Create(ctx, u.ID, authn.ClientAddress(call.Peer().Addr), call.RequestHeader().Get("User-Agent"))
	if err != nil {
		return nil, err
	}
	call.ResponseHeader().Add("Set-Cookie", cookie.String())
	return users.ToProto(u, now), nil
}

// recordSignIn refuses a user who never accepted the terms of use at their first sign-in, and a
// user the access rule keeps out (the spec's no-licence outcome), then records the sign-in in
// one transaction: on the first one, a B2C candidate's trial starts, a pending licence is
// activated, and the account's outstanding links die (the invitation has done its work). u and
// its licence are updated in memory to match.
func (s *Service) recordSignIn(ctx context.Context, u *ent.User, now time.Time) error {
	// Accounts that signed in before sign-in required the terms (the demo's, admins made by
	// create-admin, candidates of before) are not locked out: they are asked for the terms the
	// next time they set a password from a link.
	if u.FirstLoginAt == nil && u.TermsAcceptedAt == nil {
		return errTermsNotAccepted()
	}
	lic := u.Edges.License
	startTrial := u.Role == user.RoleCandidate && u.IsB2c && u.TrialEndAt == nil && u.FirstLoginAt == nil
	activate := u.Role == user.RoleCandidate && lic != nil && lic.ActivationDate == nil
	if startTrial {
		end := now.AddDate(0, 0, s.TrialDays)
		u.TrialEndAt = &end
	}
	if activate {
		expires := now.AddDate(0, s.LicenseMonths, 0)
		lic.ActivationDate, lic.ExpirationDate = &now, &expires
	}
	if !access.Evaluate(u, lic, now).SignIn {
		// Only a B2B candidate is kept out: an expired licence is the spec's message; holding
		// none (never given one, or taken back) is not an expiry.
		if lic == nil {
			return apierr.NoLicenseYet()
		}
		return apierr.AccessExpired()
	}
	first := u.FirstLoginAt == nil
	err := s.Tx(ctx, func(ctx context.Context, tx *ent.Tx) error {
		if activate {
			err := tx.License.UpdateOne(lic).SetActivationDate(now).SetExpirationDate(*lic.ExpirationDate).Exec(ctx)
			if err != nil {
				return err
			}
			err = outbox.Emit(ctx, tx.Client(), lic.AgencyID, outbox.LicenseActivated, outbox.LicenseData{
				AgencyID: lic.AgencyID.String(), CandidateID: u.ID.String(), License: outbox.LicenseOf(lic),
			}, now)
			if err != nil {
				return err
			}
		}
		// A sign-in keeps the account: a warning of its deletion for inactivity no longer holds
		// (internal/jobs/retention.go), and the two years count again from now.
		update := tx.User.UpdateOneID(u.ID).SetLastLoginAt(now).ClearRetentionWarnedAt()
		if startTrial {
			update.SetTrialEndAt(*u.TrialEndAt)
		}
		if first {
			update.SetFirstLoginAt(now)
			// Later sign-ins leave a reset link alone: one asked for meanwhile is the way back
			// in for someone unsure of their password.
			if err := s.Tokens.VoidIn(ctx, tx.Client(), u.ID); err != nil {
				return err
			}
		}
		return update.Exec(ctx)
	})
	if err != nil {
		return err
	}
	u.LastLoginAt, u.RetentionWarnedAt = &now, nil
	if first {
		u.FirstLoginAt = &now
	}
	return nil
}

// Logout ends the session server-side and clears the cookie, whatever the state.
func (s *Service) Logout(ctx context.Context, _ *authv1.LogoutRequest) (*authv1.LogoutResponse, error) {
	call, _ := connect.CallInfoForHandlerContext(ctx)
	if err := s.Sessions.Delete(ctx, credentials.Session(call.RequestHeader())); err != nil {
		return nil, err
	}
	call.ResponseHeader().Add("Set-Cookie", s.Sessions.ClearCookie().String())
	return &authv1.LogoutResponse{}, nil
}

// Me answers the signed-in user (authentication already refused B2B candidates whose
// licence is no longer valid).
func (s *Service) Me(ctx context.Context, _ *authv1.MeRequest) (*authv1.MeResponse, error) {
	v := viewer.FromContext(ctx)
	if v.APIKeyID != uuid.Nil {
		return s.meByKey(ctx, v)
	}
	u := authn.UserFrom(ctx)
	if u == nil {
		return nil, apierr.Unauthenticated()
	}
	if u.AgencyID != nil && u.Edges.Agency == nil { // sessions load the user without it
		ag, err := s.Client.Agency.Get(viewer.SystemContext(ctx), *u.AgencyID)
		if err != nil {
			return nil, err
		}
		u.Edges.Agency = ag
	}
	return &authv1.MeResponse{User: users.ToProto(u, s.Now())}, nil
}

// meByKey answers Me for a call made with an API key: no person is behind it, so the user is
// only what the key acts as — its role, and the agency of an agency key.
func (s *Service) meByKey(ctx context.Context, v *viewer.Viewer) (*authv1.MeResponse, error) {
	// The caller's own key, which keys may not read through the tenancy rules.
	key, err := s.Client.APIKey.Query().Where(apikey.ID(v.APIKeyID)).WithAgency().Only(viewer.SystemContext(ctx))
	if err != nil {
		return nil, err
	}
	u := &commonv1.User{Role: enums.Parse[commonv1.Role](string(v.Role)), Origin: "api-key"}
	if a := key.Edges.Agency; a != nil {
		u.Agency = &commonv1.AgencyRef{Id: a.ID.String(), Name: a.Name}
	}
	return &authv1.MeResponse{User: u, ApiKey: &authv1.MeApiKey{Id: key.ID.String(), Name: key.Name, Prefix: key.Prefix}}, nil
}

// ResetPassword e-mails a reset link when the address has an account, and answers the same
// either way; the mail leaves in the background, so the answer does not wait for SMTP. Each
// recipient and each client address may ask a few times, then less often (whether or not the
// account exists, so the refusal tells nothing either).
func (s *Service) ResetPassword(ctx context.Context, req *authv1.ResetPasswordRequest) (*authv1.ResetPasswordResponse, error) {
	call, _ := connect.CallInfoForHandlerContext(ctx)
	email := users.NormalizeEmail(req.GetEmail())
	if !s.Resets.Allow(email, authn.ClientAddress(call.Peer().Addr)) {
		return nil, errTooManyResets()
	}
	sys := viewer.SystemContext(ctx) // anonymous caller
	u, err := s.Client.User.Query().Where(user.Email(email)).Only(sys)
	if ent.IsNotFound(err) {
		return &authv1.ResetPasswordResponse{}, nil
	}
	if err != nil {
		return nil, err
	}
	token, err := s.Tokens.Issue(ctx, u.ID, authn.KindReset, ResetLinkTTL)
	if err != nil {
		return nil, err
	}
	link := s.link("/update-password", u.ID, token)
	msg, err := mail.Render("reset-password", u.Email, "Réinitialisation de votre mot de passe Tremplin",
		map[string]any{"FirstName": u.FirstName, "Link": link, "ValidHours": int(ResetLinkTTL.Hours())})
	if err != nil {
		return nil, err
	}
	s.Mail.Enqueue(msg)
	return &authv1.ResetPasswordResponse{}, nil
}

// link builds a front-end link carrying a user id and a token.
func (s *Service) link(path string, id uuid.UUID, token string) string {
	q := url.Values{"id": {id.String()}, "token": {token}}
	return s.PublicURL + path + "?" + q.Encode()
}

var newPasswordRoot = (&authv1.NewPasswordRequest{}).ProtoReflect().Descriptor()

// NewPassword sets the password from a reset or invitation link, once, and ends the user's
// other sessions; using the link voids every other outstanding link of the account. An
// invitation needs the terms accepted, and so does a reset link of an account that never
// accepted them (an invited person who took « mot de passe oublié » instead): accepting them
// is recorded. An invitation also signs the user in as Login does (first sign-in: a pending
// licence is activated, a B2C trial starts) — it is for an account that never signed in, so
// one of an account that did is refused as a dead link.
func (s *Service) NewPassword(ctx context.Context, req *authv1.NewPasswordRequest) (*authv1.NewPasswordResponse, error) {
	id, err := uuid.Parse(req.GetId())
	if err != nil {
		return nil, errTokenInvalid()
	}
	// The link first: a made-up one costs a lookup, not a password hash. A refusal of the
	// form does not spend it.
	kind, err := s.Tokens.Check(ctx, id, req.GetToken())
	if err != nil {
		return nil, tokenError(err)
	}
	sys := viewer.SystemContext(ctx) // the link, not a session, vouches for the caller
	u, err := s.Client.User.Query().Where(user.ID(id)).WithLicense().WithAgency().Only(sys)
	if ent.IsNotFound(err) {
		return nil, errTokenInvalid() // the account went with its links
	}
	if err != nil {
		return nil, err
	}
	invitation := kind == authn.KindInvitation
	if invitation && u.FirstLoginAt != nil {
		// Links now die at the first sign-in; one e-mailed before that rule must not sign in
		// whoever holds it.
		return nil, errTokenInvalid()
	}
	acceptsTerms := invitation || u.TermsAcceptedAt == nil
	if acceptsTerms && !req.GetAcceptTerms() {
		return nil, apierr.InvalidField(newPasswordRoot, "accept_terms", "accept_terms.required", termsMessage)
	}
	hash, err := authn.HashPassword(ctx, req.GetPassword())
	if err != nil {
		return nil, hashingError(err)
	}
	now := s.Now()
	err = s.Tx(sys, func(ctx context.Context, tx *ent.Tx) error {
		// The account's row is written first: two links of one account used at once wait for
		// each other here, and the second then finds its link voided by the first.
		update := tx.User.UpdateOneID(id).SetPasswordHash(hash)
		if acceptsTerms {
			update.SetTermsAcceptedAt(now)
		}
		if err := update.Exec(ctx); err != nil {
			return err
		}
		_, err := s.Tokens.RedeemIn(ctx, tx.Client(), id, req.GetToken())
		return err
	})
	if err != nil {
		return nil, tokenError(err)
	}
	if acceptsTerms {
		u.TermsAcceptedAt = &now
	}
	if err := s.Sessions.DeleteForUser(ctx, id); err != nil {
		return nil, err
	}
	if !invitation {
		return &authv1.NewPasswordResponse{}, nil
	}
	signedIn, err := s.signIn(ctx, u, now)
	if err != nil {
		return nil, err
	}
	return &authv1.NewPasswordResponse{User: signedIn}, nil
}

// tokenError answers an unusable link with errTokenInvalid().
func tokenError(err error) error {
	if errors.Is(err, authn.ErrTokenInvalid) {
		return errTokenInvalid()
	}
	return err
}

// UpdateProfile changes the signed-in user's own profile, partially: the fields the request
// leaves out keep their values. Turning task notifications on is a candidate's, and needs
// premium; a time zone must be a real IANA zone.
func (s *Service) UpdateProfile(ctx context.Context, req *authv1.UpdateProfileRequest) (*authv1.UpdateProfileResponse, error) {
	v, err := handler.Person(ctx)
	if err != nil {
		return nil, err
	}
	id, err := apierr.ID(req.GetId(), apierr.User)
	if err != nil || id != v.UserID {
		return nil, apierr.NotFound(apierr.User)
	}
	current, err := s.CurrentUser(ctx, v)
	if err != nil {
		return nil, err
	}
	turnsNotificationsOn := req.TaskNotifications != nil && req.GetTaskNotifications() && !current.TaskNotifications
	if turnsNotificationsOn && v.Role != viewer.RoleCandidate {
		// The morning e-mail lists a candidate's tasks: staff have none.
		return nil, apierr.InvalidField(updateProfileRoot, "task_notifications", "user.task_notifications",
			"Seuls les candidats reçoivent les tâches du jour par e-mail")
	}
	if turnsNotificationsOn && !v.Premium {
		return nil, apierr.PremiumRequired()
	}
	if req.TimeZone != nil && !users.ValidZone(strings.TrimSpace(req.GetTimeZone())) {
		return nil, apierr.InvalidField(updateProfileRoot, "time_zone", "user.time_zone", "Fuseau horaire inconnu")
	}
	if req.ShareProgressWithAgency != nil && req.GetShareProgressWithAgency() && (v.Role != viewer.RoleCandidate || current.AgencyID == nil) {
		// Sharing is with the candidate's own agency: there is nothing to share with otherwise.
		return nil, apierr.InvalidField(updateProfileRoot, "share_progress_with_agency", "user.share_progress_with_agency",
			"Seuls les candidats suivis par une agence peuvent partager leur progression")
	}
	err = s.Tx(ctx, func(ctx context.Context, tx *ent.Tx) error {
		return s.updateProfile(ctx, tx, id, current, req)
	})
	if err != nil {
		return nil, err
	}
	u, err := s.Client.User.Query().Where(user.ID(id)).WithLicense().WithAgency().Only(ctx)
	if err != nil {
		return nil, err
	}
	return &authv1.UpdateProfileResponse{User: users.ToProto(u, s.Now())}, nil
}

// updateProfile writes what req sets, in tx. A change of the consent to share progress is
// written by a guarded UPDATE (only when it changes it) and told to the agency in the same
// transaction, so two requests at once announce one change, not two.
func (s *Service) updateProfile(ctx context.Context, tx *ent.Tx, id uuid.UUID, current *ent.User, req *authv1.UpdateProfileRequest) error {
	if req.ShareProgressWithAgency != nil {
		share := req.GetShareProgressWithAgency()
		changed, err := tx.User.Update().Where(user.ID(id), user.ShareProgressWithAgency(!share)).
			SetShareProgressWithAgency(share).Save(ctx)
		if err != nil {
			return err
		}
		if changed == 1 {
			after := *current
			after.ShareProgressWithAgency = share
			if err := outbox.ConsentChange(ctx, tx.Client(), !share, current.AgencyID, &after, s.Now()); err != nil {
				return err
			}
		}
	}
	update := tx.User.UpdateOneID(id)
	if req.Civility != nil {
		if c := enums.Spec(req.GetCivility()); c != "" {
			update.SetCivility(user.Civility(c))
		} else {
			update.ClearCivility()
		}
	}
	set := func(field *string, apply func(string) *ent.UserUpdateOne) {
		if field != nil {
			apply(strings.TrimSpace(*field))
		}
	}
	set(req.FirstName, update.SetFirstName)
	set(req.LastName, update.SetLastName)
	set(req.Job, update.SetJob)
	set(req.MobileNumber, update.SetMobileNumber)
	set(req.PhoneNumber, update.SetPhoneNumber)
	if req.TaskNotifications != nil {
		update.SetTaskNotifications(req.GetTaskNotifications())
	}
	if req.TimeZone != nil {
		update.SetTimeZone(strings.TrimSpace(req.GetTimeZone()))
	}
	return update.Exec(ctx)
}

var updateProfileRoot = (&authv1.UpdateProfileRequest{}).ProtoReflect().Descriptor()
