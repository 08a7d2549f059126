package webhook

import (
	"connectrpc.com/connect"

	"github.com/tremplin/tremplin/internal/apierr"
)

// errTooMany: the agency has maxEndpoints endpoints already; shown under the URL field.
func errTooMany() *connect.Error {
	return apierr.InvalidField(createRoot, "url", "url.webhook_count", "Une agence peut enregistrer au plus 10 webhooks")
}
