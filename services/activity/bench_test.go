package activity_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"sync/atomic"
	"testing"
	"time"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"
	"github.com/google/uuid"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/event"
	"github.com/tremplin/tremplin/ent/task"
	"github.com/tremplin/tremplin/ent/user"
	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	"github.com/tremplin/tremplin/internal/authn"
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

// The week's list costs the same statements whatever the number of activities.
func TestListingActivitiesCostsAConstantNumberOfStatements(t *testing.T) {
	testdb.Each(t, func(t *testing.T, d *db.Database) {
		now := time.Date(2026, 11, 18, 9, 30, 0, 0, time.UTC)
		week := &commonv1.DateRange{StartDate: timestamppb.New(now.AddDate(0, 0, -2)), EndDate: timestamppb.New(now.AddDate(0, 0, 5))}
		counts := map[int][2]int64{}
		for _, size := range []int{400, 2000} {
			u := d.Client.User.Create().SetEmail(uuid.NewString() + "@exemple.fr").SetRole(user.RoleCandidate).SaveX(viewer.SystemContext(context.Background()))
			seedActivities(t, d.Client, u.ID, size, now)
			ctx := authn.WithUser(viewer.NewContext(context.Background(), &viewer.Viewer{UserID: u.ID, Role: viewer.RoleCandidate, Premium: true}), u)
			var n atomic.Int64
			drv := dialect.DebugWithContext(entsql.OpenDB(d.Dialect, d.SQL), func(context.Context, ...any) { n.Add(1) })
			svc := &activity.Service{Base: handler.Base{Client: ent.NewClient(ent.Driver(drv)), Clock: clock.NewFake(now)}}
			if _, err := svc.ListTasks(ctx, &activityv1.ListTasksRequest{Range: week}); err != nil {
				t.Fatal(err)
			}
			tasksN := n.Swap(0)
			if _, err := svc.ListEvents(ctx, &activityv1.ListEventsRequest{Range: week, Search: "prenom"}); err != nil {
				t.Fatal(err)
			}
			counts[size] = [2]int64{tasksN, n.Load()}
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
	for _, dia := range testdb.Dialects() {
		b.Run(string(dia), func(b *testing.B) {
			srv := testserver.New(b, dia)
			alice := srv.SignInAs(b, testserver.TrialCandidate, "bench@exemple.fr")
			now := srv.Clock.Now()
			seedActivities(b, srv.Client, alice.User.ID, 5000, now)
			week, _ := protojson.Marshal(&activityv1.ListTasksRequest{Range: &commonv1.DateRange{
				StartDate: timestamppb.New(now.AddDate(0, 0, -2)), EndDate: timestamppb.New(now.AddDate(0, 0, 5))}})
			for _, rpc := range []string{"ListTasks", "ListEvents"} {
				target := srv.URL + "/tremplin.activity.v1.ActivityService/" + rpc + "?connect=v1&encoding=json&message=" + url.QueryEscape(string(week))
				b.Run(rpc, func(b *testing.B) {
					benchmark.HTTP(b, alice.HTTP, func() *http.Request {
						// A new query string each time: the server's kept answer is not used.
						req, _ := http.NewRequest(http.MethodGet, target+"&n="+uuid.NewString(), nil)
						return req
					})
				})
				b.Run(rpc+"-revalidated", func(b *testing.B) {
					res, err := alice.HTTP.Get(target)
					if err != nil {
						b.Fatal(err)
					}
					res.Body.Close()
					benchmark.HTTPStatus(b, alice.HTTP, http.StatusNotModified, func() *http.Request {
						req, _ := http.NewRequest(http.MethodGet, target, nil)
						req.Header.Set("If-None-Match", res.Header.Get("ETag"))
						return req
					})
				})
			}
		})
	}
}

// The dashboard costs six statements whatever the volume: four aggregates, the coming events,
// the thresholds.
func TestDashboardCostsAFewStatements(t *testing.T) {
	testdb.Each(t, func(t *testing.T, d *db.Database) {
		now := time.Date(2026, 11, 18, 9, 30, 0, 0, time.UTC)
		counts := map[int]int64{}
		for _, size := range []int{400, 2000} {
			u := d.Client.User.Create().SetEmail(uuid.NewString() + "@exemple.fr").SetRole(user.RoleCandidate).SaveX(viewer.SystemContext(context.Background()))
			seedActivities(t, d.Client, u.ID, size, now)
			ctx := authn.WithUser(viewer.NewContext(context.Background(), &viewer.Viewer{UserID: u.ID, Role: viewer.RoleCandidate, Premium: true}), u)
			var n atomic.Int64
			drv := dialect.DebugWithContext(entsql.OpenDB(d.Dialect, d.SQL), func(context.Context, ...any) { n.Add(1) })
			svc := &activity.Service{Base: handler.Base{Client: ent.NewClient(ent.Driver(drv)), Clock: clock.NewFake(now)}}
			res, err := svc.GetDashboard(ctx, &activityv1.GetDashboardRequest{})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.GetUpcomingEvents()) != 3 {
				t.Fatalf("%d upcoming events", len(res.GetUpcomingEvents()))
			}
			counts[size] = n.Load()
		}
		if counts[400] != 6 || counts[2000] != 6 {
			t.Errorf("statements of the dashboard: %v, want 6", counts)
		}
	})
}

// Budget (issue 13): the dashboard of a candidate with 5,000 tasks and 5,000 events, p50 under
// 10 ms, over real HTTP. Run with
//
//	go test -run '^$' -bench Dashboard ./services/activity/
func BenchmarkDashboard(b *testing.B) {
	for _, dia := range testdb.Dialects() {
		b.Run(string(dia), func(b *testing.B) {
			srv := testserver.New(b, dia)
			alice := srv.SignInAs(b, testserver.TrialCandidate, "bench@exemple.fr")
			seedActivities(b, srv.Client, alice.User.ID, 5000, srv.Clock.Now())
			target := srv.URL + "/tremplin.activity.v1.ActivityService/GetDashboard?connect=v1&encoding=json&message=%7B%7D"
			benchmark.HTTP(b, alice.HTTP, func() *http.Request {
				req, _ := http.NewRequest(http.MethodGet, target+"&n="+uuid.NewString(), nil)
				return req
			})
		})
	}
}

// The 12 weeks cost six statements whatever the volume: one aggregate per table grouped by
// week (applications twice, engaged and created) and the thresholds — not one per week.
func TestDashboardHistoryCostsAFewStatements(t *testing.T) {
	testdb.Each(t, func(t *testing.T, d *db.Database) {
		now := time.Date(2026, 11, 18, 9, 30, 0, 0, time.UTC)
		counts := map[int]int64{}
		for _, size := range []int{400, 2000} {
			u := d.Client.User.Create().SetEmail(uuid.NewString() + "@exemple.fr").SetRole(user.RoleCandidate).SaveX(viewer.SystemContext(context.Background()))
			seedActivities(t, d.Client, u.ID, size, now)
			ctx := authn.WithUser(viewer.NewContext(context.Background(), &viewer.Viewer{UserID: u.ID, Role: viewer.RoleCandidate, Premium: true}), u)
			var n atomic.Int64
			drv := dialect.DebugWithContext(entsql.OpenDB(d.Dialect, d.SQL), func(context.Context, ...any) { n.Add(1) })
			svc := &activity.Service{Base: handler.Base{Client: ent.NewClient(ent.Driver(drv)), Clock: clock.NewFake(now)}}
			res, err := svc.GetDashboardHistory(ctx, &activityv1.GetDashboardHistoryRequest{})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.GetHistory().GetWeeks()) != 12 {
				t.Fatalf("%d weeks", len(res.GetHistory().GetWeeks()))
			}
			counts[size] = n.Load()
		}
		if counts[400] != 6 || counts[2000] != 6 {
			t.Errorf("statements of the history: %v, want 6", counts)
		}
	})
}

// Budget (issue 22): the 12 weeks of a candidate with 5,000 tasks and 5,000 events, p50 under
// 15 ms, over real HTTP. Run with
//
//	go test -run '^$' -bench DashboardHistory ./services/activity/
func BenchmarkDashboardHistory(b *testing.B) {
	for _, dia := range testdb.Dialects() {
		b.Run(string(dia), func(b *testing.B) {
			srv := testserver.New(b, dia)
			alice := srv.SignInAs(b, testserver.TrialCandidate, "bench@exemple.fr")
			seedActivities(b, srv.Client, alice.User.ID, 5000, srv.Clock.Now())
			target := srv.URL + "/tremplin.activity.v1.ActivityService/GetDashboardHistory?connect=v1&encoding=json&message=%7B%7D"
			benchmark.HTTP(b, alice.HTTP, func() *http.Request {
				req, _ := http.NewRequest(http.MethodGet, target+"&n="+uuid.NewString(), nil)
				return req
			})
		})
	}
}
