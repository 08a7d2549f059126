package main

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"connectrpc.com/connect"
	"golang.org/x/sync/errgroup"
	"google.golang.org/protobuf/types/known/timestamppb"

	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	agencyv1 "github.com/tremplin/tremplin/gen/tremplin/agency/v1"
	authv1 "github.com/tremplin/tremplin/gen/tremplin/auth/v1"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	opportunityv1 "github.com/tremplin/tremplin/gen/tremplin/opportunity/v1"
	"github.com/tremplin/tremplin/internal/demo"
	"github.com/tremplin/tremplin/internal/mail"
)

// state is what the seeding made, for the runs that follow: the candidates, their sessions
// and the ids of what they own.
type state struct {
	Tag        string       `json:"tag"`
	Password   string       `json:"password"`
	AgencyID   string       `json:"agencyId"`
	Candidates []*candidate `json:"candidates"`
}

// candidate is one seeded job seeker.
type candidate struct {
	Email        string   `json:"email"`
	ID           string   `json:"id"`
	Cookie       string   `json:"cookie"`
	Contacts     []string `json:"contacts"`
	Applications []string `json:"applications"`
	// Tasks not completed yet: a report completes one.
	Tasks []string `json:"tasks"`
}

// candidatePassword is every seeded candidate's password (the rules: 8 characters or more,
// upper and lower case, a digit, a special character).
const candidatePassword = "Charge-2026!"

type seedOptions struct {
	base, outbox, statePath, zone    string
	n, contacts, applications, tasks int
	notifications                    bool
	timeout                          time.Duration
}

func seedCommand(args []string) error {
	var o seedOptions
	f := flag.NewFlagSet("seed", flag.ContinueOnError)
	f.StringVar(&o.base, "base", "", "the server's URL (a server started with --demo)")
	f.StringVar(&o.outbox, "outbox", "", "the server's mail outbox (DATA_DIR/outbox): the invitations are followed from there")
	f.StringVar(&o.statePath, "state", "", "where to write what was seeded (JSON)")
	f.StringVar(&o.zone, "zone", "", "the candidates' time zone (default: the server's default, Europe/Paris)")
	f.IntVar(&o.n, "candidates", 200, "candidates to create")
	f.IntVar(&o.contacts, "contacts", 50, "contacts of each candidate")
	f.IntVar(&o.applications, "applications", 10, "applications of each candidate")
	f.IntVar(&o.tasks, "tasks", 10, "tasks of each candidate, the first due within the hour")
	f.BoolVar(&o.notifications, "notifications", false, "turn the candidates' task e-mails on")
	f.DurationVar(&o.timeout, "timeout", 5*time.Minute, "give up after")
	if err := f.Parse(args); err != nil {
		return err
	}
	if o.base == "" || o.outbox == "" || o.statePath == "" {
		return errors.New("seed needs -base, -outbox and -state")
	}
	ctx, cancel := context.WithTimeout(context.Background(), o.timeout)
	defer cancel()
	start := time.Now()
	st, err := seed(ctx, newServer(o.base, newHTTPClient(30*time.Second)), o)
	if err != nil {
		return err
	}
	data, err := json.Marshal(st)
	if err != nil {
		return err
	}
	if err := os.WriteFile(o.statePath, data, 0o600); err != nil {
		return err
	}
	fmt.Printf("seeded %d candidates (%d contacts, %d applications, %d tasks each) in %.1f s\n",
		len(st.Candidates), o.contacts, o.applications, o.tasks, time.Since(start).Seconds())
	return nil
}

