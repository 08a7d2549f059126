// Package testkit holds the small helpers the tests of several packages share that need
// neither a server (internal/testserver) nor a database of their own (internal/testdb): a
// fuzz corpus from sample files, a gzipped body, the bytes a call allocated.
package testkit

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// Seed adds to a fuzz target's corpus every file matching glob (the package's sample files,
// "testdata/*.csv"), then each of more.
func Seed(f *testing.F, glob string, more ...string) {
	f.Helper()
	files, err := filepath.Glob(glob)
	if err != nil {
		f.Fatal(err)
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, s := range more {
		f.Add([]byte(s))
	}
}

// Gzip answers s compressed with gzip, as a client sends a body with Content-Encoding: gzip.
func Gzip(t testing.TB, s string) []byte {
	t.Helper()
	var out bytes.Buffer
	zw := gzip.NewWriter(&out)
	_, _ = zw.Write([]byte(s))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// Allocated answers how many bytes the process allocated while fn ran (a test server started
// by the test runs in this process too).
func Allocated(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
