package billing_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/testserver"
)

// navigateFrom follows a payment link as s's browser does from a page of site (the browser's
// Sec-Fetch-Site: "cross-site", "same-site", "same-origin", "none" when typed), and answers
// the status and the Location.
func navigateFrom(t *testing.T, s *testserver.Session, url, site string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Sec-Fetch-Site", site)
	req.Header.Set("Sec-Fetch-Mode", "navigate")
	res, err := noRedirects(s.HTTP).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = res.Body.Close()
	return res.StatusCode, res.Header.Get("Location")
}

// The payment links are GETs (the spec's browser navigations) and opening Stripe writes: a
// customer made at Stripe and stored on the account, a Checkout or portal session made. A page
// of another site can make a signed-in browser follow them with its cookie; followed from
// another site they make nothing and lead to the app's page that offers them. Followed from
// the app, or typed, they lead to Stripe.
func TestPaymentLinksFromAnotherSiteMakeNothing(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite, testserver.Options{Stripe: true})
	alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
	for _, site := range []string{"cross-site", "same-site"} {
		for path, page := range map[string]string{"/api/payment/session": "/ask-subscription", "/api/payment/portal-session": "/profile"} {
			if status, location := navigateFrom(t, alice, srv.URL+path, site); status != http.StatusSeeOther || location != page {
				t.Errorf("%s from a %s page: %d %q, want 303 to %s", path, site, status, location, page)
			}
		}
	}
	if n := srv.Stripe.Customers(); n != 0 || reload(t, srv, alice.User).StripeCustomerID != nil {
		t.Errorf("links followed from other sites made %d Stripe customers", n)
	}
	for _, request := range []string{"POST /v1/customers", "POST /v1/checkout/sessions", "POST /v1/billing_portal/sessions"} {
		if n := srv.Stripe.Requests(request); n != 0 {
			t.Errorf("links followed from other sites sent %d × %s", n, request)
		}
	}

	for _, site := range []string{"same-origin", "none"} {
		status, location := navigateFrom(t, alice, srv.URL+"/api/payment/session", site)
		if status != http.StatusSeeOther || !strings.HasPrefix(location, "https://checkout.stripe.com/") {
			t.Errorf("checkout from a %s page: %d %q", site, status, location)
		}
	}
}
