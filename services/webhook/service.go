// Package webhook implements WebhookService: the endpoints where an agency receives its
// events, and their deliveries. An agency admin manages their own agency's (another agency's
// id answers « Agence introuvable », its endpoint « Webhook introuvable »); the platform admin
// any agency's. The ent privacy layer (tenancy.AgencyOwnedPolicy) filters every query again.
//
// The events, their signature and their delivery are internal/webhooks.
package webhook

import (
	"context"

	"github.com/google/uuid"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/webhookattempt"
	"github.com/tremplin/tremplin/ent/webhookdelivery"
	"github.com/tremplin/tremplin/ent/webhookendpoint"
	webhookv1 "github.com/tremplin/tremplin/gen/tremplin/webhook/v1"
	"github.com/tremplin/tremplin/gen/tremplin/webhook/v1/webhookv1connect"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/enums"
	"github.com/tremplin/tremplin/internal/handler"
	"github.com/tremplin/tremplin/internal/webhooks"
	"github.com/tremplin/tremplin/internal/webhooks/outbox"
)

// Service implements webhookv1connect.WebhookServiceHandler.
type Service struct {
	handler.Base
	// Addresses says which URLs may be registered (and reached: internal/webhooks).
	Addresses webhooks.Addresses
	// Resolver resolves a URL's host at registration (net.DefaultResolver).
	Resolver webhooks.Resolver
}

var _ webhookv1connect.WebhookServiceHandler = (*Service)(nil)

// An agency registers at most this many endpoints.
const maxEndpoints = 10

// How many deliveries the answers carry.
const (
	lastDeliveries = 5
	maxDeliveries  = 100
)

// agencyRequest is a request naming the agency whose endpoints it is about.
type agencyRequest interface {
	proto.Message
	GetAgencyId() string
}

// managedAgency answers the agency req names, once the caller is known to manage it
// (handler.Manager, handler.ManagedAgency).
func managedAgency(ctx context.Context, req agencyRequest) (uuid.UUID, error) {
	v, err := handler.Manager(ctx)
	if err != nil {
		return uuid.Nil, err
	}
	return handler.ManagedAgency(v, req.GetAgencyId(), req.ProtoReflect().Descriptor())
}

// endpointOf loads an endpoint of the agency: any other id answers « Webhook introuvable ».
func endpointOf(ctx context.Context, client *ent.Client, agencyID uuid.UUID, raw string) (*ent.WebhookEndpoint, error) {
	id, err := apierr.ID(raw, apierr.Webhook)
	if err != nil {
		return nil, err
	}
	e, err := client.WebhookEndpoint.Query().
		Where(webhookendpoint.ID(id), webhookendpoint.AgencyID(agencyID)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, apierr.NotFound(apierr.Webhook)
	}
	return e, err
}

var createRoot = (&webhookv1.CreateWebhookEndpointRequest{}).ProtoReflect().Descriptor()

// CreateWebhookEndpoint registers an endpoint and answers its secret, once.
func (s *Service) CreateWebhookEndpoint(ctx context.Context, req *webhookv1.CreateWebhookEndpointRequest) (*webhookv1.CreateWebhookEndpointResponse, error) {
	agencyID, err := managedAgency(ctx, req)
	if err != nil {
		return nil, err
	}
	if err := s.checkURL(ctx, createRoot, req.GetUrl()); err != nil {
		return nil, err
	}
	secret := webhooks.NewSecret()
	created, err := handler.InTx(ctx, &s.Base, func(ctx context.Context, tx *ent.Tx) (*ent.WebhookEndpoint, error) {
		if _, err := tx.Agency.Get(ctx, agencyID); err != nil {
			return nil, err
		}
		n, err := tx.WebhookEndpoint.Query().Where(webhookendpoint.AgencyID(agencyID)).Count(ctx)
		if err != nil {
			return nil, err
		}
		if n >= maxEndpoints {
			return nil, errTooMany()
		}
		return tx.WebhookEndpoint.Create().SetAgencyID(agencyID).SetURL(req.GetUrl()).
			SetEvents(enums.Specs[string](req.GetEvents())).SetSecret(secret).SetCreatedAt(s.Now()).Save(ctx)
	})
	if err != nil {
		return nil, err
	}
	return &webhookv1.CreateWebhookEndpointResponse{Endpoint: toEndpoint(created, nil), Secret: secret}, nil
}

