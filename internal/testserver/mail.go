package testserver

import (
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// LinkIn answers the id and token of the link to one of this server's pages ("new-password",
// "update-password") that a mail's text carries, failing when it carries none.
func (s *Start) LinkIn(t testing.TB, text string, pages ...string) (id, token string) {
	t.Helper()
	link := regexp.MustCompile(regexp.QuoteMeta(s.URL) + `/(?:` + strings.Join(pages, "|") + `)\?\S+`).FindString(text)
	if link == "" {
		t.Fatalf("no link to %s/%s in the mail:\n%s", s.URL, strings.Join(pages, " or "), text)
	}
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	return u.Query().Get("id"), u.Query().Get("token")
}
