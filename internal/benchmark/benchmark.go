// Package benchmark measures HTTP calls against the budgets of the issues: benchmarks report
// percentiles, the process's CPU time per call and the answer's size. They are measurements,
// never assertions.
package benchmark

import (
	"io"
	"net/http"
	"slices"
	"testing"
	"time"
)

// HTTP sends the request newRequest makes once per iteration (newRequest's own time is not
// counted in the latencies) and reports p50-ms, p95-ms,
// cpu-ms/op (server and client share the process: an upper bound of the server's CPU, which
// on a busy machine tells the cost better than the wall clock) and body-bytes.
func HTTP(b *testing.B, c *http.Client, newRequest func() *http.Request) {
	b.Helper()
	HTTPStatus(b, c, http.StatusOK, newRequest)
}

// HTTPStatus is HTTP for calls answering another status (304 for a revalidation).
func HTTPStatus(b *testing.B, c *http.Client, want int, newRequest func() *http.Request) {
	b.Helper()
	latencies := make([]time.Duration, 0, b.N)
	var size int64
	b.ResetTimer()
	cpuStart := cpuTime()
	for b.Loop() {
		req := newRequest() // made before the clock starts: it may prepare the call (a write)
		start := time.Now()
		res, err := c.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		size, _ = io.Copy(io.Discard, res.Body)
		_ = res.Body.Close()
		if res.StatusCode != want {
			b.Fatalf("status %d", res.StatusCode)
		}
		latencies = append(latencies, time.Since(start))
	}
	b.StopTimer()
	b.ReportMetric(float64((cpuTime()-cpuStart).Microseconds())/1000/float64(len(latencies)), "cpu-ms/op")
	slices.Sort(latencies)
	pick := func(q float64) float64 {
		return float64(latencies[int(q*float64(len(latencies)-1))].Microseconds()) / 1000
	}
	b.ReportMetric(pick(0.50), "p50-ms")
	b.ReportMetric(pick(0.95), "p95-ms")
	b.ReportMetric(float64(size), "body-bytes")
}

// CPUTime is the CPU time this process has used (user and system).
func CPUTime() time.Duration { return cpuTime() }
