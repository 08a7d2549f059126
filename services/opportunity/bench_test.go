package opportunity_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/tremplin/tremplin/ent/application"
	"github.com/tremplin/tremplin/ent/contact"
	opportunityv1 "github.com/tremplin/tremplin/gen/tremplin/opportunity/v1"
	"github.com/tremplin/tremplin/internal/clock"
	"github.com/tremplin/tremplin/internal/db"
	"github.com/tremplin/tremplin/internal/handler"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/testserver"
	"github.com/tremplin/tremplin/services/opportunity"
)

// Budget (issue 11): listing the applications of a candidate with 2,000 applications, p50
// under 15 ms on each dialect, over real HTTP against a whole server. Run with
//
//	go test -run '^$' -bench ListApplications2000 ./services/opportunity/
//
// Each sub-benchmark reports p50-ms and p95-ms (measurements, not assertions).
func BenchmarkListApplications2000(b *testing.B) {
	testserver.EachDialect(b, func(b *testing.B, srv *testserver.Start) {
		w := srv.SignInAs(b, testserver.TrialCandidate, "bench@exemple.fr")
		seedApplications(b, srv.Client, w.User.ID, 2000)
		for name, path := range map[string]string{
			"json-route":          "/api/applications",
			"json-route-searched": "/api/applications?search=societe%20gen&statuses=new&statuses=engaged",
		} {
			b.Run(name, func(b *testing.B) { w.Bench(b, http.MethodGet, path, "") })
		}
		b.Run("json-route-revalidated", func(b *testing.B) { w.BenchRevalidation(b, "/api/applications") })
	})
}

// BenchmarkListApplicationsService2000 is the service's own share: its two statements and the
// building of the answer, without HTTP, authentication or encoding — what a list costs when
// it is not revalidated from memory (the HTTP benchmarks above answer a repeated, unchanged
// list from internal/conditional's kept encoding after the first call).
func BenchmarkListApplicationsService2000(b *testing.B) {
	testdb.Each(b, func(b *testing.B, d *db.Database) {
		u, ctx := testdb.Candidate(b, d.Client)
		seedApplications(b, d.Client, u.ID, 2000)
		svc := &opportunity.Service{Base: handler.Base{Client: d.Client, Clock: clock.Real{}}}
		testdb.Measure(b, func() error {
			res, err := svc.ListApplications(ctx, &opportunityv1.ListApplicationsRequest{})
			if err == nil && len(res.GetApplications()) != 2000 {
				return fmt.Errorf("%d applications listed", len(res.GetApplications()))
			}
			return err
		})
	})
}

// Listing applications costs the same number of statements for 10 as for 300, searched,
// filtered or not: two, the applications then their contacts (a contact's linked applications:
// one more, to check the contact is theirs); an application in full, two as well.
func TestListingCostsAConstantNumberOfStatements(t *testing.T) {
	testdb.Each(t, func(t *testing.T, d *db.Database) {
		counts := map[int]map[string]int64{}
		for _, size := range []int{10, 300} {
			u, ctx := testdb.Candidate(t, d.Client)
			seedApplications(t, d.Client, u.ID, size)
			someone := d.Client.Contact.Query().Where(contact.OwnerID(u.ID)).FirstX(ctx)
			client, n := testdb.CountingClient(d)
			svc := &opportunity.Service{Base: handler.Base{Client: client, Clock: clock.Real{}}}
			calls := map[string]struct {
				req  *opportunityv1.ListApplicationsRequest
				want int
			}{
				"all":        {&opportunityv1.ListApplicationsRequest{}, size},
				"searched":   {&opportunityv1.ListApplicationsRequest{Search: "société gén"}, size},
				"filtered":   {&opportunityv1.ListApplicationsRequest{Statuses: []opportunityv1.ApplicationStatus{stNew, stWin}}, size / 2},
				"by contact": {&opportunityv1.ListApplicationsRequest{ContactId: someone.ID.String()}, -1},
			}
			counts[size] = map[string]int64{}
			for name, call := range calls {
				counts[size][name] = testdb.Statements(t, n, name, func() error {
					res, err := svc.ListApplications(ctx, call.req)
					if err == nil && call.want >= 0 && len(res.GetApplications()) != call.want {
						t.Fatalf("%s: %d listed, want %d", name, len(res.GetApplications()), call.want)
					}
					return err
				})
			}
			linked := d.Client.Application.Query().Where(application.HasContacts()).FirstX(ctx)
			counts[size]["get"] = testdb.Statements(t, n, "get", func() error {
				res, err := svc.GetApplication(ctx, &opportunityv1.GetApplicationRequest{Id: linked.ID.String()})
				if err == nil && len(res.GetApplication().GetContacts()) != 2 {
					t.Fatalf("get: %v", res)
				}
				return err
			})
		}
		for name, small := range counts[10] {
			if large := counts[300][name]; large != small || small == 0 {
				t.Errorf("%s: %d statements for 10 applications, %d for 300", name, small, large)
			}
		}
		for name, want := range map[string]int64{"all": 2, "searched": 2, "filtered": 2, "by contact": 3, "get": 2} {
			if got := counts[300][name]; got != want {
				t.Errorf("%s: %d statements, want %d", name, got, want)
			}
		}
	})
}
