package testdb

import (
	"context"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/internal/authn"
	"github.com/tremplin/tremplin/internal/benchmark"
	"github.com/tremplin/tremplin/internal/viewer"
)

// Candidate creates a candidate straight in the database and answers them with the context of a
// request of theirs as a service's handlers receive it (their viewer, with premium, and their
// account, as authentication leaves them): for calling the handlers without a server (counts of
// statements, the services' own share in benchmarks).
func Candidate(t testing.TB, client *ent.Client) (*ent.User, context.Context) {
	t.Helper()
	u, err := client.User.Create().SetEmail(uuid.NewString() + "@exemple.fr").SetRole(user.RoleCandidate).
		Save(viewer.SystemContext(context.Background()))
	if err != nil {
		t.Fatal(err)
	}
	ctx := viewer.NewContext(context.Background(), &viewer.Viewer{UserID: u.ID, Role: viewer.RoleCandidate, Premium: true})
	return u, authn.WithUser(ctx, u)
}

// Statements runs call and answers how many statements it ran on the client counted by n (see
// CountingClient), failing the test, naming what, on its error.
func Statements(t testing.TB, n *atomic.Int64, what string, call func() error) int64 {
	t.Helper()
	n.Store(0)
	if err := call(); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return n.Load()
}

// Measure runs call — a handler called without a server — once per iteration of the benchmark
// and reports its allocations, the process's CPU time per call (cpu-ms/op) and the median
// latency (p50-ms); it stops the benchmark on call's error.
func Measure(b *testing.B, call func() error) {
	b.Helper()
	b.ReportAllocs()
	var took []time.Duration
	cpu := benchmark.CPUTime()
	for b.Loop() {
		start := time.Now()
		if err := call(); err != nil {
			b.Fatal(err)
		}
		took = append(took, time.Since(start))
	}
	b.ReportMetric(float64((benchmark.CPUTime()-cpu).Microseconds())/1000/float64(len(took)), "cpu-ms/op")
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
}