// seed makes the candidates the way an agency does: the platform admin allocates licences to
// the demo agency, its admin creates the candidates, each candidate follows the invitation
// e-mailed to them (choosing a password, accepting the terms: that signs them in), then fills
// their account through the API.
func seed(ctx context.Context, s *server, o seedOptions) (*state, error) {
	st := &state{Tag: strings.ToLower(rand.Text()[:6]), Password: candidatePassword}
	admin, err := s.signIn(ctx, "admin@demo.tremplin.fr", demo.DefaultPassword)
	if err != nil {
		return nil, fmt.Errorf("the platform admin's sign-in: %w", err)
	}
	agencies, err := s.agency.ListAgencies(as(ctx, admin), &agencyv1.ListAgenciesRequest{})
	if err != nil {
		return nil, err
	}
	for _, a := range agencies.GetAgencies() {
		if a.GetName() == demo.AgencyName {
			st.AgencyID = a.GetId()
		}
	}
	if st.AgencyID == "" {
		return nil, fmt.Errorf("no agency %q: start the server with --demo", demo.AgencyName)
	}
	if _, err := s.agency.AllocateLicenses(as(ctx, admin), &agencyv1.AllocateLicensesRequest{
		Id: st.AgencyID, NumLicensesToAllocate: int32(o.n)}); err != nil {
		return nil, fmt.Errorf("allocating licences: %w", err)
	}
	agencyAdmin, err := s.signIn(ctx, "agence@demo.tremplin.fr", demo.DefaultPassword)
	if err != nil {
		return nil, fmt.Errorf("the agency admin's sign-in: %w", err)
	}

	st.Candidates = make([]*candidate, o.n)
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(4)
	for i := range o.n {
		st.Candidates[i] = &candidate{Email: fmt.Sprintf("charge-%s-%04d@exemple.fr", st.Tag, i)}
		g.Go(func() error {
			_, err := s.agency.CreateCandidate(as(gctx, agencyAdmin), &agencyv1.CreateCandidateRequest{
				Id: st.AgencyID, FirstName: fmt.Sprintf("Prénom%d", i), LastName: "CHARGE",
				Email: st.Candidates[i].Email, Job: "Chargé de test"})
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, fmt.Errorf("creating the candidates: %w", err)
	}

	links, err := waitForInvitations(ctx, o.outbox, st.Candidates)
	if err != nil {
		return nil, err
	}
	// Choosing a password hashes it (a core for tens of milliseconds): two at a time.
	g, gctx = errgroup.WithContext(ctx)
	g.SetLimit(2)
	for _, c := range st.Candidates {
		g.Go(func() error { return acceptInvitation(gctx, s, c, links[c.Email]) })
	}
	if err := g.Wait(); err != nil {
		return nil, fmt.Errorf("following the invitations: %w", err)
	}

	g, gctx = errgroup.WithContext(ctx)
	g.SetLimit(4)
	for _, c := range st.Candidates {
		g.Go(func() error { return fill(gctx, s, c, o) })
	}
	if err := g.Wait(); err != nil {
		return nil, fmt.Errorf("filling the accounts: %w", err)
	}
	return st, nil
}

var invitationLink = regexp.MustCompile(`\S+/new-password\?\S+`)

// waitForInvitations reads the outbox until every candidate's invitation is there (the mail
// queue sends after the commit, so they come shortly after the answers) and answers each
// one's link.
func waitForInvitations(ctx context.Context, outbox string, cands []*candidate) (map[string]*url.URL, error) {
	want := map[string]bool{}
	for _, c := range cands {
		want[c.Email] = true
	}
	links := map[string]*url.URL{}
	seen := map[string]bool{}
	for {
		files, err := filepath.Glob(filepath.Join(outbox, "*.eml"))
		if err != nil {
			return nil, err
		}
		for _, name := range files {
			if seen[name] {
				continue
			}
			seen[name] = true
			raw, err := os.ReadFile(name)
			if err != nil {
				return nil, err
			}
			to, _, text, err := mail.Read(raw)
			if err != nil || len(to) != 1 || !want[to[0]] {
				continue
			}
			if m := invitationLink.FindString(text); m != "" {
				u, err := url.Parse(m)
				if err != nil {
					return nil, fmt.Errorf("the invitation to %s: %w", to[0], err)
				}
				links[to[0]] = u
			}
		}
		if len(links) == len(want) {
			return links, nil
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("%d invitations of %d in %s: %w", len(links), len(want), outbox, ctx.Err())
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// acceptInvitation chooses the password from the link: the candidate is signed in.
func acceptInvitation(ctx context.Context, s *server, c *candidate, link *url.URL) error {
	ctx, info := connect.NewClientContext(ctx)
	res, err := s.auth.NewPassword(ctx, &authv1.NewPasswordRequest{
		Id: link.Query().Get("id"), Token: link.Query().Get("token"), Password: candidatePassword, AcceptTerms: true})
	if err != nil {
		return fmt.Errorf("%s: %w", c.Email, err)
	}
	c.ID = res.GetUser().GetId()
	c.Cookie, err = cookieFrom(info.ResponseHeader())
	return err
}

// fill gives a candidate a network, applications and tasks, as they would make them.
func fill(ctx context.Context, s *server, c *candidate, o seedOptions) error {
	if o.zone != "" || o.notifications {
		req := &authv1.UpdateProfileRequest{Id: c.ID}
		if o.zone != "" {
			req.TimeZone = &o.zone
		}
		if o.notifications {
			req.TaskNotifications = &o.notifications
		}
		if _, err := s.auth.UpdateProfile(as(ctx, c.Cookie), req); err != nil {
			return fmt.Errorf("%s's profile: %w", c.Email, err)
		}
	}
	if o.contacts > 0 {
		batch := make([]*networkv1.ImportedContact, o.contacts)
		for i := range batch {
			batch[i] = &networkv1.ImportedContact{FirstName: fmt.Sprintf("Contact%d", i), LastName: "RESEAU",
				Company: fmt.Sprintf("Société %d", i%13), Job: "Responsable", Email: fmt.Sprintf("contact%d@exemple.fr", i)}
		}
		res, err := s.network.BulkCreateContacts(as(ctx, c.Cookie), &networkv1.BulkCreateContactsRequest{Contacts: batch})
		if err != nil {
			return fmt.Errorf("%s's contacts: %w", c.Email, err)
		}
		for _, ct := range res.GetCreatedContacts() {
			c.Contacts = append(c.Contacts, ct.GetId())
		}
	}
	for i := range o.applications {
		res, err := s.opportunity.CreateApplication(as(ctx, c.Cookie), &opportunityv1.CreateApplicationRequest{
			Application: &opportunityv1.ApplicationDraft{Company: fmt.Sprintf("Entreprise %d", i), Job: "Chef de projet",
				Source: opportunityv1.ApplicationSource_APPLICATION_SOURCE_JOB_BOARD}})
		if err != nil {
			return fmt.Errorf("%s's applications: %w", c.Email, err)
		}
		c.Applications = append(c.Applications, res.GetApplication().GetId())
	}
	var mu sync.Mutex
	for i := range o.tasks {
		id, err := createTask(ctx, s, c.Cookie, time.Now().Add(time.Hour+time.Duration(i)*24*time.Hour))
		if err != nil {
			return fmt.Errorf("%s's tasks: %w", c.Email, err)
		}
		mu.Lock()
		c.Tasks = append(c.Tasks, id)
		mu.Unlock()
	}
	return nil
}

// createTask makes a personal task (no contact) due at due.
func createTask(ctx context.Context, s *server, cookie string, due time.Time) (string, error) {
	res, err := s.activity.CreateTask(creating(ctx, cookie), &activityv1.CreateTaskRequest{Task: &activityv1.TaskDraft{
		Subject:  activityv1.TaskSubject_TASK_SUBJECT_INTERNET_SEARCHES,
		Priority: activityv1.TaskPriority_TASK_PRIORITY_NORMAL,
		Deadline: timestamppb.New(due),
	}})
	if err != nil {
		return "", err
	}
	return res.GetTask().GetId(), nil
}

func readState(path string) (*state, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var st state
	if err := json.Unmarshal(data, &st); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(st.Candidates) == 0 {
		return nil, fmt.Errorf("%s: no candidates", path)
	}
	return &st, nil
}