func (s *Service) checkURL(ctx context.Context, root protoreflect.MessageDescriptor, raw string) error {
	if err := s.Addresses.CheckURL(ctx, s.Resolver, raw); err != nil {
		return apierr.InvalidField(root, "url", "url.webhook", err.Error())
	}
	return nil
}

// ListWebhookEndpoints answers the agency's endpoints, oldest first, each with its last
// deliveries.
func (s *Service) ListWebhookEndpoints(ctx context.Context, req *webhookv1.ListWebhookEndpointsRequest) (*webhookv1.ListWebhookEndpointsResponse, error) {
	agencyID, err := managedAgency(ctx, req)
	if err != nil {
		return nil, err
	}
	if _, err := s.Client.Agency.Get(ctx, agencyID); err != nil {
		return nil, err
	}
	endpoints, err := s.Client.WebhookEndpoint.Query().Where(webhookendpoint.AgencyID(agencyID)).
		Order(ent.Asc(webhookendpoint.FieldCreatedAt), ent.Asc(webhookendpoint.FieldID)).All(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]*webhookv1.WebhookEndpoint, 0, len(endpoints))
	// At most maxEndpoints endpoints: one query each for their last deliveries.
	for _, e := range endpoints {
		deliveries, err := s.Client.WebhookDelivery.Query().Where(webhookdelivery.EndpointID(e.ID)).
			Order(ent.Desc(webhookdelivery.FieldCreatedAt), ent.Desc(webhookdelivery.FieldID)).
			Limit(lastDeliveries).All(ctx)
		if err != nil {
			return nil, err
		}
		out = append(out, toEndpoint(e, deliveries))
	}
	return &webhookv1.ListWebhookEndpointsResponse{Endpoints: out}, nil
}

var updateRoot = (&webhookv1.UpdateWebhookEndpointRequest{}).ProtoReflect().Descriptor()

// UpdateWebhookEndpoint changes what the request sets.
func (s *Service) UpdateWebhookEndpoint(ctx context.Context, req *webhookv1.UpdateWebhookEndpointRequest) (*webhookv1.UpdateWebhookEndpointResponse, error) {
	agencyID, err := managedAgency(ctx, req)
	if err != nil {
		return nil, err
	}
	if req.Url != nil {
		if err := s.checkURL(ctx, updateRoot, req.GetUrl()); err != nil {
			return nil, err
		}
	}
	updated, err := handler.InTx(ctx, &s.Base, func(ctx context.Context, tx *ent.Tx) (*ent.WebhookEndpoint, error) {
		e, err := endpointOf(ctx, tx.Client(), agencyID, req.GetId())
		if err != nil {
			return nil, err
		}
		update := e.Update()
		if req.Url != nil {
			update.SetURL(req.GetUrl())
		}
		if len(req.GetEvents()) > 0 {
			update.SetEvents(enums.Specs[string](req.GetEvents()))
		}
		if req.Enabled != nil {
			update.SetEnabled(req.GetEnabled())
		}
		return update.Save(ctx)
	})
	if err != nil {
		return nil, err
	}
	return &webhookv1.UpdateWebhookEndpointResponse{Endpoint: toEndpoint(updated, nil)}, nil
}

// DeleteWebhookEndpoint deletes an endpoint with its deliveries: nothing more is sent to it.
func (s *Service) DeleteWebhookEndpoint(ctx context.Context, req *webhookv1.DeleteWebhookEndpointRequest) (*webhookv1.DeleteWebhookEndpointResponse, error) {
	agencyID, err := managedAgency(ctx, req)
	if err != nil {
		return nil, err
	}
	id, err := apierr.ID(req.GetId(), apierr.Webhook)
	if err != nil {
		return nil, err
	}
	n, err := s.Client.WebhookEndpoint.Delete().
		Where(webhookendpoint.ID(id), webhookendpoint.AgencyID(agencyID)).Exec(ctx)
	if err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, apierr.NotFound(apierr.Webhook)
	}
	return &webhookv1.DeleteWebhookEndpointResponse{}, nil
}

