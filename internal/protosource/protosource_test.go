package protosource_test

import (
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

func TestServicesAreEveryAPIService(t *testing.T) {
	var names []string
	for _, s := range protosource.Services() {
		names = append(names, string(s.FullName()))
	}
	want := "tremplin.activity.v1.ActivityService tremplin.agency.v1.AgencyService tremplin.auth.v1.AuthService tremplin.billing.v1.BillingService tremplin.network.v1.NetworkService tremplin.opportunity.v1.OpportunityService"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("services: %s", got)
	}
}
