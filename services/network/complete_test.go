package network_test

import (
	"slices"
	"testing"

	"google.golang.org/genproto/googleapis/api/httpbody"

	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/internal/testserver"
)

// A file row whose name is already in the network is offered to complete that contact when it
// knows more about them; completing fills what is empty and adds notes and links, and never
// overwrites what the candidate wrote.
func TestImportCompletesContactsOfTheNetwork(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		w := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		olivier := create(t, w, &networkv1.ContactDraft{FirstName: "Olivier", LastName: "Dupont", Email: "o.dupont@perso.fr", Comments: "Ancien voisin."})
		create(t, w, &networkv1.ContactDraft{FirstName: "Sofia", LastName: "Haddad", Email: "sofia.haddad@exemple.org", MobileNumber: "07 70 11 22 33"})

		// Google's file: Olivier brings a mobile, a landline, a company, a job, notes and a link;
		// Sofia brings nothing new; Olivier's second card is a repeat.
		res, err := netOf(w).ImportContacts(bg, &networkv1.ImportContactsRequest{File: &httpbody.HttpBody{Data: vcardFixture(t, "google_contacts.vcf")}})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.GetImportedContacts()) != 0 || len(res.GetCompletions()) != 1 {
			t.Fatalf("new %v, completions %v", short(res.GetImportedContacts()), res.GetCompletions())
		}
		cp := res.GetCompletions()[0]
		if cp.GetContactId() != olivier.GetId() ||
			!slices.Equal(cp.GetFields(), []string{"mobile_number", "phone_number", "company", "job", "comments", "resources"}) {
			t.Errorf("completion: %v", cp)
		}
		if s := res.GetSkipped(); s.GetAlreadyInNetwork() != 1 || s.GetDuplicateInFile() != 1 {
			t.Errorf("skipped %v: Sofia, then Olivier's second card", s)
		}

		// Sent twice (a client repeating itself): completed once, its notes added once.
		once := &networkv1.ContactCompletion{ContactId: cp.GetContactId(), Contact: cp.GetIncoming()}
		done, err := netOf(w).BulkCreateContacts(bg, &networkv1.BulkCreateContactsRequest{Completions: []*networkv1.ContactCompletion{once, once}})
		if err != nil {
			t.Fatal(err)
		}
		got := get(t, w, olivier.GetId())
		if len(done.GetCompletedContacts()) != 1 || got.GetEmail() != "o.dupont@perso.fr" || got.GetMobileNumber() != "+33 6 98 76 54 32" ||
			got.GetCompany() != "Banque du Rhône" || got.GetJob() != "Directeur d'agence" ||
			got.GetComments() != "Ancien voisin.\n\nAncien collègue de Marc chez Banque du Rhône, connaît bien les métiers du conseil et de l'accompagnement des entreprises de la région lyonnaise." ||
			len(got.GetResources()) != 1 || got.GetResources()[0].GetUrl() != "https://www.linkedin.com/in/olivier-dupont" {
			t.Errorf("completed: %v", got)
		}
		// The same file again: nothing left to add.
		res, err = netOf(w).ImportContacts(bg, &networkv1.ImportContactsRequest{File: &httpbody.HttpBody{Data: vcardFixture(t, "google_contacts.vcf")}})
		if err != nil || len(res.GetCompletions()) != 0 || res.GetSkipped().GetAlreadyInNetwork() != 2 {
			t.Errorf("again: %v %v", res, err)
		}
		// Another candidate's contact cannot be completed, nor an empty request sent.
		other := srv.SignInAs(t, testserver.TrialCandidate, "autre@exemple.fr")
		_, err = netOf(other).BulkCreateContacts(bg, &networkv1.BulkCreateContactsRequest{
			Completions: []*networkv1.ContactCompletion{{ContactId: olivier.GetId(), Contact: &networkv1.ImportedContact{FirstName: "Olivier", LastName: "DUPONT", Job: "Autre"}}}})
		testserver.WantNotFound(t, "another's contact", err, "Contact")
		_, err = netOf(w).BulkCreateContacts(bg, &networkv1.BulkCreateContactsRequest{})
		if testserver.ViolationField(err) == "" && err == nil {
			t.Error("an empty request was accepted")
		}
		_ = commonv1.Civility_CIVILITY_UNSPECIFIED
	})
}
