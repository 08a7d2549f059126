package agency_test

import (
	"net/http"
	"slices"
	"testing"

	"google.golang.org/protobuf/proto"

	agencyv1 "github.com/tremplin/tremplin/gen/tremplin/agency/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/testserver"
	"github.com/tremplin/tremplin/internal/viewer"
)

// An agency admin never sees nor changes another agency or its candidates: on every RPC open
// to them, over Connect and the JSON routes, another agency's ids answer NotFound as unknown
// ids do, and the other agency is exactly as it was. An RPC added to the service and open to
// agency admins fails this test until it has its case here.
func TestAnAgencyAdminNeverReachesAnotherAgency(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		admin := platformAdmin(t, srv)
		mallory, own := agencyAdmin(t, srv, "agence@pirate.fr", 5)
		boss, ag := agencyAdmin(t, srv, "agence@horizon.fr", 2)
		expired := srv.CreateUser(t, "expiree@horizon.fr", testserver.UserSpec{AgencyID: &ag.ID, License: "expired"})
		pending := createCandidate(t, boss, ag.ID, "attente@horizon.fr", "Paul", "Attente")
		none := createCandidate(t, boss, ag.ID, "rien@horizon.fr", "Rita", "Rien") // no licence left
		mine := createCandidate(t, mallory, own.ID, "moi@pirate.fr", "Max", "Moi")
		B, A := ag.ID.String(), own.ID.String()
		theirs := []string{pending.GetId(), none.GetId(), expired.ID.String(), boss.User.ID.String()}
		bKey, err := boss.api.CreateApiKey(bg, &agencyv1.CreateApiKeyRequest{Name: "ATS Horizon"})
		if err != nil {
			t.Fatal(err)
		}

		snapshot := func() (*agencyv1.ListAgencyCandidatesResponse, counts) {
			res, err := admin.api.ListAgencyCandidates(bg, &agencyv1.ListAgencyCandidatesRequest{Id: B})
			if err != nil {
				t.Fatal(err)
			}
			return res, countsOf(t, admin, ag.ID)
		}
		before, countsBefore := snapshot()
		mailsTo(t, srv, "attente@horizon.fr", 1)

		notFound := func(e apierr.Entity) func(string, error) {
			return func(what string, err error) { t.Helper(); testserver.WantNotFound(t, what, err, e) }
		}
		agencyNotFound, candidateNotFound := notFound(apierr.Agency), notFound(apierr.Candidate)
		api := mallory.api
		cases := map[string]func(){
			"GetCandidateProgress": func() {
				for _, id := range theirs {
					_, err := api.GetCandidateProgress(bg, &agencyv1.GetCandidateProgressRequest{Id: id})
					candidateNotFound("coach view of", err)
				}
			},
			"GetAgency": func() {
				_, err := api.GetAgency(bg, &agencyv1.GetAgencyRequest{Id: B})
				agencyNotFound("get", err)
			},
			"CreateCandidate": func() {
				_, err := api.CreateCandidate(bg, &agencyv1.CreateCandidateRequest{Id: B, Email: "intrus@pirate.fr"})
				agencyNotFound("create in", err)
			},
			"AllocateLicenseToCandidate": func() {
				_, err := api.AllocateLicenseToCandidate(bg, &agencyv1.AllocateLicenseToCandidateRequest{Id: B, CandidateId: none.GetId()})
				agencyNotFound("allocate in", err)
				for _, id := range theirs {
					_, err := api.AllocateLicenseToCandidate(bg, &agencyv1.AllocateLicenseToCandidateRequest{Id: A, CandidateId: id})
					candidateNotFound("allocate one of my licences to", err)
				}
			},
			"SendNewEmailInvitation": func() {
				_, err := api.SendNewEmailInvitation(bg, &agencyv1.SendNewEmailInvitationRequest{Id: B, CandidateId: pending.GetId()})
				agencyNotFound("invite in", err)
				for _, id := range theirs {
					for _, in := range []string{"", A} {
						_, err := api.SendNewEmailInvitation(bg, &agencyv1.SendNewEmailInvitationRequest{Id: in, CandidateId: id})
						candidateNotFound("invite", err)
					}
				}
			},
			"ListCandidates": func() {
				res, err := api.ListCandidates(bg, &agencyv1.ListCandidatesRequest{})
				if err != nil || !slices.Equal(emails(res.GetCandidates()), []string{"moi@pirate.fr"}) || res.GetCounts().GetAll() != 1 {
					t.Errorf("mallory's list: %v %v", res, err)
				}
				res, err = api.ListCandidates(bg, &agencyv1.ListCandidatesRequest{Search: "horizon"})
				if err != nil || len(res.GetCandidates()) != 0 || res.GetCounts().GetAll() != 0 {
					t.Errorf("mallory searching the other agency: %v %v", res, err)
				}
			},
			"ListAgencyCandidates": func() {
				_, err := api.ListAgencyCandidates(bg, &agencyv1.ListAgencyCandidatesRequest{Id: B})
				agencyNotFound("list", err)
			},
			"GetCandidateLicense": func() {
				for _, id := range theirs {
					_, err := api.GetCandidateLicense(bg, &agencyv1.GetCandidateLicenseRequest{Id: id})
					candidateNotFound("licence of", err)
				}
			},
			"SetFreeAccess": func() {
				for _, id := range theirs {
					_, err := api.SetFreeAccess(bg, &agencyv1.SetFreeAccessRequest{Id: id, HasFreeAccess: true})
					candidateNotFound("free access for", err)
				}
			},
			"DeleteCandidate": func() {
				for _, id := range theirs {
					_, err := api.DeleteCandidate(bg, &agencyv1.DeleteCandidateRequest{Id: id})
					candidateNotFound("delete", err)
				}
			},
			"CreateApiKey": func() {
				_, err := api.CreateApiKey(bg, &agencyv1.CreateApiKeyRequest{Name: "intrus", AgencyId: B})
				agencyNotFound("a key for", err)
			},
			"ListApiKeys": func() {
				_, err := api.ListApiKeys(bg, &agencyv1.ListApiKeysRequest{AgencyId: B})
				agencyNotFound("the keys of", err)
				res, err := api.ListApiKeys(bg, &agencyv1.ListApiKeysRequest{})
				if err != nil || len(res.GetApiKeys()) != 0 {
					t.Errorf("mallory's keys: %v %v", res, err)
				}
			},
			"RevokeApiKey": func() {
				_, err := api.RevokeApiKey(bg, &agencyv1.RevokeApiKeyRequest{Id: bKey.GetApiKey().GetId()})
				testserver.WantNotFound(t, "revoke B's key", err, apierr.APIKey)
			},
		}
		methods := agencyv1.File_tremplin_agency_v1_agency_proto.Services().ByName("AgencyService").Methods()
		for i := range methods.Len() {
			name := string(methods.Get(i).Name())
			policy := srv.Server.Policies["/tremplin.agency.v1.AgencyService/"+name]
			switch {
			case !policy.Allows(viewer.RoleAgencyAdmin):
				// Admin only: the access policy refuses agency admins (internal/server's
				// policy test walks them).
			case cases[name] != nil:
				cases[name]()
			default:
				t.Errorf("%s is open to agency admins and has no isolation case", name)
			}
		}

		// The same over the JSON routes.
		for _, r := range []struct {
			method, path string
			body         any
		}{
			{http.MethodGet, "/api/agency/" + B, nil},
			{http.MethodGet, "/api/agency/" + B + "/candidates", nil},
			{http.MethodPost, "/api/agency/" + B + "/create-candidate", map[string]any{"email": "intrus@pirate.fr"}},
			{http.MethodPost, "/api/agency/" + B + "/allocate-license-to-candidate", map[string]any{"candidateId": none.GetId()}},
			{http.MethodPost, "/api/agency/" + A + "/allocate-license-to-candidate", map[string]any{"candidateId": none.GetId()}},
			{http.MethodPost, "/api/agency/" + B + "/send-new-email-invitation", map[string]any{"candidateId": pending.GetId()}},
			{http.MethodPost, "/api/agency/" + A + "/send-new-email-invitation", map[string]any{"candidateId": pending.GetId()}},
			{http.MethodGet, "/api/candidates/" + pending.GetId() + "/license", nil},
			{http.MethodPost, "/api/candidates/" + none.GetId() + "/free-access", map[string]any{"hasFreeAccess": true}},
			{http.MethodDelete, "/api/users/" + pending.GetId(), nil},
			{http.MethodGet, "/api/api-keys?agencyId=" + B, nil},
			{http.MethodPost, "/api/api-keys", map[string]any{"name": "intrus", "agencyId": B}},
			{http.MethodDelete, "/api/api-keys/" + bKey.GetApiKey().GetId(), nil},
		} {
			status, body := mallory.JSON(t, r.method, r.path, r.body)
			if status != http.StatusNotFound || body["type"] != "NOT_FOUND" {
				t.Errorf("%s %s: %d %v", r.method, r.path, status, body)
			}
		}
		status, body := mallory.JSON(t, http.MethodGet, "/api/candidates", nil)
		if got := jsonEmails(t, body); status != http.StatusOK || !slices.Equal(got, []string{"moi@pirate.fr"}) {
			t.Errorf("GET /api/candidates as mallory: %d %v", status, body)
		}

		// The other agency is as it was, and none of its candidates got a mail from mallory
		// (the queue sends in order: a mail to mallory's own candidate, sent last, arrives after).
		after, countsAfter := snapshot()
		if !proto.Equal(before, after) || countsAfter != countsBefore {
			t.Errorf("the other agency changed:\n%v %v\n%v %v", before, countsBefore, after, countsAfter)
		}
		if keys, err := admin.api.ListApiKeys(bg, &agencyv1.ListApiKeysRequest{AgencyId: B}); err != nil || len(keys.GetApiKeys()) != 1 || keys.GetApiKeys()[0].GetRevokedDate() != nil {
			t.Errorf("the other agency's keys: %v %v", keys, err)
		}
		if _, err := api.SendNewEmailInvitation(bg, &agencyv1.SendNewEmailInvitationRequest{CandidateId: mine.GetId()}); err != nil {
			t.Fatal(err)
		}
		mailsTo(t, srv, "moi@pirate.fr", 2)
		mailsTo(t, srv, "attente@horizon.fr", 1)
		if n := len(srv.Mail.Messages()); n != 3 {
			t.Errorf("%d mails in all, want 3 (two to mallory's candidate, the other agency's one invitation)", n)
		}
	})
}
