// Package boundaries_test proves that golangci-lint's depguard (.golangci.yml, run by make lint)
// holds the layout's boundaries: a service never imports another service, and internal/ and
// gateway/ never import a service nor the services' handler kit (only internal/server, the
// composition root, wires them).
// It plants each forbidden import in a throwaway module laid out like this one and checks that
// the linter, with the project's own configuration, refuses exactly those.
package boundaries_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/tremplin/tremplin"

func TestDepguardRefusesImportsAcrossTheBoundaries(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	lint := filepath.Join(root, "bin", "golangci-lint")
	if _, err := os.Stat(lint); err != nil {
		t.Fatalf("%s is missing: run make tools", lint)
	}
	// Every service of the repository: one added without its depguard rule fails here.
	services := serviceNames(t, root)

	dir := t.TempDir()
	write(t, dir, "go.mod", "module "+module+"\n\ngo 1.26\n")
	pkg := func(path string) {
		write(t, dir, filepath.Join(path, "doc.go"), "package "+filepath.Base(path)+"\n")
	}
	var refused []string
	plant := func(file string, imports ...string) {
		src := "package " + filepath.Base(filepath.Dir(file)) + "\n\nimport (\n"
		for _, imp := range imports {
			src += "\t_ \"" + module + "/" + imp + "\"\n"
		}
		write(t, dir, file, src+")\n")
	}
	// Each service has a package of its own that imports nothing (no import cycles).
	for _, s := range services {
		pkg("services/" + s)
		pkg("services/" + s + "/leaf")
	}
	pkg("internal/handler")
	for i, s := range services {
		other := services[(i+1)%len(services)]
		// Its own package: allowed. Another service's: refused.
		plant("services/"+s+"/crossing.go", "services/"+other+"/leaf", "services/"+s+"/leaf")
		refused = append(refused, "services/"+s+"/crossing.go")
	}
	// Shared code importing a service or the handler kit: refused.
	aService := "services/" + services[0] + "/leaf"
	plant("internal/example/crossing.go", aService)
	plant("gateway/crossing.go", aService)
	plant("internal/rules/kit.go", "internal/handler")
	refused = append(refused, "internal/example/crossing.go", "gateway/crossing.go", "internal/rules/kit.go")
	// The composition root: allowed.
	plant("internal/server/wire.go", aService, "internal/handler")

	cmd := exec.Command(lint, "run", "--config", filepath.Join(root, ".golangci.yml"), "--enable-only", "depguard",
		"--allow-parallel-runners", "--path-mode", "abs", "--output.json.path", "stdout", "--output.text.path", "stderr", "--show-stats=false", "./...")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err == nil {
		t.Fatalf("golangci-lint accepted every planted import:\n%s", out)
	}
	var report struct {
		Issues []struct {
			FromLinter string
			Text       string
			Pos        struct{ Filename string }
		}
	}
	if jsonErr := json.Unmarshal(out, &report); jsonErr != nil {
		t.Fatalf("golangci-lint: %v, output %q: %v", err, out, jsonErr)
	}
	var got []string
	for _, issue := range report.Issues {
		rel, _ := filepath.Rel(dir, issue.Pos.Filename)
		if issue.FromLinter != "depguard" {
			t.Errorf("%s: unexpected %s finding: %s", rel, issue.FromLinter, issue.Text)
			continue
		}
		got = append(got, filepath.ToSlash(rel))
		if !strings.Contains(issue.Text, "internal/") && !strings.Contains(issue.Text, "handler kit") {
			t.Errorf("%s: the refusal does not say where shared code goes: %s", rel, issue.Text)
		}
	}
	slices.Sort(got)
	got = slices.Compact(got)
	slices.Sort(refused)
	if !slices.Equal(got, refused) {
		t.Errorf("depguard refused imports in\n  %v\nwant exactly\n  %v", got, refused)
	}
}

func serviceNames(t *testing.T, root string) []string {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(root, "services"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if e.IsDir() {
			names = append(names, e.Name())
		}
	}
	if len(names) < 2 {
		t.Fatalf("found %d services under %s/services", len(names), root)
	}
	return names
}

func write(t *testing.T, dir, name, content string) {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
