package credentials_test

import (
	"net/http"
	"testing"

	"github.com/tremplin/tremplin/internal/credentials"
)

// Only a session cookie or a bearer key makes a request possibly signed in; other cookies and
// other authorization schemes do not.
func TestCarried(t *testing.T) {
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
		if got := credentials.Carried(tt.header); got != tt.want {
			t.Errorf("%v: %v, want %v", tt.header, got, tt.want)
		}
	}
}
