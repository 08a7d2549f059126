package opportunity_test

import (
	"net/http"
	"testing"

	"google.golang.org/protobuf/proto"

	opportunityv1 "github.com/tremplin/tremplin/gen/tremplin/opportunity/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/testserver"
)

// Another candidate reaches none of Alice's applications through any RPC of the service (the
// walk covers every RPC of the descriptor), nor the JSON routes: NotFound, and nothing of
// Alice's changes. Nor can Alice attach his contacts to hers.
func TestAnotherCandidateReachesNothing(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		alice := signIn(t, srv, testserver.TrialCandidate, "alice@exemple.fr")
		mallory := signIn(t, srv, testserver.TrialCandidate, "mallory@exemple.fr")
		lea := alice.contact(t, "Léa", "Dubois", "Airbus", nil)
		a := alice.create(t, draft("Airbus", "Acheteuse", lea))
		id := a.GetId()
		marc := mallory.contact(t, "Marc", "Roux", "Airbus", nil)
		mine := mallory.create(t, draft("Safran", "Acheteur"))
		before := alice.get(t, id)

		calls := map[string]func() error{
			"ListApplications": func() error {
				res, err := mallory.opp.ListApplications(bg, &opportunityv1.ListApplicationsRequest{})
				if err == nil && (len(res.GetApplications()) != 1 || res.GetApplications()[0].GetId() != mine.GetId()) {
					t.Errorf("mallory lists %v", res.GetApplications())
				}
				_, err2 := mallory.opp.ListApplications(bg, &opportunityv1.ListApplicationsRequest{ContactId: lea.GetId()})
				testserver.WantNotFound(t, "listing by alice's contact", err2, apierr.Contact)
				return apierr.NotFound(apierr.Application) // nothing to find: the list is his
			},
			"GetApplication": func() error {
				_, err := mallory.opp.GetApplication(bg, &opportunityv1.GetApplicationRequest{Id: id})
				return err
			},
			"CreateApplication": func() error {
				_, err := mallory.opp.CreateApplication(bg, &opportunityv1.CreateApplicationRequest{Application: draft("Airbus", "Pirate", lea)})
				testserver.WantNotFound(t, "creating with alice's contact", err, apierr.Contact)
				return apierr.NotFound(apierr.Application)
			},
			"UpdateApplication": func() error {
				_, err := mallory.opp.UpdateApplication(bg, &opportunityv1.UpdateApplicationRequest{Id: id, Application: draft("Pirate", "Pirate", marc)})
				return err
			},
			"MarkApplicationAsComplete": func() error {
				_, err := mallory.opp.MarkApplicationAsComplete(bg, &opportunityv1.MarkApplicationAsCompleteRequest{Id: id, Status: stLost})
				return err
			},
			"MoveApplication": func() error {
				_, err := mallory.opp.MoveApplication(bg, &opportunityv1.MoveApplicationRequest{Id: id, Status: stWin})
				return err
			},
			"ListKnownContacts": func() error {
				_, err := mallory.opp.ListKnownContacts(bg, &opportunityv1.ListKnownContactsRequest{Id: id})
				return err
			},
			"AddApplicationContact": func() error {
				_, err := mallory.opp.AddApplicationContact(bg, &opportunityv1.AddApplicationContactRequest{Id: id, ContactId: marc.GetId()})
				return err
			},
		}
		methods := opportunityv1.File_tremplin_opportunity_v1_opportunity_proto.Services().ByName("OpportunityService").Methods()
		for i := range methods.Len() {
			name := string(methods.Get(i).Name())
			call, ok := calls[name]
			if !ok {
				t.Errorf("%s is not walked", name)
				continue
			}
			testserver.WantNotFound(t, name, call(), apierr.Application)
		}
		if len(calls) != methods.Len() {
			t.Errorf("%d calls walked for %d RPCs", len(calls), methods.Len())
		}
		for _, r := range []struct{ method, path string }{
			{http.MethodGet, "/api/application/" + id},
			{http.MethodPut, "/api/application/" + id},
			{http.MethodGet, "/api/application/" + id + "/known-contacts"},
			{http.MethodPost, "/api/application/" + id + "/contacts"},
			{http.MethodPost, "/api/application/" + id + "/status"},
			{http.MethodPost, "/api/application/mark-as-complete"},
		} {
			var body any
			if r.method != http.MethodGet {
				body = map[string]any{"id": id, "company": "Pirate", "job": "Pirate", "source": "other", "status": "lost", "contactId": marc.GetId()}
			}
			if status, res := mallory.JSON(t, r.method, r.path, body); status != http.StatusNotFound || res["message"] != "Opportunité introuvable" {
				t.Errorf("%s %s: %d %v", r.method, r.path, status, res)
			}
		}
		// Alice cannot attach Mallory's contact either.
		_, err := alice.opp.AddApplicationContact(bg, &opportunityv1.AddApplicationContactRequest{Id: id, ContactId: marc.GetId()})
		testserver.WantNotFound(t, "alice attaching mallory's contact", err, apierr.Contact)
		if after := alice.get(t, id); !proto.Equal(before, after) {
			t.Errorf("alice's application changed:\n%v\n%v", before, after)
		}
	})
}
