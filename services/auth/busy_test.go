package auth

import (
	"errors"
	"fmt"
	"testing"

	"connectrpc.com/connect"

	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/authn"
)

// A password not checked because every hashing slot stayed taken is a clear refusal: 503
// (Unavailable) with its reason and a French message, not an internal error.
func TestBusyHashingIsUnavailable(t *testing.T) {
	err := hashingError(fmt.Errorf("checking: %w", authn.ErrBusy))
	var cerr *connect.Error
	if connect.CodeOf(err) != connect.CodeUnavailable || apierr.ReasonOf(err) != "SERVER_BUSY" || !errors.As(err, &cerr) ||
		cerr.Message() != "Le service est très sollicité. Réessayez dans quelques instants." {
		t.Errorf("got %v (%s)", err, apierr.ReasonOf(err))
	}
}
