// Package auth implements AuthService: sign-in and sign-out, the session user, password reset
// links and the user's own profile.
package auth

import (
	"context"
	"errors"
	"log/slog"
	"net/url"
	"time"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/user"
	authv1 "github.com/tremplin/tremplin/gen/tremplin/auth/v1"
	"github.com/tremplin/tremplin/gen/tremplin/auth/v1/authv1connect"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	"github.com/tremplin/tremplin/internal/access"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/authn"
	"github.com/tremplin/tremplin/internal/clock"
	"github.com/tremplin/tremplin/internal/db"
	"github.com/tremplin/tremplin/internal/enums"
	"github.com/tremplin/tremplin/internal/mail"
	"github.com/tremplin/tremplin/internal/users"
	"github.com/tremplin/tremplin/internal/viewer"
)

// ResetLinkTTL is how long a password reset link works.
const ResetLinkTTL = 2 * time.Hour

// Service implements authv1connect.AuthServiceHandler.
type Service struct {
	Client   *ent.Client
	Sessions *authn.Sessions
	Tokens   *authn.ActionTokens
	Limiter  *authn.LoginLimiter
	Mail     *mail.Queue
	Clock    clock.Clock
	Log      *slog.Logger
	// PublicURL prefixes the links sent by e-mail.
	PublicURL string
	// TrialDays and LicenseMonths start a B2C trial and an agency licence at first sign-in.
	TrialDays     int
	LicenseMonths int
}

var _ authv1connect.AuthServiceHandler = (*Service)(nil)

var errInvalidCredentials = apierr.New(connect.CodePermissionDenied,
	commonv1.ErrorReason_ERROR_REASON_INVALID_CREDENTIALS, "Adresse e-mail ou mot de passe incorrect")

var errTooManyAttempts = apierr.New(connect.CodeResourceExhausted,
	commonv1.ErrorReason_ERROR_REASON_TOO_MANY_ATTEMPTS, "Trop de tentatives de connexion. Réessayez dans quelques minutes.")

// Login checks the credentials, starts a trial or activates a pending licence on first
// sign-in, refuses a B2B candidate without a valid licence (the spec's no-licence outcome),
// and opens a session.
func (s *Service) Login(ctx context.Context, req *authv1.LoginRequest) (*authv1.LoginResponse, error) {
	call, _ := connect.CallInfoForHandlerContext(ctx)
	email := users.NormalizeEmail(req.GetEmail())
	address := authn.ClientAddress(call.Peer().Addr)
	if !s.Limiter.Allowed(email, address) {
		return nil, errTooManyAttempts
	}
	// Nobody is signed in yet: the account is looked up as the system.
	sys := viewer.SystemContext(ctx)
	u, err := s.Client.User.Query().Where(user.Email(email)).WithLicense().WithAgency().Only(sys)
	if err != nil && !ent.IsNotFound(err) {
		return nil, apierr.Internal(err)
	}
	hash := ""
	if u != nil {
		hash = u.PasswordHash
	}
	if !authn.CheckPassword(req.GetPassword(), hash) {
		s.Limiter.Failed(email, address)
		return nil, errInvalidCredentials
	}
	s.Limiter.Succeeded(email)

	now := s.Clock.Now()
	if err := s.recordSignIn(sys, u, now); err != nil {
		return nil, err
	}
	cookie, err := s.Sessions.Create(ctx, u.ID, address, call.RequestHeader().Get("User-Agent"))
	if err != nil {
		return nil, apierr.Internal(err)
	}
	call.ResponseHeader().Add("Set-Cookie", cookie.String())
	return &authv1.LoginResponse{User: users.ToProto(u, now)}, nil
}

// recordSignIn refuses a user the access rule keeps out (the spec's no-licence outcome), then
// records the sign-in in one transaction: on the first one, a B2C candidate's trial starts and
// a pending licence is activated. u and its licence are updated in memory to match.
func (s *Service) recordSignIn(ctx context.Context, u *ent.User, now time.Time) error {
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
		return apierr.AccessExpired()
	}
	first := u.FirstLoginAt == nil
	err := db.WithTx(ctx, s.Client, func(ctx context.Context, tx *ent.Tx) error {
		if activate {
			err := tx.License.UpdateOne(lic).SetActivationDate(now).SetExpirationDate(*lic.ExpirationDate).Exec(ctx)
			if err != nil {
				return err
			}
		}
		update := tx.User.UpdateOneID(u.ID).SetLastLoginAt(now)
		if startTrial {
			update.SetTrialEndAt(*u.TrialEndAt)
		}
		if first {
			update.SetFirstLoginAt(now)
		}
		return update.Exec(ctx)
	})
	if err != nil {
		return apierr.Internal(err)
	}
	u.LastLoginAt = &now
	if first {
		u.FirstLoginAt = &now
	}
	return nil
}

// Logout ends the session server-side and clears the cookie, whatever the state.
func (s *Service) Logout(ctx context.Context, _ *authv1.LogoutRequest) (*authv1.LogoutResponse, error) {
	call, _ := connect.CallInfoForHandlerContext(ctx)
	if err := s.Sessions.Delete(ctx, authn.TokenFromHeader(call.RequestHeader())); err != nil {
		return nil, apierr.Internal(err)
	}
	call.ResponseHeader().Add("Set-Cookie", s.Sessions.ClearCookie().String())
	return &authv1.LogoutResponse{}, nil
}

