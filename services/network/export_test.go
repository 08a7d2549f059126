package network_test

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/google/go-cmp/cmp"

	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/internal/contactcsv"
	"github.com/tremplin/tremplin/internal/contactvcard"
	"github.com/tremplin/tremplin/internal/testserver"
)

func TestExportContacts(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		w := srv.SignInAs(t, testserver.EndedTrialCandidate, "alice@exemple.fr") // export needs no premium
		other := srv.SignInAs(t, testserver.TrialCandidate, "autre@exemple.fr")
		create(t, other, person("Pas", "Moi"))
		create(t, w, &networkv1.ContactDraft{Civility: commonv1.Civility_CIVILITY_FEMALE, FirstName: "Léa", LastName: "Dubois",
			Email: "lea@exemple.fr", PhoneNumber: "05 61 93 33 33", MobileNumber: "+33 6 11 22 33 44", Company: "Airbus", Job: "Acheteuse",
			Comments: "Entretien le 12/05.\nRelancer en juin, voir « Pôle achats »."})
		create(t, w, &networkv1.ContactDraft{Civility: commonv1.Civility_CIVILITY_MALE, FirstName: "Hugo", LastName: "Renard"})
		create(t, w, &networkv1.ContactDraft{FirstName: "Camille", LastName: "Abel", Company: "=Formule"})

		// 23:30 UTC on 18 November is the 19th in Paris: the file is named after the
		// candidate's date.
		srv.Clock.Set(time.Date(2026, 11, 18, 23, 30, 0, 0, time.UTC))
		res, err := http.NewRequest(http.MethodGet, srv.URL+"/api/contacts/export", nil)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := w.HTTP.Do(res)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		data, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("GET /api/contacts/export: %d %s", resp.StatusCode, data)
		}
		if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/csv") {
			t.Errorf("Content-Type %q", ct)
		}
		if cd := resp.Header.Get("Content-Disposition"); cd != `attachment; filename="contacts-tremplin-2026-11-19.csv"` {
			t.Errorf("Content-Disposition %q", cd)
		}
		lines := strings.Split(strings.TrimPrefix(string(data), "\uFEFF"), "\r\n")
		if lines[0] != "First Name,Last Name,Notes,E-mail Address,Business Phone,Mobile Phone,Company,Job Title,Gender" {
			t.Errorf("header %q", lines[0])
		}
		// Sorted like the list; Gender f for female, m otherwise; a formula is defused.
		if lines[1] != "Camille,ABEL,,,,,'=Formule,,m" {
			t.Errorf("row 1 %q", lines[1])
		}
		if !strings.HasSuffix(lines[len(lines)-2], ",m") || !strings.HasPrefix(lines[len(lines)-2], "Hugo,RENARD,") {
			t.Errorf("last row %q", lines[len(lines)-2])
		}
		back, err := contactcsv.Parse(bytes.NewReader(data), contactcsv.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		if len(back) != 3 {
			t.Fatalf("read back %d contacts: %v", len(back), back)
		}
		want := contactcsv.Contact{FirstName: "Léa", LastName: "DUBOIS", Email: "lea@exemple.fr", PhoneNumber: "05 61 93 33 33",
			MobileNumber: "+33 6 11 22 33 44", Company: "Airbus", Job: "Acheteuse", Civility: contactcsv.Female,
			Notes: "Entretien le 12/05.\nRelancer en juin, voir « Pôle achats »."}
		if back[1] != want {
			t.Errorf("Léa read back:\n got %+v\nwant %+v", back[1], want)
		}

		// Over Connect: the file and its name in the message, the header too.
		conn, err := netOf(w).ExportContacts(bg, &networkv1.ExportContactsRequest{})
		if err != nil {
			t.Fatal(err)
		}
		if conn.GetFilename() != "contacts-tremplin-2026-11-19.csv" || !bytes.Equal(conn.GetFile().GetData(), data) ||
			conn.GetFile().GetContentType() != "text/csv; charset=utf-8" {
			t.Errorf("Connect: %q %q %d bytes", conn.GetFilename(), conn.GetFile().GetContentType(), len(conn.GetFile().GetData()))
		}
		raw := networkRawClient(srv, w)
		resp2, err := raw.CallUnary(bg, connect.NewRequest(&networkv1.ExportContactsRequest{}))
		if err != nil {
			t.Fatal(err)
		}
		if cd := resp2.Header().Get("Content-Disposition"); !strings.Contains(cd, "contacts-tremplin-2026-11-19.csv") {
			t.Errorf("Connect header %q", cd)
		}
	})
}

// networkRawClient calls ExportContacts with a generic Connect client that exposes headers.
func networkRawClient(srv *testserver.Start, w *testserver.Session) *connect.Client[networkv1.ExportContactsRequest, networkv1.ExportContactsResponse] {
	return connect.NewClient[networkv1.ExportContactsRequest, networkv1.ExportContactsResponse](
		w.HTTP, srv.URL+"/tremplin.network.v1.NetworkService/ExportContacts")
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
