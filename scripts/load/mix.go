package main

import (
	"context"
	"crypto/rand"
	"fmt"
	mathrand "math/rand/v2"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	opportunityv1 "github.com/tremplin/tremplin/gen/tremplin/opportunity/v1"
)

// kind is one sort of call of the mix. Its weight is its share in thousandths.
type kind struct {
	name, class string
	weight      int
	do          func(ctx context.Context, s *server, c *live) error
}

// live is a seeded candidate during a run: what they have made so far, what the server
// acknowledged (the checks after a crash look for every acknowledged write).
type live struct {
	*candidate
	mu   sync.Mutex
	etag string // of their contact list, as a browser keeps it
	// acked are the writes the server answered OK, and the bulk creates that failed (all or
	// none of their contacts may exist, never some).
	acked acked
}

// acked is what the server acknowledged to one candidate during a run.
type acked struct {
	Contacts     []string            `json:"contacts"`
	Applications []string            `json:"applications"`
	Tasks        []string            `json:"tasks"`
	Reports      []string            `json:"reports"`
	Batches      map[string][]string `json:"batches"`
	// FailedBatches were sent and not acknowledged.
	FailedBatches []string `json:"failedBatches"`
}

// batchSize is the number of contacts a bulk create of the mix sends.
const batchSize = 3

var serial atomic.Int64

// unique names what a create makes: contacts are unique by name within a network.
func unique() int64 { return serial.Add(1) }

// listContacts reads the candidate's contact list over /api, as a browser does: sending the
// ETag it kept when it revalidates, keeping the one answered.
func (l *live) listContacts(ctx context.Context, s *server, revalidate bool) error {
	h := http.Header{}
	l.mu.Lock()
	if revalidate && l.etag != "" {
		h.Set("If-None-Match", l.etag)
	}
	l.mu.Unlock()
	_, got, err := s.call(ctx, jsonCall{method: http.MethodGet, path: "/api/contacts", cookie: l.Cookie, header: h})
	if err == nil {
		l.mu.Lock()
		l.etag = got.Get("ETag")
		l.mu.Unlock()
	}
	return err
}

func (l *live) pickString(from func() []string) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	ids := from()
	if len(ids) == 0 {
		return ""
	}
	return ids[mathrand.IntN(len(ids))]
}

// takeTask removes and answers an open task (a report completes it), "" when none is left.
func (l *live) takeTask() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.Tasks) == 0 {
		return ""
	}
	i := mathrand.IntN(len(l.Tasks))
	id := l.Tasks[i]
	l.Tasks[i] = l.Tasks[len(l.Tasks)-1]
	l.Tasks = l.Tasks[:len(l.Tasks)-1]
	return id
}

func (l *live) record(f func(a *acked)) {
	l.mu.Lock()
	defer l.mu.Unlock()
	f(&l.acked)
}

// week is the range the activity pages ask for: this week, give or take.
func week() *commonv1.DateRange {
	now := time.Now()
	return &commonv1.DateRange{StartDate: timestamppb.New(now.AddDate(0, 0, -3)), EndDate: timestamppb.New(now.AddDate(0, 0, 4))}
}