// ListWebhookDeliveries answers an endpoint's last deliveries, newest first, with their
// attempts.
func (s *Service) ListWebhookDeliveries(ctx context.Context, req *webhookv1.ListWebhookDeliveriesRequest) (*webhookv1.ListWebhookDeliveriesResponse, error) {
	agencyID, err := managedAgency(ctx, req)
	if err != nil {
		return nil, err
	}
	e, err := endpointOf(ctx, s.Client, agencyID, req.GetId())
	if err != nil {
		return nil, err
	}
	deliveries, err := s.Client.WebhookDelivery.Query().Where(webhookdelivery.EndpointID(e.ID)).
		Order(ent.Desc(webhookdelivery.FieldCreatedAt), ent.Desc(webhookdelivery.FieldID)).
		Limit(maxDeliveries).
		WithAttemptList(func(q *ent.WebhookAttemptQuery) {
			q.Order(ent.Asc(webhookattempt.FieldAttemptedAt), ent.Asc(webhookattempt.FieldID))
		}).All(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]*webhookv1.WebhookDelivery, 0, len(deliveries))
	for _, d := range deliveries {
		out = append(out, toDelivery(d))
	}
	return &webhookv1.ListWebhookDeliveriesResponse{Deliveries: out}, nil
}

// SendTestEvent queues a webhook.test event for one endpoint, enabled or not.
func (s *Service) SendTestEvent(ctx context.Context, req *webhookv1.SendTestEventRequest) (*webhookv1.SendTestEventResponse, error) {
	agencyID, err := managedAgency(ctx, req)
	if err != nil {
		return nil, err
	}
	d, err := handler.InTx(ctx, &s.Base, func(ctx context.Context, tx *ent.Tx) (*ent.WebhookDelivery, error) {
		e, err := endpointOf(ctx, tx.Client(), agencyID, req.GetId())
		if err != nil {
			return nil, err
		}
		return outbox.EmitTest(ctx, tx.Client(), e, s.Now())
	})
	if err != nil {
		return nil, err
	}
	return &webhookv1.SendTestEventResponse{Delivery: toDelivery(d)}, nil
}

func toEndpoint(e *ent.WebhookEndpoint, deliveries []*ent.WebhookDelivery) *webhookv1.WebhookEndpoint {
	out := &webhookv1.WebhookEndpoint{
		Id: e.ID.String(), AgencyId: e.AgencyID.String(), Url: e.URL, Enabled: e.Enabled,
		Events:       make([]webhookv1.WebhookEventType, 0, len(e.Events)),
		SecretPrefix: secretPrefix(e.Secret), CreatedDate: timestamppb.New(e.CreatedAt),
	}
	for _, t := range e.Events {
		out.Events = append(out.Events, enums.Parse[webhookv1.WebhookEventType](t))
	}
	for _, d := range deliveries {
		out.LastDeliveries = append(out.LastDeliveries, toDelivery(d))
	}
	return out
}

// secretPrefix shows whsec_ and four characters: enough to recognise it, useless to sign.
func secretPrefix(secret string) string {
	n := len(webhooks.SecretPrefix) + 4
	if len(secret) < n {
		return secret
	}
	return secret[:n] + "…"
}

func toDelivery(d *ent.WebhookDelivery) *webhookv1.WebhookDelivery {
	out := &webhookv1.WebhookDelivery{
		Id: d.ID.String(), EventId: d.EventID.String(), EventType: d.EventType,
		Status:         enums.Parse[webhookv1.DeliveryStatus](string(d.Status)),
		Attempts:       int32(d.Attempts),
		CreatedDate:    timestamppb.New(d.CreatedAt),
		LastStatusCode: int32(d.LastStatusCode),
		LastError:      d.LastError,
	}
	if d.Status == webhookdelivery.StatusPending {
		out.NextAttemptDate = timestamppb.New(d.NextAttemptAt)
	}
	if d.LastAttemptAt != nil {
		out.LastAttemptDate = timestamppb.New(*d.LastAttemptAt)
	}
	for _, a := range d.Edges.AttemptList {
		out.AttemptList = append(out.AttemptList, &webhookv1.WebhookAttempt{
			Date: timestamppb.New(a.AttemptedAt), StatusCode: int32(a.StatusCode), Error: a.Error,
			DurationMs: int32(a.DurationMs),
		})
	}
	return out
}
