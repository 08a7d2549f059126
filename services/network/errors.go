package network

import (
	"connectrpc.com/connect"

	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	"github.com/tremplin/tremplin/internal/apierr"
)

// The refusals of this service's own rules (messages for people; the web app reads the
// reasons). Not-found, premium and role refusals are the kit's (internal/apierr). Each call
// makes a new error: a *connect.Error carries its own metadata, never shared between calls.

// errNotDeletable says why in the contact's terms: a contact that cannot be deleted always has
// activities or an application linked — an engaged or thanked one too, since only a completed
// activity (which can no longer be deleted) moves a contact past « new ». The web app's disabled
// item keeps the spec's wording for those statuses.
func errNotDeletable() *connect.Error {
	return apierr.New(connect.CodeFailedPrecondition, commonv1.ErrorReason_ERROR_REASON_CONTACT_NOT_DELETABLE,
		"La suppression n'est pas possible pour un contact lié à des activités ou à une opportunité")
}

func errIntermediarySelf() *connect.Error {
	return apierr.New(connect.CodeInvalidArgument, commonv1.ErrorReason_ERROR_REASON_INVALID_INTERMEDIARY,
		"Un contact ne peut pas être son propre intermédiaire")
}

func errIntermediaryDescendant() *connect.Error {
	return apierr.New(connect.CodeInvalidArgument, commonv1.ErrorReason_ERROR_REASON_INVALID_INTERMEDIARY,
		"L'intermédiaire ne peut pas être un contact présenté par ce contact, directement ou non")
}

func errIntermediaryIncomplete() *connect.Error {
	return apierr.New(connect.CodeInvalidArgument, commonv1.ErrorReason_ERROR_REASON_INVALID_INTERMEDIARY,
		"Un contact incomplet ne peut pas être choisi comme intermédiaire")
}

// Import refusals: the web app shows the spec's « Erreur lors de l'importation de contacts ».
func errImportInvalidFile() *connect.Error {
	return apierr.New(connect.CodeInvalidArgument, commonv1.ErrorReason_ERROR_REASON_IMPORT_INVALID_FILE,
		"Erreur lors de l'importation de contacts : le fichier n'est pas un fichier CSV de contacts")
}

func errImportTooManyRows() *connect.Error {
	return apierr.New(connect.CodeInvalidArgument, commonv1.ErrorReason_ERROR_REASON_IMPORT_TOO_LARGE,
		"Erreur lors de l'importation de contacts : le fichier dépasse 10 000 contacts")
}
