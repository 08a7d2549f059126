package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"connectrpc.com/connect"

	"github.com/tremplin/tremplin/gen/tremplin/activity/v1/activityv1connect"
	"github.com/tremplin/tremplin/gen/tremplin/agency/v1/agencyv1connect"
	"github.com/tremplin/tremplin/gen/tremplin/auth/v1/authv1connect"
	"github.com/tremplin/tremplin/gen/tremplin/network/v1/networkv1connect"
	"github.com/tremplin/tremplin/gen/tremplin/opportunity/v1/opportunityv1connect"
	"github.com/tremplin/tremplin/gen/tremplin/webhook/v1/webhookv1connect"
)

// sessionCookie is the name of the browser session's cookie.
const sessionCookie = "tremplin_session"

// server is one `tremplin serve` copy: its /api routes (plain HTTP and JSON, as the web app's
// fetches and a partner's scripts) and its Connect services (the generated Go clients, binary
// protobuf, as a Go partner).
type server struct {
	base        string
	http        *http.Client
	auth        authv1connect.AuthServiceClient
	network     networkv1connect.NetworkServiceClient
	activity    activityv1connect.ActivityServiceClient
	opportunity opportunityv1connect.OpportunityServiceClient
	agency      agencyv1connect.AgencyServiceClient
	webhook     webhookv1connect.WebhookServiceClient
}

