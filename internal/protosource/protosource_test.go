package protosource_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	agencyv1 "github.com/tremplin/tremplin/gen/tremplin/agency/v1"
	"github.com/tremplin/tremplin/internal/protosource"
)

// The embedded set is what `make generate` builds from proto/: it must describe exactly the
// compiled packages, or the CLI's help and the OpenAPI document would describe another API.
func TestDescriptorSetMatchesTheCompiledPackages(t *testing.T) {
	if problems := protosource.Stale(); problems != "" {
		t.Fatalf("internal/protosource/tremplin.binpb is stale (run make generate): %s", problems)
	}
}

func TestCommentsComeFromTheProtos(t *testing.T) {
	method := agencyv1.File_tremplin_agency_v1_agency_proto.Services().ByName("AgencyService").Methods().ByName("CreateCandidate")
	got := protosource.Comment(method)
	if !strings.HasPrefix(got, "CreateCandidate creates a candidate. An agency admin creates B2B candidates of their\nagency;") {
		t.Errorf("comment of CreateCandidate: %q", got)
	}
	if s := protosource.Summary(got); s != "CreateCandidate creates a candidate." {
		t.Errorf("summary: %q", s)
	}
	field := method.Input().Fields().ByName("is_b2c")
	if got := protosource.Comment(field); !strings.Contains(got, "Platform admin only") {
		t.Errorf("comment of is_b2c: %q", got)
	}
}

// Every service declared in proto/ is listed (a new service's package must be imported by
// protosource, or tremplinctl and the OpenAPI document would leave it out).
func TestServicesAreEveryAPIService(t *testing.T) {
	var names []string
	for _, s := range protosource.Services() {
		names = append(names, string(s.FullName()))
	}
	var want []string
	files, err := filepath.Glob("../../proto/tremplin/*/v1/*.proto")
	if err != nil || len(files) == 0 {
		t.Fatalf("no proto files found: %v", err)
	}
	declaration := regexp.MustCompile(`(?m)^package ([\w.]+);|^service (\w+) \{`)
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		pkg := ""
		for _, m := range declaration.FindAllStringSubmatch(string(text), -1) {
			if m[1] != "" {
				pkg = m[1]
			} else {
				want = append(want, pkg+"."+m[2])
			}
		}
	}
	slices.Sort(want)
	if got := strings.Join(names, " "); got != strings.Join(want, " ") {
		t.Errorf("services listed:\n%s\nwant those declared in proto/:\n%s", got, strings.Join(want, " "))
	}
}
