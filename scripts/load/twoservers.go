package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	agencyv1 "github.com/tremplin/tremplin/gen/tremplin/agency/v1"
	authv1 "github.com/tremplin/tremplin/gen/tremplin/auth/v1"
	webhookv1 "github.com/tremplin/tremplin/gen/tremplin/webhook/v1"
	"github.com/tremplin/tremplin/internal/demo"
	"github.com/tremplin/tremplin/internal/mail"
)

// twoServersCommand checks that two copies on one database behave as one behind a
// round-robin: a session made on one is valid on the other and ended on both at once; a
// write on one is never answered stale by the other (the kept answers and their ETags); the
// morning e-mails and the nights are done once between them; each webhook event is
// delivered once.
func twoServersCommand(args []string) error {
	f := flag.NewFlagSet("twoservers", flag.ContinueOnError)
	a := f.String("a", "", "the first copy's URL")
	b := f.String("b", "", "the second copy's URL")
	statePath := f.String("state", "", "candidates seeded with -zone and -notifications")
	outboxes := f.String("outboxes", "", "both copies' mail outboxes, comma-separated")
	logs := f.String("logs", "", "both copies' logs (LOG_LEVEL=info), comma-separated")
	zone := f.String("zone", "", "the seeded candidates' time zone")
	rounds := f.Int("rounds", 100, "write-on-one, read-on-the-other rounds")
	events := f.Int("events", 20, "candidates created (alternately on each copy) for webhook events")
	if err := f.Parse(args); err != nil {
		return err
	}
	st, err := readState(*statePath)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	hc := newHTTPClient(30 * time.Second)
	copies := [2]*server{newServer(*a, hc), newServer(*b, hc)}
	failed := false
	check := func(name string, err error) {
		if err != nil {
			failed = true
			fmt.Printf("FAIL %s: %v\n", name, err)
			return
		}
		fmt.Printf("ok   %s\n", name)
	}
	check("sessions", sessions(ctx, copies, st))
	check("kept answers", keptAnswers(ctx, copies, st, *rounds))
	// Copy 1 is A, copy 2 is B, in the order of -outboxes and -logs.
	check("morning e-mails", morningMails(ctx, strings.Split(*outboxes, ","), st))
	check("nights", nights(strings.Split(*logs, ","), *zone))
	check("webhook deliveries", webhookDeliveries(ctx, copies, st, *events))
	if failed {
		return errors.New("two copies did not behave as one")
	}
	return nil
}

// sessions: a sign-in on one copy is valid on the other; a sign-out on one ends it on both.
func sessions(ctx context.Context, copies [2]*server, st *state) error {
	n := min(20, len(st.Candidates))
	for i, c := range st.Candidates[:n] {
		on, other := copies[i%2], copies[(i+1)%2]
		cookie, err := on.signIn(ctx, c.Email, st.Password)
		if err != nil {
			return fmt.Errorf("signing in on %s: %w", on.base, err)
		}
		me, err := other.auth.Me(as(ctx, cookie), &authv1.MeRequest{})
		if err != nil {
			return fmt.Errorf("a session of %s used on %s: %w", on.base, other.base, err)
		}
		if me.GetUser().GetEmail() != c.Email {
			return fmt.Errorf("a session of %s used on %s answers %q", on.base, other.base, me.GetUser().GetEmail())
		}
		if _, _, err := other.call(ctx, jsonCall{method: http.MethodPost, path: "/api/auth/logout", cookie: cookie, body: map[string]string{}}); err != nil {
			return fmt.Errorf("signing out on %s: %w", other.base, err)
		}
		status, _, _ := on.call(ctx, jsonCall{method: http.MethodGet, path: "/api/auth/me", cookie: cookie})
		if status != http.StatusUnauthorized {
			return fmt.Errorf("a session ended on %s still answers %d on %s", other.base, status, on.base)
		}
	}
	fmt.Printf("     %d sessions made on one copy worked on the other, and ended there ended on both\n", n)
	return nil
}

