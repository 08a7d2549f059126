package applications_test

import (
	"slices"
	"testing"

	"github.com/tremplin/tremplin/ent/application"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/applications"
)

func TestCheckMove(t *testing.T) {
	const (
		n, e, l, w = application.StatusNew, application.StatusEngaged, application.StatusLost, application.StatusWin
		ok         = ""
		byActivity = "APPLICATION_ENGAGED_BY_ACTIVITY"
		closed     = "APPLICATION_CLOSED"
	)
	for _, tt := range []struct {
		from, to application.Status
		want     string
	}{
		{n, n, ok}, {n, e, byActivity}, {n, l, ok}, {n, w, ok},
		{e, n, byActivity}, {e, e, ok}, {e, l, ok}, {e, w, ok},
		{l, n, closed}, {l, e, closed}, {l, l, closed}, {l, w, closed},
		{w, n, closed}, {w, e, closed}, {w, l, closed}, {w, w, closed},
	} {
		err := applications.CheckMove(tt.from, tt.to)
		if got := apierr.ReasonOf(err); (err == nil) != (tt.want == ok) || got != tt.want {
			t.Errorf("%s → %s: %v (%q), want %q", tt.from, tt.to, err, got, tt.want)
		}
	}
}

func TestSearchPrefixesAndTerms(t *testing.T) {
	got := applications.SearchPrefixes("Société Générale, S.A.")
	for _, p := range []string{"s", "so", "societe", "g", "gen", "generale", "a"} {
		if !slices.Contains(got, p) {
			t.Errorf("prefix %q missing from %v", p, got)
		}
	}
	if slices.Contains(got, "ociete") || slices.Contains(got, "societe generale") {
		t.Errorf("not word prefixes: %v", got)
	}
	if n := len(applications.SearchPrefixes("Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa")); n != 20 {
		t.Errorf("%d prefixes of a 40-letter word, want 20", n)
	}
	if got := applications.SearchTerms("  SOC  Gén. "); !slices.Equal(got, []string{"soc", "gen"}) {
		t.Errorf("terms %v", got)
	}
	if got := applications.SearchTerms("Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"); len(got) != 1 || len([]rune(got[0])) != 20 {
		t.Errorf("a long term is cut to the longest prefix: %v", got)
	}
}
