package account

import (
	"connectrpc.com/connect"

	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	"github.com/tremplin/tremplin/internal/apierr"
)

// The refusals of this service's own rules (messages for people; the web app reads the
// reasons). Not-found, premium and role refusals are the kit's (internal/apierr). Each call
// makes a new error: a *connect.Error carries its own metadata, never shared between calls.

// errWrongPassword refuses a deletion of the account confirmed with a wrong password.
func errWrongPassword() *connect.Error {
	return apierr.New(connect.CodePermissionDenied, commonv1.ErrorReason_ERROR_REASON_INVALID_CREDENTIALS,
		"Mot de passe incorrect")
}