// keptAnswers: a list revalidated on one copy (its answer kept in memory there) after a
// write on the other is answered afresh, with the write; never 304, never the kept answer.
func keptAnswers(ctx context.Context, copies [2]*server, st *state, rounds int) error {
	list := func(s *server, cookie, etag string) (int, string, []string, error) {
		h := http.Header{}
		if etag != "" {
			h.Set("If-None-Match", etag)
		}
		var out struct {
			Contacts []struct {
				ID string `json:"id"`
			} `json:"contacts"`
		}
		status, got, err := s.call(ctx, jsonCall{method: http.MethodGet, path: "/api/contacts", cookie: cookie, header: h, out: &out})
		var ids []string
		for _, c := range out.Contacts {
			ids = append(ids, c.ID)
		}
		return status, got.Get("ETag"), ids, err
	}
	revalidated := 0
	for i := range rounds {
		c := st.Candidates[i%len(st.Candidates)]
		reader, writer := copies[i%2], copies[(i+1)%2]
		// Read twice on the reader: the second is answered 304 from what it keeps.
		_, etag, _, err := list(reader, c.Cookie, "")
		if err != nil {
			return err
		}
		status, _, _, err := list(reader, c.Cookie, etag)
		if err != nil {
			return err
		}
		if status == http.StatusNotModified {
			revalidated++
		}
		var made struct {
			Contact struct {
				ID string `json:"id"`
			} `json:"contact"`
		}
		if _, _, err := writer.call(ctx, jsonCall{method: http.MethodPost, path: "/api/contact", cookie: c.Cookie, out: &made,
			body: map[string]string{"firstName": fmt.Sprintf("Croise%d", unique()), "lastName": "DEUXCOPIES"}}); err != nil {
			return err
		}
		status, newTag, ids, err := list(reader, c.Cookie, etag)
		if err != nil {
			return err
		}
		if status != http.StatusOK || newTag == etag || !contains(ids, made.Contact.ID) {
			return fmt.Errorf("round %d: after a write on %s, %s answered %d (ETag %s, was %s), new contact listed: %v",
				i, writer.base, reader.base, status, newTag, etag, contains(ids, made.Contact.ID))
		}
	}
	fmt.Printf("     %d writes on one copy, each read back at once on the other: never stale (%d of the reads before were 304s)\n", rounds, revalidated)
	return nil
}

func contains(ids []string, id string) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

// morningMails: each seeded candidate (task e-mails on, a task due today) receives one
// morning e-mail between both copies' outboxes — not none, not two.
func morningMails(ctx context.Context, outboxes []string, st *state) error {
	want := map[string]bool{}
	for _, c := range st.Candidates {
		want[c.Email] = true
	}
	var got map[string]int
	var byCopy []int
	deadline := time.Now().Add(150 * time.Second) // both copies tick every minute
	for {
		got = map[string]int{}
		byCopy = make([]int, len(outboxes))
		for k, dir := range outboxes {
			files, _ := filepath.Glob(filepath.Join(dir, "*.eml"))
			for _, name := range files {
				raw, err := os.ReadFile(name)
				if err != nil {
					return err
				}
				to, subject, _, err := mail.Read(raw)
				if err == nil && len(to) == 1 && want[to[0]] && strings.HasPrefix(subject, "Vos tâches du ") {
					got[to[0]]++
					byCopy[k]++
				}
			}
		}
		if len(got) == len(want) || time.Now().After(deadline) || ctx.Err() != nil {
			break
		}
		time.Sleep(2 * time.Second)
	}
	twice := 0
	for _, n := range got {
		if n > 1 {
			twice++
		}
	}
	fmt.Printf("     %d candidates, %d received their morning e-mail, %d more than once (sent by each copy: %v)\n", len(want), len(got), twice, byCopy)
	if len(got) != len(want) || twice > 0 {
		return fmt.Errorf("%d of %d e-mailed, %d twice", len(got), len(want), twice)
	}
	return nil
}

