// Package outbox writes an agency's webhook events in the transaction of the change they tell
// (a transactional outbox): the event row and one delivery row per enabled endpoint subscribed
// to its type, so a rolled-back change leaves no event and a committed one cannot lose it.
// internal/webhooks sends them. It is its own package because the user schema's hook
// (ConsentHook) needs it, and the schema cannot import what imports the ent runtime.
package outbox

import (
	"context"
	"encoding/json"
	"time"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/webhookendpoint"
	"github.com/tremplin/tremplin/internal/viewer"
)

// The event types, as the body's "type" and the endpoint's subscription say them.
const (
	CandidateCreated = "candidate.created"
	LicenseActivated = "license.activated"
	LicenseExpired   = "license.expired"
	ConsentChanged   = "candidate.consent_changed"
	// Test is sent by SendTestEvent to one endpoint, whatever it subscribed to.
	Test = "webhook.test"
)

// Types are the events an endpoint may subscribe to.
var Types = []string{CandidateCreated, LicenseActivated, LicenseExpired, ConsentChanged}

// Candidate is a candidate as events tell them.
type Candidate struct {
	ID        string `json:"id"`
	Email     string `json:"email"`
	FirstName string `json:"first_name"`
	LastName  string `json:"last_name"`
}

// CandidateOf is u as events tell them.
func CandidateOf(u *ent.User) Candidate {
	return Candidate{ID: u.ID.String(), Email: u.Email, FirstName: u.FirstName, LastName: u.LastName}
}

// CandidateCreatedData is the data of candidate.created.
type CandidateCreatedData struct {
	AgencyID  string    `json:"agency_id"`
	Candidate Candidate `json:"candidate"`
	// The candidate was given one of the agency's licences (pending until they sign in).
	LicenseAllocated bool `json:"license_allocated"`
}

// License is a licence as events tell it.
type License struct {
	ID             string     `json:"id"`
	ActivationDate *time.Time `json:"activation_date"`
	ExpirationDate *time.Time `json:"expiration_date"`
}

// LicenseOf is l as events tell it.
func LicenseOf(l *ent.License) License {
	return License{ID: l.ID.String(), ActivationDate: utc(l.ActivationDate), ExpirationDate: utc(l.ExpirationDate)}
}

func utc(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

// LicenseData is the data of license.activated and license.expired.
type LicenseData struct {
	AgencyID    string  `json:"agency_id"`
	CandidateID string  `json:"candidate_id"`
	License     License `json:"license"`
}

// ConsentData is the data of candidate.consent_changed.
type ConsentData struct {
	AgencyID    string `json:"agency_id"`
	CandidateID string `json:"candidate_id"`
	// Whether the candidate shares their progress with the agency from now on.
	ShareProgress bool `json:"share_progress"`
}

// Emit records an event of the agency, in client's transaction (pass the transaction's
// client: the event must commit or roll back with the change it tells), and a delivery for
// each of the agency's enabled endpoints subscribed to its type, due now.
func Emit(ctx context.Context, client *ent.Client, agencyID uuid.UUID, typ string, data any, now time.Time) error {
	_, err := emit(ctx, client, agencyID, typ, data, now, nil, nil)
	return err
}

// emit writes the event and its deliveries: to only when not nil (a test event), onceKey when
// set (an event that must exist once). It answers the deliveries.
func emit(ctx context.Context, client *ent.Client, agencyID uuid.UUID, typ string, data any, now time.Time,
	only *uuid.UUID, onceKey *string) ([]*ent.WebhookDelivery, error) {
	// Events are the server's own bookkeeping, whoever caused them (a candidate changing their
	// consent writes an event their agency reads).
	ctx = viewer.SystemContext(ctx)
	body, err := json.Marshal(data)
	if err != nil {
		return nil, err
	}
	now = now.UTC()
	event, err := client.WebhookEvent.Create().SetAgencyID(agencyID).SetType(typ).SetData(body).
		SetCreatedAt(now).SetNillableOnceKey(onceKey).Save(ctx)
	if err != nil {
		return nil, err
	}
	q := client.WebhookEndpoint.Query().Where(webhookendpoint.AgencyID(agencyID))
	if only != nil {
		q.Where(webhookendpoint.ID(*only))
	} else {
		q.Where(webhookendpoint.Enabled(true))
	}
	endpoints, err := q.All(ctx)
	if err != nil {
		return nil, err
	}
	var creates []*ent.WebhookDeliveryCreate
	for _, e := range endpoints {
		if only == nil && !subscribed(e, typ) {
			continue
		}
		creates = append(creates, client.WebhookDelivery.Create().SetAgencyID(agencyID).SetEndpointID(e.ID).
			SetEventID(event.ID).SetEventType(typ).SetCreatedAt(now).SetNextAttemptAt(now))
	}
	if len(creates) == 0 {
		return nil, nil
	}
	return client.WebhookDelivery.CreateBulk(creates...).Save(ctx)
}

func subscribed(e *ent.WebhookEndpoint, typ string) bool {
	for _, t := range e.Events {
		if t == typ {
			return true
		}
	}
	return false
}

// EmitOnce is Emit for an event that must be recorded once, whoever notices it first: the
// event's unique once key makes a second recording fail with a constraint error (and its
// transaction with it).
func EmitOnce(ctx context.Context, client *ent.Client, agencyID uuid.UUID, typ string, data any, now time.Time, onceKey string) error {
	_, err := emit(ctx, client, agencyID, typ, data, now, nil, &onceKey)
	return err
}

// EmitTest queues a webhook.test event for one endpoint alone.
func EmitTest(ctx context.Context, client *ent.Client, endpoint *ent.WebhookEndpoint, now time.Time) (*ent.WebhookDelivery, error) {
	data := map[string]string{"agency_id": endpoint.AgencyID.String(), "endpoint_id": endpoint.ID.String()}
	deliveries, err := emit(ctx, client, endpoint.AgencyID, Test, data, now, &endpoint.ID, nil)
	if err != nil || len(deliveries) == 0 {
		return nil, err
	}
	return deliveries[0], nil
}

// ConsentChange records candidate.consent_changed when a write of candidate after changed
// their consent to share their progress, in the write's transaction: shared is the consent
// before it and agency the agency it was about (also when the write ended it by moving them:
// see internal/consent). Nothing is recorded when the consent did not change, or was about no
// agency.
func ConsentChange(ctx context.Context, client *ent.Client, shared bool, agency *uuid.UUID, after *ent.User, now time.Time) error {
	if shared == after.ShareProgressWithAgency {
		return nil
	}
	about := agency
	if about == nil {
		about = after.AgencyID // turned on: about their agency now
	}
	if about == nil {
		return nil
	}
	data := ConsentData{AgencyID: about.String(), CandidateID: after.ID.String(), ShareProgress: after.ShareProgressWithAgency}
	return Emit(ctx, client, *about, ConsentChanged, data, now)
}
