package webhooks_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/webhookattempt"
	"github.com/tremplin/tremplin/ent/webhookdelivery"
	"github.com/tremplin/tremplin/internal/clock"
	"github.com/tremplin/tremplin/internal/db"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/viewer"
	"github.com/tremplin/tremplin/internal/webhooks"
	"github.com/tremplin/tremplin/internal/webhooks/outbox"
)

var sys = viewer.SystemContext(context.Background())

var start = time.Date(2026, 11, 18, 9, 30, 0, 0, time.UTC)

// receiver is a partner's endpoint on loopback: it answers with the statuses given, in turn
// (the last one again and again), and keeps what it received.
type receiver struct {
	*httptest.Server
	mu       sync.Mutex
	statuses []int
	got      []received
}

type received struct {
	header http.Header
	body   []byte
}

func newReceiver(t *testing.T, statuses ...int) *receiver {
	r := &receiver{statuses: statuses}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		r.got = append(r.got, received{header: req.Header.Clone(), body: body})
		status := r.statuses[min(len(r.got), len(r.statuses))-1]
		r.mu.Unlock()
		w.WriteHeader(status)
		_, _ = w.Write([]byte(strings.Repeat("x", 1<<20))) // a large answer, read no further than a cap
	}))
	t.Cleanup(r.Close)
	return r
}

func (r *receiver) received() []received {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]received(nil), r.got...)
}

// world is an agency with one endpoint subscribed to every event, on a database.
type world struct {
	client   *ent.Client
	clock    *clock.Fake
	agency   *ent.Agency
	endpoint *ent.WebhookEndpoint
}

func newWorld(t *testing.T, d *db.Database, url string) *world {
	t.Helper()
	ag := d.Client.Agency.Create().SetName("Agence Horizon").SetEmail("contact@horizon.fr").SaveX(sys)
	e := d.Client.WebhookEndpoint.Create().SetAgencyID(ag.ID).SetURL(url).SetEvents(outbox.Types).
		SetSecret(webhooks.NewSecret()).SaveX(sys)
	return &world{client: d.Client, clock: clock.NewFake(start), agency: ag, endpoint: e}
}

func (w *world) worker() *webhooks.Worker {
	return &webhooks.Worker{
		Client: w.client, Clock: w.clock, Log: slog.New(slog.DiscardHandler),
		HTTP: webhooks.NewHTTPClient(webhooks.NewDialer(webhooks.Addresses{AllowLoopback: true})),
	}
}

// emit records a candidate.created event of the world's agency in a transaction.
func (w *world) emit(t *testing.T, n int) {
	t.Helper()
	err := db.WithTx(sys, w.client, func(ctx context.Context, tx *ent.Tx) error {
		return outbox.Emit(ctx, tx.Client(), w.agency.ID, outbox.CandidateCreated, outbox.CandidateCreatedData{
			AgencyID: w.agency.ID.String(), Candidate: outbox.Candidate{ID: uuid.NewString(), Email: fmt.Sprintf("c%d@exemple.fr", n)},
		}, w.clock.Now())
	})
	if err != nil {
		t.Fatal(err)
	}
}

func tick(t *testing.T, worker *webhooks.Worker) int {
	t.Helper()
	n, err := worker.Tick(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// verify checks a signature header as a partner would, with the endpoint's secret.
func verify(t *testing.T, secret, header string, body []byte) time.Time {
	t.Helper()
	var ts, sig string
	for part := range strings.SplitSeq(header, ",") {
		k, v, _ := strings.Cut(part, "=")
		switch k {
		case "t":
			ts = v
		case "v1":
			sig = v
		}
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(ts + "." + string(body)))
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(sig), []byte(want)) {
		t.Fatalf("signature %q does not verify with the endpoint's secret", header)
	}
	unix, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		t.Fatalf("timestamp %q", ts)
	}
	return time.Unix(unix, 0).UTC()
}

