package network_test

import (
	"net/http"
	"net/url"
	"slices"
	"testing"

	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/internal/testserver"
)

// A mobile number is found however it was stored and however it is typed: digits only, the
// French +33 or 0033 the same as the national 0 (« +33 6 11 22 33 44 » is found by « 06 11 »,
// « +33 6 11 », « 0033611 » or « 11 22 33 »). Other numbers keep their country code.
func TestSearchingAMobileAsStored(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		w := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		mk := func(first, last, mobile string) *networkv1.Contact {
			d := person(first, last)
			d.MobileNumber = mobile
			return create(t, w, d)
		}
		mk("Léa", "Dubois", "+33 6 11 22 33 44")
		mk("Hugo", "Renard", "06 12 34 56 78")
		paul := mk("Paul", "Martin", "0033 7 99 88 77 66")
		mk("Inès", "Peeters", "+32 470 12 34 56")
		mk("Sans", "Mobile", "")

		for term, want := range map[string][]string{
			"+33 6 11":          {"DUBOIS Léa"},
			"+33 6 11 22 33 44": {"DUBOIS Léa"},
			"+33611223344":      {"DUBOIS Léa"},
			"06 11 22":          {"DUBOIS Léa"},
			"0611223344":        {"DUBOIS Léa"},
			"0033 6 11":         {"DUBOIS Léa"},
			"11 22 33":          {"DUBOIS Léa"},
			"06-11-22":          {"DUBOIS Léa"},
			"+33 6 12":          {"RENARD Hugo"},
			"07 99 88":          {"MARTIN Paul"},
			"+33 7 99":          {"MARTIN Paul"},
			"+32 470":           {"PEETERS Inès"},
			"0032 470 12":       {"PEETERS Inès"},
			"+33 470":           nil,
			"lea":               {"DUBOIS Léa"}, // names still match
		} {
			got := names(list(t, w, &networkv1.ListContactsRequest{Search: term}))
			if !slices.Equal(got, want) && (len(got) != 0 || len(want) != 0) {
				t.Errorf("search %q: %v, want %v", term, got, want)
			}
		}
		// A changed number is found by its new digits only.
		d := draftOf(paul)
		d.MobileNumber = "+33 6 55 44 33 22"
		update(t, w, paul.GetId(), d)
		if got := names(list(t, w, &networkv1.ListContactsRequest{Search: "06 55 44"})); !slices.Equal(got, []string{"MARTIN Paul"}) {
			t.Errorf("the new number: %v", got)
		}
		if got := names(list(t, w, &networkv1.ListContactsRequest{Search: "07 99 88"})); len(got) != 0 {
			t.Errorf("the old number still found: %v", got)
		}
		// The JSON route, with the « + » encoded in the query string.
		status, body := w.JSON(t, http.MethodGet, "/api/contacts?search="+url.QueryEscape("+33 6 11"), nil)
		if listed, _ := body["contacts"].([]any); status != http.StatusOK || len(listed) != 1 {
			t.Errorf("GET /api/contacts?search=+33 6 11: %d %v", status, body)
		}
	})
}
