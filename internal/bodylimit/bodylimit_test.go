package bodylimit_test

import (
	"net/http"
	"testing"

	"github.com/tremplin/tremplin/internal/bodylimit"
)

// Only a session cookie or a bearer key makes a request possibly signed in; other cookies and
// other authorization schemes do not.
func TestCredentials(t *testing.T) {
	for _, tt := range []struct {
		header http.Header
		want   bool
	}{
		{http.Header{}, false},
		{http.Header{"Cookie": {"theme=dark; lang=fr"}}, false},
		{http.Header{"Cookie": {"tremplin_session="}}, false},
		{http.Header{"Authorization": {"Basic YWxpY2U6c2VjcmV0"}}, false},
		{http.Header{"Authorization": {"Bearer "}}, false},
		{http.Header{"Cookie": {"theme=dark; tremplin_session=abc"}}, true},
		{http.Header{"Authorization": {"Bearer tpk_abc"}}, true},
		{http.Header{"Authorization": {"bearer tpk_abc"}}, true},
	} {
		if got := bodylimit.Credentials(tt.header); got != tt.want {
			t.Errorf("%v: %v, want %v", tt.header, got, tt.want)
		}
	}
}

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