// A delivery is a POST of {id, type, created, data} signed with the endpoint's secret: the
// partner verifies it with the secret, and a wrong secret does not verify.
func TestADeliveryIsSigned(t *testing.T) {
	testdb.Each(t, func(t *testing.T, d *db.Database) {
		r := newReceiver(t, http.StatusOK)
		w := newWorld(t, d, r.URL+"/hook")
		w.emit(t, 1)
		if n := tick(t, w.worker()); n != 1 {
			t.Fatalf("%d attempts, want 1", n)
		}
		got := r.received()
		if len(got) != 1 {
			t.Fatalf("received %d POSTs", len(got))
		}
		if ct := got[0].header.Get("Content-Type"); ct != "application/json" {
			t.Errorf("Content-Type %q", ct)
		}
		signedAt := verify(t, w.endpoint.Secret, got[0].header.Get(webhooks.SignatureHeader), got[0].body)
		if !signedAt.Equal(start) {
			t.Errorf("signed at %v, want the worker's clock %v", signedAt, start)
		}
		var body struct {
			ID      string         `json:"id"`
			Type    string         `json:"type"`
			Created int64          `json:"created"`
			Data    map[string]any `json:"data"`
		}
		if err := json.Unmarshal(got[0].body, &body); err != nil {
			t.Fatal(err)
		}
		if body.Type != "candidate.created" || body.Created != start.Unix() || body.ID == "" {
			t.Errorf("body %s", got[0].body)
		}
		if c, _ := body.Data["candidate"].(map[string]any); c["email"] != "c1@exemple.fr" || body.Data["agency_id"] != w.agency.ID.String() {
			t.Errorf("data %v", body.Data)
		}
		// Another secret does not verify it.
		other := webhooks.Sign(webhooks.NewSecret(), start, got[0].body)
		if other == got[0].header.Get(webhooks.SignatureHeader) {
			t.Error("two secrets sign alike")
		}
		del := d.Client.WebhookDelivery.Query().OnlyX(sys)
		if del.Status != webhookdelivery.StatusSucceeded || del.Attempts != 1 || del.LastStatusCode != 200 {
			t.Errorf("delivery %+v", del)
		}
	})
}

// A delivery answered 500 is tried again a minute later (not before), then succeeds; each
// attempt is recorded with its status, and the body (its id) is the same on both.
func TestAFailedDeliveryIsRetriedWithBackoff(t *testing.T) {
	testdb.Each(t, func(t *testing.T, d *db.Database) {
		r := newReceiver(t, http.StatusInternalServerError, http.StatusOK)
		w := newWorld(t, d, r.URL+"/hook")
		worker := w.worker()
		w.emit(t, 1)
		tick(t, worker)
		del := d.Client.WebhookDelivery.Query().OnlyX(sys)
		if del.Status != webhookdelivery.StatusPending || del.Attempts != 1 || del.LastStatusCode != 500 ||
			!del.NextAttemptAt.Equal(start.Add(time.Minute)) || del.ClaimedUntil != nil {
			t.Fatalf("after a 500: %+v", del)
		}
		w.clock.Advance(59 * time.Second)
		if n := tick(t, worker); n != 0 {
			t.Fatalf("tried again %d times before its time", n)
		}
		w.clock.Advance(time.Second)
		if n := tick(t, worker); n != 1 {
			t.Fatalf("%d attempts at its time, want 1", n)
		}
		del = d.Client.WebhookDelivery.Query().OnlyX(sys)
		if del.Status != webhookdelivery.StatusSucceeded || del.Attempts != 2 {
			t.Fatalf("after a 200: %+v", del)
		}
		attempts := d.Client.WebhookAttempt.Query().Order(ent.Asc(webhookattempt.FieldAttemptedAt)).AllX(sys)
		if len(attempts) != 2 || attempts[0].StatusCode != 500 || attempts[0].Error != "HTTP 500" ||
			attempts[1].StatusCode != 200 || attempts[1].Error != "" || !attempts[1].AttemptedAt.Equal(start.Add(time.Minute)) {
			t.Fatalf("attempts %+v", attempts)
		}
		got := r.received()
		if len(got) != 2 || string(got[0].body) != string(got[1].body) {
			t.Fatalf("the two attempts carried different bodies: %s / %s", got[0].body, got[1].body)
		}
		verify(t, w.endpoint.Secret, got[1].header.Get(webhooks.SignatureHeader), got[1].body)
	})
}

// An endpoint that never answers 2xx is tried on the schedule for 24 hours — 1, 2, 4 … min,
// at most 6 h apart, a last attempt at 24 h — then the delivery is failed.
func TestADeliveryIsGivenUpAfter24Hours(t *testing.T) {
	d := testdb.New(t, testdb.SQLite)
	r := newReceiver(t, http.StatusServiceUnavailable)
	w := newWorld(t, d, r.URL+"/hook")
	worker := w.worker()
	w.emit(t, 1)
	var at []time.Duration
	for range 40 {
		if tick(t, worker) == 1 {
			at = append(at, w.clock.Now().Sub(start))
		}
		del := d.Client.WebhookDelivery.Query().OnlyX(sys)
		if del.Status != webhookdelivery.StatusPending {
			break
		}
		w.clock.Set(del.NextAttemptAt)
	}
	want := []time.Duration{0, 1, 3, 7, 15, 31, 63, 127, 255, 511, 871, 1231, 1440}
	if len(at) != len(want) {
		t.Fatalf("attempts at %v, want at %v minutes", at, want)
	}
	for i := range want {
		if at[i] != want[i]*time.Minute {
			t.Fatalf("attempts at %v, want at %v minutes", at, want)
		}
	}
	del := d.Client.WebhookDelivery.Query().OnlyX(sys)
	if del.Status != webhookdelivery.StatusFailed || del.Attempts != len(want) || del.LastStatusCode != 503 {
		t.Fatalf("after 24 h: %+v", del)
	}
	w.clock.Advance(48 * time.Hour)
	if n := tick(t, worker); n != 0 {
		t.Fatalf("a failed delivery was tried again %d times", n)
	}
}

