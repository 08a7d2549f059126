package billing_test

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/user"
	billingv1 "github.com/tremplin/tremplin/gen/tremplin/billing/v1"
	"github.com/tremplin/tremplin/gen/tremplin/billing/v1/billingv1connect"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/gen/tremplin/network/v1/networkv1connect"
	"github.com/tremplin/tremplin/internal/stripetest"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/testserver"
	"github.com/tremplin/tremplin/internal/viewer"
)

func sys() context.Context { return viewer.SystemContext(context.Background()) }

// noRedirects is a browser that shows where a link leads instead of following it.
func noRedirects(c *http.Client) *http.Client {
	out := *c
	out.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &out
}

// navigate follows a link as the browser of s would (nil: a visitor without a session) and
// answers the status, the Location and the page.
func navigate(t *testing.T, srv *testserver.Start, s *testserver.Session, path string) (int, string, string) {
	t.Helper()
	client := testserver.HTTPClient(t)
	if s != nil {
		client = s.HTTP
	}
	res, err := noRedirects(client).Get(srv.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, res.Header.Get("Location"), html.UnescapeString(string(body))
}

// reload reads the account again.
func reload(t *testing.T, srv *testserver.Start, u *ent.User) *ent.User {
	t.Helper()
	return srv.Client.User.GetX(sys(), u.ID)
}

// checkout sends s to Checkout and answers their Stripe customer.
func checkout(t *testing.T, srv *testserver.Start, s *testserver.Session) string {
	t.Helper()
	status, location, body := navigate(t, srv, s, "/api/payment/session")
	if status != http.StatusSeeOther || !strings.HasPrefix(location, "https://checkout.stripe.com/") {
		t.Fatalf("checkout: %d %q %s", status, location, body)
	}
	u := reload(t, srv, s.User)
	if u.StripeCustomerID == nil {
		t.Fatal("no customer stored")
	}
	return *u.StripeCustomerID
}

// deliver posts a webhook event signed now, as Stripe does, and answers the status.
func deliver(t *testing.T, srv *testserver.Start, payload []byte, signature string) int {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, srv.URL+"/api/payment/webhook", bytes.NewReader(payload))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Stripe-Signature", signature)
	// Stripe's request is cross-site: the webhook is exempt from that check.
	req.Header.Set("Origin", "https://stripe.com")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, res.Body)
	return res.StatusCode
}

func signed(payload []byte) string {
	return stripetest.Sign(payload, time.Now(), stripetest.WebhookSecret)
}

// notify delivers a webhook event as Stripe sends it, signed now, and answers the status.
func notify(t *testing.T, srv *testserver.Start, payload []byte) int {
	t.Helper()
	return deliver(t, srv, payload, signed(payload))
}

// brunoAtStripe starts a server paying through the Stripe double and signs in Bruno, a
// candidate whose trial ended.
func brunoAtStripe(t *testing.T) (*testserver.Start, *testserver.Session) {
	t.Helper()
	srv := testserver.New(t, testdb.SQLite, testserver.Options{Stripe: true})
	return srv, srv.SignInAs(t, testserver.EndedTrialCandidate, "bruno@exemple.fr")
}

// subscribed sends s to Checkout, where they take a month's subscription of this status, as the
// Stripe double then holds it (no event sent).
func subscribed(t *testing.T, srv *testserver.Start, s *testserver.Session, id, status string) stripetest.Subscription {
	t.Helper()
	sub := stripetest.Subscription{ID: id, Customer: checkout(t, srv, s), Status: status, CurrentPeriodEnd: time.Now().AddDate(0, 1, 0)}
	srv.Stripe.SetSubscription(sub)
	return sub
}

func subscriptionEvent(id, typ string, sub stripetest.Subscription) []byte {
	return stripetest.Event(id, typ, map[string]any{"object": "subscription", "id": sub.ID, "customer": sub.Customer, "status": sub.Status})
}

