// Package stripetest gives tests a Stripe on loopback: stripe-mock (built from the module proxy
// into bin/stripe-mock by `make bin/stripe-mock`) behind a small proxy that holds the state
// stripe-mock does not keep. stripe-mock validates every request against Stripe's OpenAPI and
// answers fixtures; it is stateless and sends no webhooks. The proxy therefore
//
//   - gives each customer an id of its own, the same for the same idempotency key (stripe-mock
//     answers one fixture id for all);
//   - remembers the Checkout sessions created, and answers them when read back;
//   - answers the subscriptions and Checkout sessions a test set (SetSubscription, Complete)
//     as Stripe would hold them then, on stripe-mock's fixture;
//   - counts the requests by path, so a test sees what was asked of Stripe.
//
// Webhook payloads are built and signed here with the webhook secret (Event, Sign), as Stripe
// would send them.
package stripetest

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v85/webhook"
)

// The settings a server under test uses.
const (
	SecretKey     = "sk_test_tremplin"
	WebhookSecret = "whsec_tremplin_test"
	PriceID       = "price_premium_monthly"
)

// Subscription is a subscription as the test says Stripe holds it.
type Subscription struct {
	ID, Customer, Status string
	CurrentPeriodEnd     time.Time
	CancelAtPeriodEnd    bool
}

// Checkout is a Checkout session the server created.
type Checkout struct {
	ID, Customer, ClientReferenceID, Subscription string
	Complete                                      bool
	// Form is what the server asked Stripe for (mode, line_items[0][price], success_url…).
	Form url.Values
}

// Stripe is a running Stripe double.
type Stripe struct {
	// URL is the API base to configure (STRIPE_API_BASE).
	URL string

	mu            sync.Mutex
	subscriptions map[string]Subscription
	checkouts     map[string]*Checkout
	customers     map[string]string // idempotency key → customer id
	requests      map[string]int    // "METHOD /path" → count
	proxy         *httputil.ReverseProxy
}

// Start runs stripe-mock and the proxy for the test.
func Start(t testing.TB) *Stripe {
	t.Helper()
	addr, err := StartMock()
	if err != nil {
		t.Fatal(err)
	}
	s := New(addr)
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	s.URL = srv.URL
	return s
}

// New answers a double in front of the stripe-mock at mockAddr; serve it (it is an
// http.Handler) and set URL.
func New(mockAddr string) *Stripe {
	s := &Stripe{
		subscriptions: map[string]Subscription{}, checkouts: map[string]*Checkout{},
		customers: map[string]string{}, requests: map[string]int{},
	}
	target, _ := url.Parse("http://" + mockAddr)
	s.proxy = httputil.NewSingleHostReverseProxy(target)
	s.proxy.ModifyResponse = s.modify
	return s
}

// ServeHTTP answers Stripe's API as stripe-mock does, with the double's state, and the
// control routes of control.go under /_double/.
func (s *Stripe) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if strings.HasPrefix(r.URL.Path, "/_double/") {
		s.control(w, r)
		return
	}
	s.mu.Lock()
	s.requests[r.Method+" "+r.URL.Path]++
	s.mu.Unlock()
	r.Header.Del("Accept-Encoding") // answers the proxy can read and change
	if r.Method == http.MethodPost {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		form, _ := url.ParseQuery(string(body))
		r.Body = io.NopCloser(bytes.NewReader(body))
		r = r.WithContext(context.WithValue(r.Context(), formKey{}, form))
	}
	s.proxy.ServeHTTP(w, r)
}

// One stripe-mock serves every test of the process (it keeps no state; each test has its own
// double): it takes seconds to start. It dies with the process (mock_linux.go).
var (
	mockOnce    sync.Once
	mockAddress string
	mockErr     error
)

// StartMock starts stripe-mock once (bin/stripe-mock above the working directory, or
// $STRIPE_MOCK_BIN) on loopback and answers its HTTP address.
func StartMock() (string, error) {
	mockOnce.Do(func() {
		bin, err := mockBinary()
		if err != nil {
			mockErr = err
			return
		}
		httpAddr, err := freeAddr()
		if err != nil {
			mockErr = err
			return
		}
		httpsAddr, err := freeAddr()
		if err != nil {
			mockErr = err
			return
		}
		cmd := exec.Command(bin, "-http-addr", httpAddr, "-https-addr", httpsAddr)
		var logs bytes.Buffer
		cmd.Stdout, cmd.Stderr = &logs, &logs
		dieWithParent(cmd)
		// The kernel's parent-death signal follows the thread that started the child: that
		// thread stays, locked, waiting for it.
		started := make(chan error, 1)
		go func() {
			runtime.LockOSThread()
			if err := cmd.Start(); err != nil {
				started <- err
				return
			}
			started <- nil
			_ = cmd.Wait()
			select {} // keep the thread
		}()
		if err := <-started; err != nil {
			mockErr = fmt.Errorf("starting stripe-mock: %w", err)
			return
		}
		if err := waitFor(httpAddr); err != nil {
			_ = cmd.Process.Kill()
			mockErr = fmt.Errorf("%w: %s", err, logs.String())
			return
		}
		mockAddress = httpAddr
	})
	return mockAddress, mockErr
}

// mockBinary finds bin/stripe-mock above the working directory (or $STRIPE_MOCK_BIN).
func mockBinary() (string, error) {
	if bin := os.Getenv("STRIPE_MOCK_BIN"); bin != "" {
		return bin, nil
	}
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			if bin := filepath.Join(dir, "bin", "stripe-mock"); fileExists(bin) {
				return bin, nil
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("bin/stripe-mock is missing: run `make bin/stripe-mock` (make test-go builds it)")
		}
		dir = parent
	}
}

