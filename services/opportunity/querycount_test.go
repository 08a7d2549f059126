package opportunity_test

import (
	"context"
	"testing"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent/application"
	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/ent/user"
	opportunityv1 "github.com/tremplin/tremplin/gen/tremplin/opportunity/v1"
	"github.com/tremplin/tremplin/internal/clock"
	"github.com/tremplin/tremplin/internal/db"
	"github.com/tremplin/tremplin/internal/handler"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/viewer"
	"github.com/tremplin/tremplin/services/opportunity"
)

// Listing applications costs the same number of statements for 10 as for 300, searched,
// filtered or not: two, the applications then their contacts (a contact's linked applications:
// one more, to check the contact is theirs); an application in full, two as well.
func TestListingCostsAConstantNumberOfStatements(t *testing.T) {
	testdb.Each(t, func(t *testing.T, d *db.Database) {
		counts := map[int]map[string]int64{}
		for _, size := range []int{10, 300} {
			u := d.Client.User.Create().SetEmail(uuid.NewString() + "@exemple.fr").SetRole(user.RoleCandidate).
				SaveX(viewer.SystemContext(context.Background()))
			seedApplications(t, d.Client, u.ID, size)
			ctx := viewer.NewContext(context.Background(), &viewer.Viewer{UserID: u.ID, Role: viewer.RoleCandidate, Premium: true})
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
				n.Store(0)
				res, err := svc.ListApplications(ctx, call.req)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if call.want >= 0 && len(res.GetApplications()) != call.want {
					t.Fatalf("%s: %d listed, want %d", name, len(res.GetApplications()), call.want)
				}
				counts[size][name] = n.Load()
			}
			linked := d.Client.Application.Query().Where(application.HasContacts()).FirstX(ctx)
			n.Store(0)
			res, err := svc.GetApplication(ctx, &opportunityv1.GetApplicationRequest{Id: linked.ID.String()})
			if err != nil || len(res.GetApplication().GetContacts()) != 2 {
				t.Fatalf("get: %v %v", res, err)
			}
			counts[size]["get"] = n.Load()
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
