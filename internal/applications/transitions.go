package applications

import (
	"connectrpc.com/connect"

	"github.com/tremplin/tremplin/ent/application"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	"github.com/tremplin/tremplin/internal/apierr"
)

// ErrAlreadyClosed refuses a second report: the application is won or lost already.
func ErrAlreadyClosed() *connect.Error {
	return apierr.New(connect.CodeFailedPrecondition, commonv1.ErrorReason_ERROR_REASON_APPLICATION_CLOSED,
		"Cette opportunité est déjà clôturée (gagnée ou perdue) : son bilan ne peut plus changer")
}

// ErrEngagedByActivity refuses moving an application to engaged (or back to new) by hand.
func ErrEngagedByActivity() *connect.Error {
	return apierr.New(connect.CodeFailedPrecondition, commonv1.ErrorReason_ERROR_REASON_APPLICATION_ENGAGED_BY_ACTIVITY,
		"Une opportunité passe en « Engagée » quand une première action liée est terminée : ce statut ne se change pas à la main")
}

// CheckMove answers whether an application may go from one status to another by the
// candidate's hand (the board, the report): nil for staying where it is and for closing an
// open one as lost or win; ErrAlreadyClosed from win or lost (final); ErrEngagedByActivity
// for any other move — engaged comes only from a completed activity (OnActivityCompleted),
// and nothing goes back to new.
func CheckMove(from, to application.Status) error {
	switch {
	case IsClosed(from):
		return ErrAlreadyClosed()
	case from == to, IsClosed(to):
		return nil
	default:
		return ErrEngagedByActivity()
	}
}
