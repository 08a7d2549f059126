package activity

import (
	"connectrpc.com/connect"

	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	"github.com/tremplin/tremplin/internal/apierr"
)

// The refusals of this service's own rules (messages for people; the web app reads the
// reasons). Not-found, premium and role refusals are the kit's (internal/apierr). Each call
// makes a new error: a *connect.Error carries its own metadata, never shared between calls.

func errAlreadyCompleted() *connect.Error {
	return apierr.New(connect.CodeFailedPrecondition, commonv1.ErrorReason_ERROR_REASON_ACTIVITY_STATE,
		"Cette activité est déjà terminée : modifiez son compte rendu")
}

func errNotCompleted() *connect.Error {
	return apierr.New(connect.CodeFailedPrecondition, commonv1.ErrorReason_ERROR_REASON_ACTIVITY_STATE,
		"Le compte rendu se modifie une fois l'activité terminée")
}

func errNotYetHappened() *connect.Error {
	return apierr.New(connect.CodeFailedPrecondition, commonv1.ErrorReason_ERROR_REASON_ACTIVITY_STATE,
		"Un rendez-vous ne peut être terminé qu'une fois passé")
}

func errFeedUnknown() *connect.Error {
	return apierr.New(connect.CodeNotFound, commonv1.ErrorReason_ERROR_REASON_NOT_FOUND,
		"Ce calendrier n'existe pas ou n'est plus partagé")
}

func errUnsubscribeUnknown() *connect.Error {
	return apierr.New(connect.CodeNotFound, commonv1.ErrorReason_ERROR_REASON_TOKEN_INVALID,
		"Ce lien de désinscription n'est plus valide")
}
