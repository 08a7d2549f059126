package webhook_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent/license"
	agencyv1 "github.com/tremplin/tremplin/gen/tremplin/agency/v1"
	"github.com/tremplin/tremplin/gen/tremplin/agency/v1/agencyv1connect"
	authv1 "github.com/tremplin/tremplin/gen/tremplin/auth/v1"
	"github.com/tremplin/tremplin/gen/tremplin/auth/v1/authv1connect"
	webhookv1 "github.com/tremplin/tremplin/gen/tremplin/webhook/v1"
	"github.com/tremplin/tremplin/gen/tremplin/webhook/v1/webhookv1connect"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/testserver"
	"github.com/tremplin/tremplin/internal/viewer"
)

var ctx = context.Background()

func sys() context.Context { return viewer.SystemContext(context.Background()) }

// partner is a partner's endpoint on loopback: it keeps the events it receives, after
// checking their signature with the secret.
type partner struct {
	*httptest.Server
	t      *testing.T
	secret string
	mu     sync.Mutex
	events []event
}

type event struct {
	ID      string         `json:"id"`
	Type    string         `json:"type"`
	Created int64          `json:"created"`
	Data    map[string]any `json:"data"`
}

func newPartner(t *testing.T) *partner {
	p := &partner{t: t}
	p.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		p.mu.Lock()
		defer p.mu.Unlock()
		header := r.Header.Get("Tremplin-Signature")
		ts, sig, _ := strings.Cut(strings.TrimPrefix(header, "t="), ",v1=")
		mac := hmac.New(sha256.New, []byte(p.secret))
		mac.Write([]byte(ts + "." + string(body)))
		if !hmac.Equal([]byte(sig), []byte(hex.EncodeToString(mac.Sum(nil)))) {
			t.Errorf("a POST whose signature %q does not verify", header)
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		var e event
		if err := json.Unmarshal(body, &e); err != nil {
			t.Errorf("body %s: %v", body, err)
		}
		p.events = append(p.events, e)
	}))
	t.Cleanup(p.Close)
	return p
}

// received answers the events received so far, after the server's worker has run.
func (p *partner) received(srv *testserver.Start) []event {
	p.t.Helper()
	if _, err := srv.Server.Webhooks.Tick(ctx); err != nil {
		p.t.Fatal(err)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]event(nil), p.events...)
}

func ofType(events []event, typ string) []event {
	var out []event
	for _, e := range events {
		if e.Type == typ {
			out = append(out, e)
		}
	}
	return out
}

// register makes p an endpoint of the admin's agency for events.
func (p *partner) register(t *testing.T, admin *testserver.Session, events ...webhookv1.WebhookEventType) *webhookv1.WebhookEndpoint {
	t.Helper()
	res, err := testserver.Connect(admin, webhookv1connect.NewWebhookServiceClient).CreateWebhookEndpoint(ctx,
		&webhookv1.CreateWebhookEndpointRequest{Url: p.URL + "/tremplin", Events: events})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(res.GetSecret(), "whsec_") || len(res.GetSecret()) != len("whsec_")+64 {
		t.Fatalf("secret %q", res.GetSecret())
	}
	p.secret = res.GetSecret()
	return res.GetEndpoint()
}

var every = []webhookv1.WebhookEventType{
	webhookv1.WebhookEventType_WEBHOOK_EVENT_TYPE_CANDIDATE_CREATED,
	webhookv1.WebhookEventType_WEBHOOK_EVENT_TYPE_LICENSE_ACTIVATED,
	webhookv1.WebhookEventType_WEBHOOK_EVENT_TYPE_LICENSE_EXPIRED,
	webhookv1.WebhookEventType_WEBHOOK_EVENT_TYPE_CONSENT_CHANGED,
}

