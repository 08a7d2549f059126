package opportunity_test

import (
	"sync"
	"testing"

	"connectrpc.com/connect"

	opportunityv1 "github.com/tremplin/tremplin/gen/tremplin/opportunity/v1"
	"github.com/tremplin/tremplin/internal/testserver"
)

// Two reports sent at once (two tabs, a double click) close the application once: one is
// accepted, the other refused as already closed, and the kept outcome is the accepted one's.
func TestTwoReportsAtOnceCloseOnce(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		for round := range 5 {
			a := createApplication(t, srv, alice, draft("Airbus", "Acheteuse"))
			outcomes := []opportunityv1.ApplicationStatus{stWin, stLost}
			errs := make([]error, 2)
			var wg sync.WaitGroup
			for i := range outcomes {
				wg.Add(1)
				go func() {
					defer wg.Done()
					_, errs[i] = oppOf(alice).MarkApplicationAsComplete(bg, &opportunityv1.MarkApplicationAsCompleteRequest{Id: a.GetId(), Status: outcomes[i], Comment: outcomes[i].String()})
				}()
			}
			wg.Wait()
			accepted := -1
			for i, err := range errs {
				switch {
				case err == nil && accepted < 0:
					accepted = i
				case err == nil:
					t.Fatalf("round %d: both reports accepted", round)
				default:
					testserver.WantRefusal(t, "the second report", err, connect.CodeFailedPrecondition, closed)
				}
			}
			if accepted < 0 {
				t.Fatalf("round %d: no report accepted: %v", round, errs)
			}
			if got := getApplication(t, alice, a.GetId()); got.GetStatus() != outcomes[accepted] || got.GetComment() != outcomes[accepted].String() {
				t.Errorf("round %d: kept %v %q, want %v", round, got.GetStatus(), got.GetComment(), outcomes[accepted])
			}
		}
	})
}