// newHTTPClient keeps enough connections for the load: a browser keeps its own, here every
// simulated candidate shares the pool. Like a browser it asks for gzip (the transport does,
// and inflates the answers). timeout bounds a call, so a server that stops
// answering shows as errors, never as a load generator that waits forever.
func newHTTPClient(timeout time.Duration) *http.Client {
	return &http.Client{
		Timeout: timeout,
		Transport: &http.Transport{
			DialContext:         (&net.Dialer{Timeout: 2 * time.Second}).DialContext,
			MaxIdleConns:        1000,
			MaxIdleConnsPerHost: 500,
			IdleConnTimeout:     90 * time.Second,
		},
		// The session cookie is the caller's to send; redirects are not part of the API.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// newServer's Connect clients call the procedures without side effects with GET, as the web
// app does (its transport's useHttpGet): a GET that meets a keep-alive connection the server
// has just closed is sent again by the HTTP client; a POST is not.
func newServer(base string, hc *http.Client) *server {
	base = strings.TrimRight(base, "/")
	get := connect.WithHTTPGet()
	return &server{
		base:        base,
		http:        hc,
		auth:        authv1connect.NewAuthServiceClient(hc, base, get),
		network:     networkv1connect.NewNetworkServiceClient(hc, base, get),
		activity:    activityv1connect.NewActivityServiceClient(hc, base, get),
		opportunity: opportunityv1connect.NewOpportunityServiceClient(hc, base, get),
		agency:      agencyv1connect.NewAgencyServiceClient(hc, base, get),
		webhook:     webhookv1connect.NewWebhookServiceClient(hc, base, get),
	}
}

// pool is the small round-robin in front of one or more copies: calls alternate between
// them. Like a balancer, it takes a copy out while its /healthz does not answer 200 (watch),
// and sends a call whose connection was refused (nothing was sent: safe for any method) to
// the next copy.
type pool struct {
	servers []*server
	healthy []atomic.Bool
	next    atomic.Uint64
}

func newPool(servers []*server) *pool {
	p := &pool{servers: servers, healthy: make([]atomic.Bool, len(servers))}
	for i := range p.healthy {
		p.healthy[i].Store(true)
	}
	return p
}

// watch reads each copy's /healthz every interval until ctx ends, as a balancer's health
// checks do: a copy is out from an answer other than 200 (a stopping copy's 503) or a check
// that failed, back in from a 200. A check waits up to a second: on a busy machine a slow
// answer is not a dead copy.
func (p *pool) watch(ctx context.Context, every time.Duration) {
	client := &http.Client{Timeout: time.Second}
	for i, s := range p.servers {
		go func() {
			for {
				ok := false
				if req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.base+"/healthz", nil); err == nil {
					if res, err := client.Do(req); err == nil {
						_ = res.Body.Close()
						ok = res.StatusCode == http.StatusOK
					}
				}
				if ctx.Err() != nil {
					return
				}
				p.healthy[i].Store(ok)
				select {
				case <-ctx.Done():
					return
				case <-time.After(every):
				}
			}
		}()
	}
}

// pick answers the next healthy copy (any copy when none is).
func (p *pool) pick() int {
	n := uint64(len(p.servers))
	start := p.next.Add(1)
	for k := range n {
		if i := int((start + k) % n); p.healthy[i].Load() {
			return i
		}
	}
	return int(start % n)
}

// do runs call on the next copy, then on the others while their connections are refused.
func (p *pool) do(call func(s *server) error) error {
	i := p.pick()
	err := call(p.servers[i])
	for tried := 1; tried < len(p.servers) && refused(err); tried++ {
		err = call(p.servers[(i+tried)%len(p.servers)])
	}
	return err
}

// refused reports an error from dialing: the copy does not listen.
func refused(err error) bool { return errors.Is(err, syscall.ECONNREFUSED) }

// as answers a context whose Connect calls carry a session cookie.
func as(ctx context.Context, cookie string) context.Context {
	ctx, info := connect.NewClientContext(ctx)
	if cookie != "" {
		info.RequestHeader().Set("Cookie", cookie)
	}
	return ctx
}

// creating is as for a create that takes an Idempotency-Key (the RPCs declaring
// idempotent_create): a fresh key names the create, so that sending it again is safe — and
// Go's HTTP client does send again, by itself, a request carrying one that met a keep-alive
// connection the server had just closed.
func creating(ctx context.Context, cookie string) context.Context {
	ctx, info := connect.NewClientContext(ctx)
	if cookie != "" {
		info.RequestHeader().Set("Cookie", cookie)
	}
	info.RequestHeader().Set("Idempotency-Key", rand.Text())
	return ctx
}

// statusError is an answer whose status was not the one expected.
type statusError struct {
	method, path string
	status       int
	body         string
}

func (e *statusError) Error() string {
	return fmt.Sprintf("%s %s: HTTP %d %s", e.method, e.path, e.status, e.body)
}

// jsonCall is one /api call: body (when not nil) is sent as JSON, the answer is decoded into
// out (when not nil). A status other than 2xx and 304 is an error.
type jsonCall struct {
	method, path, cookie string
	body, out            any
	header               http.Header
}

// call sends c and answers the status and the answer's headers.
func (s *server) call(ctx context.Context, c jsonCall) (int, http.Header, error) {
	var body io.Reader
	if c.body != nil {
		data, err := json.Marshal(c.body)
		if err != nil {
			return 0, nil, err
		}
		body = bytes.NewReader(data)
	}
	req, err := http.NewRequestWithContext(ctx, c.method, s.base+c.path, body)
	if err != nil {
		return 0, nil, err
	}
	for k, v := range c.header {
		req.Header[k] = v
	}
	if c.body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.cookie != "" {
		req.Header.Set("Cookie", c.cookie)
	}
	res, err := s.http.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer func() { _ = res.Body.Close() }()
	if res.StatusCode == http.StatusNotModified {
		return res.StatusCode, res.Header, nil
	}
	if res.StatusCode/100 != 2 {
		data, _ := io.ReadAll(io.LimitReader(res.Body, 300))
		return res.StatusCode, res.Header, &statusError{c.method, c.path, res.StatusCode, strings.TrimSpace(string(data))}
	}
	if c.out != nil {
		if err := json.NewDecoder(res.Body).Decode(c.out); err != nil {
			return res.StatusCode, res.Header, fmt.Errorf("%s %s: decoding the answer: %w", c.method, c.path, err)
		}
	} else if _, err := io.Copy(io.Discard, res.Body); err != nil {
		return res.StatusCode, res.Header, err
	}
	return res.StatusCode, res.Header, nil
}

// signIn signs email in with POST /api/auth/login and answers the session cookie to send.
func (s *server) signIn(ctx context.Context, email, password string) (string, error) {
	_, h, err := s.call(ctx, jsonCall{method: http.MethodPost, path: "/api/auth/login",
		body: map[string]string{"email": email, "password": password}})
	if err != nil {
		return "", err
	}
	return cookieFrom(h)
}

// cookieFrom picks the session cookie out of an answer's Set-Cookie headers.
func cookieFrom(h http.Header) (string, error) {
	for _, c := range (&http.Response{Header: h}).Cookies() {
		if c.Name == sessionCookie && c.Value != "" {
			return c.Name + "=" + c.Value, nil
		}
	}
	return "", errors.New("no session cookie in the answer")
}