// premium reports whether s may use a premium feature now (a contact search).
func premium(t *testing.T, s *testserver.Session) bool {
	t.Helper()
	_, err := testserver.Connect(s, networkv1connect.NewNetworkServiceClient).
		ListContacts(t.Context(), &networkv1.ListContactsRequest{Search: "dupont"})
	if err != nil && connect.CodeOf(err) != connect.CodePermissionDenied {
		t.Fatal(err)
	}
	return err == nil
}

// A candidate whose trial ended is sent to Stripe Checkout for the Premium price, as a
// customer made once and reused, and comes back to /success or /ask-subscription.
func TestCheckoutSendsTheCandidateToStripe(t *testing.T) {
	srv, bruno := brunoAtStripe(t)
	customer := checkout(t, srv, bruno)
	if again := checkout(t, srv, bruno); again != customer || srv.Stripe.Customers() != 1 {
		t.Errorf("a second click made another customer: %s then %s (%d customers)", customer, again, srv.Stripe.Customers())
	}
	sessions := srv.Stripe.Checkouts()
	if len(sessions) != 2 {
		t.Fatalf("%d Checkout sessions, want 2", len(sessions))
	}
	for _, c := range sessions {
		f := c.Form
		want := map[string]string{
			"mode": "subscription", "customer": customer, "client_reference_id": bruno.User.ID.String(),
			"line_items[0][price]": stripetest.PriceID, "line_items[0][quantity]": "1", "locale": "fr",
			"success_url": srv.URL + "/success?session_id={CHECKOUT_SESSION_ID}", "cancel_url": srv.URL + "/ask-subscription",
		}
		for k, v := range want {
			if f.Get(k) != v {
				t.Errorf("Checkout %s = %q, want %q", k, f.Get(k), v)
			}
		}
	}
	if n := srv.Stripe.Requests("POST /v1/customers"); n != 1 {
		t.Errorf("%d customer creations asked, want 1 (the stored customer is reused)", n)
	}
	// Two clicks at once, before any customer is stored: one customer (the same idempotency
	// key), stored once.
	eve := srv.SignInAs(t, testserver.EndedTrialCandidate, "eve@exemple.fr")
	done := make(chan int, 2)
	for range 2 {
		go func() {
			res, err := noRedirects(eve.HTTP).Get(srv.URL + "/api/payment/session")
			if err != nil {
				done <- 0
				return
			}
			res.Body.Close()
			done <- res.StatusCode
		}()
	}
	for range 2 {
		if status := <-done; status != http.StatusSeeOther {
			t.Errorf("a simultaneous click: %d", status)
		}
	}
	if n := srv.Stripe.Customers(); n != 2 {
		t.Errorf("%d customers for two candidates", n)
	}
	if reload(t, srv, eve.User).StripeCustomerID == nil {
		t.Error("eve's customer was not stored")
	}

	// Over Connect too, for a client that opens the page itself.
	res, err := testserver.Connect(bruno, billingv1connect.NewBillingServiceClient).
		CreateCheckoutSession(t.Context(), &billingv1.CreateCheckoutSessionRequest{})
	if err != nil || !strings.HasPrefix(res.GetUrl(), "https://checkout.stripe.com/") {
		t.Errorf("CreateCheckoutSession: %v %v", res, err)
	}
}

