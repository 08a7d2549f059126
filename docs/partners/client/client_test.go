package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/testserver"
)

// The example of docs/partners.md works as written: with its agency's key, over gRPC, it
// creates a candidate and lists the agency's candidates — its new one among them, and no other
// agency's.
func TestPartnerExampleCreatesAndPages(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	ours, theirs := srv.CreateAgency(t, "Horizon Emploi", 5), srv.CreateAgency(t, "Autre Agence", 5)
	srv.SignInAs(t, testserver.LicensedCandidate, "paul@ailleurs.fr", theirs)
	key := srv.APIKey(t, ours.ID.String())
	var out bytes.Buffer
	if err := run(context.Background(), testserver.H2CClient(), srv.URL, key, "lea@exemple.fr", &out); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	if !strings.HasPrefix(got, "created lea@exemple.fr (") || !strings.Contains(got, "\nlea@exemple.fr\tLéa Martin\n") {
		t.Errorf("the example printed:\n%s", got)
	}
	if strings.Contains(got, "ailleurs.fr") {
		t.Errorf("the example read another agency's people:\n%s", got)
	}
}