// Two server copies on one database, ticking at the same moment, send every delivery once.
func TestTwoWorkersNeverSendADeliveryTwice(t *testing.T) {
	testdb.Each(t, func(t *testing.T, d *db.Database) {
		r := newReceiver(t, http.StatusOK)
		w := newWorld(t, d, r.URL+"/hook")
		const events = 60
		for i := range events {
			w.emit(t, i)
		}
		a, b := w.worker(), w.worker()
		a.Batch, b.Batch = 7, 7 // many rounds, each racing the other copy
		var wg sync.WaitGroup
		for _, worker := range []*webhooks.Worker{a, b} {
			wg.Go(func() {
				if _, err := worker.Tick(context.Background()); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		seen := map[string]int{}
		for _, got := range r.received() {
			var body webhooks.Body
			if err := json.Unmarshal(got.body, &body); err != nil {
				t.Fatal(err)
			}
			seen[body.ID]++
		}
		if len(seen) != events {
			t.Errorf("%d events received, want %d", len(seen), events)
		}
		for id, n := range seen {
			if n != 1 {
				t.Errorf("event %s received %d times", id, n)
			}
		}
		if n := d.Client.WebhookAttempt.Query().CountX(sys); n != events {
			t.Errorf("%d attempts recorded, want %d", n, events)
		}
	})
}

// A delivery claimed by a copy that died (its claim expired) is taken by another; one still
// claimed is not.
func TestAnExpiredClaimIsTakenOver(t *testing.T) {
	d := testdb.New(t, testdb.SQLite)
	r := newReceiver(t, http.StatusOK)
	w := newWorld(t, d, r.URL+"/hook")
	w.emit(t, 1)
	d.Client.WebhookDelivery.Update().SetClaimedUntil(start.Add(webhooks.ClaimFor)).ExecX(sys)
	if n := tick(t, w.worker()); n != 0 {
		t.Fatalf("a claimed delivery was sent %d times", n)
	}
	w.clock.Advance(webhooks.ClaimFor + time.Second)
	if n := tick(t, w.worker()); n != 1 {
		t.Fatalf("an expired claim: %d attempts, want 1", n)
	}
}

// A disabled endpoint receives nothing; its deliveries wait.
func TestADisabledEndpointReceivesNothing(t *testing.T) {
	d := testdb.New(t, testdb.SQLite)
	r := newReceiver(t, http.StatusOK)
	w := newWorld(t, d, r.URL+"/hook")
	w.emit(t, 1)
	w.endpoint.Update().SetEnabled(false).ExecX(sys)
	if n := tick(t, w.worker()); n != 0 || len(r.received()) != 0 {
		t.Fatalf("a disabled endpoint received %d", len(r.received()))
	}
	// Enabled again, it receives what waited.
	w.endpoint.Update().SetEnabled(true).ExecX(sys)
	if n := tick(t, w.worker()); n != 1 || len(r.received()) != 1 {
		t.Fatalf("enabled again: %d attempts, %d received, want the delivery that waited", n, len(r.received()))
	}
}

// A redirect is not followed: it is a failed attempt, and its target receives nothing.
func TestARedirectIsNotFollowed(t *testing.T) {
	d := testdb.New(t, testdb.SQLite)
	target := newReceiver(t, http.StatusOK)
	redirect := httptest.NewServer(http.RedirectHandler(target.URL, http.StatusTemporaryRedirect))
	t.Cleanup(redirect.Close)
	w := newWorld(t, d, redirect.URL)
	w.emit(t, 1)
	tick(t, w.worker())
	del := d.Client.WebhookDelivery.Query().OnlyX(sys)
	if del.Status != webhookdelivery.StatusPending || del.LastStatusCode != http.StatusTemporaryRedirect || len(target.received()) != 0 {
		t.Fatalf("redirected: %+v, target received %d", del, len(target.received()))
	}
}

// An event written in a transaction that is rolled back leaves no event and no delivery.
func TestARolledBackChangeLeavesNoEvent(t *testing.T) {
	testdb.Each(t, func(t *testing.T, d *db.Database) {
		w := newWorld(t, d, "http://127.0.0.1:9/hook")
		err := db.WithTx(sys, d.Client, func(ctx context.Context, tx *ent.Tx) error {
			if err := outbox.Emit(ctx, tx.Client(), w.agency.ID, outbox.CandidateCreated, map[string]string{}, start); err != nil {
				return err
			}
			return fmt.Errorf("the change fails")
		})
		if err == nil {
			t.Fatal("no error")
		}
		if n := d.Client.WebhookEvent.Query().CountX(sys) + d.Client.WebhookDelivery.Query().CountX(sys); n != 0 {
			t.Fatalf("%d rows left by a rolled-back change", n)
		}
	})
}
