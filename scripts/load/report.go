package main

import (
	"cmp"
	"fmt"
	"io"
	"maps"
	"slices"
	"time"
)

// report is a run's figures: by kind of call, by class, the errors, the servers' memory.
type report struct {
	Label      string  `json:"label"`
	Rate       int     `json:"rate"`
	Seconds    float64 `json:"seconds"`
	Servers    int     `json:"servers"`
	Candidates int     `json:"candidates"`
	Requests   int     `json:"requests"`
	Errors     int     `json:"errors"`
	// Refused are the errors of calls no copy was listening for (never accepted).
	Refused int `json:"refused"`
	// Kinds are the calls by kind; Classes the same grouped (list, get, create…).
	Kinds    []figures      `json:"kinds"`
	Classes  []figures      `json:"classes"`
	ErrorsBy map[string]int `json:"errorsBy,omitempty"`
	Series   []second       `json:"series"`
	// ServerCPUSeconds is the CPU time the servers used during the run, ServerCPUPerCall the
	// same by call, in ms.
	ServerCPUSeconds float64  `json:"serverCpuSeconds"`
	ServerCPUPerCall float64  `json:"serverCpuMsPerCall"`
	Memory           []memory `json:"memory,omitempty"`
}

// figures are one group's calls: how many, how many failed, the answered ones' latencies in
// milliseconds.
type figures struct {
	Name     string `json:"name"`
	Class    string `json:"class,omitempty"`
	Requests int    `json:"requests"`
	Errors   int    `json:"errors"`
	Refused  int    `json:"refused"`
	// SlowestFailure is how long the slowest failed call took to fail, in ms.
	SlowestFailure float64 `json:"slowestFailure"`
	P50            float64 `json:"p50"`
	P95            float64 `json:"p95"`
	P99            float64 `json:"p99"`
	Max            float64 `json:"max"`
}

// memory is a server's resident memory, in MB.
type memory struct {
	PID    string  `json:"pid"`
	RSSMB  float64 `json:"rssMB"`
	PeakMB float64 `json:"peakMB"`
	Error  string  `json:"error,omitempty"`
}

func (r *recorder) report(rate int, took time.Duration) *report {
	r.mu.Lock()
	defer r.mu.Unlock()
	rep := &report{Rate: rate, Seconds: took.Seconds(), ErrorsBy: r.errors}
	classes := map[string]*samples{}
	var all samples
	for i := range mix {
		k := &mix[i]
		s := r.byKind[k]
		if s == nil {
			continue
		}
		rep.Kinds = append(rep.Kinds, summarize(k.name, k.class, s))
		c := classes[k.class]
		if c == nil {
			c = &samples{}
			classes[k.class] = c
		}
		for _, into := range []*samples{c, &all} {
			into.ok = append(into.ok, s.ok...)
			into.errors += s.errors
			into.refused += s.refused
			into.failedIn = max(into.failedIn, s.failedIn)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(classes)) {
		rep.Classes = append(rep.Classes, summarize(name, "", classes[name]))
	}
	total := summarize("all", "", &all)
	rep.Classes = append(rep.Classes, total)
	rep.Requests, rep.Errors, rep.Refused = total.Requests, total.Errors, total.Refused
	last := 0
	for sec := range r.series {
		last = max(last, sec)
	}
	rep.Series = make([]second, last+1)
	for sec, s := range r.series {
		rep.Series[sec] = *s
	}
	return rep
}

func summarize(name, class string, s *samples) figures {
	f := figures{Name: name, Class: class, Requests: len(s.ok) + s.errors, Errors: s.errors, Refused: s.refused,
		SlowestFailure: float64(s.failedIn.Microseconds()) / 1000}
	if len(s.ok) == 0 {
		return f
	}
	slices.Sort(s.ok)
	at := func(q float64) float64 {
		i := int(q*float64(len(s.ok))+0.5) - 1 // nearest rank
		i = max(0, min(i, len(s.ok)-1))
		return float64(s.ok[i].Microseconds()) / 1000
	}
	f.P50, f.P95, f.P99, f.Max = at(0.50), at(0.95), at(0.99), at(1)
	return f
}

func (rep *report) print(w io.Writer) {
	fmt.Fprintf(w, "%s: %d calls due at %d/s over %.1f s to %d server(s), %d candidates; %d errors (%d refused: no server listening)\n",
		cmp.Or(rep.Label, "run"), rep.Requests, rep.Rate, rep.Seconds, rep.Servers, rep.Candidates, rep.Errors, rep.Refused)
	fmt.Fprintf(w, "%-44s %8s %7s %9s %9s %9s %9s %12s\n", "calls (ms from the moment due)", "requests", "errors", "p50", "p95", "p99", "max", "failed in ≤")
	for _, group := range [][]figures{rep.Kinds, rep.Classes} {
		for _, f := range group {
			failed := "-"
			if f.Errors > 0 {
				failed = fmt.Sprintf("%.0f", f.SlowestFailure)
			}
			fmt.Fprintf(w, "%-44s %8d %7d %9.2f %9.2f %9.2f %9.2f %12s\n", f.Name, f.Requests, f.Errors, f.P50, f.P95, f.P99, f.Max, failed)
		}
		fmt.Fprintln(w)
	}
	if len(rep.ErrorsBy) > 0 {
		fmt.Fprintln(w, "errors:")
		keys := slices.SortedFunc(maps.Keys(rep.ErrorsBy), func(a, b string) int { return rep.ErrorsBy[b] - rep.ErrorsBy[a] })
		for i, k := range keys {
			if i == 10 {
				fmt.Fprintf(w, "  … and %d other kinds\n", len(keys)-10)
				break
			}
			fmt.Fprintf(w, "  %6d × %s\n", rep.ErrorsBy[k], k)
		}
	}
	if rep.ServerCPUSeconds > 0 {
		fmt.Fprintf(w, "server CPU: %.1f s over the run, %.2f ms a call (%.2f cores on average)\n",
			rep.ServerCPUSeconds, rep.ServerCPUPerCall, rep.ServerCPUSeconds/rep.Seconds)
	}
	for _, m := range rep.Memory {
		if m.Error != "" {
			fmt.Fprintf(w, "server %s: %s\n", m.PID, m.Error)
			continue
		}
		fmt.Fprintf(w, "server %s: RSS %.1f MB now, %.1f MB at its peak\n", m.PID, m.RSSMB, m.PeakMB)
	}
}