// Only a signed-in B2C candidate may pay; everyone else gets a clear answer, never a 500.
func TestPaymentLinksRefuseOthersClearly(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite, testserver.Options{Stripe: true})
	// A visitor without a session signs in first.
	status, location, _ := navigate(t, srv, nil, "/api/payment/session")
	if status != http.StatusSeeOther || location != "/login?next=%2Fask-subscription" {
		t.Errorf("anonymous: %d %q", status, location)
	}
	cases := []struct {
		who    *testserver.Session
		status int
		says   string
	}{
		{srv.SignInAs(t, testserver.AgencyAdmin, "agence@exemple.fr"), http.StatusForbidden, "Le paiement en ligne concerne les candidats"},
		{srv.SignInAs(t, testserver.Admin, "admin@exemple.fr"), http.StatusForbidden, "Le paiement en ligne concerne les candidats"},
		{srv.SignInAs(t, testserver.LicensedCandidate, "chloe@exemple.fr"), http.StatusConflict, "votre accès est fourni par votre agence"},
	}
	for _, c := range cases {
		for _, path := range []string{"/api/payment/session", "/api/payment/portal-session"} {
			status, _, page := navigate(t, srv, c.who, path)
			if status != c.status || !strings.Contains(page, c.says) || !strings.Contains(page, `lang="fr"`) {
				t.Errorf("%s %s: %d %s", c.who.User.Email, path, status, page)
			}
		}
	}
	// A B2C candidate who never subscribed has no portal yet.
	alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
	if status, _, page := navigate(t, srv, alice, "/api/payment/portal-session"); status != http.StatusConflict || !strings.Contains(page, "pas encore d'abonnement") {
		t.Errorf("portal without a subscription: %d %s", status, page)
	}
	if n := srv.Stripe.Customers(); n != 0 {
		t.Errorf("%d customers made for callers who may not pay", n)
	}
	// Once a customer, the portal opens, back to /profile.
	checkout(t, srv, alice)
	status, location, _ = navigate(t, srv, alice, "/api/payment/portal-session")
	if status != http.StatusSeeOther || location == "" || srv.Stripe.Requests("POST /v1/billing_portal/sessions") != 1 {
		t.Errorf("portal: %d %q", status, location)
	}
}

// Without Stripe settings the app runs and the payment routes say so; nothing is a 404 or a 500.
func TestWithoutStripePaymentIsSaidUnavailable(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	bruno := srv.SignInAs(t, testserver.EndedTrialCandidate, "bruno@exemple.fr")
	for _, path := range []string{"/api/payment/session", "/api/payment/portal-session"} {
		status, _, page := navigate(t, srv, bruno, path)
		if status != http.StatusServiceUnavailable || !strings.Contains(page, "Le paiement en ligne n'est pas configuré sur ce serveur.") {
			t.Errorf("%s: %d %s", path, status, page)
		}
	}
	if status := deliver(t, srv, []byte(`{}`), "t=1,v1=00"); status != http.StatusServiceUnavailable {
		t.Errorf("webhook without settings: %d", status)
	}
	res, err := testserver.Connect(bruno, billingv1connect.NewBillingServiceClient).GetSubscription(t.Context(), &billingv1.GetSubscriptionRequest{})
	if err != nil || res.GetSubscription().GetPaymentsAvailable() {
		t.Errorf("GetSubscription: %v %v", res, err)
	}
	_, err = testserver.Connect(bruno, billingv1connect.NewBillingServiceClient).CreateCheckoutSession(t.Context(), &billingv1.CreateCheckoutSessionRequest{})
	testserver.WantRefusal(t, "CreateCheckoutSession", err, connect.CodeFailedPrecondition, "PAYMENT_UNAVAILABLE")
}

