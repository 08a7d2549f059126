package opportunity_test

import (
	"context"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/tremplin/tremplin/ent/user"
	opportunityv1 "github.com/tremplin/tremplin/gen/tremplin/opportunity/v1"
	"github.com/tremplin/tremplin/internal/benchmark"
	"github.com/tremplin/tremplin/internal/clock"
	"github.com/tremplin/tremplin/internal/handler"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/testserver"
	"github.com/tremplin/tremplin/internal/viewer"
	"github.com/tremplin/tremplin/services/opportunity"
)

// Budget (issue 11): listing the applications of a candidate with 2,000 applications, p50
// under 15 ms on each dialect, over real HTTP against a whole server. Run with
//
//	go test -run '^$' -bench ListApplications2000 ./services/opportunity/
//
// Each sub-benchmark reports p50-ms and p95-ms (measurements, not assertions).
func BenchmarkListApplications2000(b *testing.B) {
	for _, dia := range testdb.Dialects() {
		b.Run(string(dia), func(b *testing.B) {
			srv := testserver.New(b, dia)
			w := srv.SignInAs(b, testserver.TrialCandidate, "bench@exemple.fr")
			seedApplications(b, srv.Client, w.User.ID, 2000)
			for name, path := range map[string]string{
				"json-route":          "/api/applications",
				"json-route-searched": "/api/applications?search=societe%20gen&statuses=new&statuses=engaged",
			} {
				b.Run(name, func(b *testing.B) {
					benchmark.HTTP(b, w.HTTP, func() *http.Request {
						req, _ := http.NewRequest(http.MethodGet, srv.URL+path, nil)
						return req
					})
				})
			}
			b.Run("json-route-revalidated", func(b *testing.B) {
				res, err := w.HTTP.Get(srv.URL + "/api/applications")
				if err != nil {
					b.Fatal(err)
				}
				res.Body.Close()
				etag := res.Header.Get("ETag")
				benchmark.HTTPStatus(b, w.HTTP, http.StatusNotModified, func() *http.Request {
					req, _ := http.NewRequest(http.MethodGet, srv.URL+"/api/applications", nil)
					req.Header.Set("If-None-Match", etag)
					return req
				})
			})
		})
	}
}

// BenchmarkListApplicationsService2000 is the service's own share: its two statements and the
// building of the answer, without HTTP, authentication or encoding — what a list costs when
// it is not revalidated from memory (the HTTP benchmarks above answer a repeated, unchanged
// list from internal/conditional's kept encoding after the first call).
func BenchmarkListApplicationsService2000(b *testing.B) {
	for _, dia := range testdb.Dialects() {
		b.Run(string(dia), func(b *testing.B) {
			d := testdb.New(b, dia)
			u := d.Client.User.Create().SetEmail("bench@exemple.fr").SetRole(user.RoleCandidate).SaveX(viewer.SystemContext(context.Background()))
			seedApplications(b, d.Client, u.ID, 2000)
			ctx := viewer.NewContext(context.Background(), &viewer.Viewer{UserID: u.ID, Role: viewer.RoleCandidate, Premium: true})
			svc := &opportunity.Service{Base: handler.Base{Client: d.Client, Clock: clock.Real{}}}
			b.ReportAllocs()
			var took []time.Duration
			cpu := benchmark.CPUTime()
			for b.Loop() {
				start := time.Now()
				res, err := svc.ListApplications(ctx, &opportunityv1.ListApplicationsRequest{})
				if err != nil || len(res.GetApplications()) != 2000 {
					b.Fatal(err)
				}
				took = append(took, time.Since(start))
			}
			b.ReportMetric(float64((benchmark.CPUTime()-cpu).Microseconds())/1000/float64(len(took)), "cpu-ms/op")
			slices.Sort(took)
			b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
		})
	}
}
