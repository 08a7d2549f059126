package server_test

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	"github.com/tremplin/tremplin/gen/tremplin/activity/v1/activityv1connect"
	agencyv1 "github.com/tremplin/tremplin/gen/tremplin/agency/v1"
	"github.com/tremplin/tremplin/gen/tremplin/agency/v1/agencyv1connect"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/gen/tremplin/network/v1/networkv1connect"
	opportunityv1 "github.com/tremplin/tremplin/gen/tremplin/opportunity/v1"
	"github.com/tremplin/tremplin/gen/tremplin/opportunity/v1/opportunityv1connect"
	"github.com/tremplin/tremplin/internal/paging"
	"github.com/tremplin/tremplin/internal/testserver"
)

// pagedList is one list a partner pages through, as its owner sees it.
type pagedList struct {
	name string
	// add creates one row of the owner, i telling rows apart (and their place in the order).
	add func(t *testing.T, owner *testserver.Session, i int) string
	// page reads one page as caller.
	page func(caller *testserver.Session, size int32, token string) (ids []string, next string, err error)
	// owners are two callers whose lists are apart.
	owners func(t *testing.T, srv *testserver.Start) (*testserver.Session, *testserver.Session)
}

var bg = context.Background()

func pagedLists() []pagedList {
	candidates := func(t *testing.T, srv *testserver.Start) (*testserver.Session, *testserver.Session) {
		n := rand.Text()[:8]
		a := srv.SignInAs(t, testserver.AgencyAdmin, "agence-a-"+strings.ToLower(n)+"@exemple.fr", srv.CreateAgency(t, "Agence A "+n, 100))
		b := srv.SignInAs(t, testserver.AgencyAdmin, "agence-b-"+strings.ToLower(n)+"@exemple.fr", srv.CreateAgency(t, "Agence B "+n, 100))
		return a, b
	}
	people := func(t *testing.T, srv *testserver.Start) (*testserver.Session, *testserver.Session) {
		// One pair per list: the lists share a server.
		n := rand.Text()[:8]
		return srv.SignInAs(t, testserver.TrialCandidate, "alice-"+strings.ToLower(n)+"@exemple.fr"), srv.SignInAs(t, testserver.TrialCandidate, "bob-"+strings.ToLower(n)+"@exemple.fr")
	}
	deadline := func(i int) *timestamppb.Timestamp {
		// Three rows share each day: ties on the order's first key, broken by the others.
		return timestamppb.New(time.Date(2026, 12, 1+i%5, 10, 0, 0, 0, time.UTC))
	}
	return []pagedList{
		{
			name: "AgencyService.ListCandidates", owners: candidates,
			add: func(t *testing.T, owner *testserver.Session, i int) string {
				res, err := testserver.Connect(owner, agencyv1connect.NewAgencyServiceClient).CreateCandidate(bg, &agencyv1.CreateCandidateRequest{
					Id: owner.User.AgencyID.String(), Email: fmt.Sprintf("c%d-%s", i, owner.User.Email), FirstName: "C", LastName: fmt.Sprint(i)})
				if err != nil {
					t.Fatal(err)
				}
				return res.GetCandidate().GetId()
			},
			page: func(c *testserver.Session, size int32, token string) ([]string, string, error) {
				res, err := testserver.Connect(c, agencyv1connect.NewAgencyServiceClient).ListCandidates(bg, &agencyv1.ListCandidatesRequest{PageSize: size, PageToken: token})
				var ids []string
				for _, u := range res.GetCandidates() {
					ids = append(ids, u.GetId())
				}
				return ids, res.GetNextPageToken(), err
			},
		},
		{
			name: "OpportunityService.ListApplications", owners: people,
			add: func(t *testing.T, owner *testserver.Session, i int) string {
				res, err := testserver.Connect(owner, opportunityv1connect.NewOpportunityServiceClient).CreateApplication(bg, &opportunityv1.CreateApplicationRequest{
					Application: &opportunityv1.ApplicationDraft{Company: fmt.Sprintf("Société %d", i), Job: "Acheteuse", Source: opportunityv1.ApplicationSource_APPLICATION_SOURCE_JOB_BOARD}})
				if err != nil {
					t.Fatal(err)
				}
				return res.GetApplication().GetId()
			},
			page: func(c *testserver.Session, size int32, token string) ([]string, string, error) {
				res, err := testserver.Connect(c, opportunityv1connect.NewOpportunityServiceClient).ListApplications(bg, &opportunityv1.ListApplicationsRequest{PageSize: size, PageToken: token})
				var ids []string
				for _, a := range res.GetApplications() {
					ids = append(ids, a.GetId())
				}
				return ids, res.GetNextPageToken(), err
			},
		},
		{
			name: "ActivityService.ListTasks", owners: people,
			add: func(t *testing.T, owner *testserver.Session, i int) string {
				res, err := testserver.Connect(owner, activityv1connect.NewActivityServiceClient).CreateTask(bg, &activityv1.CreateTaskRequest{Task: &activityv1.TaskDraft{
					Subject: activityv1.TaskSubject_TASK_SUBJECT_OTHER, CustomSubject: fmt.Sprint("tâche ", i),
					Priority: activityv1.TaskPriority_TASK_PRIORITY_NORMAL, Deadline: deadline(i)}})
				if err != nil {
					t.Fatal(err)
				}
				return res.GetTask().GetId()
			},
			page: func(c *testserver.Session, size int32, token string) ([]string, string, error) {
				res, err := testserver.Connect(c, activityv1connect.NewActivityServiceClient).ListTasks(bg, &activityv1.ListTasksRequest{PageSize: size, PageToken: token})
				var ids []string
				for _, a := range res.GetTasks() {
					ids = append(ids, a.GetId())
				}
				return ids, res.GetNextPageToken(), err
			},
		},
		{
			name: "ActivityService.ListEvents", owners: people,
			add: func(t *testing.T, owner *testserver.Session, i int) string {
				res, err := testserver.Connect(owner, activityv1connect.NewActivityServiceClient).CreateEvent(bg, &activityv1.CreateEventRequest{Event: &activityv1.EventDraft{
					Subject: activityv1.EventSubject_EVENT_SUBJECT_COFFEE, MediaType: activityv1.MediaType_MEDIA_TYPE_PHONE, Date: deadline(i)}})
				if err != nil {
					t.Fatal(err)
				}
				return res.GetEvent().GetId()
			},
			page: func(c *testserver.Session, size int32, token string) ([]string, string, error) {
				res, err := testserver.Connect(c, activityv1connect.NewActivityServiceClient).ListEvents(bg, &activityv1.ListEventsRequest{PageSize: size, PageToken: token})
				var ids []string
				for _, a := range res.GetEvents() {
					ids = append(ids, a.GetId())
				}
				return ids, res.GetNextPageToken(), err
			},
		},
		{
			name: "NetworkService.ListContacts", owners: people,
			add: func(t *testing.T, owner *testserver.Session, i int) string {
				// Names sharing their sort key (i%4) tie on it; « É » checks the byte-wise order.
				last := []string{"Émile", "Martin", "Zola", "Abel"}[i%4]
				res, err := testserver.Connect(owner, networkv1connect.NewNetworkServiceClient).CreateContact(bg, &networkv1.CreateContactRequest{
					Contact: &networkv1.ContactDraft{FirstName: "Paul", LastName: last}})
				if err != nil {
					t.Fatal(err)
				}
				return res.GetContact().GetId()
			},
			page: func(c *testserver.Session, size int32, token string) ([]string, string, error) {
				res, err := testserver.Connect(c, networkv1connect.NewNetworkServiceClient).ListContacts(bg, &networkv1.ListContactsRequest{PageSize: size, PageToken: token})
				var ids []string
				for _, a := range res.GetContacts() {
					ids = append(ids, a.GetId())
				}
				return ids, res.GetNextPageToken(), err
			},
		},
	}
}