func fileExists(p string) bool {
	info, err := os.Stat(p)
	return err == nil && !info.IsDir()
}

func freeAddr() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	addr := l.Addr().String()
	return addr, l.Close()
}

func waitFor(addr string) error {
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond); err == nil {
			return c.Close()
		}
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("stripe-mock did not start on %s", addr)
}

// SetSubscription makes Stripe hold sub from now on.
func (s *Stripe) SetSubscription(sub Subscription) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.subscriptions[sub.ID] = sub
}

// Checkouts answers the Checkout sessions the server created, oldest first.
func (s *Stripe) Checkouts() []Checkout {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := []Checkout{}
	for _, c := range s.checkouts {
		out = append(out, *c)
	}
	// Ids are made in order (cs_test_1, cs_test_2…).
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && seq(out[j].ID) < seq(out[j-1].ID); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

func seq(id string) int {
	n, _ := strconv.Atoi(id[strings.LastIndex(id, "_")+1:])
	return n
}

// Complete makes the Checkout session id complete, with the subscription sub (which Stripe
// then holds).
func (s *Stripe) Complete(id string, sub Subscription) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.checkouts[id]
	if c == nil {
		c = &Checkout{ID: id}
		s.checkouts[id] = c
	}
	c.Complete, c.Subscription = true, sub.ID
	if c.Customer == "" {
		c.Customer = sub.Customer
	}
	s.subscriptions[sub.ID] = sub
}

// Requests answers how many times "METHOD /path" was asked.
func (s *Stripe) Requests(methodPath string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.requests[methodPath]
}

// Customers answers how many distinct customers were created.
func (s *Stripe) Customers() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.customers)
}

type formKey struct{}

// modify adjusts stripe-mock's fixture to the state of the test.
func (s *Stripe) modify(res *http.Response) error {
	if res.StatusCode != http.StatusOK {
		return nil
	}
	req := res.Request
	var object map[string]any
	body, err := io.ReadAll(res.Body)
	if cerr := res.Body.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if err := json.Unmarshal(body, &object); err != nil {
		res.Body = io.NopCloser(bytes.NewReader(body))
		return nil //nolint:nilerr // not JSON: passed as it is
	}
	path := req.URL.Path
	s.mu.Lock()
	switch {
	case req.Method == http.MethodPost && path == "/v1/customers":
		key := req.Header.Get("Idempotency-Key")
		id, ok := s.customers[key]
		if !ok {
			sum := sha256.Sum256([]byte(key))
			id = "cus_" + hex.EncodeToString(sum[:8])
			s.customers[key] = id
		}
		object["id"] = id
	case req.Method == http.MethodPost && path == "/v1/checkout/sessions":
		id := fmt.Sprintf("cs_test_%d", len(s.checkouts)+1)
		form, _ := req.Context().Value(formKey{}).(url.Values)
		c := &Checkout{ID: id, Customer: str(object["customer"]), ClientReferenceID: str(object["client_reference_id"]), Form: form}
		s.checkouts[id] = c
		object["id"] = id
		object["url"] = "https://checkout.stripe.com/c/pay/" + id
		fillCheckout(object, c)
	case req.Method == http.MethodGet && strings.HasPrefix(path, "/v1/checkout/sessions/"):
		if c := s.checkouts[strings.TrimPrefix(path, "/v1/checkout/sessions/")]; c != nil {
			fillCheckout(object, c)
		}
	case req.Method == http.MethodGet && strings.HasPrefix(path, "/v1/subscriptions/"):
		if sub, ok := s.subscriptions[strings.TrimPrefix(path, "/v1/subscriptions/")]; ok {
			fillSubscription(object, sub)
		}
	}
	s.mu.Unlock()
	out, err := json.Marshal(object)
	if err != nil {
		return err
	}
	res.Body = io.NopCloser(bytes.NewReader(out))
	res.ContentLength = int64(len(out))
	res.Header.Set("Content-Length", strconv.Itoa(len(out)))
	return nil
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func fillCheckout(object map[string]any, c *Checkout) {
	object["customer"] = nullable(c.Customer)
	object["client_reference_id"] = nullable(c.ClientReferenceID)
	object["subscription"] = nullable(c.Subscription)
	object["mode"] = "subscription"
	if c.Complete {
		object["status"], object["payment_status"] = "complete", "paid"
	} else {
		object["status"], object["payment_status"] = "open", "unpaid"
	}
}

func fillSubscription(object map[string]any, sub Subscription) {
	object["id"] = sub.ID
	object["customer"] = sub.Customer
	object["status"] = sub.Status
	object["cancel_at_period_end"] = sub.CancelAtPeriodEnd
	if items, ok := object["items"].(map[string]any); ok {
		if data, ok := items["data"].([]any); ok {
			for _, item := range data {
				if m, ok := item.(map[string]any); ok {
					m["current_period_end"] = sub.CurrentPeriodEnd.Unix()
				}
			}
		}
	}
}

// Event answers the payload of a webhook event of type about object (whose "object" and "id"
// say what it is), as Stripe sends it.
func Event(id, typ string, object map[string]any) []byte {
	payload, _ := json.Marshal(map[string]any{
		"id": id, "object": "event", "type": typ, "api_version": "2025-10-29.clover", "created": time.Now().Unix(),
		"livemode": false, "pending_webhooks": 1, "request": map[string]any{"id": nil, "idempotency_key": nil},
		"data": map[string]any{"object": object},
	})
	return payload
}

// Sign answers the Stripe-Signature header of payload signed at t with secret.
func Sign(payload []byte, t time.Time, secret string) string {
	return fmt.Sprintf("t=%d,v1=%s", t.Unix(), hex.EncodeToString(webhook.ComputeSignature(t, payload, secret)))
}
