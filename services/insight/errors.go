package insight

import (
	"connectrpc.com/connect"

	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	"github.com/tremplin/tremplin/internal/apierr"
)

// The refusals of this service's own rules (messages for people; the web app reads the
// reasons). Not-found and role refusals are the kit's (internal/apierr). Each call makes a new
// error: a *connect.Error carries its own metadata, never shared between calls.

func errTooManyViews() *connect.Error {
	return apierr.New(connect.CodeResourceExhausted, commonv1.ErrorReason_ERROR_REASON_RATE_LIMITED,
		"Trop de pages vues enregistrées depuis cette adresse : réessayez dans une minute")
}
