package server_test

import (
	"net/http"
	"runtime"
	"runtime/metrics"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/tremplin/tremplin/internal/benchmark"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/testserver"
)

// BenchmarkBombs fires four gzip bombs at once (each 6 MB on the wire, 6 GiB inflated) at
// CreateContact, per protocol — anonymous, with a made-up session cookie, and signed in — and
// reports the medians over the
// iterations of the process's CPU time (server and client share it: an upper bound of the
// server's), of the bytes allocated and of the heap's peak, for the four. A measurement, never
// an assertion:
//
//	go test -run '^$' -bench Bombs -benchtime 5x ./internal/server
func BenchmarkBombs(b *testing.B) {
	srv := testserver.New(b, testdb.SQLite)
	alice := sessionCookies(b, srv, srv.SignInAs(b, testserver.TrialCandidate, "alice@exemple.fr"))
	big := bomb(b, bigBombInflated)
	for _, caller := range []struct {
		name    string
		cookies []*http.Cookie
	}{
		{"anonymous", nil},
		{"made-up-cookie", []*http.Cookie{{Name: "tremplin_session", Value: "invente"}}},
		{"signed-in", alice},
	} {
		for _, w := range []wire{connectUnary, grpcWire, grpcWeb} {
			body := w.body(big)
			b.Run(caller.name+"/"+w.name, func(b *testing.B) {
				fourAtOnce(b, func() outcome { return w.send(b, srv, createContact, body, caller.cookies) })
			})
		}
		b.Run(caller.name+"/api", func(b *testing.B) {
			fourAtOnce(b, func() outcome { return apiCall(b, srv, "/api/contact", big, caller.cookies) })
		})
	}
	// Health had no cap at all: a bomb was inflated whole into memory. 64 MiB here (64 KB on
	// the wire), not 6 GiB: four of those would take 24 GiB before the change.
	medium := grpcWire.body(bomb(b, 64<<20))
	b.Run("anonymous/grpc-health-64MiB", func(b *testing.B) {
		fourAtOnce(b, func() outcome { return grpcWire.send(b, srv, healthCheck, medium, nil) })
	})
}

// fourAtOnce runs call four times in parallel per iteration, pools emptied first, and reports
// per four calls the medians of the CPU time, of the bytes allocated and of the heap's peak
// above where it stood (sampled every half millisecond), and the last outcome.
func fourAtOnce(b *testing.B, call func() outcome) {
	b.Helper()
	var cpu, alloc, peak []float64
	var last outcome
	var mu sync.Mutex
	for b.Loop() {
		// Every iteration cold: two collections empty the pools (sync.Pool keeps a victim
		// generation), so what a burst holds is allocated, and measured, every time.
		b.StopTimer()
		runtime.GC()
		runtime.GC()
		b.StartTimer()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		base := heapObjects()
		stop, sampled := sampleHeapPeak()
		start := benchmark.CPUTime()
		var wg sync.WaitGroup
		for range 4 {
			wg.Go(func() {
				got := call()
				mu.Lock()
				last = got
				mu.Unlock()
			})
		}
		wg.Wait()
		cpu = append(cpu, float64((benchmark.CPUTime()-start).Microseconds())/1000)
		close(stop)
		peak = append(peak, float64(max(<-sampled, base)-base)/1e6)
		runtime.ReadMemStats(&after)
		alloc = append(alloc, float64(after.TotalAlloc-before.TotalAlloc)/1e6)
	}
	b.ReportMetric(median(cpu), "cpu-ms/4-bombs")
	b.ReportMetric(median(alloc), "alloc-MB/4-bombs")
	b.ReportMetric(median(peak), "peak-heap-MB/4-bombs")
	b.Logf("%s: %s (HTTP %d) %q; cpu-ms %v alloc-MB %v peak-MB %v", b.Name(), last.code, last.status, last.message, cpu, alloc, peak)
}

// heapObjects is the bytes of heap objects, live or not yet collected.
func heapObjects() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// sampleHeapPeak samples heapObjects until stop is closed, then sends the highest.
func sampleHeapPeak() (stop chan struct{}, peak chan uint64) {
	stop, peak = make(chan struct{}), make(chan uint64, 1)
	go func() {
		highest := heapObjects()
		tick := time.NewTicker(500 * time.Microsecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				peak <- max(highest, heapObjects())
				return
			case <-tick.C:
				highest = max(highest, heapObjects())
			}
		}
	}()
	return stop, peak
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
