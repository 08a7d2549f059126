package webhooks

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/predicate"
	"github.com/tremplin/tremplin/ent/webhookdelivery"
	"github.com/tremplin/tremplin/ent/webhookendpoint"
	"github.com/tremplin/tremplin/internal/clock"
	"github.com/tremplin/tremplin/internal/db"
	"github.com/tremplin/tremplin/internal/viewer"
)

// The delivery schedule: after the n-th failed attempt the next comes FirstRetry·2^(n-1)
// later, at most MaxRetryDelay later, and never later than RetryFor after the event; a
// delivery whose attempt at RetryFor fails is given up (failed). So: 1, 2, 4, 8, 16, 32 min,
// 1 h 04, 2 h 08, 4 h 16, then every 6 h, and a last attempt 24 h after the event.
const (
	FirstRetry    = time.Minute
	MaxRetryDelay = 6 * time.Hour
	RetryFor      = 24 * time.Hour
)

// NextAttempt answers when a delivery created at created, whose attempts-th attempt failed at
// now, is tried again; false when it is given up.
func NextAttempt(created, now time.Time, attempts int) (time.Time, bool) {
	deadline := created.Add(RetryFor)
	if !now.Before(deadline) {
		return time.Time{}, false
	}
	delay := MaxRetryDelay
	if attempts < 20 {
		delay = min(FirstRetry<<(attempts-1), MaxRetryDelay)
	}
	next := now.Add(delay)
	if next.After(deadline) {
		next = deadline
	}
	return next, true
}

// Limits of one attempt.
const (
	// AttemptTimeout bounds an attempt, connection and answer included.
	AttemptTimeout = 10 * time.Second
	// ClaimFor is how long a copy holds a delivery it sends: far longer than an attempt, so
	// it never expires while the attempt runs.
	ClaimFor = 2 * time.Minute
	// maxBodyRead: the answer's body is read this far (so the connection can be reused), never
	// kept.
	maxBodyRead = 4 << 10
	maxErrorLen = 500
)

// Worker sends the due deliveries and notices expired licences. Each server copy runs one.
type Worker struct {
	Client *ent.Client
	Clock  clock.Clock
	// HTTP sends the POSTs (NewHTTPClient).
	HTTP *http.Client
	Log  *slog.Logger
	// Concurrency bounds the POSTs in flight (default 8); Batch the deliveries claimed per
	// round (default 32).
	Concurrency, Batch int
	// Copy names this copy in the claims it logs.
	Copy string
}

// NewHTTPClient answers the client deliveries go out with: it dials only addresses a allows
// (Dialer), uses no proxy, follows no redirect (a 3xx is a failed attempt) and gives up after
// AttemptTimeout.
func NewHTTPClient(d *Dialer) *http.Client {
	return &http.Client{
		Transport: &http.Transport{
			Proxy:                  nil, // an environment proxy would dial what it wants
			DialContext:            d.DialContext,
			ForceAttemptHTTP2:      true,
			TLSHandshakeTimeout:    5 * time.Second,
			ResponseHeaderTimeout:  AttemptTimeout,
			MaxResponseHeaderBytes: 16 << 10,
			MaxIdleConnsPerHost:    2,
			IdleConnTimeout:        30 * time.Second,
		},
		Timeout: AttemptTimeout,
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		},
	}
}

