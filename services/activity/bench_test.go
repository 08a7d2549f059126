package activity_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/event"
	"github.com/tremplin/tremplin/ent/task"
	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	"github.com/tremplin/tremplin/internal/benchmark"
	"github.com/tremplin/tremplin/internal/clock"
	"github.com/tremplin/tremplin/internal/db"
	"github.com/tremplin/tremplin/internal/handler"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/testserver"
	"github.com/tremplin/tremplin/internal/viewer"
	"github.com/tremplin/tremplin/services/activity"
)

// seedActivities gives owner n contacts' worth of activities: n tasks and n events spread
// over the year around now, half of them with a contact.
func seedActivities(t testing.TB, client *ent.Client, owner uuid.UUID, n int, now time.Time) {
	t.Helper()
	ctx := viewer.NewContext(context.Background(), &viewer.Viewer{UserID: owner, Role: viewer.RoleCandidate})
	contacts := make([]*ent.ContactCreate, 0, 100)
	for i := range 100 {
		contacts = append(contacts, client.Contact.Create().SetOwnerID(owner).SetFirstName(fmt.Sprintf("Prénom%d", i)).
			SetLastName("CHARGE").SetCompany("Société").SetEmail(fmt.Sprintf("c%d@exemple.fr", i)))
	}
	saved := client.Contact.CreateBulk(contacts...).SaveX(ctx)
	app := client.Application.Create().SetOwnerID(owner).SetCompany("Airbus").SetJob("Acheteuse").SetSource("job-board").SaveX(ctx)
	for start := 0; start < n; start += 500 {
		var ts []*ent.TaskCreate
		var es []*ent.EventCreate
		for i := start; i < min(start+500, n); i++ {
			at := now.AddDate(0, 0, i%365-180).UTC()
			tc := client.Task.Create().SetOwnerID(owner).SetSubject(task.SubjectReminder).SetDeadline(at).SetInitialDeadline(at)
			ec := client.Event.Create().SetOwnerID(owner).SetSubject(event.SubjectDiscovery).SetMediaType(event.MediaTypeMobile).SetDate(at)
			if i%2 == 0 {
				c := saved[i%len(saved)].ID
				tc.SetContactID(c).SetMediaType(task.MediaTypeEmail)
				ec.SetContactID(c)
			}
			if i%3 == 0 {
				tc.SetApplicationID(app.ID)
				ec.SetApplicationID(app.ID)
			}
			ts, es = append(ts, tc), append(es, ec)
		}
		client.Task.CreateBulk(ts...).ExecX(ctx)
		client.Event.CreateBulk(es...).ExecX(ctx)
	}
}

// counted is the activity service on a client counting its statements, and the context of a
// candidate with size tasks and size events around now (seedActivities).
func counted(t *testing.T, d *db.Database, size int, now time.Time) (*activity.Service, context.Context, *atomic.Int64) {
	t.Helper()
	u, ctx := testdb.Candidate(t, d.Client)
	seedActivities(t, d.Client, u.ID, size, now)
	client, n := testdb.CountingClient(d)
	return &activity.Service{Base: handler.Base{Client: client, Clock: clock.NewFake(now)}}, ctx, n
}

// The week's list costs the same statements whatever the number of activities.
func TestListingActivitiesCostsAConstantNumberOfStatements(t *testing.T) {
	testdb.Each(t, func(t *testing.T, d *db.Database) {
		now := time.Date(2026, 11, 18, 9, 30, 0, 0, time.UTC)
		week := &commonv1.DateRange{StartDate: timestamppb.New(now.AddDate(0, 0, -2)), EndDate: timestamppb.New(now.AddDate(0, 0, 5))}
		counts := map[int][2]int64{}
		for _, size := range []int{400, 2000} {
			svc, ctx, n := counted(t, d, size, now)
			tasksN := testdb.Statements(t, n, "ListTasks", func() error {
				_, err := svc.ListTasks(ctx, &activityv1.ListTasksRequest{Range: week})
				return err
			})
			eventsN := testdb.Statements(t, n, "ListEvents", func() error {
				_, err := svc.ListEvents(ctx, &activityv1.ListEventsRequest{Range: week, Search: "prenom"})
				return err
			})
			counts[size] = [2]int64{tasksN, eventsN}
		}
		if counts[400] != counts[2000] {
			t.Errorf("statements for 400 and 2,000 activities: %v, %v", counts[400], counts[2000])
		}
		// The activities, their contacts, their applications.
		if counts[2000][0] != 3 || counts[2000][1] != 3 {
			t.Errorf("statements of ListTasks and ListEvents: %v, want 3 each", counts[2000])
		}
	})
}

