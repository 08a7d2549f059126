package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/ent/user"
	agencyv1 "github.com/tremplin/tremplin/gen/tremplin/agency/v1"
	"github.com/tremplin/tremplin/gen/tremplin/agency/v1/agencyv1connect"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/gen/tremplin/network/v1/networkv1connect"
	"github.com/tremplin/tremplin/internal/idempotency"
	"github.com/tremplin/tremplin/internal/testserver"
	"github.com/tremplin/tremplin/internal/viewer"
)

// withKey is a context whose call sends the Idempotency-Key, and the call's answer headers.
func withKey(key string) (context.Context, connect.CallInfo) {
	ctx, info := connect.NewClientContext(context.Background())
	info.RequestHeader().Set(idempotency.Header, key)
	return ctx, info
}

func contactsNamed(t *testing.T, srv *testserver.Start, owner *testserver.Session, last string) int {
	t.Helper()
	n, err := srv.Client.Contact.Query().Where(contact.OwnerID(owner.User.ID), contact.LastNameEqualFold(last)).Count(viewer.SystemContext(bg))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// A create retried with its Idempotency-Key creates once and answers the first answer, over
// Connect and the JSON route; another body with the key is refused; another caller's same
// key is theirs; a key is forgotten after 24 hours.
func TestIdempotentCreatesRunOnce(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		bob := srv.SignInAs(t, testserver.TrialCandidate, "bob@exemple.fr")
		net := testserver.Connect(alice, networkv1connect.NewNetworkServiceClient)
		draft := &networkv1.CreateContactRequest{Contact: &networkv1.ContactDraft{FirstName: "Léa", LastName: "Durand"}}

		ctx, info := withKey("contact-1")
		first, err := net.CreateContact(ctx, draft)
		if err != nil {
			t.Fatal(err)
		}
		if info.ResponseHeader().Get(idempotency.ReplayedHeader) != "" {
			t.Error("the first answer says it is replayed")
		}
		ctx, info = withKey("contact-1")
		again, err := net.CreateContact(ctx, draft)
		if err != nil {
			t.Fatalf("the retry: %v", err)
		}
		if again.GetContact().GetId() != first.GetContact().GetId() || again.GetContact().GetFirstName() != "Léa" {
			t.Errorf("the retry answers %v, want the first answer %v", again.GetContact(), first.GetContact())
		}
		if info.ResponseHeader().Get(idempotency.ReplayedHeader) != "true" {
			t.Error("the retry's answer is not marked replayed")
		}
		if n := contactsNamed(t, srv, alice, "Durand"); n != 1 {
			t.Errorf("%d contacts after a retry, want 1", n)
		}

		// Another body with the same key: refused, nothing created.
		ctx, _ = withKey("contact-1")
		_, err = net.CreateContact(ctx, &networkv1.CreateContactRequest{Contact: &networkv1.ContactDraft{FirstName: "Léa", LastName: "Martin"}})
		testserver.WantRefusal(t, "the key with another body", err, connect.CodeInvalidArgument, "IDEMPOTENCY_KEY_REUSED")
		if n := contactsNamed(t, srv, alice, "Martin"); n != 0 {
			t.Errorf("the refused request created %d contacts", n)
		}

		// Another caller's same key is theirs.
		ctx, _ = withKey("contact-1")
		theirs, err := testserver.Connect(bob, networkv1connect.NewNetworkServiceClient).CreateContact(ctx, draft)
		if err != nil {
			t.Fatalf("bob with alice's key: %v", err)
		}
		if theirs.GetContact().GetId() == first.GetContact().GetId() || contactsNamed(t, srv, bob, "Durand") != 1 {
			t.Errorf("bob's create with alice's key answered %v", theirs.GetContact())
		}

		// The JSON route: the header, the same answer and status; the body's keys in another
		// order are the same request.
		post := func(body string) (int, map[string]any) {
			req, err := http.NewRequest(http.MethodPost, srv.URL+"/api/contact", strings.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set(idempotency.Header, "json-1")
			return testserver.Do(t, alice.HTTP, req)
		}
		status1, body1 := post(`{"firstName":"Jean","lastName":"Valjean"}`)
		status2, body2 := post(`{"lastName":"Valjean","firstName":"Jean"}`)
		if status1 != status2 || status1 >= 300 || !sameJSON(body1, body2) {
			t.Errorf("JSON retry: %d %v then %d %v", status1, body1, status2, body2)
		}
		if n := contactsNamed(t, srv, alice, "Valjean"); n != 1 {
			t.Errorf("%d contacts after a JSON retry, want 1", n)
		}
		status3, body3 := post(`{"firstName":"Jean","lastName":"Autre"}`)
		if status3 != http.StatusBadRequest || testserver.JSONReason(body3) != "IDEMPOTENCY_KEY_REUSED" {
			t.Errorf("JSON reuse with another body: %d %v", status3, body3)
		}

		// A key that is not one.
		ctx, _ = withKey(strings.Repeat("k", idempotency.MaxKeyLength+1))
		_, err = net.CreateContact(ctx, draft)
		testserver.WantRefusal(t, "a key too long", err, connect.CodeInvalidArgument, "INVALID_IDEMPOTENCY_KEY")

		// After 24 hours the key is forgotten (swept by the jobs), and names a new request.
		srv.Clock.Advance(idempotency.TTL + time.Minute)
		if n, err := idempotency.Sweep(bg, srv.Client, srv.Clock.Now()); err != nil || n == 0 {
			t.Errorf("sweep removed %d keys (%v), want the expired ones", n, err)
		}
		ctx, _ = withKey("contact-1")
		if _, err := net.CreateContact(ctx, &networkv1.CreateContactRequest{Contact: &networkv1.ContactDraft{FirstName: "Léa", LastName: "Martin"}}); err != nil {
			t.Errorf("an expired key with another body: %v", err)
		}
	})
}

