package agency_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/user"
	agencyv1 "github.com/tremplin/tremplin/gen/tremplin/agency/v1"
	"github.com/tremplin/tremplin/internal/clock"
	"github.com/tremplin/tremplin/internal/db"
	"github.com/tremplin/tremplin/internal/handler"
	"github.com/tremplin/tremplin/internal/licenses"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/viewer"
	"github.com/tremplin/tremplin/services/agency"
)

// The lists of the candidates and agencies screens cost the same number of statements for 5
// agencies of 10 candidates and for 20 of 60: the statuses, counts and admins are not read one
// by one.
func TestListsCostAConstantNumberOfStatements(t *testing.T) {
	testdb.Each(t, func(t *testing.T, d *db.Database) {
		now := time.Date(2026, 11, 18, 9, 30, 0, 0, time.UTC)
		counts := map[int]map[string]int64{}
		for _, size := range []struct{ agencies, candidates int }{{5, 10}, {20, 60}} {
			var first *ent.Agency
			for a := range size.agencies {
				ag := d.Client.Agency.Create().SetName(fmt.Sprintf("Agence %d-%d", size.agencies, a)).SetEmail("a@a.fr").
					SetNumTotalLicenses(size.candidates).SaveX(sys)
				if first == nil {
					first = ag
				}
				d.Client.User.Create().SetRole(user.RoleAgencyAdmin).SetAgencyID(ag.ID).
					SetEmail(fmt.Sprintf("admin-%d-%d@a.fr", size.agencies, a)).ExecX(sys)
				for c := range size.candidates {
					u := d.Client.User.Create().SetRole(user.RoleCandidate).SetAgencyID(ag.ID).
						SetEmail(fmt.Sprintf("c-%d-%d-%d@a.fr", size.agencies, a, c)).SaveX(sys)
					if c%2 == 0 {
						if _, err := licenses.Allocate(sys, d.Client, ag.ID, u.ID, now); err != nil {
							t.Fatal(err)
						}
					}
				}
			}
			client, n := testdb.CountingClient(d)
			svc := &agency.Service{Base: handler.Base{Client: client, Clock: clock.NewFake(now)}}
			admin := viewer.NewContext(context.Background(), &viewer.Viewer{Role: viewer.RoleAdmin})
			boss := viewer.NewContext(context.Background(), &viewer.Viewer{Role: viewer.RoleAgencyAdmin, AgencyID: first.ID})
			calls := map[string]func() (int, error){
				"ListAgencies": func() (int, error) {
					res, err := svc.ListAgencies(admin, &agencyv1.ListAgenciesRequest{})
					return len(res.GetAgencies()), err
				},
				"ListCandidates as admin": func() (int, error) {
					res, err := svc.ListCandidates(admin, &agencyv1.ListCandidatesRequest{Search: "a"})
					return len(res.GetCandidates()), err
				},
				"ListCandidates as agency admin": func() (int, error) {
					res, err := svc.ListCandidates(boss, &agencyv1.ListCandidatesRequest{})
					return len(res.GetCandidates()), err
				},
				"GetAgency": func() (int, error) {
					res, err := svc.GetAgency(boss, &agencyv1.GetAgencyRequest{Id: first.ID.String()})
					return int(res.GetAgency().GetNumPendingLicenses()), err
				},
			}
			counts[size.agencies] = map[string]int64{}
			for name, call := range calls {
				counts[size.agencies][name] = testdb.Statements(t, n, name, func() error {
					got, err := call()
					if err == nil && got == 0 {
						t.Fatalf("%s: nothing answered", name)
					}
					return err
				})
			}
		}
		for name, small := range counts[5] {
			if large := counts[20][name]; large != small {
				t.Errorf("%s: %d statements for 5 agencies, %d for 20", name, small, large)
			}
		}
		t.Logf("statements: %v", counts[5])
	})
}