// Me answers the signed-in user (authentication already refused B2B candidates whose
// licence is no longer valid).
func (s *Service) Me(ctx context.Context, _ *authv1.MeRequest) (*authv1.MeResponse, error) {
	v := viewer.FromContext(ctx)
	if v.UserID == uuid.Nil {
		// An API key: no person behind it.
		return &authv1.MeResponse{User: &commonv1.User{Role: enums.Parse[commonv1.Role](string(v.Role)), Origin: "api-key"}}, nil
	}
	u := authn.UserFrom(ctx)
	if u == nil {
		return nil, apierr.Unauthenticated()
	}
	if u.AgencyID != nil && u.Edges.Agency == nil { // sessions load the user without it
		ag, err := s.Client.Agency.Get(viewer.SystemContext(ctx), *u.AgencyID)
		if err != nil {
			return nil, apierr.Internal(err)
		}
		u.Edges.Agency = ag
	}
	return &authv1.MeResponse{User: users.ToProto(u, s.Clock.Now())}, nil
}

// ResetPassword e-mails a reset link when the address has an account, and answers the same
// either way; the mail leaves in the background, so the answer does not wait for SMTP.
func (s *Service) ResetPassword(ctx context.Context, req *authv1.ResetPasswordRequest) (*authv1.ResetPasswordResponse, error) {
	sys := viewer.SystemContext(ctx) // anonymous caller
	u, err := s.Client.User.Query().Where(user.Email(users.NormalizeEmail(req.GetEmail()))).Only(sys)
	if ent.IsNotFound(err) {
		return &authv1.ResetPasswordResponse{}, nil
	}
	if err != nil {
		return nil, apierr.Internal(err)
	}
	token, err := s.Tokens.Issue(ctx, u.ID, authn.KindReset, ResetLinkTTL)
	if err != nil {
		return nil, apierr.Internal(err)
	}
	link := s.link("/update-password", u.ID, token)
	msg, err := mail.Render("reset-password", u.Email, "Réinitialisation de votre mot de passe Tremplin",
		map[string]any{"FirstName": u.FirstName, "Link": link, "ValidHours": int(ResetLinkTTL.Hours())}, link)
	if err != nil {
		return nil, apierr.Internal(err)
	}
	s.Mail.Enqueue(msg)
	return &authv1.ResetPasswordResponse{}, nil
}

// link builds a front-end link carrying a user id and a token.
func (s *Service) link(path string, id uuid.UUID, token string) string {
	q := url.Values{"id": {id.String()}, "token": {token}}
	return s.PublicURL + path + "?" + q.Encode()
}

var errTokenInvalid = apierr.New(connect.CodeFailedPrecondition, commonv1.ErrorReason_ERROR_REASON_TOKEN_INVALID,
	"Ce lien n'est plus valable. Demandez un nouveau lien de réinitialisation.")

// NewPassword sets the password from a reset or invitation link, once, and ends the user's
// other sessions.
func (s *Service) NewPassword(ctx context.Context, req *authv1.NewPasswordRequest) (*authv1.NewPasswordResponse, error) {
	id, err := uuid.Parse(req.GetId())
	if err != nil {
		return nil, errTokenInvalid
	}
	// The link first: a made-up one costs a lookup, not a password hash.
	if _, err := s.Tokens.Redeem(ctx, id, req.GetToken()); err != nil {
		if errors.Is(err, authn.ErrTokenInvalid) {
			return nil, errTokenInvalid
		}
		return nil, apierr.Internal(err)
	}
	hash, err := authn.HashPassword(req.GetPassword())
	if err != nil {
		return nil, apierr.Internal(err)
	}
	sys := viewer.SystemContext(ctx) // the link, not a session, vouches for the caller
	if err := s.Client.User.UpdateOneID(id).SetPasswordHash(hash).Exec(sys); err != nil {
		return nil, apierr.FromEnt(err, "Utilisateur")
	}
	if err := s.Sessions.DeleteForUser(ctx, id); err != nil {
		return nil, apierr.Internal(err)
	}
	return &authv1.NewPasswordResponse{}, nil
}

// UpdateProfile changes the signed-in user's own profile. Turning task notifications on needs
// premium.
func (s *Service) UpdateProfile(ctx context.Context, req *authv1.UpdateProfileRequest) (*authv1.UpdateProfileResponse, error) {
	v := viewer.FromContext(ctx)
	id, err := uuid.Parse(req.GetId())
	if err != nil || id != v.UserID {
		return nil, apierr.NotFound("Utilisateur")
	}
	current := authn.UserFrom(ctx)
	if req.GetTaskNotifications() && (current == nil || !current.TaskNotifications) &&
		v.Role == viewer.RoleCandidate && !v.Premium {
		return nil, apierr.PremiumRequired()
	}
	update := s.Client.User.UpdateOneID(id).
		SetFirstName(req.GetFirstName()).
		SetLastName(req.GetLastName()).
		SetJob(req.GetJob()).
		SetMobileNumber(req.GetMobileNumber()).
		SetPhoneNumber(req.GetPhoneNumber()).
		SetTaskNotifications(req.GetTaskNotifications())
	if c := enums.Spec(req.GetCivility()); c != "" {
		update.SetCivility(user.Civility(c))
	} else {
		update.ClearCivility()
	}
	if err := update.Exec(ctx); err != nil {
		return nil, apierr.FromEnt(err, "Utilisateur")
	}
	u, err := s.Client.User.Query().Where(user.ID(id)).WithLicense().WithAgency().Only(ctx)
	if err != nil {
		return nil, apierr.FromEnt(err, "Utilisateur")
	}
	return &authv1.UpdateProfileResponse{User: users.ToProto(u, s.Clock.Now())}, nil
}