// A webhook whose signature is wrong, stale or for another body is refused and changes nothing.
func TestWebhookSignaturesAreChecked(t *testing.T) {
	srv, bruno := brunoAtStripe(t)
	sub := subscribed(t, srv, bruno, "sub_bruno", "active")
	payload := subscriptionEvent("evt_1", "customer.subscription.created", sub)
	altered := bytes.Replace(payload, []byte(`"active"`), []byte(`"trialing"`), 1)
	for name, c := range map[string]struct {
		payload   []byte
		signature string
	}{
		"another secret":   {payload, stripetest.Sign(payload, time.Now(), "whsec_autre")},
		"stale (301 s)":    {payload, stripetest.Sign(payload, time.Now().Add(-301*time.Second), stripetest.WebhookSecret)},
		"an altered body":  {altered, signed(payload)},
		"no signature":     {payload, ""},
		"a garbled header": {payload, "v1=zz"},
	} {
		if status := deliver(t, srv, c.payload, c.signature); status != http.StatusBadRequest {
			t.Errorf("%s: %d, want 400", name, status)
		}
	}
	if u := reload(t, srv, bruno.User); u.HasPaid || u.SubscriptionStatus != "" {
		t.Errorf("a refused event changed the account: paid %v, status %q", u.HasPaid, u.SubscriptionStatus)
	}
	if n := srv.Client.StripeEvent.Query().CountX(sys()); n != 0 {
		t.Errorf("%d events recorded", n)
	}
	// A body over the cap is refused before it is read whole.
	big := append(payload[:len(payload)-1:len(payload)-1], []byte(`,"pad":"`+strings.Repeat("x", 300<<10)+`"}`)...)
	if status := notify(t, srv, big); status != http.StatusRequestEntityTooLarge {
		t.Errorf("oversized event: %d", status)
	}
	// The genuine one is taken.
	if status := notify(t, srv, payload); status != http.StatusOK {
		t.Errorf("the genuine event: %d", status)
	}
	if !reload(t, srv, bruno.User).HasPaid || !premium(t, bruno) {
		t.Error("the genuine event did not give premium")
	}
}

// The same event delivered three times has one effect: one read of the subscription, one
// record, and a later replay does not undo what happened since.
func TestWebhookEventsApplyOnce(t *testing.T) {
	srv, bruno := brunoAtStripe(t)
	sub := subscribed(t, srv, bruno, "sub_bruno", "active")
	payload := stripetest.Event("evt_paid", "invoice.paid", map[string]any{"object": "invoice", "id": "in_1", "customer": sub.Customer,
		"parent": map[string]any{"subscription_details": map[string]any{"subscription": sub.ID}}})
	for range 3 {
		if status := notify(t, srv, payload); status != http.StatusOK {
			t.Fatalf("delivery: %d", status)
		}
	}
	if n := srv.Stripe.Requests("GET /v1/subscriptions/" + sub.ID); n != 1 {
		t.Errorf("the subscription was read %d times for one event", n)
	}
	if n := srv.Client.StripeEvent.Query().CountX(sys()); n != 1 {
		t.Errorf("%d events recorded", n)
	}
	if !reload(t, srv, bruno.User).HasPaid {
		t.Fatal("invoice.paid did not give premium")
	}
	// Stripe ends the subscription; the old event delivered again changes nothing: only the
	// event about the end does.
	sub.Status = "canceled"
	srv.Stripe.SetSubscription(sub)
	notify(t, srv, payload)
	if !reload(t, srv, bruno.User).HasPaid {
		t.Error("a replayed event was applied again")
	}
	deleted := subscriptionEvent("evt_deleted", "customer.subscription.deleted", sub)
	notify(t, srv, deleted)
	if u := reload(t, srv, bruno.User); u.HasPaid || u.SubscriptionStatus != "canceled" {
		t.Errorf("after the deletion: paid %v, status %q", u.HasPaid, u.SubscriptionStatus)
	}
}

// Events in any order end in the state Stripe holds: each one reads the subscription again.
func TestWebhookEventsInAnyOrderEndTheSame(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite, testserver.Options{Stripe: true})
	types := []string{"customer.subscription.created", "customer.subscription.updated", "customer.subscription.deleted"}
	orders := [][]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	end := time.Date(2026, 12, 18, 9, 30, 0, 0, time.UTC)
	for i, order := range orders {
		s := srv.SignInAs(t, testserver.EndedTrialCandidate, fmt.Sprintf("ordre%d@exemple.fr", i))
		customer := checkout(t, srv, s)
		sub := stripetest.Subscription{ID: fmt.Sprintf("sub_%d", i), Customer: customer, Status: "canceled", CurrentPeriodEnd: end}
		srv.Stripe.SetSubscription(sub)
		for _, k := range order {
			// What each event carried when sent; Stripe holds the end now.
			carried := sub
			carried.Status = []string{"active", "active", "canceled"}[k]
			payload := subscriptionEvent(fmt.Sprintf("evt_%d_%d", i, k), types[k], carried)
			if status := notify(t, srv, payload); status != http.StatusOK {
				t.Fatalf("order %v: %d", order, status)
			}
		}
		u := reload(t, srv, s.User)
		if u.HasPaid || u.SubscriptionStatus != "canceled" || u.SubscriptionPeriodEnd == nil || !u.SubscriptionPeriodEnd.Equal(end) {
			t.Errorf("order %v: paid %v, status %q, end %v", order, u.HasPaid, u.SubscriptionStatus, u.SubscriptionPeriodEnd)
		}
	}
}

