package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

type runOptions struct {
	bases, statePath, out, acked, label, pids string
	rate                                      int
	duration, timeout                         time.Duration
	maxInFlight                               int
}

func runCommand(args []string) error {
	var o runOptions
	f := flag.NewFlagSet("run", flag.ContinueOnError)
	f.StringVar(&o.bases, "base", "", "the server's URL; several, comma-separated, are called in turn (a round-robin that skips a copy whose /healthz is not 200, checked every 100 ms)")
	f.StringVar(&o.statePath, "state", "", "what seed made")
	f.IntVar(&o.rate, "rate", 500, "calls a second, started on time whatever the answers (open loop)")
	f.DurationVar(&o.duration, "duration", 60*time.Second, "how long to send")
	f.DurationVar(&o.timeout, "timeout", 10*time.Second, "a call not answered within this is an error")
	f.IntVar(&o.maxInFlight, "max-in-flight", 5000, "calls waiting at once beyond which a call is not sent (counted as an error)")
	f.StringVar(&o.pids, "pids", "", "the servers' process ids, comma-separated: their resident memory is read at the end")
	f.StringVar(&o.out, "out", "", "write the report as JSON there")
	f.StringVar(&o.acked, "acked", "", "write the writes the servers acknowledged there (JSON), for verify")
	f.StringVar(&o.label, "label", "", "names the run in the report")
	if err := f.Parse(args); err != nil {
		return err
	}
	if o.bases == "" || o.statePath == "" {
		return errors.New("run needs -base and -state")
	}
	st, err := readState(o.statePath)
	if err != nil {
		return err
	}
	hc := newHTTPClient(o.timeout)
	var servers []*server
	for _, b := range strings.Split(o.bases, ",") {
		servers = append(servers, newServer(b, hc))
	}
	p := newPool(servers)
	if len(servers) > 1 {
		watching, stop := context.WithCancel(context.Background())
		defer stop()
		go p.watch(watching, 100*time.Millisecond)
	}
	cands := make([]*live, len(st.Candidates))
	for i, c := range st.Candidates {
		cands[i] = &live{candidate: c}
	}
	var pids []string
	for _, pid := range strings.Split(o.pids, ",") {
		if pid = strings.TrimSpace(pid); pid != "" {
			pids = append(pids, pid)
		}
	}
	cpuBefore := cpuSeconds(pids)
	rep := run(p, cands, o)
	if cpuBefore >= 0 && len(pids) > 0 {
		rep.ServerCPUSeconds = cpuSeconds(pids) - cpuBefore
		rep.ServerCPUPerCall = rep.ServerCPUSeconds * 1000 / float64(rep.Requests)
	}
	rep.Label = o.label
	rep.Servers = len(p.servers)
	rep.Candidates = len(cands)
	for _, pid := range pids {
		rep.Memory = append(rep.Memory, readMemory(pid))
	}
	rep.print(os.Stdout)
	// The next run starts from what this one left: the tasks it completed are no longer open.
	if err := writeJSON(o.statePath, st); err != nil {
		return err
	}
	if o.out != "" {
		if err := writeJSON(o.out, rep); err != nil {
			return err
		}
	}
	if o.acked != "" {
		all := map[string]acked{}
		for _, c := range cands {
			all[c.Email] = c.acked
		}
		if err := writeJSON(o.acked, all); err != nil {
			return err
		}
	}
	return nil
}

// run sends the mix at o.rate for o.duration: call i starts at start + i/rate, each in its
// own goroutine, so a slow answer never delays the calls after it (an open loop: what
// a crowd of browsers does). A call's latency counts from the moment it was due, not from
// when it went out: if the generator itself falls behind, that shows in the figures rather
// than hiding the server's queue.
func run(p *pool, cands []*live, o runOptions) *report {
	rec := newRecorder()
	interval := time.Second / time.Duration(o.rate)
	total := int(o.duration / interval)
	var inFlight atomic.Int64
	var wg sync.WaitGroup
	ctx := context.Background()
	start := time.Now()
	rec.start = start
	for i := range total {
		due := start.Add(time.Duration(i) * interval)
		if wait := time.Until(due); wait > 0 {
			time.Sleep(wait)
		}
		k := pickKind()
		c := cands[rand.IntN(len(cands))]
		if inFlight.Load() >= int64(o.maxInFlight) {
			rec.add(k, due, time.Since(due), errors.New("not sent: too many calls waiting for an answer"))
			continue
		}
		inFlight.Add(1)
		wg.Go(func() {
			defer inFlight.Add(-1)
			err := p.do(func(s *server) error { return k.do(ctx, s, c) })
			rec.add(k, due, time.Since(due), err)
		})
	}
	wg.Wait()
	return rec.report(o.rate, time.Since(start))
}

