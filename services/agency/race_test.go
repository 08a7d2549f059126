package agency_test

import (
	"fmt"
	"sync"
	"testing"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/license"
	"github.com/tremplin/tremplin/ent/licensebatch"
	"github.com/tremplin/tremplin/ent/user"
	agencyv1 "github.com/tremplin/tremplin/gen/tremplin/agency/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/testserver"
)

// outcomes tallies the answers of concurrent calls: successes and refusals by reason.
type outcomes struct {
	mu  sync.Mutex
	got map[string]int
}

func (o *outcomes) add(err error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.got == nil {
		o.got = map[string]int{}
	}
	key := "ok"
	if err != nil {
		key = apierr.ReasonOf(err)
		if key == "" {
			key = err.Error()
		}
	}
	o.got[key]++
}

// parallel runs n calls at once (they all wait for the same start) and tallies them.
func parallel(n int, call func(i int) error) map[string]int {
	var (
		o     outcomes
		start = make(chan struct{})
		wg    sync.WaitGroup
	)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			o.add(call(i))
		}()
	}
	close(start)
	wg.Wait()
	return o.got
}

// 200 allocations at once against 50 remaining licences: exactly 50 succeed, the others are
// refused as « no licence left », and the pool says 50 allocated — three rounds, on each
// dialect, under the race detector with make test.
func TestParallelAllocationsNeverOverdrawThePool(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		for round := range 3 {
			email := fmt.Sprintf("agence%d@horizon.fr", round)
			ag, boss := agencyRunBy(t, srv, email, 50)
			creates := make([]*ent.UserCreate, 200)
			for i := range creates {
				creates[i] = srv.Client.User.Create().SetRole(user.RoleCandidate).SetAgencyID(ag.ID).
					SetEmail(fmt.Sprintf("c%d-%d@exemple.fr", round, i))
			}
			people := srv.Client.User.CreateBulk(creates...).SaveX(sys)

			got := parallel(len(people), func(i int) error {
				_, err := agencyOf(boss).AllocateLicenseToCandidate(bg, &agencyv1.AllocateLicenseToCandidateRequest{
					Id: ag.ID.String(), CandidateId: people[i].ID.String()})
				return err
			})
			if got["ok"] != 50 || got["NO_LICENSE_AVAILABLE"] != 150 || len(got) != 2 {
				t.Errorf("round %d: outcomes %v, want 50 ok and 150 NO_LICENSE_AVAILABLE", round, got)
			}
			if n := srv.Client.License.Query().Where(license.AgencyID(ag.ID)).CountX(sys); n != 50 {
				t.Errorf("round %d: %d licences held, want 50", round, n)
			}
			if n := allocatedOf(t, srv, ag.ID); n != 50 {
				t.Errorf("round %d: %d allocated, want 50", round, n)
			}
			wantCounts(t, fmt.Sprint("round ", round), boss, ag.ID, counts{50, 0, 50, 0})
		}
	})
}

// One candidate given a licence by 20 requests at once gets one, and the pool gives one.
func TestParallelAllocationsToOneCandidateTakeOneLicence(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		ag, boss := agencyRunBy(t, srv, "agence@horizon.fr", 0)
		admin := srv.SignInAs(t, testserver.Admin, "admin@tremplin.fr")
		c := createCandidate(t, boss, ag.ID, "seul@exemple.fr", "Sol", "Seul")
		if _, err := agencyOf(admin).AllocateLicenses(bg, &agencyv1.AllocateLicensesRequest{Id: ag.ID.String(), NumLicensesToAllocate: 10}); err != nil {
			t.Fatal(err)
		}
		got := parallel(20, func(int) error {
			_, err := agencyOf(boss).AllocateLicenseToCandidate(bg, &agencyv1.AllocateLicenseToCandidateRequest{Id: ag.ID.String(), CandidateId: c.GetId()})
			return err
		})
		if got["ok"] != 1 || got["LICENSE_STATE"] != 19 {
			t.Errorf("outcomes %v, want 1 ok and 19 LICENSE_STATE", got)
		}
		wantCounts(t, "one licence given", boss, ag.ID, counts{10, 0, 1, 9})
	})
}

// The same licence request sent 20 times at once adds its licences once.
func TestParallelRetriesOfALicenceRequestAddOnce(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		admin := srv.SignInAs(t, testserver.Admin, "admin@tremplin.fr")
		ag := srv.CreateAgency(t, "Agence Pool", 0)
		key := uuid.NewString()
		got := parallel(20, func(int) error {
			res, err := agencyOf(admin).AllocateLicenses(bg, &agencyv1.AllocateLicensesRequest{Id: ag.ID.String(), NumLicensesToAllocate: 5, IdempotencyKey: key})
			if err == nil && res.GetAgency().GetNumTotalLicenses() != 5 {
				return fmt.Errorf("answered %d licences", res.GetAgency().GetNumTotalLicenses())
			}
			return err
		})
		if got["ok"] != 20 {
			t.Errorf("outcomes %v, want 20 ok", got)
		}
		wantCounts(t, "added once", admin, ag.ID, counts{5, 0, 0, 5})
		if n := srv.Client.LicenseBatch.Query().Where(licensebatch.AgencyID(ag.ID)).CountX(sys); n != 1 {
			t.Errorf("%d batches stored, want 1", n)
		}
	})
}