// Each event is sent by its real trigger: an agency admin creates a candidate, the candidate
// signs in for the first time (their licence activates), shares their progress, the licence
// expires with the clock. A change that fails sends nothing; the expiry is told once.
func TestEachEventComesFromItsTrigger(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		admin := srv.SignInAs(t, testserver.AgencyAdmin, "agence@exemple.fr")
		agencyID := *admin.User.AgencyID
		p := newPartner(t)
		p.register(t, admin, every...)

		// candidate.created
		agencies := testserver.Connect(admin, agencyv1connect.NewAgencyServiceClient)
		created, err := agencies.CreateCandidate(ctx, &agencyv1.CreateCandidateRequest{Email: "lea@exemple.fr", FirstName: "Léa", LastName: "Dubois"})
		if err != nil {
			t.Fatal(err)
		}
		got := ofType(p.received(srv), "candidate.created")
		if len(got) != 1 {
			t.Fatalf("candidate.created received %d times", len(got))
		}
		c, _ := got[0].Data["candidate"].(map[string]any)
		if c["id"] != created.GetCandidate().GetId() || c["email"] != "lea@exemple.fr" || c["first_name"] != "Léa" ||
			got[0].Data["agency_id"] != agencyID.String() || got[0].Data["license_allocated"] != true {
			t.Errorf("candidate.created data %v", got[0].Data)
		}
		// The same e-mail again: refused, rolled back, nothing sent.
		if _, err := agencies.CreateCandidate(ctx, &agencyv1.CreateCandidateRequest{Email: "lea@exemple.fr", FirstName: "Léa"}); err == nil {
			t.Fatal("a second account for one e-mail")
		}
		if n := len(ofType(p.received(srv), "candidate.created")); n != 1 {
			t.Errorf("a refused creation sent an event: %d", n)
		}

		// license.activated, at the first sign-in with a pending licence.
		ag := srv.Client.Agency.GetX(sys(), agencyID)
		candidate := srv.SignIn(t, "marc@exemple.fr", testserver.UserSpec{AgencyID: &ag.ID, License: "pending", FirstName: "Marc"})
		got = ofType(p.received(srv), "license.activated")
		if len(got) != 1 || got[0].Data["candidate_id"] != candidate.User.ID.String() {
			t.Fatalf("license.activated: %v", got)
		}
		lic, _ := got[0].Data["license"].(map[string]any)
		now := srv.Clock.Now()
		if lic["activation_date"] != now.Format(time.RFC3339) || lic["expiration_date"] != now.AddDate(0, 12, 0).Format(time.RFC3339) {
			t.Errorf("license.activated licence %v", lic)
		}
		// A second sign-in activates nothing.
		srv.SignInExisting(t, "marc@exemple.fr", testserver.Password)
		if n := len(ofType(p.received(srv), "license.activated")); n != 1 {
			t.Errorf("license.activated %d times", n)
		}

		// candidate.consent_changed, on and off; asking again for what is set sends nothing.
		profile := testserver.Connect(candidate, authv1connect.NewAuthServiceClient)
		for _, share := range []bool{true, true, false} {
			if _, err := profile.UpdateProfile(ctx, &authv1.UpdateProfileRequest{Id: candidate.User.ID.String(), ShareProgressWithAgency: &share}); err != nil {
				t.Fatal(err)
			}
		}
		got = ofType(p.received(srv), "candidate.consent_changed")
		// Deliveries go out concurrently: not in order (their ids are, UUIDv7).
		slices.SortFunc(got, func(a, b event) int { return strings.Compare(a.ID, b.ID) })
		if len(got) != 2 || got[0].Data["share_progress"] != true || got[1].Data["share_progress"] != false ||
			got[0].Data["candidate_id"] != candidate.User.ID.String() || got[0].Data["agency_id"] != agencyID.String() {
			t.Fatalf("candidate.consent_changed: %v", got)
		}

		// license.expired, when the clock passes the expiration date; once, however often the
		// workers look.
		if n := len(ofType(p.received(srv), "license.expired")); n != 0 {
			t.Fatalf("license.expired before the date: %d", n)
		}
		srv.Clock.Advance(365*24*time.Hour + time.Hour)
		p.received(srv)
		got = ofType(p.received(srv), "license.expired")
		if len(got) != 1 || got[0].Data["candidate_id"] != candidate.User.ID.String() {
			t.Fatalf("license.expired: %v", got)
		}
		lic, _ = got[0].Data["license"].(map[string]any)
		want := srv.Client.License.Query().Where(license.CandidateID(candidate.User.ID)).OnlyX(sys())
		if lic["id"] != want.ID.String() || lic["expiration_date"] != want.ExpirationDate.UTC().Format(time.RFC3339) {
			t.Errorf("license.expired licence %v, want %v", lic, want)
		}
	})
}