// recorder keeps every call's latency and outcome.
type recorder struct {
	mu     sync.Mutex
	start  time.Time
	byKind map[*kind]*samples
	errors map[string]int
	// series counts answers and errors by the second the call was due.
	series map[int]*second
}

type samples struct {
	ok     []time.Duration
	errors int
	// failedIn is the slowest failure: a failure should come fast (a clean refusal), not
	// after the timeout.
	failedIn time.Duration
	// refused failed to connect: no copy was listening, the call never reached a server.
	refused int
}

type second struct {
	OK     int `json:"ok"`
	Errors int `json:"errors"`
}

func newRecorder() *recorder {
	return &recorder{byKind: map[*kind]*samples{}, errors: map[string]int{}, series: map[int]*second{}}
}

func (r *recorder) add(k *kind, due time.Time, took time.Duration, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := r.byKind[k]
	if s == nil {
		s = &samples{}
		r.byKind[k] = s
	}
	sec := int(due.Sub(r.start) / time.Second)
	if r.series[sec] == nil {
		r.series[sec] = &second{}
	}
	if err != nil {
		s.errors++
		s.failedIn = max(s.failedIn, took)
		if refused(err) {
			s.refused++
		}
		r.series[sec].Errors++
		r.errors[k.name+": "+shorten(err.Error())]++
		return
	}
	s.ok = append(s.ok, took)
	r.series[sec].OK++
}

func shorten(s string) string {
	if len(s) > 200 {
		return s[:200] + "…"
	}
	return s
}

// readMemory reads a process's resident memory now (VmRSS) and at its highest (VmHWM).
func readMemory(pid string) memory {
	m := memory{PID: pid}
	data, err := os.ReadFile("/proc/" + pid + "/status")
	if err != nil {
		m.Error = err.Error()
		return m
	}
	for _, line := range strings.Split(string(data), "\n") {
		fields := strings.Fields(line)
		if len(fields) < 2 {
			continue
		}
		kb, _ := strconv.Atoi(fields[1])
		switch fields[0] {
		case "VmRSS:":
			m.RSSMB = float64(kb) / 1024
		case "VmHWM:":
			m.PeakMB = float64(kb) / 1024
		}
	}
	return m
}

// cpuSeconds is the CPU time (user and system) the processes have used, -1 when one cannot
// be read. On a shared machine it tells the cost of the load better than the latencies.
func cpuSeconds(pids []string) float64 {
	total := 0.0
	for _, pid := range pids {
		data, err := os.ReadFile("/proc/" + pid + "/stat")
		if err != nil {
			return -1
		}
		// The command name, in parentheses, may hold spaces: the fields are counted after it.
		fields := strings.Fields(string(data[strings.LastIndexByte(string(data), ')')+1:]))
		if len(fields) < 13 {
			return -1
		}
		user, _ := strconv.ParseFloat(fields[11], 64)
		system, _ := strconv.ParseFloat(fields[12], 64)
		total += (user + system) / clockTicks
	}
	return total
}

// clockTicks is USER_HZ, the unit of /proc/PID/stat's times: 100 on Linux.
const clockTicks = 100

func writeJSON(path string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o600)
}

// rssCommand prints a process's memory: the scripts' sampling after the idle wait.
func rssCommand(args []string) error {
	if len(args) != 1 {
		return errors.New("usage: load rss PID")
	}
	m := readMemory(args[0])
	if m.Error != "" {
		return errors.New(m.Error)
	}
	fmt.Printf("%.1f %.1f\n", m.RSSMB, m.PeakMB)
	return nil
}