// Paging answers every row present throughout exactly once, however rows are inserted
// between pages (before and after the page boundary, with ties on the order's first key), on
// every list a partner pages through.
func TestPagingAnswersEveryRowOnceWhileRowsAreInserted(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		for _, l := range pagedLists() {
			t.Run(l.name, func(t *testing.T) {
				alice, _ := l.owners(t, srv)
				present := map[string]bool{}
				for i := range 11 {
					present[l.add(t, alice, i)] = true
				}
				whole, next, err := l.page(alice, 0, "")
				if err != nil || len(whole) != 11 || next != "" {
					t.Fatalf("page_size 0 answers %d rows, next %q (%v): want the whole list of 11", len(whole), next, err)
				}
				seen := map[string]int{}
				token, pages, added := "", 0, 100
				for {
					ids, next, err := l.page(alice, 3, token)
					if err != nil {
						t.Fatalf("page %d: %v", pages+1, err)
					}
					if len(ids) > 3 {
						t.Fatalf("page %d holds %d rows, asked 3", pages+1, len(ids))
					}
					pages++
					for _, id := range ids {
						seen[id]++
					}
					if next == "" {
						break
					}
					if pages > 20 {
						t.Fatal("paging does not end")
					}
					// Two rows between pages: they fall before and after the boundary.
					for range 2 {
						l.add(t, alice, added)
						added++
					}
					token = next
				}
				for id := range present {
					if seen[id] != 1 {
						t.Errorf("row %s answered %d times, want once", id, seen[id])
					}
				}
				for id, n := range seen {
					if n > 1 {
						t.Errorf("row %s answered %d times", id, n)
					}
				}
			})
		}
	})
}