// An endpoint receives only the events it subscribed to.
func TestAnEndpointReceivesOnlyItsEvents(t *testing.T) {
	srv := testserver.New(t, "sqlite3")
	admin := srv.SignInAs(t, testserver.AgencyAdmin, "agence@exemple.fr")
	expiries, creations := newPartner(t), newPartner(t)
	expiries.register(t, admin, webhookv1.WebhookEventType_WEBHOOK_EVENT_TYPE_LICENSE_EXPIRED)
	creations.register(t, admin, webhookv1.WebhookEventType_WEBHOOK_EVENT_TYPE_CANDIDATE_CREATED)
	other := srv.SignInAs(t, testserver.AgencyAdmin, "autre@exemple.fr")
	if _, err := testserver.Connect(other, agencyv1connect.NewAgencyServiceClient).CreateCandidate(ctx,
		&agencyv1.CreateCandidateRequest{Email: "ines@exemple.fr"}); err != nil {
		t.Fatal(err)
	}
	if _, err := testserver.Connect(admin, agencyv1connect.NewAgencyServiceClient).CreateCandidate(ctx,
		&agencyv1.CreateCandidateRequest{Email: "lea@exemple.fr"}); err != nil {
		t.Fatal(err)
	}
	if got := expiries.received(srv); len(got) != 0 {
		t.Errorf("the expiries endpoint received %v", got)
	}
	if got := creations.received(srv); len(got) != 1 {
		t.Errorf("the creations endpoint received %v (another agency's candidate included?)", got)
	}
}

// Registering: the secret is answered once (lists show its prefix), the URL must be public,
// the list shows the last deliveries with their status, and a test event can be sent.
func TestRegisteringAndListing(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		admin := srv.SignInAs(t, testserver.AgencyAdmin, "agence@exemple.fr")
		agencyID := admin.User.AgencyID.String()
		hooks := testserver.Connect(admin, webhookv1connect.NewWebhookServiceClient)
		for url, message := range map[string]string{
			"https://10.0.0.5/hook":            "L'adresse doit être publique (ni privée, ni locale)",
			"https://169.254.169.254/metadata": "L'adresse doit être publique (ni privée, ni locale)",
			"http://partenaire.exemple.fr/":    "L'adresse doit commencer par https://",
		} {
			_, err := hooks.CreateWebhookEndpoint(ctx, &webhookv1.CreateWebhookEndpointRequest{Url: url, Events: every})
			testserver.WantFieldViolation(t, url, err, "url", message)
		}
		_, err := hooks.CreateWebhookEndpoint(ctx, &webhookv1.CreateWebhookEndpointRequest{Url: "https://partenaire.exemple.fr/"})
		testserver.WantFieldViolation(t, "no events", err, "events", "")

		p := newPartner(t)
		endpoint := p.register(t, admin, every...)
		list, err := hooks.ListWebhookEndpoints(ctx, &webhookv1.ListWebhookEndpointsRequest{})
		if err != nil {
			t.Fatal(err)
		}
		if len(list.GetEndpoints()) != 1 || list.GetEndpoints()[0].GetSecretPrefix() != p.secret[:10]+"…" ||
			strings.Contains(list.String(), p.secret) {
			t.Fatalf("list %v", list)
		}
		if _, err := hooks.SendTestEvent(ctx, &webhookv1.SendTestEventRequest{Id: endpoint.GetId()}); err != nil {
			t.Fatal(err)
		}
		if got := p.received(srv); len(got) != 1 || got[0].Type != "webhook.test" {
			t.Fatalf("test event: %v", got)
		}
		// The JSON route, as a partner's script reads it.
		status, body := admin.JSON(t, http.MethodGet, "/api/agency/"+agencyID+"/webhooks", nil)
		endpoints, _ := body["endpoints"].([]any)
		if status != http.StatusOK || len(endpoints) != 1 {
			t.Fatalf("GET webhooks: %d %v", status, body)
		}
		e, _ := endpoints[0].(map[string]any)
		last, _ := e["lastDeliveries"].([]any)
		if len(last) != 1 || last[0].(map[string]any)["status"] != "succeeded" || last[0].(map[string]any)["eventType"] != "webhook.test" {
			t.Errorf("last deliveries %v", e["lastDeliveries"])
		}
		if events, _ := e["events"].([]any); len(events) != 4 || events[0] != "candidate.created" {
			t.Errorf("events %v", e["events"])
		}
		status, body = admin.JSON(t, http.MethodGet, "/api/agency/"+agencyID+"/webhooks/"+endpoint.GetId()+"/deliveries", nil)
		deliveries, _ := body["deliveries"].([]any)
		if status != http.StatusOK || len(deliveries) != 1 {
			t.Fatalf("GET deliveries: %d %v", status, body)
		}
		if attempts, _ := deliveries[0].(map[string]any)["attemptList"].([]any); len(attempts) != 1 ||
			attempts[0].(map[string]any)["statusCode"] != float64(200) {
			t.Errorf("attempts %v", deliveries[0])
		}
		// Disabled: nothing more is sent; deleted: gone.
		off := false
		if _, err := hooks.UpdateWebhookEndpoint(ctx, &webhookv1.UpdateWebhookEndpointRequest{Id: endpoint.GetId(), Enabled: &off}); err != nil {
			t.Fatal(err)
		}
		if _, err := testserver.Connect(admin, agencyv1connect.NewAgencyServiceClient).CreateCandidate(ctx,
			&agencyv1.CreateCandidateRequest{Email: "lea@exemple.fr"}); err != nil {
			t.Fatal(err)
		}
		if got := p.received(srv); len(got) != 1 {
			t.Errorf("a disabled endpoint received %v", got)
		}
		if status, _ := admin.JSON(t, http.MethodDelete, "/api/agency/"+agencyID+"/webhooks/"+endpoint.GetId(), nil); status != http.StatusOK {
			t.Fatalf("DELETE: %d", status)
		}
		_, err = hooks.ListWebhookDeliveries(ctx, &webhookv1.ListWebhookDeliveriesRequest{Id: endpoint.GetId()})
		testserver.WantNotFound(t, "deliveries of a deleted endpoint", err, apierr.Webhook)
	})
}

