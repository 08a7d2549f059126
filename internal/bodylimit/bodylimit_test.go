package bodylimit_test

import (
	"testing"

	"github.com/tremplin/tremplin/internal/bodylimit"
)

func TestMessage(t *testing.T) {
	for limit, want := range map[int64]string{
		bodylimit.MaxBodyBytes:          "Le corps de la requête dépasse la taille autorisée (6 Mo)",
		bodylimit.AnonymousMaxBodyBytes: "Le corps de la requête dépasse la taille autorisée (8 Ko)",
	} {
		if got := bodylimit.Message(limit); got != want {
			t.Errorf("%d: %q", limit, got)
		}
		if err := bodylimit.TooLarge(limit); err.Message() != want || err.Code().String() != "resource_exhausted" {
			t.Errorf("%d: %v", limit, err)
		}
	}
}
