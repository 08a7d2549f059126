package billing

import (
	"connectrpc.com/connect"

	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	"github.com/tremplin/tremplin/internal/apierr"
)

// The refusals of billing, in the words the payment pages show.

func errPaymentUnavailable() *connect.Error {
	return apierr.New(connect.CodeFailedPrecondition, commonv1.ErrorReason_ERROR_REASON_PAYMENT_UNAVAILABLE,
		"Le paiement en ligne n'est pas configuré sur ce serveur.")
}

func errStripeUnreachable() *connect.Error {
	return apierr.New(connect.CodeUnavailable, commonv1.ErrorReason_ERROR_REASON_PAYMENT_UNAVAILABLE,
		"Le service de paiement ne répond pas. Réessayez dans quelques minutes.")
}

func errNotB2C() *connect.Error {
	return apierr.New(connect.CodeFailedPrecondition, commonv1.ErrorReason_ERROR_REASON_WRONG_CANDIDATE_KIND,
		"L'abonnement Premium concerne les candidats inscrits à titre personnel : votre accès est fourni par votre agence.")
}

func errNoSubscription() *connect.Error {
	return apierr.New(connect.CodeFailedPrecondition, commonv1.ErrorReason_ERROR_REASON_PAYMENT_UNAVAILABLE,
		"Vous n'avez pas encore d'abonnement à gérer.")
}

func errCheckoutUnknown() *connect.Error {
	return apierr.New(connect.CodeNotFound, commonv1.ErrorReason_ERROR_REASON_NOT_FOUND,
		"Paiement introuvable")
}