// Budget (issue 12): listing a week's activities of a candidate with 5,000 tasks and 5,000
// events, p50 under 15 ms, over real HTTP (session, interceptors, encoding); and its
// revalidation. Run with
//
//	go test -run '^$' -bench ListWeek ./services/activity/
func BenchmarkListWeek(b *testing.B) {
	testserver.EachDialect(b, func(b *testing.B, srv *testserver.Start) {
		alice := srv.SignInAs(b, testserver.TrialCandidate, "bench@exemple.fr")
		now := srv.Clock.Now()
		seedActivities(b, srv.Client, alice.User.ID, 5000, now)
		week, _ := protojson.Marshal(&activityv1.ListTasksRequest{Range: &commonv1.DateRange{
			StartDate: timestamppb.New(now.AddDate(0, 0, -2)), EndDate: timestamppb.New(now.AddDate(0, 0, 5))}})
		for _, rpc := range []string{"ListTasks", "ListEvents"} {
			path := "/tremplin.activity.v1.ActivityService/" + rpc + "?connect=v1&encoding=json&message=" + url.QueryEscape(string(week))
			b.Run(rpc, func(b *testing.B) { benchAfresh(b, srv, alice, path) })
			b.Run(rpc+"-revalidated", func(b *testing.B) { alice.BenchRevalidation(b, path) })
		}
	})
}

// benchAfresh measures the Connect GET path as c, each call with a query string of its own: the
// server's kept answer is not used.
func benchAfresh(b *testing.B, srv *testserver.Start, c *testserver.Session, path string) {
	b.Helper()
	benchmark.HTTP(b, c.HTTP, func() *http.Request {
		return srv.Request(b, http.MethodGet, path+"&n="+uuid.NewString(), "")
	})
}

// The dashboard and its history cost six statements whatever the volume: the dashboard's four
// aggregates, the coming events and the thresholds; the 12 weeks' one aggregate per table
// grouped by week (applications twice, engaged and created) and the thresholds — not one per
// week.
func TestDashboardReadsCostAFewStatements(t *testing.T) {
	for _, read := range []struct {
		name string
		// call reads, answering how many upcoming events, or weeks, it shows.
		call func(*activity.Service, context.Context) (int, error)
		want int
	}{
		{"GetDashboard (upcoming events)", func(svc *activity.Service, ctx context.Context) (int, error) {
			res, err := svc.GetDashboard(ctx, &activityv1.GetDashboardRequest{})
			return len(res.GetUpcomingEvents()), err
		}, 3},
		{"GetDashboardHistory (weeks)", func(svc *activity.Service, ctx context.Context) (int, error) {
			res, err := svc.GetDashboardHistory(ctx, &activityv1.GetDashboardHistoryRequest{})
			return len(res.GetHistory().GetWeeks()), err
		}, 12},
	} {
		t.Run(read.name, func(t *testing.T) {
			testdb.Each(t, func(t *testing.T, d *db.Database) {
				now := time.Date(2026, 11, 18, 9, 30, 0, 0, time.UTC)
				counts := map[int]int64{}
				for _, size := range []int{400, 2000} {
					svc, ctx, n := counted(t, d, size, now)
					counts[size] = testdb.Statements(t, n, read.name, func() error {
						got, err := read.call(svc, ctx)
						if err == nil && got != read.want {
							t.Fatalf("%s: %d, want %d", read.name, got, read.want)
						}
						return err
					})
				}
				if counts[400] != 6 || counts[2000] != 6 {
					t.Errorf("statements of %s: %v, want 6", read.name, counts)
				}
			})
		})
	}
}

// Budget (issue 13): the dashboard of a candidate with 5,000 tasks and 5,000 events, p50 under
// 10 ms, over real HTTP. Run with
//
//	go test -run '^$' -bench Dashboard ./services/activity/
func BenchmarkDashboard(b *testing.B) { benchmarkRead(b, "GetDashboard") }

// Budget (issue 22): the 12 weeks of a candidate with 5,000 tasks and 5,000 events, p50 under
// 15 ms, over real HTTP. Run with
//
//	go test -run '^$' -bench DashboardHistory ./services/activity/
func BenchmarkDashboardHistory(b *testing.B) { benchmarkRead(b, "GetDashboardHistory") }

// benchmarkRead measures a read of ActivityService without a request message, over Connect GET.
func benchmarkRead(b *testing.B, rpc string) {
	testserver.EachDialect(b, func(b *testing.B, srv *testserver.Start) {
		alice := srv.SignInAs(b, testserver.TrialCandidate, "bench@exemple.fr")
		seedActivities(b, srv.Client, alice.User.ID, 5000, srv.Clock.Now())
		benchAfresh(b, srv, alice, "/tremplin.activity.v1.ActivityService/"+rpc+"?connect=v1&encoding=json&message=%7B%7D")
	})
}
