// Package apierr builds the API's errors: a Connect code plus a stable machine reason in a
// google.rpc.ErrorInfo detail (the names of tremplin.common.v1.ErrorReason without their
// prefix). The web app and the JSON gateway read the reason; the message is French, for people.
package apierr

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/privacy"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
)

// Domain is the ErrorInfo domain of every Tremplin error.
const Domain = "tremplin.fr"

// Reason is the machine reason string of r ("PREMIUM_REQUIRED").
func Reason(r commonv1.ErrorReason) string {
	return strings.TrimPrefix(r.String(), "ERROR_REASON_")
}

// New returns a Connect error with code, reason and French message.
func New(code connect.Code, reason commonv1.ErrorReason, message string) *connect.Error {
	return newWithMetadata(code, reason, message, nil)
}

// newWithMetadata is New with the ErrorInfo's metadata: machine facts about the refusal that
// a client may act on without reading the French message.
func newWithMetadata(code connect.Code, reason commonv1.ErrorReason, message string, metadata map[string]string) *connect.Error {
	err := connect.NewError(code, errors.New(message))
	info := &errdetails.ErrorInfo{Reason: Reason(reason), Domain: Domain, Metadata: metadata}
	if detail, detailErr := connect.NewErrorDetail(info); detailErr == nil {
		err.AddDetail(detail)
	}
	return err
}

// ReasonOf answers the reason carried by err, or "" when it carries none.
func ReasonOf(err error) string {
	return InfoOf(err).GetReason()
}

// InfoOf answers the ErrorInfo detail carried by err, or nil when it carries none.
func InfoOf(err error) *errdetails.ErrorInfo {
	var cerr *connect.Error
	if !errors.As(err, &cerr) {
		return nil
	}
	for _, d := range cerr.Details() {
		msg, valueErr := d.Value()
		if valueErr != nil {
			continue
		}
		if info, ok := msg.(*errdetails.ErrorInfo); ok {
			return info
		}
	}
	return nil
}

// NotFound says the id names nothing the caller may see — the same answer whether it does
// not exist or belongs to someone else. The ErrorInfo's metadata "entity" names what was
// looked for ("contact", "task"…): a request linking several things tells a client which one
// is missing without the French message.
func NotFound(e Entity) *connect.Error {
	return newWithMetadata(connect.CodeNotFound, commonv1.ErrorReason_ERROR_REASON_NOT_FOUND, string(e)+" introuvable",
		map[string]string{"entity": e.Key()})
}

// Unauthenticated says no valid session or key came with the call.
func Unauthenticated() *connect.Error {
	return New(connect.CodeUnauthenticated, commonv1.ErrorReason_ERROR_REASON_UNAUTHENTICATED, "Vous devez être connecté")
}

// AccessExpired is the spec's no-licence outcome: Unauthenticated (HTTP 401) with its own
// reason.
func AccessExpired() *connect.Error {
	return New(connect.CodeUnauthenticated, commonv1.ErrorReason_ERROR_REASON_ACCESS_EXPIRED,
		"Votre période d'essai ou votre licence a expiré. Merci de demander une licence auprès de votre administrateur de compte.")
}

// NoLicenseYet is the sign-in refusal of a B2B candidate who holds no licence (never given one,
// or taken back): Unauthenticated (HTTP 401) as AccessExpired, but not called an expiry.
func NoLicenseYet() *connect.Error {
	return New(connect.CodeUnauthenticated, commonv1.ErrorReason_ERROR_REASON_NO_LICENSE_YET,
		"Votre compte n'a pas encore de licence. Merci de demander une licence auprès de votre administrateur de compte.")
}

// FileTooLarge refuses an uploaded file (a contacts CSV) above 5 MB: the service's limit,
// and the JSON gateway's for bodies above its cap.
func FileTooLarge() *connect.Error {
	return New(connect.CodeInvalidArgument, commonv1.ErrorReason_ERROR_REASON_IMPORT_TOO_LARGE,
		"Erreur lors de l'importation de contacts : le fichier dépasse 5 Mo")
}