// Duplicates sent together create once: each answers the one create (or, past the wait,
// that it is in progress); an agency's candidate retried takes one licence.
func TestConcurrentRetriesCreateOnce(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		agency := srv.CreateAgency(t, "Agence Retry", 10)
		admin := srv.SignInAs(t, testserver.AgencyAdmin, "agence@exemple.fr", agency)
		api := testserver.Connect(admin, agencyv1connect.NewAgencyServiceClient)
		req := &agencyv1.CreateCandidateRequest{Id: agency.ID.String(), Email: "retry@exemple.fr", FirstName: "Rémi"}
		var wg sync.WaitGroup
		ids := make([]string, 8)
		errs := make([]error, 8)
		for i := range ids {
			wg.Go(func() {
				ctx, _ := withKey("candidate-retry")
				res, err := api.CreateCandidate(ctx, req)
				ids[i], errs[i] = res.GetCandidate().GetId(), err
			})
		}
		wg.Wait()
		var created string
		for i := range ids {
			if errs[i] != nil {
				testserver.WantRefusal(t, "a duplicate", errs[i], connect.CodeAborted, "IDEMPOTENCY_KEY_IN_PROGRESS")
				continue
			}
			if created == "" {
				created = ids[i]
			}
			if ids[i] != created {
				t.Errorf("duplicates answered two candidates: %s and %s", created, ids[i])
			}
		}
		n, err := srv.Client.User.Query().Where(user.Email("retry@exemple.fr")).Count(viewer.SystemContext(bg))
		if err != nil || n != 1 || created == "" {
			t.Fatalf("%d candidates after 8 concurrent retries (%v), want 1", n, err)
		}
		got, err := api.GetAgency(bg, &agencyv1.GetAgencyRequest{Id: agency.ID.String()})
		if err != nil {
			t.Fatal(err)
		}
		if got.GetAgency().GetNumRemainingLicenses() != 9 {
			t.Errorf("%d licences left after one candidate created by 8 retries, want 9", got.GetAgency().GetNumRemainingLicenses())
		}

		// Allocating a licence, retried: one licence, the first answer twice (without the key
		// the retry is refused: the candidate holds one already).
		empty := srv.CreateAgency(t, "Agence Vide", 0)
		emptyAdmin := testserver.Connect(srv.SignInAs(t, testserver.AgencyAdmin, "vide@exemple.fr", empty), agencyv1connect.NewAgencyServiceClient)
		waiting, err := emptyAdmin.CreateCandidate(bg, &agencyv1.CreateCandidateRequest{Id: empty.ID.String(), Email: "attente@exemple.fr"})
		if err != nil {
			t.Fatal(err)
		}
		if err := srv.Client.Agency.UpdateOneID(empty.ID).SetNumTotalLicenses(2).Exec(viewer.SystemContext(bg)); err != nil {
			t.Fatal(err)
		}
		allocate := &agencyv1.AllocateLicenseToCandidateRequest{Id: empty.ID.String(), CandidateId: waiting.GetCandidate().GetId()}
		ctx, _ := withKey("licence-1")
		firstAllocation, err := emptyAdmin.AllocateLicenseToCandidate(ctx, allocate)
		if err != nil {
			t.Fatal(err)
		}
		ctx, _ = withKey("licence-1")
		retried, err := emptyAdmin.AllocateLicenseToCandidate(ctx, allocate)
		if err != nil || retried.GetInvitationSent() != firstAllocation.GetInvitationSent() || retried.GetCandidate().GetId() != waiting.GetCandidate().GetId() {
			t.Errorf("a retried allocation answers %v (%v), want %v", retried, err, firstAllocation)
		}
		_, err = emptyAdmin.AllocateLicenseToCandidate(bg, allocate)
		if err == nil {
			t.Error("a second allocation without the key succeeded: the retry test proves nothing")
		}
		left, err := emptyAdmin.GetAgency(bg, &agencyv1.GetAgencyRequest{Id: empty.ID.String()})
		if err != nil || left.GetAgency().GetNumRemainingLicenses() != 1 {
			t.Errorf("%d licences left after a retried allocation (%v), want 1", left.GetAgency().GetNumRemainingLicenses(), err)
		}
	})
}

func sameJSON(a, b map[string]any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}
