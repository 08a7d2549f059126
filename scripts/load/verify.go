package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	opportunityv1 "github.com/tremplin/tremplin/gen/tremplin/opportunity/v1"
)

// verifyCommand reads back, through the API, every write a run saw acknowledged: after a
// crash or a database outage nothing acknowledged may be missing, and nothing may be half
// written — a bulk create of three contacts left all three or none.
func verifyCommand(args []string) error {
	f := flag.NewFlagSet("verify", flag.ContinueOnError)
	base := f.String("base", "", "the server's URL")
	statePath := f.String("state", "", "what seed made")
	ackedPath := f.String("acked", "", "what run wrote with -acked")
	if err := f.Parse(args); err != nil {
		return err
	}
	st, err := readState(*statePath)
	if err != nil {
		return err
	}
	data, err := os.ReadFile(*ackedPath)
	if err != nil {
		return err
	}
	var all map[string]acked
	if err := json.Unmarshal(data, &all); err != nil {
		return err
	}
	s := newServer(*base, newHTTPClient(30*time.Second))
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()

	var mu sync.Mutex
	var problems []string
	var t tally
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(4)
	for _, c := range st.Candidates {
		a := all[c.Email]
		g.Go(func() error {
			got, ct, err := verifyCandidate(gctx, s, c, a)
			mu.Lock()
			defer mu.Unlock()
			problems = append(problems, got...)
			t.add(ct)
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	fmt.Printf("acknowledged and found: %d contacts, %d bulk creates of %d (all whole), %d applications, %d tasks, %d reports; "+
		"unacknowledged bulk creates: %d written whole, %d not written, 0 half\n",
		t.contacts, t.batches, batchSize, t.applications, t.tasks, t.reports, t.failedWhole, t.failedAbsent)
	if len(problems) > 0 {
		for i, p := range problems {
			if i == 20 {
				fmt.Printf("… and %d more\n", len(problems)-20)
				break
			}
			fmt.Println("MISSING OR HALF-WRITTEN:", p)
		}
		return fmt.Errorf("%d acknowledged writes missing or half written", len(problems))
	}
	return nil
}

type tally struct {
	contacts, batches, applications, tasks, reports, failedWhole, failedAbsent int
}

func (t *tally) add(o tally) {
	t.contacts += o.contacts
	t.batches += o.batches
	t.applications += o.applications
	t.tasks += o.tasks
	t.reports += o.reports
	t.failedWhole += o.failedWhole
	t.failedAbsent += o.failedAbsent
}

func verifyCandidate(ctx context.Context, s *server, c *candidate, a acked) ([]string, tally, error) {
	var problems []string
	var t tally
	list, err := s.network.ListContacts(as(ctx, c.Cookie), &networkv1.ListContactsRequest{})
	if err != nil {
		return nil, t, fmt.Errorf("%s's contacts: %w", c.Email, err)
	}
	have := map[string]bool{}
	byTag := map[string]int{}
	for _, ct := range list.GetContacts() {
		have[ct.GetId()] = true
		byTag[ct.GetCompany()]++
	}
	for _, id := range a.Contacts {
		if !have[id] {
			problems = append(problems, fmt.Sprintf("%s: contact %s", c.Email, id))
		}
		t.contacts++
	}
	for tag, ids := range a.Batches {
		if len(ids) != batchSize || byTag[tag] != batchSize {
			problems = append(problems, fmt.Sprintf("%s: bulk create %s acknowledged with %d contacts, %d found", c.Email, tag, len(ids), byTag[tag]))
		}
		t.batches++
	}
	for _, tag := range a.FailedBatches {
		switch byTag[tag] {
		case 0:
			t.failedAbsent++
		case batchSize:
			t.failedWhole++
		default:
			problems = append(problems, fmt.Sprintf("%s: unacknowledged bulk create %s half written: %d of %d", c.Email, tag, byTag[tag], batchSize))
		}
	}
	apps, err := s.opportunity.ListApplications(as(ctx, c.Cookie), &opportunityv1.ListApplicationsRequest{})
	if err != nil {
		return nil, t, fmt.Errorf("%s's applications: %w", c.Email, err)
	}
	haveApp := map[string]bool{}
	for _, ap := range apps.GetApplications() {
		haveApp[ap.GetId()] = true
	}
	for _, id := range a.Applications {
		if !haveApp[id] {
			problems = append(problems, fmt.Sprintf("%s: application %s", c.Email, id))
		}
		t.applications++
	}
	tasks, err := s.activity.ListTasks(as(ctx, c.Cookie), &activityv1.ListTasksRequest{})
	if err != nil {
		return nil, t, fmt.Errorf("%s's tasks: %w", c.Email, err)
	}
	status := map[string]activityv1.ActivityStatus{}
	for _, tk := range tasks.GetTasks() {
		status[tk.GetId()] = tk.GetStatus()
	}
	for _, id := range a.Tasks {
		if _, ok := status[id]; !ok {
			problems = append(problems, fmt.Sprintf("%s: task %s", c.Email, id))
		}
		t.tasks++
	}
	for _, id := range a.Reports {
		if status[id] != activityv1.ActivityStatus_ACTIVITY_STATUS_COMPLETED {
			problems = append(problems, fmt.Sprintf("%s: report of task %s (task %v)", c.Email, id, status[id]))
		}
		t.reports++
	}
	return problems, t, nil
}

var errUsage = errors.New(`usage: load <command> [flags]

commands:
  seed     create candidates through the API (an agency's invitations followed from the outbox)
  run      send the mix at a fixed rate, report by kind of call
  verify   read back every write a run saw acknowledged
  twoservers  check that two copies on one database behave as one
  rss PID  print a process's resident memory and its peak, in MB`)
