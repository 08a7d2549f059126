package auth

import (
	"connectrpc.com/connect"

	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	"github.com/tremplin/tremplin/internal/apierr"
)

// The refusals of this service's own rules (messages for people; the web app reads the
// reasons). Not-found, premium and role refusals are the kit's (internal/apierr). Each call
// makes a new error: a *connect.Error carries its own metadata, never shared between calls.

func errInvalidCredentials() *connect.Error {
	return apierr.New(connect.CodePermissionDenied, commonv1.ErrorReason_ERROR_REASON_INVALID_CREDENTIALS,
		"Adresse e-mail ou mot de passe incorrect")
}

func errTooManyAttempts() *connect.Error {
	return apierr.New(connect.CodeResourceExhausted, commonv1.ErrorReason_ERROR_REASON_TOO_MANY_ATTEMPTS,
		"Trop de tentatives de connexion. Réessayez dans quelques minutes.")
}

func errTooManyResets() *connect.Error {
	return apierr.New(connect.CodeResourceExhausted, commonv1.ErrorReason_ERROR_REASON_TOO_MANY_ATTEMPTS,
		"Trop de demandes de réinitialisation. Réessayez dans quelques minutes.")
}

func errTokenInvalid() *connect.Error {
	return apierr.New(connect.CodeFailedPrecondition, commonv1.ErrorReason_ERROR_REASON_TOKEN_INVALID,
		"Ce lien n'est plus valable. Demandez un nouveau lien de réinitialisation.")
}

// errTermsNotAccepted refuses a first sign-in of an account that never accepted the terms of
// use (it got its password before a reset link asked for them): a reset link now asks, and
// records them. The web app shows the message as it comes.
func errTermsNotAccepted() *connect.Error {
	return apierr.New(connect.CodeFailedPrecondition, commonv1.ErrorReason_ERROR_REASON_TERMS_NOT_ACCEPTED,
		"Vous devez accepter les conditions générales d'utilisation avant votre première connexion : "+
			"cliquez sur « Mot de passe oublié\u00a0? » pour recevoir un lien, puis acceptez-les en choisissant votre mot de passe.")
}

// termsMessage is the spec's refusal of a password link whose terms are not accepted (a field
// violation of accept_terms).
const termsMessage = "Vous devez accepter les conditions générales d'utilisation pour créer votre mot de passe"