// Premium follows the subscription's status, to the features the server lets the candidate use.
func TestPremiumFollowsTheSubscriptionStatus(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite, testserver.Options{Stripe: true})
	for i, c := range []struct {
		status  string
		premium bool
	}{
		{"active", true}, {"trialing", true}, {"past_due", true},
		{"canceled", false}, {"unpaid", false}, {"incomplete_expired", false}, {"incomplete", false},
	} {
		s := srv.SignInAs(t, testserver.EndedTrialCandidate, fmt.Sprintf("statut%d@exemple.fr", i))
		sub := subscribed(t, srv, s, fmt.Sprintf("sub_s%d", i), c.status)
		payload := subscriptionEvent(fmt.Sprintf("evt_s%d", i), "customer.subscription.updated", sub)
		if status := notify(t, srv, payload); status != http.StatusOK {
			t.Fatalf("%s: %d", c.status, status)
		}
		if got := premium(t, s); got != c.premium {
			t.Errorf("%s gives premium %v, want %v", c.status, got, c.premium)
		}
		res, err := testserver.Connect(s, billingv1connect.NewBillingServiceClient).GetSubscription(t.Context(), &billingv1.GetSubscriptionRequest{})
		if err != nil {
			t.Fatal(err)
		}
		if got := res.GetSubscription(); got.GetStatus() != c.status || got.GetHasPaid() != c.premium || !got.GetCanManage() || !got.GetPaymentsAvailable() {
			t.Errorf("%s: GetSubscription %v", c.status, got)
		}
	}
}

// An event about a customer Tremplin does not know is acknowledged and changes nothing.
func TestWebhookForAnUnknownCustomerChangesNothing(t *testing.T) {
	srv, bruno := brunoAtStripe(t)
	sub := stripetest.Subscription{ID: "sub_x", Customer: "cus_inconnu", Status: "active"}
	srv.Stripe.SetSubscription(sub)
	for i, payload := range [][]byte{
		subscriptionEvent("evt_u1", "customer.subscription.created", sub),
		// A Checkout for an id that is nobody's, or for an agency's candidate.
		stripetest.Event("evt_u2", "checkout.session.completed", map[string]any{"object": "checkout.session", "id": "cs_x", "customer": "cus_inconnu", "subscription": sub.ID, "client_reference_id": "00000000-0000-0000-0000-000000000000"}),
		stripetest.Event("evt_u3", "checkout.session.completed", map[string]any{"object": "checkout.session", "id": "cs_y", "customer": "cus_inconnu", "subscription": sub.ID, "client_reference_id": srv.SignInAs(t, testserver.LicensedCandidate, "chloe@exemple.fr").User.ID.String()}),
		stripetest.Event("evt_u4", "customer.created", map[string]any{"object": "customer", "id": "cus_inconnu"}),
	} {
		if status := notify(t, srv, payload); status != http.StatusOK {
			t.Errorf("event %d: %d, want 200", i, status)
		}
	}
	if n := srv.Client.User.Query().Where(user.HasPaid(true)).CountX(sys()); n != 0 || reload(t, srv, bruno.User).HasPaid {
		t.Errorf("%d accounts became paying", n)
	}
}