// Start runs Tick every interval until ctx ends.
func (w *Worker) Start(ctx context.Context, interval time.Duration) {
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for {
		if _, err := w.Tick(ctx); err != nil && ctx.Err() == nil {
			w.Log.Error("webhooks", "error", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// Tick records the licences that expired since the last ticks, then sends the deliveries due
// now (a batch at a time, until none is due). It answers how many attempts it made.
func (w *Worker) Tick(ctx context.Context) (int, error) {
	if err := ScanExpiries(ctx, w.Client, w.Clock.Now()); err != nil {
		return 0, err
	}
	total := 0
	for {
		n, err := w.SendDue(ctx)
		total += n
		if err != nil || n == 0 || ctx.Err() != nil {
			return total, err
		}
	}
}

// SendDue claims up to Batch due deliveries and sends them, Concurrency at a time. It answers
// how many it sent.
func (w *Worker) SendDue(ctx context.Context) (int, error) {
	claimed, err := w.claim(ctx)
	if err != nil || len(claimed) == 0 {
		return 0, err
	}
	limit := w.Concurrency
	if limit <= 0 {
		limit = 8
	}
	sem := make(chan struct{}, limit)
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		errs []error
	)
	for _, d := range claimed {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			if err := w.send(ctx, d); err != nil {
				mu.Lock()
				errs = append(errs, err)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return len(claimed), errors.Join(errs...)
}

// claim takes due deliveries for this copy: each by one UPDATE guarded by its status and an
// expired (or no) claim, so of several copies reading the same rows exactly one takes each.
func (w *Worker) claim(ctx context.Context) ([]*ent.WebhookDelivery, error) {
	sys := viewer.SystemContext(ctx)
	now := w.Clock.Now().UTC()
	batch := w.Batch
	if batch <= 0 {
		batch = 32
	}
	ids, err := w.Client.WebhookDelivery.Query().
		Where(due(now), webhookdelivery.HasEndpointWith(webhookendpoint.Enabled(true))).
		Order(ent.Asc(webhookdelivery.FieldNextAttemptAt)).Limit(batch).IDs(sys)
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	until := now.Add(ClaimFor)
	var mine []uuid.UUID
	for _, id := range ids {
		n, err := w.Client.WebhookDelivery.Update().Where(webhookdelivery.ID(id), due(now)).
			SetClaimedUntil(until).Save(sys)
		if err != nil {
			return nil, err
		}
		if n == 1 {
			mine = append(mine, id)
		}
	}
	if len(mine) == 0 {
		return nil, nil
	}
	return w.Client.WebhookDelivery.Query().Where(webhookdelivery.IDIn(mine...)).
		WithEndpoint().WithEvent().All(sys)
}

// due: pending, its time come, and held by no copy.
func due(now time.Time) predicate.WebhookDelivery {
	return webhookdelivery.And(
		webhookdelivery.StatusEQ(webhookdelivery.StatusPending),
		webhookdelivery.NextAttemptAtLTE(now),
		webhookdelivery.Or(webhookdelivery.ClaimedUntilIsNil(), webhookdelivery.ClaimedUntilLT(now)),
	)
}

// Body is what every POST carries.
type Body struct {
	ID      string          `json:"id"`
	Type    string          `json:"type"`
	Created int64           `json:"created"`
	Data    json.RawMessage `json:"data"`
}

// send makes one attempt of d and records it.
func (w *Worker) send(ctx context.Context, d *ent.WebhookDelivery) error {
	event, endpoint := d.Edges.Event, d.Edges.Endpoint
	body, err := json.Marshal(Body{ID: event.ID.String(), Type: event.Type, Created: event.CreatedAt.Unix(), Data: event.Data})
	if err != nil {
		return err
	}
	start := w.Clock.Now().UTC()
	status, sendErr := w.post(ctx, endpoint, body, start)
	duration := time.Since(start)
	if fake := w.Clock.Now().Sub(start); fake > 0 {
		duration = fake // a fake clock says how long it took
	}
	return w.record(ctx, d, start, duration, status, sendErr)
}

func (w *Worker) post(ctx context.Context, endpoint *ent.WebhookEndpoint, body []byte, at time.Time) (int, error) {
	ctx, cancel := context.WithTimeout(ctx, AttemptTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint.URL, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Tremplin-Webhooks/1")
	req.Header.Set(SignatureHeader, Sign(endpoint.Secret, at, body))
	res, err := w.HTTP.Do(req)
	if err != nil {
		return 0, err
	}
	defer func() { _ = res.Body.Close() }()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, maxBodyRead))
	if res.StatusCode < 200 || res.StatusCode > 299 {
		return res.StatusCode, fmt.Errorf("HTTP %d", res.StatusCode)
	}
	return res.StatusCode, nil
}

// record writes the attempt and the delivery's new state, and gives its claim back.
func (w *Worker) record(ctx context.Context, d *ent.WebhookDelivery, at time.Time, took time.Duration, status int, sendErr error) error {
	sys := viewer.SystemContext(ctx)
	message := ""
	if sendErr != nil {
		message = truncate(sendErr.Error(), maxErrorLen)
	}
	attempts := d.Attempts + 1
	return db.WithTx(sys, w.Client, func(ctx context.Context, tx *ent.Tx) error {
		err := tx.WebhookAttempt.Create().SetAgencyID(d.AgencyID).SetDeliveryID(d.ID).SetAttemptedAt(at).
			SetStatusCode(status).SetError(message).SetDurationMs(int(took.Milliseconds())).Exec(ctx)
		if err != nil {
			return err
		}
		update := tx.WebhookDelivery.UpdateOneID(d.ID).SetAttempts(attempts).SetLastAttemptAt(at).
			SetLastStatusCode(status).SetLastError(message).ClearClaimedUntil()
		switch next, retry := NextAttempt(d.CreatedAt.UTC(), at, attempts); {
		case sendErr == nil:
			update.SetStatus(webhookdelivery.StatusSucceeded)
		case retry:
			update.SetNextAttemptAt(next)
		default:
			update.SetStatus(webhookdelivery.StatusFailed)
			w.Log.Warn("webhook delivery given up", "delivery", d.ID, "endpoint", d.EndpointID, "attempts", attempts)
		}
		return update.Exec(ctx)
	})
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

func utf8RuneStart(b byte) bool { return b&0xC0 != 0x80 }