// Another agency's endpoints are NotFound, to its admin and through another agency's id; the
// platform admin reaches every agency's and must name one.
func TestAnotherAgencysEndpointsAreNotFound(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		alice := srv.SignInAs(t, testserver.AgencyAdmin, "alice@exemple.fr")
		bob := srv.SignInAs(t, testserver.AgencyAdmin, "bob@exemple.fr")
		p := newPartner(t)
		endpoint := p.register(t, alice, every...)
		aliceAgency := alice.User.AgencyID.String()
		hooks := testserver.Connect(bob, webhookv1connect.NewWebhookServiceClient)
		id := endpoint.GetId()
		_, err := hooks.ListWebhookEndpoints(ctx, &webhookv1.ListWebhookEndpointsRequest{AgencyId: aliceAgency})
		testserver.WantNotFound(t, "bob lists alice's agency", err, apierr.Agency)
		_, err = hooks.ListWebhookDeliveries(ctx, &webhookv1.ListWebhookDeliveriesRequest{Id: id})
		testserver.WantNotFound(t, "bob reads alice's deliveries", err, apierr.Webhook)
		off := false
		_, err = hooks.UpdateWebhookEndpoint(ctx, &webhookv1.UpdateWebhookEndpointRequest{Id: id, Enabled: &off})
		testserver.WantNotFound(t, "bob disables alice's endpoint", err, apierr.Webhook)
		_, err = hooks.SendTestEvent(ctx, &webhookv1.SendTestEventRequest{Id: id})
		testserver.WantNotFound(t, "bob tests alice's endpoint", err, apierr.Webhook)
		_, err = hooks.DeleteWebhookEndpoint(ctx, &webhookv1.DeleteWebhookEndpointRequest{Id: id})
		testserver.WantNotFound(t, "bob deletes alice's endpoint", err, apierr.Webhook)
		if status, _ := bob.JSON(t, http.MethodDelete, "/api/agency/"+aliceAgency+"/webhooks/"+id, nil); status != http.StatusNotFound {
			t.Errorf("bob's DELETE on alice's route: %d", status)
		}
		e := srv.Client.WebhookEndpoint.GetX(sys(), mustParse(t, id))
		if !e.Enabled {
			t.Error("bob's calls changed alice's endpoint")
		}

		admin := srv.SignInAs(t, testserver.Admin, "admin@exemple.fr")
		staff := testserver.Connect(admin, webhookv1connect.NewWebhookServiceClient)
		_, err = staff.ListWebhookEndpoints(ctx, &webhookv1.ListWebhookEndpointsRequest{})
		testserver.WantFieldViolation(t, "the admin names no agency", err, "agency_id", apierr.Required)
		list, err := staff.ListWebhookEndpoints(ctx, &webhookv1.ListWebhookEndpointsRequest{AgencyId: aliceAgency})
		if err != nil || len(list.GetEndpoints()) != 1 {
			t.Fatalf("the admin lists alice's: %v %v", list, err)
		}
		if _, err := staff.DeleteWebhookEndpoint(ctx, &webhookv1.DeleteWebhookEndpointRequest{AgencyId: aliceAgency, Id: id}); err != nil {
			t.Fatal(err)
		}
	})
}

func mustParse(t *testing.T, id string) uuid.UUID {
	t.Helper()
	u, err := uuid.Parse(id)
	if err != nil {
		t.Fatal(err)
	}
	return u
}
