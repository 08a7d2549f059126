package agency

import (
	"connectrpc.com/connect"

	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	"github.com/tremplin/tremplin/internal/apierr"
)

// The refusals of this service's own rules (messages for people; the web app reads the
// reasons). Not-found and role refusals are the kit's (internal/apierr).

func errEmailUsed() *connect.Error {
	return apierr.New(connect.CodeAlreadyExists, commonv1.ErrorReason_ERROR_REASON_EMAIL_ALREADY_USED,
		"Cette adresse e-mail est déjà utilisée par un autre compte")
}

func errNoLicenseLeft() *connect.Error {
	return apierr.New(connect.CodeFailedPrecondition, commonv1.ErrorReason_ERROR_REASON_NO_LICENSE_AVAILABLE,
		"Cette agence n'a plus de licence disponible")
}

func errHoldsLicense() *connect.Error {
	return apierr.New(connect.CodeFailedPrecondition, commonv1.ErrorReason_ERROR_REASON_LICENSE_STATE,
		"Ce candidat a déjà une licence")
}

func errValidLicenseToB2C() *connect.Error {
	return apierr.New(connect.CodeFailedPrecondition, commonv1.ErrorReason_ERROR_REASON_LICENSE_STATE,
		"Impossible de passer en B2C un candidat dont la licence est valide")
}

func errNoLicenseToInvite() *connect.Error {
	return apierr.New(connect.CodeFailedPrecondition, commonv1.ErrorReason_ERROR_REASON_LICENSE_STATE,
		"Attribuez d'abord une licence à ce candidat pour pouvoir l'inviter")
}

func errAlreadyActive() *connect.Error {
	return apierr.New(connect.CodeFailedPrecondition, commonv1.ErrorReason_ERROR_REASON_CANDIDATE_ALREADY_ACTIVE,
		"Ce candidat s'est déjà connecté : il peut réinitialiser son mot de passe depuis la page de connexion")
}

// errFreeAccessWithLicense is the spec's message, word for word.
func errFreeAccessWithLicense() *connect.Error {
	return apierr.New(connect.CodeFailedPrecondition, commonv1.ErrorReason_ERROR_REASON_FREE_ACCESS_WITH_LICENSE,
		"Impossible de donner un accès gratuit à un candidat avec licence.")
}

func errB2CLicense() *connect.Error {
	return apierr.New(connect.CodeFailedPrecondition, commonv1.ErrorReason_ERROR_REASON_WRONG_CANDIDATE_KIND,
		"Un candidat B2C n'a pas de licence d'agence : il a sa période d'essai, puis son abonnement")
}

func errB2CByAgency() *connect.Error {
	return apierr.New(connect.CodePermissionDenied, commonv1.ErrorReason_ERROR_REASON_WRONG_CANDIDATE_KIND,
		"Seul l'administrateur de la plateforme peut créer un candidat B2C")
}

func errPayingToB2B() *connect.Error {
	return apierr.New(connect.CodeFailedPrecondition, commonv1.ErrorReason_ERROR_REASON_WRONG_CANDIDATE_KIND,
		"Impossible de passer en B2B un candidat qui paie son abonnement Premium")
}

func errOtherAgency() *connect.Error {
	return apierr.New(connect.CodeFailedPrecondition, commonv1.ErrorReason_ERROR_REASON_WRONG_CANDIDATE_KIND,
		"Ce candidat est déjà B2B, dans une autre agence")
}