// mix is the load: mostly reads (lists, revalidations, single reads, the dashboard), a
// fifth of writes (creates, reports), a sign-in every 500 calls (a session serves many calls;
// each sign-in costs an argon2id hash, tens of milliseconds of a core); half over /api
// (JSON), half over Connect (protobuf).
var mix = []kind{
	{"list contacts (/api)", "list", 208, func(ctx context.Context, s *server, c *live) error {
		return c.listContacts(ctx, s, false)
	}},
	{"list applications (/api)", "list", 100, func(ctx context.Context, s *server, c *live) error {
		_, _, err := s.call(ctx, jsonCall{method: http.MethodGet, path: "/api/applications", cookie: c.Cookie})
		return err
	}},
	{"list tasks (Connect)", "list", 100, func(ctx context.Context, s *server, c *live) error {
		_, err := s.activity.ListTasks(as(ctx, c.Cookie), &activityv1.ListTasksRequest{Range: week()})
		return err
	}},
	{"list events (Connect)", "list", 50, func(ctx context.Context, s *server, c *live) error {
		_, err := s.activity.ListEvents(as(ctx, c.Cookie), &activityv1.ListEventsRequest{Range: week()})
		return err
	}},
	{"revalidate contacts (/api, If-None-Match)", "revalidate", 100, func(ctx context.Context, s *server, c *live) error {
		return c.listContacts(ctx, s, true)
	}},
	{"get contact (/api)", "get", 80, func(ctx context.Context, s *server, c *live) error {
		id := c.pickString(func() []string { return c.Contacts })
		_, _, err := s.call(ctx, jsonCall{method: http.MethodGet, path: "/api/contact/" + id, cookie: c.Cookie})
		return err
	}},
	{"get application (Connect)", "get", 60, func(ctx context.Context, s *server, c *live) error {
		id := c.pickString(func() []string { return c.Applications })
		_, err := s.opportunity.GetApplication(as(ctx, c.Cookie), &opportunityv1.GetApplicationRequest{Id: id})
		return err
	}},
	{"me (/api)", "get", 50, func(ctx context.Context, s *server, c *live) error {
		_, _, err := s.call(ctx, jsonCall{method: http.MethodGet, path: "/api/auth/me", cookie: c.Cookie})
		return err
	}},
	{"dashboard (/api)", "report", 60, func(ctx context.Context, s *server, c *live) error {
		_, _, err := s.call(ctx, jsonCall{method: http.MethodGet, path: "/api/dashboard", cookie: c.Cookie})
		return err
	}},
	{"add report (Connect)", "report", 30, func(ctx context.Context, s *server, c *live) error {
		id := c.takeTask()
		if id == "" {
			// Every open task of this candidate is reported already (the draw is random): the
			// candidate writes the task down first, as one would, then reports on it.
			created, err := createTask(ctx, s, c.Cookie, time.Now().Add(time.Hour))
			if err != nil {
				return fmt.Errorf("a task to report on for %s: %w", c.Email, err)
			}
			c.record(func(a *acked) { a.Tasks = append(a.Tasks, created) })
			id = created
		}
		_, err := s.activity.AddReport(as(ctx, c.Cookie), &activityv1.AddReportRequest{
			ActivityType: activityv1.ActivityType_ACTIVITY_TYPE_TASK, Id: id, MarkAsCompleteComment: "Fait pendant la charge"})
		if err == nil {
			c.record(func(a *acked) { a.Reports = append(a.Reports, id) })
		}
		return err
	}},
	{"create contact (/api)", "create", 60, func(ctx context.Context, s *server, c *live) error {
		var out struct {
			Contact struct {
				ID string `json:"id"`
			} `json:"contact"`
		}
		_, _, err := s.call(ctx, jsonCall{method: http.MethodPost, path: "/api/contact", cookie: c.Cookie, out: &out,
			header: http.Header{"Idempotency-Key": {rand.Text()}},
			body:   map[string]string{"firstName": fmt.Sprintf("Nouveau%d", unique()), "lastName": "CHARGE", "company": "Société créée"}})
		if err == nil {
			c.record(func(a *acked) { a.Contacts = append(a.Contacts, out.Contact.ID) })
			c.mu.Lock()
			c.Contacts = append(c.Contacts, out.Contact.ID)
			c.mu.Unlock()
		}
		return err
	}},
	{"bulk create 3 contacts (/api)", "create", 20, func(ctx context.Context, s *server, c *live) error {
		tag := fmt.Sprintf("lot-%d", unique())
		batch := make([]map[string]string, batchSize)
		for i := range batch {
			// Unique names (a network has one contact per name); the tag in the company.
			batch[i] = map[string]string{"firstName": fmt.Sprintf("Lot%d", unique()), "lastName": "LOT", "company": tag}
		}
		var out struct {
			CreatedContacts []struct {
				ID string `json:"id"`
			} `json:"createdContacts"`
		}
		_, _, err := s.call(ctx, jsonCall{method: http.MethodPost, path: "/api/contacts", cookie: c.Cookie, out: &out,
			body: map[string]any{"contacts": batch}})
		c.record(func(a *acked) {
			if err != nil {
				a.FailedBatches = append(a.FailedBatches, tag)
				return
			}
			if a.Batches == nil {
				a.Batches = map[string][]string{}
			}
			for _, ct := range out.CreatedContacts {
				a.Batches[tag] = append(a.Batches[tag], ct.ID)
			}
		})
		return err
	}},
	{"create task (Connect)", "create", 50, func(ctx context.Context, s *server, c *live) error {
		id, err := createTask(ctx, s, c.Cookie, time.Now().Add(time.Duration(1+mathrand.IntN(96))*time.Hour))
		if err == nil {
			c.record(func(a *acked) { a.Tasks = append(a.Tasks, id) })
			c.mu.Lock()
			c.Tasks = append(c.Tasks, id)
			c.mu.Unlock()
		}
		return err
	}},
	{"create application (Connect)", "create", 30, func(ctx context.Context, s *server, c *live) error {
		res, err := s.opportunity.CreateApplication(creating(ctx, c.Cookie), &opportunityv1.CreateApplicationRequest{
			Application: &opportunityv1.ApplicationDraft{Company: fmt.Sprintf("Entreprise %d", unique()), Job: "Chargé d'affaires",
				Source: opportunityv1.ApplicationSource_APPLICATION_SOURCE_FREE_APPLICATION}})
		if err == nil {
			id := res.GetApplication().GetId()
			c.record(func(a *acked) { a.Applications = append(a.Applications, id) })
			c.mu.Lock()
			c.Applications = append(c.Applications, id)
			c.mu.Unlock()
		}
		return err
	}},
	// A sign-in with the right password, each time another candidate's: a success gives the
	// client address its token back (internal/authn's limiter), so the loopback address is
	// never locked out; a wrong password would keep it, and 50 would lock every sign-in from
	// this machine for minutes — which is the limiter doing its job, not load.
	{"sign-in (/api)", "sign-in", 2, func(ctx context.Context, s *server, c *live) error {
		_, err := s.signIn(ctx, c.Email, candidatePassword)
		return err
	}},
}

// The weights add up to a thousand.
func init() {
	total := 0
	for _, k := range mix {
		total += k.weight
	}
	if total != 1000 {
		panic(fmt.Sprintf("the mix's weights add up to %d, not 1000", total))
	}
}

// pickKind draws a kind by weight.
func pickKind() *kind {
	n := mathrand.IntN(1000)
	for i := range mix {
		if n < mix[i].weight {
			return &mix[i]
		}
		n -= mix[i].weight
	}
	return &mix[len(mix)-1]
}
