package network_test

import (
	"bytes"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/google/go-cmp/cmp"
	"google.golang.org/genproto/googleapis/api/httpbody"
	"google.golang.org/protobuf/testing/protocmp"

	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/internal/contactvcard"
	"github.com/tremplin/tremplin/internal/testserver"
)

func vcardFixture(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile("../../internal/contactvcard/testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// A phone's vCard file goes through the same preview as a CSV: the same duplicate rules and skip
// summary, one e-mail / mobile / landline per contact and the rest in the notes.
func TestImportVCards(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		w := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		create(t, w, person("Sofia", "Haddad")) // already in the network

		// Over JSON, as the web app uploads it (multipart, whatever type the browser says).
		status, body := upload(t, srv, w, "contacts.vcf", vcardFixture(t, "google_contacts.vcf"))
		if status != http.StatusOK {
			t.Fatalf("upload: %d %v", status, body)
		}
		got := importedOf(t, body)
		want := []*networkv1.ImportedContact{{
			FirstName: "Olivier", LastName: "DUPONT", Company: "Banque du Rhône", Job: "Directeur d'agence",
			Email: "olivier.dupont@exemple.fr", MobileNumber: "+33 6 98 76 54 32", PhoneNumber: "+33 4 72 00 11 22",
			Comments:  "Ancien collègue de Marc chez Banque du Rhône, connaît bien les métiers du conseil et de l'accompagnement des entreprises de la région lyonnaise.",
			Resources: []*commonv1.Resource{{Label: "LinkedIn", Url: "https://www.linkedin.com/in/olivier-dupont"}},
		}}
		if diff := cmp.Diff(want, got, protocmp.Transform()); diff != "" {
			t.Errorf("Google file (-want +got):\n%s", diff)
		}
		skipped := body["skipped"].(map[string]any)
		// Sofia is in the network already: her card's mobile is offered to complete her.
		if skipped["duplicateInFile"] != float64(1) || skipped["alreadyInNetwork"] != 0.0 {
			t.Errorf("skipped %v, want Olivier's second card", skipped)
		}
		if completions, _ := body["completions"].([]any); len(completions) != 1 || completions[0].(map[string]any)["lastName"] != "HADDAD" {
			t.Errorf("completions: %v", body["completions"])
		}

		// Over Connect, a raw text/vcard body: the iOS file, its second e-mail kept in the notes,
		// the number-only card counted without a name.
		res, err := netOf(w).ImportContacts(bg, &networkv1.ImportContactsRequest{File: &httpbody.HttpBody{ContentType: "text/vcard", Data: vcardFixture(t, "ios_contacts.vcf")}})
		if err != nil {
			t.Fatal(err)
		}
		if n := len(res.GetImportedContacts()); n != 2 {
			t.Fatalf("iOS file: %d contacts: %v", n, short(res.GetImportedContacts()))
		}
		claire := res.GetImportedContacts()[0]
		if claire.GetEmail() != "claire.bernard@ateliers-lumiere.fr" ||
			claire.GetComments() != "Rencontrée au salon de l'emploi, Lyon.\nRappeler en mars.\nE-mail : claire.b@gmail.com" ||
			len(claire.GetResources()) != 2 {
			t.Errorf("Claire: %v", claire)
		}
		if res.GetSkipped().GetNoName() != 1 {
			t.Errorf("skipped %v, want the number-only card", res.GetSkipped())
		}
		if c := res.GetImportedContacts()[1]; c.GetLastName() != "DE LA TOUR" || c.GetCivility() != commonv1.Civility_CIVILITY_FEMALE {
			t.Errorf("Marie-Hélène: %v", c)
		}

		// Android's 2.1: a fax goes to the notes; Outlook's Windows-1252 reads with its accents.
		res, err = netOf(w).ImportContacts(bg, &networkv1.ImportContactsRequest{File: &httpbody.HttpBody{Data: vcardFixture(t, "android_contacts.vcf")}})
		if err != nil {
			t.Fatal(err)
		}
		if c := res.GetImportedContacts()[0]; c.GetFirstName() != "Éloïse" || !strings.HasSuffix(c.GetComments(), "\nFax : 04 78 12 34 57") {
			t.Errorf("Éloïse: %v", c)
		}
		if c := res.GetImportedContacts()[1]; c.GetMobileNumber() != "0612457890" || c.GetComments() != "Mobile : 07 00 00 00 01" {
			t.Errorf("Yanis: %v", c)
		}
		res, err = netOf(w).ImportContacts(bg, &networkv1.ImportContactsRequest{File: &httpbody.HttpBody{Data: vcardFixture(t, "outlook.vcf")}})
		if err != nil {
			t.Fatal(err)
		}
		if c := res.GetImportedContacts()[0]; c.GetJob() != "Chargé de recrutement" || c.GetPhoneNumber() != "01 23 45 67 89" {
			t.Errorf("Hugo: %v", c)
		}

		// The picked contacts save as any import does.
		saved, err := netOf(w).BulkCreateContacts(bg, &networkv1.BulkCreateContactsRequest{Contacts: res.GetImportedContacts()})
		if err != nil || len(saved.GetCreatedContacts()) != 1 {
			t.Fatalf("bulk create: %v %v", saved, err)
		}

		// A broken file: the import's clear error, nothing answered.
		_, err = netOf(w).ImportContacts(bg, &networkv1.ImportContactsRequest{File: &httpbody.HttpBody{Data: []byte("BEGIN:VCARD\r\nFN:Jean Dupont\r\n")}})
		if connect.CodeOf(err) != connect.CodeInvalidArgument || !strings.Contains(err.Error(), "Erreur lors de l'importation de contacts") {
			t.Errorf("broken file: %v", err)
		}
	})
}