// ServerBusy says a password could not be checked in time (every hashing slot stayed taken,
// authn.ErrBusy): Unavailable (HTTP 503), to try again shortly.
func ServerBusy() *connect.Error {
	return New(connect.CodeUnavailable, commonv1.ErrorReason_ERROR_REASON_SERVER_BUSY, "Le service est très sollicité. Réessayez dans quelques instants.")
}

// DatabaseUnavailable says the database could not be reached (databaseUnavailable): Unavailable
// (HTTP 503), to try again in a moment.
func DatabaseUnavailable() *connect.Error {
	return New(connect.CodeUnavailable, commonv1.ErrorReason_ERROR_REASON_DATABASE_UNAVAILABLE,
		"Le service est momentanément indisponible. Réessayez dans quelques instants.")
}

// PremiumRequired says the feature needs premium access.
func PremiumRequired() *connect.Error {
	return New(connect.CodePermissionDenied, commonv1.ErrorReason_ERROR_REASON_PREMIUM_REQUIRED, "Cette fonctionnalité est réservée aux abonnés Premium")
}

// RoleNotAllowed says the caller's role may not do this.
func RoleNotAllowed() *connect.Error {
	return New(connect.CodePermissionDenied, commonv1.ErrorReason_ERROR_REASON_ROLE_NOT_ALLOWED, "Vous n'avez pas accès à cette fonctionnalité")
}

// APIKeyNotAllowed says an API key may not call this RPC (it is for people signed in: the
// keys' own management).
func APIKeyNotAllowed() *connect.Error {
	return New(connect.CodePermissionDenied, commonv1.ErrorReason_ERROR_REASON_API_KEY_NOT_ALLOWED,
		"Une clé d'API ne peut pas gérer les clés d'API : connectez-vous pour le faire")
}

// RateLimited says the API key called too often: ResourceExhausted (HTTP 429) with a
// google.rpc.RetryInfo detail holding the delay to wait, and the same delay in whole seconds
// as a Retry-After header (over Connect and the /api routes; gRPC carries it as metadata).
func RateLimited(retryAfter time.Duration) *connect.Error {
	seconds := max(1, int(math.Ceil(retryAfter.Seconds())))
	err := New(connect.CodeResourceExhausted, commonv1.ErrorReason_ERROR_REASON_RATE_LIMITED,
		fmt.Sprintf("Trop d'appels avec cette clé d'API : réessayez dans %d s", seconds))
	if detail, detailErr := connect.NewErrorDetail(&errdetails.RetryInfo{RetryDelay: durationpb.New(retryAfter)}); detailErr == nil {
		err.AddDetail(detail)
	}
	err.Meta().Set("Retry-After", strconv.Itoa(seconds))
	return err
}

// Internal hides an unexpected failure from the caller (the log interceptor logs err and
// answers a generic message).
func Internal(err error) *connect.Error {
	return connect.NewError(connect.CodeInternal, err)
}

// From is the one exit of every handler's errors (the rpc error interceptor calls it): a
// *connect.Error is the handler's own answer and goes out as it is; an ent not-found (also
// what the tenancy filters produce for another owner's row) is NotFound, named after the
// entity whose query found nothing; a privacy denial is RoleNotAllowed; a cancelled or
// expired call keeps its code; a database that could not be reached is DatabaseUnavailable;
// anything else is Internal.
func From(err error) error {
	if err == nil {
		return nil
	}
	var cerr *connect.Error
	var notFound *ent.NotFoundError
	switch {
	case errors.As(err, &cerr):
		return cerr
	case errors.As(err, &notFound):
		return NotFound(entityOfNotFound(notFound))
	case errors.Is(err, privacy.Deny):
		return RoleNotAllowed()
	case errors.Is(err, context.Canceled):
		return connect.NewError(connect.CodeCanceled, err)
	case errors.Is(err, context.DeadlineExceeded):
		return connect.NewError(connect.CodeDeadlineExceeded, err)
	case databaseUnavailable(err):
		return DatabaseUnavailable()
	}
	return Internal(err)
}
