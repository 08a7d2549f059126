package server_test

import (
	"testing"

	"github.com/tremplin/tremplin/internal/testserver"
)

// The webhook reads name an agency: answered afresh every time, following its endpoints and
// their deliveries.
func webhookKeptAnswerCases() map[string][]readCase {
	const webhook = "/tremplin.webhook.v1.WebhookService/"
	// agencyAdminWithEndpoint: an agency admin (and their agency) with one endpoint.
	agencyAdminWithEndpoint := func(t *testing.T, w *world) {
		w.staff = w.srv.SignInAs(t, testserver.AgencyAdmin, email("agence"))
		w.agency = w.srv.Client.Agency.GetX(sys(), *w.staff.User.AgencyID)
		w.ids = map[string]string{"agency": w.agency.ID.String()}
		w.ids["endpoint"] = w.call(t, w.staff, webhook+"CreateWebhookEndpoint", w.expand(
			`{"agencyId":"$agency","url":"http://127.0.0.1:9/hook","events":["WEBHOOK_EVENT_TYPE_CANDIDATE_CREATED"]}`))["endpoint"].(map[string]any)["id"].(string)
	}
	staffCalls := func(name, procedure, request string) change {
		return change{name: name, apply: func(t *testing.T, w *world, _ *reading) {
			w.call(t, w.staff, procedure, w.expand(request))
		}}
	}
	candidateCreated := change{name: "a candidate of the agency is created (an event is queued)", apply: func(t *testing.T, w *world, _ *reading) {
		w.call(t, w.staff, "/tremplin.agency.v1.AgencyService/CreateCandidate", `{"email":"`+email("nouveau")+`","firstName":"Inès"}`)
	}}
	return map[string][]readCase{
		webhook + "ListWebhookEndpoints": {{setup: func(t *testing.T, w *world) *reading {
			agencyAdminWithEndpoint(t, w)
			return &reading{reader: w.staff, request: w.expand(`{"agency_id":"$agency"}`)}
		}, changes: []change{
			candidateCreated,
			staffCalls("an endpoint is added", webhook+"CreateWebhookEndpoint",
				`{"agencyId":"$agency","url":"http://127.0.0.1:9/other","events":["WEBHOOK_EVENT_TYPE_LICENSE_EXPIRED"]}`),
			staffCalls("the endpoint is disabled", webhook+"UpdateWebhookEndpoint", `{"agencyId":"$agency","id":"$endpoint","enabled":false}`),
			staffCalls("the endpoint is deleted", webhook+"DeleteWebhookEndpoint", `{"agencyId":"$agency","id":"$endpoint"}`),
		}}},
		webhook + "ListWebhookDeliveries": {{setup: func(t *testing.T, w *world) *reading {
			agencyAdminWithEndpoint(t, w)
			return &reading{reader: w.staff, request: w.expand(`{"agency_id":"$agency","id":"$endpoint"}`)}
		}, changes: []change{
			candidateCreated,
			staffCalls("a test event is sent", webhook+"SendTestEvent", `{"agencyId":"$agency","id":"$endpoint"}`),
			staffCalls("the endpoint is deleted", webhook+"DeleteWebhookEndpoint", `{"agencyId":"$agency","id":"$endpoint"}`).refusing(),
		}}},
	}
}