// A token another caller was answered gives nothing of theirs, a tampered one is refused
// with its reason, one answered for other filters or another list is refused, and a page
// larger than the maximum is answered the maximum.
func TestPageTokensAreCheckedAndScopedToTheCaller(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		for _, l := range pagedLists() {
			t.Run(l.name, func(t *testing.T) {
				alice, bob := l.owners(t, srv)
				mine := map[string]bool{}
				for i := range 4 {
					mine[l.add(t, alice, i)] = true
				}
				theirs := l.add(t, bob, 50)
				_, token, err := l.page(alice, 1, "")
				if err != nil || token == "" {
					t.Fatalf("first page: token %q (%v)", token, err)
				}
				ids, _, err := l.page(bob, 3, token)
				if err != nil {
					t.Fatalf("bob with alice's token: %v", err)
				}
				for _, id := range ids {
					if mine[id] {
						t.Errorf("bob's page with alice's token holds alice's row %s", id)
					}
					if id != theirs {
						t.Errorf("bob's page holds %s, not his", id)
					}
				}
				for what, bad := range map[string]string{
					"not base64":      "%%%",
					"not the struct":  base64.RawURLEncoding.EncodeToString([]byte("hello")),
					"another version": reencode(t, token, func(m map[string]any) { m["v"] = 2 }),
					"another list":    reencode(t, token, func(m map[string]any) { m["l"] = "other.List" }),
					"keys changed":    reencode(t, token, func(m map[string]any) { m["k"] = []string{"x", "y", "z"}[:len(m["k"].([]any))] }),
					"keys dropped":    reencode(t, token, func(m map[string]any) { m["k"] = []string{} }),
				} {
					_, _, err := l.page(alice, 3, bad)
					testserver.WantRefusal(t, what, err, connect.CodeInvalidArgument, "INVALID_PAGE_TOKEN")
				}
				_, _, err = l.page(alice, -1, "")
				if connect.CodeOf(err) != connect.CodeInvalidArgument {
					t.Errorf("page_size -1: %v, want InvalidArgument", err)
				}
			})
		}

		// Other filters than the token's: refused, saying so.
		alice := srv.SignInAs(t, testserver.TrialCandidate, "filters@exemple.fr")
		act := testserver.Connect(alice, activityv1connect.NewActivityServiceClient)
		for i := range 3 {
			if _, err := act.CreateTask(bg, &activityv1.CreateTaskRequest{Task: &activityv1.TaskDraft{
				Subject: activityv1.TaskSubject_TASK_SUBJECT_OTHER, CustomSubject: fmt.Sprint(i),
				Priority: activityv1.TaskPriority_TASK_PRIORITY_NORMAL, Deadline: timestamppb.New(srv.Tomorrow())}}); err != nil {
				t.Fatal(err)
			}
		}
		first, err := act.ListTasks(bg, &activityv1.ListTasksRequest{PageSize: 1})
		if err != nil {
			t.Fatal(err)
		}
		_, err = act.ListTasks(bg, &activityv1.ListTasksRequest{PageSize: 1, PageToken: first.GetNextPageToken(),
			Range: &commonv1.DateRange{StartDate: timestamppb.New(srv.Clock.Now())}})
		testserver.WantRefusal(t, "a token with other filters", err, connect.CodeInvalidArgument, "INVALID_PAGE_TOKEN")
		_, err = testserver.Connect(alice, activityv1connect.NewActivityServiceClient).ListEvents(bg, &activityv1.ListEventsRequest{PageSize: 1, PageToken: first.GetNextPageToken()})
		testserver.WantRefusal(t, "a tasks token for events", err, connect.CodeInvalidArgument, "INVALID_PAGE_TOKEN")

		// Above the maximum: the maximum.
		for i := 3; i < paging.MaxSize+2; i++ {
			if _, err := act.CreateTask(bg, &activityv1.CreateTaskRequest{Task: &activityv1.TaskDraft{
				Subject: activityv1.TaskSubject_TASK_SUBJECT_OTHER, CustomSubject: fmt.Sprint(i),
				Priority: activityv1.TaskPriority_TASK_PRIORITY_NORMAL, Deadline: timestamppb.New(srv.Tomorrow())}}); err != nil {
				t.Fatal(err)
			}
		}
		big, err := act.ListTasks(bg, &activityv1.ListTasksRequest{PageSize: 10000})
		if err != nil || len(big.GetTasks()) != paging.MaxSize || big.GetNextPageToken() == "" {
			t.Errorf("page_size 10000 answers %d rows, next %q (%v): want %d and a next page", len(big.GetTasks()), big.GetNextPageToken(), err, paging.MaxSize)
		}

		// The documented JSON route answers the whole list, without a token.
		status, body := alice.JSON(t, http.MethodGet, "/api/tasks", nil)
		if status != http.StatusOK {
			t.Fatalf("GET /api/tasks: %d %v", status, body)
		}
		if list, _ := body["tasks"].([]any); len(list) != paging.MaxSize+2 {
			t.Errorf("GET /api/tasks answers %d tasks, want all %d", len(list), paging.MaxSize+2)
		}
		if _, ok := body["nextPageToken"]; ok {
			t.Errorf("GET /api/tasks answers a nextPageToken for the whole list: %v", body["nextPageToken"])
		}
	})
}

// reencode changes a token's struct, as a client tampering with it would.
func reencode(t *testing.T, token string, change func(map[string]any)) string {
	t.Helper()
	data, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	change(m)
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return base64.RawURLEncoding.EncodeToString(out)
}
