package agency_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/agency"
	agencyv1 "github.com/tremplin/tremplin/gen/tremplin/agency/v1"
	"github.com/tremplin/tremplin/gen/tremplin/agency/v1/agencyv1connect"
	authv1 "github.com/tremplin/tremplin/gen/tremplin/auth/v1"
	"github.com/tremplin/tremplin/gen/tremplin/auth/v1/authv1connect"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	"github.com/tremplin/tremplin/internal/testserver"
	"github.com/tremplin/tremplin/internal/viewer"
)

var bg = context.Background()

// sys reads the database as the server's own code would, to check what the API did.
var sys = viewer.SystemContext(context.Background())

// agencyOf is a Connect client of AgencyService speaking as s.
func agencyOf(s *testserver.Session) agencyv1connect.AgencyServiceClient {
	return testserver.Connect(s, agencyv1connect.NewAgencyServiceClient)
}

// agencyRunBy creates an agency with its licences, named after its admin's address (« Agence
// agence@horizon.fr »), and signs the admin in.
func agencyRunBy(t testing.TB, srv *testserver.Start, adminEmail string, licences int) (*ent.Agency, *testserver.Session) {
	t.Helper()
	ag := srv.CreateAgency(t, "Agence "+adminEmail, licences)
	return ag, srv.SignInAs(t, testserver.AgencyAdmin, adminEmail, ag)
}

// createCandidate creates a candidate of the agency over Connect.
func createCandidate(t *testing.T, c *testserver.Session, agencyID uuid.UUID, email, first, last string) *commonv1.User {
	t.Helper()
	res, err := agencyOf(c).CreateCandidate(bg, &agencyv1.CreateCandidateRequest{Id: agencyID.String(), Email: email, FirstName: first, LastName: last})
	if err != nil {
		t.Fatalf("creating %s: %v", email, err)
	}
	return res.GetCandidate()
}

// counts are an agency's licence counts: total, used, pending, remaining.
type counts [4]int32

// countsOf reads an agency's counts over the API, and checks they add up.
func countsOf(t *testing.T, c *testserver.Session, agencyID uuid.UUID) counts {
	t.Helper()
	res, err := agencyOf(c).GetAgency(bg, &agencyv1.GetAgencyRequest{Id: agencyID.String()})
	if err != nil {
		t.Fatalf("reading the agency: %v", err)
	}
	a := res.GetAgency()
	got := counts{a.GetNumTotalLicenses(), a.GetNumUsedLicenses(), a.GetNumPendingLicenses(), a.GetNumRemainingLicenses()}
	if got[1]+got[2]+got[3] != got[0] || got[1] < 0 || got[2] < 0 || got[3] < 0 {
		t.Errorf("counts do not add up: total %d, used %d, pending %d, remaining %d", got[0], got[1], got[2], got[3])
	}
	return got
}

func wantCounts(t *testing.T, what string, c *testserver.Session, agencyID uuid.UUID, want counts) {
	t.Helper()
	if got := countsOf(t, c, agencyID); got != want {
		t.Errorf("%s: counts (total, used, pending, remaining) %v, want %v", what, got, want)
	}
}

// allocatedOf reads the stored counter.
func allocatedOf(t *testing.T, srv *testserver.Start, agencyID uuid.UUID) int {
	t.Helper()
	return srv.Client.Agency.Query().Where(agency.ID(agencyID)).OnlyX(sys).NumAllocatedLicenses
}

// invitation waits for the invitation e-mailed to the address and answers its id and token.
func invitation(t *testing.T, srv *testserver.Start, email string) (id, token string) {
	t.Helper()
	return srv.LinkIn(t, srv.Mail.WaitFor(t, email).Text, "new-password")
}

// accept completes an invitation over Connect with a fresh client, as the invited person.
// It answers the client, which carries the session cookie when the invitation signed them in.
func accept(t *testing.T, srv *testserver.Start, id, token, password string) (*http.Client, *authv1.NewPasswordResponse, error) {
	t.Helper()
	c := testserver.HTTPClient(t)
	res, err := authv1connect.NewAuthServiceClient(c, srv.URL).NewPassword(bg,
		&authv1.NewPasswordRequest{Id: id, Token: token, Password: password, AcceptTerms: true})
	return c, res, err
}

// mailsTo waits until n messages went to the address (up to 5 s) and answers their texts; a
// message more fails the test.
func mailsTo(t *testing.T, srv *testserver.Start, to string, n int) []string {
	t.Helper()
	texts := make([]string, n)
	for i := range texts {
		texts[i] = srv.Mail.WaitForNth(t, to, i+1).Text
	}
	if got := srv.Mail.Count(to); got != n {
		t.Fatalf("%d mails to %s, want %d", got, to, n)
	}
	return texts
}