// The network, or one contact, as vCard 4.0: what was saved is what a phone reads back; another
// candidate's contact is unknown; premium.
func TestExportVCards(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		w := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		other := srv.SignInAs(t, testserver.TrialCandidate, "autre@exemple.fr")
		ended := srv.SignInAs(t, testserver.EndedTrialCandidate, "fin@exemple.fr")
		foreign := create(t, other, person("Pas", "Moi"))
		lea := create(t, w, &networkv1.ContactDraft{Civility: commonv1.Civility_CIVILITY_FEMALE, FirstName: "Léa", LastName: "Dubois",
			Email: "lea@exemple.fr", PhoneNumber: "05 61 93 33 33", MobileNumber: "+33 6 11 22 33 44", Company: "Airbus", Job: "Acheteuse",
			Comments:  "Entretien le 12/05.\nRelancer en juin, voir « Pôle achats »; apporter le dossier.",
			Resources: []*commonv1.Resource{{Label: "LinkedIn", Url: "https://www.linkedin.com/in/lea-dubois"}}})
		create(t, w, person("Hugo", "Renard"))

		srv.Clock.Set(time.Date(2026, 11, 18, 23, 30, 0, 0, time.UTC)) // the 19th in Paris
		get := func(path string) (*http.Response, []byte) {
			req, _ := http.NewRequest(http.MethodGet, srv.URL+path, nil)
			resp, err := w.HTTP.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			data, _ := io.ReadAll(resp.Body)
			return resp, data
		}
		resp, data := get("/api/contacts/export/vcard")
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("whole network: %d %s", resp.StatusCode, data)
		}
		if ct, cd := resp.Header.Get("Content-Type"), resp.Header.Get("Content-Disposition"); ct != "text/vcard; charset=utf-8" ||
			cd != `attachment; filename="contacts-tremplin-2026-11-19.vcf"` {
			t.Errorf("headers %q %q", ct, cd)
		}
		back, err := contactvcard.Parse(bytes.NewReader(data), contactvcard.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		want := []contactvcard.Card{
			{FirstName: "Léa", LastName: "DUBOIS", Company: "Airbus", Job: "Acheteuse", Civility: contactvcard.Female,
				Emails: []string{"lea@exemple.fr"}, Mobiles: []string{"+33 6 11 22 33 44"}, Landlines: []string{"05 61 93 33 33"},
				Notes: "Entretien le 12/05.\nRelancer en juin, voir « Pôle achats »; apporter le dossier.",
				Links: []contactvcard.Link{{Label: "LinkedIn", URL: "https://www.linkedin.com/in/lea-dubois"}}},
			{FirstName: "Hugo", LastName: "RENARD", Emails: []string{"hugo.renard@exemple.fr"}},
		}
		if diff := cmp.Diff(want, back.Cards); diff != "" {
			t.Errorf("read back (-want +got):\n%s", diff)
		}
		if strings.Contains(string(data), "MOI") {
			t.Error("another candidate's contact in the file")
		}

		// One contact, named after them; over Connect the same file.
		resp, one := get("/api/contact/" + lea.GetId() + "/vcard")
		if cd := resp.Header.Get("Content-Disposition"); resp.StatusCode != http.StatusOK || cd != `attachment; filename="lea-dubois.vcf"` {
			t.Fatalf("one contact: %d %q %s", resp.StatusCode, cd, one)
		}
		conn, err := netOf(w).ExportVCards(bg, &networkv1.ExportVCardsRequest{ContactId: lea.GetId()})
		if err != nil || !bytes.Equal(conn.GetFile().GetData(), one) || conn.GetFilename() != "lea-dubois.vcf" {
			t.Errorf("Connect: %q %v", conn.GetFilename(), err)
		}
		if n := strings.Count(string(one), "BEGIN:VCARD"); n != 1 {
			t.Errorf("%d cards for one contact", n)
		}

		// Another's contact is unknown; without premium, refused.
		if _, err := netOf(w).ExportVCards(bg, &networkv1.ExportVCardsRequest{ContactId: foreign.GetId()}); connect.CodeOf(err) != connect.CodeNotFound {
			t.Errorf("foreign contact: %v", err)
		}
		if _, err := netOf(ended).ExportVCards(bg, &networkv1.ExportVCardsRequest{}); connect.CodeOf(err) != connect.CodePermissionDenied {
			t.Errorf("without premium: %v", err)
		}
	})
}