// A Checkout completed while the webhook is late shows Premium on /success: the page asks the
// server, which reads the session from Stripe once. Another candidate's session names nothing.
func TestSuccessConfirmsTheCheckoutWithoutTheWebhook(t *testing.T) {
	srv, bruno := brunoAtStripe(t)
	customer := checkout(t, srv, bruno)
	session := srv.Stripe.Checkouts()[0].ID
	billing := testserver.Connect(bruno, billingv1connect.NewBillingServiceClient)

	// Not paid yet: nothing changes.
	res, err := billing.ConfirmCheckout(t.Context(), &billingv1.ConfirmCheckoutRequest{SessionId: session})
	if err != nil || res.GetSubscription().GetHasPaid() {
		t.Fatalf("an open session: %v %v", res, err)
	}
	srv.Stripe.Complete(session, stripetest.Subscription{ID: "sub_b", Customer: customer, Status: "active", CurrentPeriodEnd: time.Now().AddDate(0, 1, 0)})
	reads := srv.Stripe.Requests("GET /v1/checkout/sessions/" + session)
	res, err = billing.ConfirmCheckout(t.Context(), &billingv1.ConfirmCheckoutRequest{SessionId: session})
	if err != nil || !res.GetSubscription().GetHasPaid() || res.GetSubscription().GetStatus() != "active" {
		t.Fatalf("a completed session: %v %v", res, err)
	}
	if n := srv.Stripe.Requests("GET /v1/checkout/sessions/"+session) - reads; n != 1 {
		t.Errorf("the session was read %d times", n)
	}
	if !premium(t, bruno) {
		t.Error("no premium after the confirmed Checkout, in the same session")
	}
	// The webhook arriving afterwards agrees.
	payload := stripetest.Event("evt_cs", "checkout.session.completed", map[string]any{"object": "checkout.session", "id": session, "customer": customer, "subscription": "sub_b", "client_reference_id": bruno.User.ID.String()})
	if status := notify(t, srv, payload); status != http.StatusOK || !reload(t, srv, bruno.User).HasPaid {
		t.Errorf("late webhook: %d", status)
	}

	// Another candidate cannot confirm bruno's session, nor a made-up one.
	eve := srv.SignInAs(t, testserver.EndedTrialCandidate, "eve@exemple.fr")
	eveBilling := testserver.Connect(eve, billingv1connect.NewBillingServiceClient)
	for _, id := range []string{session, "cs_test_999"} {
		_, err = eveBilling.ConfirmCheckout(t.Context(), &billingv1.ConfirmCheckoutRequest{SessionId: id})
		testserver.WantRefusal(t, "eve confirming "+id, err, connect.CodeNotFound, "NOT_FOUND")
	}
	if reload(t, srv, eve.User).HasPaid {
		t.Error("eve became premium with bruno's session")
	}
	// A malformed id is refused before Stripe is asked.
	_, err = eveBilling.ConfirmCheckout(t.Context(), &billingv1.ConfirmCheckoutRequest{SessionId: "../v1/customers"})
	testserver.WantRefusal(t, "a malformed session id", err, connect.CodeInvalidArgument, "INVALID_FIELDS")
}

// A candidate who pays already is sent to the portal, not to a second subscription.
func TestAPayingCandidateIsNotSubscribedTwice(t *testing.T) {
	srv, bruno := brunoAtStripe(t)
	sub := subscribed(t, srv, bruno, "sub_b", "active")
	payload := subscriptionEvent("evt_b", "customer.subscription.created", sub)
	notify(t, srv, payload)
	before := len(srv.Stripe.Checkouts())
	status, location, _ := navigate(t, srv, bruno, "/api/payment/session")
	if status != http.StatusSeeOther || strings.HasPrefix(location, "https://checkout.stripe.com/") || len(srv.Stripe.Checkouts()) != before {
		t.Errorf("a paying candidate was sent to %q (%d)", location, status)
	}
}
