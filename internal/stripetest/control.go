package stripetest

import (
	"encoding/json"
	"net/http"
	"time"
)

// control answers the double's own routes, for browser tests that run it as a program
// (cmd/stripe-double):
//
//	GET  /_double/checkouts  the Checkout sessions created, oldest first
//	POST /_double/complete   {"session": "cs_…", "status": "active"}: the candidate paid; Stripe
//	                         now holds a subscription of that status for the session's
//	                         customer. Answers the checkout.session.completed event Stripe
//	                         would send (unsigned: the test signs it with the webhook secret).
func (s *Stripe) control(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.Method == http.MethodGet && r.URL.Path == "/_double/checkouts":
		writeJSON(w, s.Checkouts())
	case r.Method == http.MethodPost && r.URL.Path == "/_double/complete":
		var in struct{ Session, Status string }
		if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 4096)).Decode(&in); err != nil || in.Session == "" {
			http.Error(w, "want {\"session\": \"cs_…\", \"status\": \"active\"}", http.StatusBadRequest)
			return
		}
		var checkout *Checkout
		for _, c := range s.Checkouts() {
			if c.ID == in.Session {
				checkout = &c
			}
		}
		if checkout == nil {
			http.Error(w, "no such Checkout session", http.StatusNotFound)
			return
		}
		if in.Status == "" {
			in.Status = "active"
		}
		sub := Subscription{ID: "sub_" + checkout.ID, Customer: checkout.Customer, Status: in.Status, CurrentPeriodEnd: time.Now().AddDate(0, 1, 0)}
		s.Complete(checkout.ID, sub)
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(Event("evt_"+checkout.ID, "checkout.session.completed", map[string]any{
			"object": "checkout.session", "id": checkout.ID, "customer": checkout.Customer,
			"subscription": sub.ID, "client_reference_id": checkout.ClientReferenceID, "mode": "subscription",
			"status": "complete", "payment_status": "paid",
		}))
	default:
		http.NotFound(w, r)
	}
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}