// nights: in the candidates' zone, every night was claimed by one copy only (each copy logs
// « priorities raised » for the nights it ran).
func nights(logs []string, zone string) error {
	byDay := map[string][]int{}
	byCopy := make([]int, len(logs))
	for k, path := range logs {
		file, err := os.Open(path)
		if err != nil {
			return err
		}
		lines := bufio.NewScanner(file)
		lines.Buffer(make([]byte, 1<<20), 1<<20)
		for lines.Scan() {
			var line struct {
				Msg, Zone, Day string
			}
			if json.Unmarshal(lines.Bytes(), &line) == nil && line.Msg == "priorities raised" && line.Zone == zone {
				byDay[line.Day] = append(byDay[line.Day], k+1)
				byCopy[k]++
			}
		}
		_ = file.Close()
	}
	twice := 0
	for _, copies := range byDay {
		if len(copies) > 1 {
			twice++
		}
	}
	fmt.Printf("     %s: %d nights run, %d by more than one copy (run by each copy: %v)\n", zone, len(byDay), twice, byCopy)
	if len(byDay) == 0 || twice > 0 {
		return fmt.Errorf("nights by day: %v", byDay)
	}
	return nil
}

// webhookDeliveries: an agency's endpoint receives each event once, whichever copy made it
// and although both copies' workers look for due deliveries.
func webhookDeliveries(ctx context.Context, copies [2]*server, st *state, n int) error {
	var mu sync.Mutex
	received := map[string]int{}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	receiver := &http.Server{ReadHeaderTimeout: 5 * time.Second, Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var event struct{ ID, Type string }
		data, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
		if json.Unmarshal(data, &event) == nil && event.Type == "candidate.created" {
			mu.Lock()
			received[event.ID]++
			mu.Unlock()
		}
		w.WriteHeader(http.StatusNoContent)
	})}
	go func() { _ = receiver.Serve(l) }()
	defer func() { _ = receiver.Close() }()

	admin, err := copies[0].signIn(ctx, "admin@demo.tremplin.fr", demo.DefaultPassword)
	if err != nil {
		return err
	}
	if _, err := copies[1].agency.AllocateLicenses(as(ctx, admin), &agencyv1.AllocateLicensesRequest{Id: st.AgencyID, NumLicensesToAllocate: int32(n)}); err != nil {
		return err
	}
	agencyAdmin, err := copies[1].signIn(ctx, "agence@demo.tremplin.fr", demo.DefaultPassword)
	if err != nil {
		return err
	}
	endpoint, err := copies[0].webhook.CreateWebhookEndpoint(as(ctx, agencyAdmin), &webhookv1.CreateWebhookEndpointRequest{
		Url: "http://" + l.Addr().String() + "/tremplin", Events: []webhookv1.WebhookEventType{webhookv1.WebhookEventType_WEBHOOK_EVENT_TYPE_CANDIDATE_CREATED}})
	if err != nil {
		return fmt.Errorf("registering the endpoint: %w", err)
	}
	for i := range n {
		if _, err := copies[i%2].agency.CreateCandidate(as(ctx, agencyAdmin), &agencyv1.CreateCandidateRequest{
			FirstName: "Evenement", LastName: "WEBHOOK", Email: fmt.Sprintf("webhook-%s-%d@exemple.fr", st.Tag, i)}); err != nil {
			return err
		}
	}
	// Both workers look every 5 s: wait for all, then three more rounds for any double.
	deadline := time.Now().Add(90 * time.Second)
	for {
		mu.Lock()
		got := len(received)
		mu.Unlock()
		if got >= n || time.Now().After(deadline) {
			break
		}
		time.Sleep(time.Second)
	}
	time.Sleep(16 * time.Second)
	deliveries, err := copies[1].webhook.ListWebhookDeliveries(as(ctx, agencyAdmin), &webhookv1.ListWebhookDeliveriesRequest{Id: endpoint.GetEndpoint().GetId()})
	if err != nil {
		return err
	}
	attempts := 0
	for _, d := range deliveries.GetDeliveries() {
		attempts += int(d.GetAttempts())
	}
	mu.Lock()
	defer mu.Unlock()
	posts := 0
	for _, k := range received {
		posts += k
	}
	fmt.Printf("     %d candidates created alternately on both copies: %d events received in %d POSTs; %d deliveries recorded, %d attempts\n",
		n, len(received), posts, len(deliveries.GetDeliveries()), attempts)
	if len(received) != n || posts != n || len(deliveries.GetDeliveries()) != n || attempts != n {
		return errors.New("each event should be delivered once, in one attempt")
	}
	return nil
}
