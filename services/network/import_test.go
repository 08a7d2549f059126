package network_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"connectrpc.com/connect"
	"github.com/google/go-cmp/cmp"
	"google.golang.org/genproto/googleapis/api/httpbody"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/testing/protocmp"

	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/internal/testserver"
)

// fixture reads a real file the contact readers of internal/ are tested with: in contactcsv,
// exports of LinkedIn, Google and Outlook and the template in its variants; in contactvcard,
// the files of phones and address books.
func fixture(t *testing.T, pkg, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "internal", pkg, "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// upload posts file as the "file" part of a multipart form to /api/contacts/import, as the
// web app does, and answers the status and the decoded body.
func upload(t *testing.T, srv *testserver.Start, w *testserver.Session, name string, file []byte) (int, map[string]any) {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	header := textproto.MIMEHeader{}
	header.Set("Content-Disposition", fmt.Sprintf(`form-data; name="file"; filename=%q`, name))
	header.Set("Content-Type", "text/csv")
	part, err := mw.CreatePart(header)
	if err != nil {
		t.Fatal(err)
	}
	part.Write(file)
	mw.Close()
	req, err := http.NewRequest(http.MethodPost, srv.URL+"/api/contacts/import", &body)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return testserver.Do(t, w.HTTP, req)
}

// importedOf decodes the importedContacts of a JSON answer.
func importedOf(t *testing.T, body map[string]any) []*networkv1.ImportedContact {
	t.Helper()
	data, _ := json.Marshal(map[string]any{"importedContacts": body["importedContacts"]})
	var res networkv1.ImportContactsResponse
	if err := (protojson.UnmarshalOptions{DiscardUnknown: true}).Unmarshal(data, &res); err != nil {
		t.Fatalf("%s: %v", data, err)
	}
	return res.GetImportedContacts()
}

func importOverConnect(t *testing.T, w *testserver.Session, file []byte) []*networkv1.ImportedContact {
	t.Helper()
	res, err := netOf(w).ImportContacts(bg, &networkv1.ImportContactsRequest{File: &httpbody.HttpBody{ContentType: "text/csv", Data: file}})
	if err != nil {
		t.Fatalf("import over Connect: %v", err)
	}
	return res.GetImportedContacts()
}

func short(cs []*networkv1.ImportedContact) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.GetLastName() + " " + c.GetFirstName()
	}
	return out
}

func TestImportSampleFiles(t *testing.T) {
	female, male := commonv1.Civility_CIVILITY_FEMALE, commonv1.Civility_CIVILITY_MALE
	files := []struct {
		file  string
		names []string
		// one contact checked field by field
		check *networkv1.ImportedContact
	}{
		{"linkedin_connections.csv", []string{"MARTIN Hélène", "LEFÈVRE Éric", "O'NEIL Sean", "DE LA TOUR Jean-Baptiste", "NGUYỄN Zoë"},
			&networkv1.ImportedContact{FirstName: "Zoë", LastName: "NGUYỄN", Email: "zoe@example.vn", Company: "Tremplin", Job: "Développeuse Go",
				Resources: []*commonv1.Resource{{Label: "LinkedIn", Url: "https://www.linkedin.com/in/zoe-nguyen"}}}},
		{"google_contacts.csv", []string{"DURAND Camille", "LAMBERT Pierre", "MOREAU Anne-Sophie"},
			&networkv1.ImportedContact{FirstName: "Camille", LastName: "DURAND", Email: "camille.durand@orange.example", Company: "Orange",
				Job: "Responsable RH", PhoneNumber: "+33 1 44 55 66 77", MobileNumber: "+33 6 12 34 56 78", Comments: "Rencontrée au salon de l'emploi"}},
		{"google_contacts_legacy.csv", []string{"ROUX Nathalie", "PETIT Thomas", "MADONNA "},
			&networkv1.ImportedContact{FirstName: "Nathalie", LastName: "ROUX", Email: "nathalie.roux@example.fr", Company: "Crédit Agricole",
				Job: "Analyste crédit", PhoneNumber: "01 23 45 67 89", MobileNumber: "06 11 22 33 44", Civility: female}},
		{"outlook_en.csv", []string{"BERNARD Claire", "COHEN David", "OKAFOR "},
			&networkv1.ImportedContact{FirstName: "Claire", LastName: "BERNARD", Email: "claire.bernard@example.com", Company: "BNP Paribas",
				Job: "Engineering Manager", PhoneNumber: "+33 1 40 14 45 46", MobileNumber: "+33 6 01 02 03 04", Civility: female,
				Comments: "Met at VivaTech.\nFollow up in June, re: \"data\" team."}},
		{"outlook_fr_semicolon_cp1252.csv", []string{"MÜLLER François", "LE BIHAN Gaëlle", "CŒURDACIER Jérôme"},
			&networkv1.ImportedContact{FirstName: "François", LastName: "MÜLLER", Email: "francois.muller@example.fr", Company: "L'Oréal",
				Job: "Chef de projet", PhoneNumber: "01 47 56 70 00", MobileNumber: "06 07 08 09 10", Civility: male,
				Comments: "Salaire visé : 45 k€ ; relancer en mai"}},
		{"template_utf8_bom.csv", []string{"POULAIN Amélie", "MARTIN Jean Pierre", " Zinedine", "CÔTÉ Marie-Ève"},
			&networkv1.ImportedContact{FirstName: "Amélie", LastName: "POULAIN", Email: "amelie.poulain@example.fr", Company: "Café des 2 Moulins",
				Job: "Serveuse", PhoneNumber: "01 42 54 90 20", MobileNumber: "06 12 12 12 12", Comments: "Rencontrée via France Travail"}},
		{"template_semicolon_multiline.csv", []string{"DUBOIS Léa", "RENARD Hugo", "BENALI Yasmine"},
			&networkv1.ImportedContact{FirstName: "Léa", LastName: "DUBOIS", Email: "lea.dubois@example.fr", Company: "Airbus", Job: "Acheteuse",
				PhoneNumber: "+33 5 61 93 33 33", MobileNumber: "+33 6 11 22 33 44", Civility: female,
				Comments: "Entretien le 12/05 ; très bon contact.\nRelancer après l'été, voir \"Pôle achats\"."}},
	}
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		w := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		for _, f := range files {
			data := fixture(t, "contactcsv", f.file)
			status, body := upload(t, srv, w, f.file, data)
			if status != http.StatusOK {
				t.Errorf("%s: %d %v", f.file, status, body)
				continue
			}
			overJSON := importedOf(t, body)
			if got := short(overJSON); !slices.Equal(got, f.names) {
				t.Errorf("%s over the JSON route: %q, want %q", f.file, got, f.names)
			}
			overConnect := importOverConnect(t, w, data)
			if got := short(overConnect); !slices.Equal(got, f.names) {
				t.Errorf("%s over Connect: %q, want %q", f.file, got, f.names)
			}
			found := false
			for _, c := range overConnect { // the JSON route's civility strings are checked below
				if c.GetLastName() == f.check.GetLastName() {
					found = true
					if c.String() != f.check.String() {
						t.Errorf("%s:\n got %v\nwant %v", f.file, c, f.check)
					}
				}
			}
			if !found {
				t.Errorf("%s: %s missing", f.file, f.check.GetLastName())
			}
		}
		// The JSON answer speaks the spec's civility strings.
		data := fixture(t, "contactcsv", "template_semicolon_multiline.csv")
		_, body := upload(t, srv, w, "x.csv", data)
		if first := body["importedContacts"].([]any)[0].(map[string]any); first["civility"] != "female" || first["lastName"] != "DUBOIS" {
			t.Errorf("JSON shape: %v", first)
		}
		// Importing saves nothing.
		if got := list(t, w, nil); len(got) != 0 {
			t.Errorf("import saved contacts: %v", names(got))
		}
	})
}

func TestImportSkipsKnownContactsAndNormalises(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		w := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		create(t, w, person("lea", "DUBOIS"))
		data := fixture(t, "contactcsv", "template_semicolon_multiline.csv")
		if got := short(importOverConnect(t, w, data)); !slices.Equal(got, []string{"RENARD Hugo", "BENALI Yasmine"}) {
			t.Errorf("already in the network (Léa Dubois): %v", got)
		}

		long := strings.Repeat("é", 150)
		file := "First Name;Last Name;E-mail Address;Business Phone;Mobile Phone;Company;Notes\n" +
			"Jean;Dupont;jean@exemple.fr;06.12.34.56.78;+33 (0)6 12 34 56 78;Thalès;Ancien chef\n" +
			"JEAN;DUPONT;;;;;\n" +
			"Jéan;  dupont ;;;;;\n" +
			long + ";Durand (RH) 2;pas-un-mail;poste 12;;" + strings.Repeat("x", 250) + ";\n" +
			"Émile;Zola;;;;;\n"
		got := importOverConnect(t, w, []byte(file))
		if names := short(got); !slices.Equal(names, []string{"DUPONT Jean", "DURAND RH " + long[:200], "ZOLA Émile"}) {
			t.Fatalf("duplicates within the file: %q", names)
		}
		jean := got[0]
		if jean.GetPhoneNumber() != "06 12 34 56 78" || jean.GetMobileNumber() != "" || jean.GetCompany() != "Thalès" ||
			jean.GetComments() != "Ancien chef\nMobile : +33 (0)6 12 34 56 78" {
			t.Errorf("phones: %v", jean)
		}
		durand := got[1]
		if len([]rune(durand.GetFirstName())) != 100 || len([]rune(durand.GetCompany())) != 200 || durand.GetEmail() != "" ||
			durand.GetPhoneNumber() != "" || durand.GetComments() != "E-mail : pas-un-mail\nTéléphone : poste 12" {
			t.Errorf("limits and notes: first %d company %d %v", len([]rune(durand.GetFirstName())), len([]rune(durand.GetCompany())), durand)
		}
	})
}

// The import tells how many rows it left out and why, and keeps a LinkedIn profile URL as the
// contact's link, through to the saved contact.
func TestImportCountsSkippedRowsAndKeepsLinkedInProfiles(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		w := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		create(t, w, person("Hélène", "Martin"))
		// LinkedIn's own export (one row without a name), with a row repeated at its end.
		data := fixture(t, "contactcsv", "linkedin_connections.csv")
		data = append(data, []byte("ERIC,lefevre,https://www.linkedin.com/in/eric-lefevre-2,,,,01 Jan 2020\n")...)

		status, body := upload(t, srv, w, "Connections.csv", data)
		if status != http.StatusOK {
			t.Fatalf("%d %v", status, body)
		}
		skipped, _ := body["skipped"].(map[string]any)
		// Hélène is in the network already; the file knows her company and profile: offered to
		// complete her rather than skipped.
		if skipped["alreadyInNetwork"] != 0.0 || skipped["duplicateInFile"] != 1.0 || skipped["noName"] != 1.0 {
			t.Errorf("skipped over JSON: %v", body["skipped"])
		}
		if completions, _ := body["completions"].([]any); len(completions) != 1 || completions[0].(map[string]any)["lastName"] != "MARTIN" {
			t.Errorf("completions over JSON: %v", body["completions"])
		}
		res, err := netOf(w).ImportContacts(bg, &networkv1.ImportContactsRequest{File: &httpbody.HttpBody{ContentType: "text/csv", Data: data}})
		if err != nil {
			t.Fatal(err)
		}
		if s := res.GetSkipped(); s.GetAlreadyInNetwork() != 0 || s.GetDuplicateInFile() != 1 || s.GetNoName() != 1 || len(res.GetCompletions()) != 1 {
			t.Errorf("skipped over Connect: %v", s)
		}
		got := res.GetImportedContacts()
		if names := short(got); !slices.Equal(names, []string{"LEFÈVRE Éric", "O'NEIL Sean", "DE LA TOUR Jean-Baptiste", "NGUYỄN Zoë"}) {
			t.Fatalf("imported: %q", names)
		}
		eric := got[0]
		if len(eric.GetResources()) != 1 || eric.GetResources()[0].GetLabel() != "LinkedIn" ||
			eric.GetResources()[0].GetUrl() != "https://www.linkedin.com/in/eric-lefevre" || eric.GetComments() != "" {
			t.Errorf("LinkedIn profile: resources %v, comments %q", eric.GetResources(), eric.GetComments())
		}
		first := body["importedContacts"].([]any)[0].(map[string]any)
		if links, _ := first["resources"].([]any); len(links) != 1 ||
			links[0].(map[string]any)["url"] != "https://www.linkedin.com/in/eric-lefevre" || links[0].(map[string]any)["label"] != "LinkedIn" {
			t.Errorf("JSON resources: %v", first["resources"])
		}

		// Saved as picked, the profile stays with the contact.
		created, err := netOf(w).BulkCreateContacts(bg, &networkv1.BulkCreateContactsRequest{Contacts: got[:1]})
		if err != nil {
			t.Fatal(err)
		}
		saved := get(t, w, created.GetCreatedContacts()[0].GetId())
		if len(saved.GetResources()) != 1 || saved.GetResources()[0].GetUrl() != "https://www.linkedin.com/in/eric-lefevre" {
			t.Errorf("saved contact's links: %v", saved.GetResources())
		}

		// Nothing skipped: every count is there, at zero.
		status, body = upload(t, srv, w, "x.csv", []byte("Prénom;Nom\nLéa;Dubois\n"))
		if status != http.StatusOK {
			t.Fatalf("%d %v", status, body)
		}
		if res, _ := netOf(w).ImportContacts(bg, &networkv1.ImportContactsRequest{File: &httpbody.HttpBody{ContentType: "text/csv", Data: []byte("Prénom;Nom\nLéa;Dubois\n")}}); res.GetSkipped() == nil ||
			res.GetSkipped().GetAlreadyInNetwork()+res.GetSkipped().GetDuplicateInFile()+res.GetSkipped().GetNoName() != 0 {
			t.Errorf("nothing skipped: %v", res.GetSkipped())
		}
	})
}

func TestImportRefusesBadFiles(t *testing.T) {
	png := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89")
	var tooLong bytes.Buffer
	tooLong.WriteString("First Name,Last Name\n")
	for i := range 10_001 {
		fmt.Fprintf(&tooLong, "Prénom%d,Nom\n", i)
	}
	tooLarge := append([]byte("First Name,Last Name,Notes\n"), bytes.Repeat([]byte("Jean,Dupont,"+strings.Repeat("x", 1000)+"\n"), 5300)...)
	for _, tt := range []struct {
		name   string
		file   []byte
		reason string
	}{
		{"a PNG image", png, "IMPORT_INVALID_FILE"},
		{"a text without contacts header", []byte("Bonjour,\nceci n'est pas un carnet d'adresses.\n"), "IMPORT_INVALID_FILE"},
		{"an empty file", nil, "IMPORT_INVALID_FILE"},
		{"10,001 rows", tooLong.Bytes(), "IMPORT_TOO_LARGE"},
		{"more than 5 MB", tooLarge, "IMPORT_TOO_LARGE"},
	} {
		if tt.name == "more than 5 MB" && len(tt.file) <= 5<<20 {
			t.Fatalf("the large file has only %d bytes", len(tt.file))
		}
		testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
			w := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
			status, body := upload(t, srv, w, "fichier.csv", tt.file)
			if status != http.StatusBadRequest || body["type"] != tt.reason || !strings.HasPrefix(body["message"].(string), "Erreur lors de l'importation de contacts") {
				t.Errorf("%s over the JSON route: %d %v", tt.name, status, body)
			}
			if _, ok := body["importedContacts"]; ok {
				t.Errorf("%s: contacts answered", tt.name)
			}
			_, err := netOf(w).ImportContacts(bg, &networkv1.ImportContactsRequest{File: &httpbody.HttpBody{ContentType: "text/csv", Data: tt.file}})
			testserver.WantRefusal(t, tt.name+" over Connect", err, connect.CodeInvalidArgument, tt.reason)
		})
	}
	t.Run("a file above the request cap", func(t *testing.T) {
		srv := testserver.New(t, "sqlite3")
		w := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		huge := append([]byte("First Name,Last Name,Notes\n"), bytes.Repeat([]byte("Jean,Dupont,"+strings.Repeat("x", 1000)+"\n"), 7000)...)
		status, body := upload(t, srv, w, "gros.csv", huge)
		if status != http.StatusBadRequest || body["type"] != "IMPORT_TOO_LARGE" {
			t.Errorf("%d %v", status, body)
		}
	})
	t.Run("a form without the file", func(t *testing.T) {
		srv := testserver.New(t, "sqlite3")
		w := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		var body bytes.Buffer
		mw := multipart.NewWriter(&body)
		mw.WriteField("autre", "valeur")
		mw.Close()
		req, _ := http.NewRequest(http.MethodPost, srv.URL+"/api/contacts/import", &body)
		req.Header.Set("Content-Type", mw.FormDataContentType())
		status, got := testserver.Do(t, w.HTTP, req)
		if status != http.StatusBadRequest || got["type"] != "IMPORT_INVALID_FILE" {
			t.Errorf("%d %v", status, got)
		}
		// A raw CSV body works too.
		req, _ = http.NewRequest(http.MethodPost, srv.URL+"/api/contacts/import", strings.NewReader("Prénom;Nom\nLéa;Dubois\n"))
		req.Header.Set("Content-Type", "text/csv")
		status, got = testserver.Do(t, w.HTTP, req)
		if status != http.StatusOK || len(got["importedContacts"].([]any)) != 1 {
			t.Errorf("raw CSV: %d %v", status, got)
		}
	})
}

func TestBulkCreateContacts(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		w := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		known := create(t, w, person("Hugo", "Renard"))
		data := fixture(t, "contactcsv", "template_semicolon_multiline.csv")
		picked := importOverConnect(t, w, data) // Léa Dubois and Yasmine Benali
		// A repeat in the request and a contact already in the network are skipped.
		picked = append(picked, &networkv1.ImportedContact{FirstName: "LÉA", LastName: "dubois"}, &networkv1.ImportedContact{FirstName: "hugo", LastName: "Renard"},
			&networkv1.ImportedContact{FirstName: "Sans", LastName: "moyen", MobileNumber: "07.00.00.00.01"},
			&networkv1.ImportedContact{FirstName: "Vraiment", LastName: "Injoignable", PhoneNumber: "pas un numéro"})
		res, err := netOf(w).BulkCreateContacts(bg, &networkv1.BulkCreateContactsRequest{Contacts: picked})
		if err != nil {
			t.Fatal(err)
		}
		created := res.GetCreatedContacts()
		if got := names(created); !slices.Equal(got, []string{"DUBOIS Léa", "BENALI Yasmine", "MOYEN Sans", "INJOIGNABLE Vraiment"}) {
			t.Fatalf("created %v", got)
		}
		for _, c := range created {
			if c.GetOrigin() != "import" || c.GetRank() != 1 || c.GetParent() != nil || !c.GetIsDeletable() || c.GetId() == "" {
				t.Errorf("created contact: %v", c)
			}
		}
		if created[0].GetCivility() != commonv1.Civility_CIVILITY_FEMALE || created[0].GetStatus() != stNew || created[0].GetComments() == "" {
			t.Errorf("Léa: %v", created[0])
		}
		if created[2].GetMobileNumber() != "07 00 00 00 01" || created[2].GetStatus() != stNew {
			t.Errorf("phone normalised: %v", created[2])
		}
		if created[3].GetStatus() != stIncomplete || created[3].GetComments() != "Téléphone : pas un numéro" {
			t.Errorf("unreachable contact: %v", created[3])
		}
		all := list(t, w, nil)
		if len(all) != 5 {
			t.Errorf("network: %v", names(all))
		}
		if get(t, w, known.GetId()).GetOrigin() != "manual" {
			t.Error("the known contact changed")
		}
		// The same pick again creates nothing.
		res, err = netOf(w).BulkCreateContacts(bg, &networkv1.BulkCreateContactsRequest{Contacts: picked})
		if err != nil || len(res.GetCreatedContacts()) != 0 {
			t.Errorf("second bulk create: %v %v", res, err)
		}

		// The JSON route: {contacts} → {createdContacts}.
		status, body := w.JSON(t, http.MethodPost, "/api/contacts", map[string]any{"contacts": []map[string]any{
			{"firstName": "Zoé", "lastName": "Nguyen", "email": "zoe@exemple.fr", "civility": "female"},
		}})
		if status != http.StatusOK {
			t.Fatalf("POST /api/contacts: %d %v", status, body)
		}
		c := body["createdContacts"].([]any)[0].(map[string]any)
		if c["lastName"] != "NGUYEN" || c["status"] != "new" || c["origin"] != "import" || c["civility"] != "female" || c["isDeletable"] != true {
			t.Errorf("created over JSON: %v", c)
		}
		// A contact without any name is refused, and nothing of the request is saved.
		_, err = netOf(w).BulkCreateContacts(bg, &networkv1.BulkCreateContactsRequest{Contacts: []*networkv1.ImportedContact{
			{FirstName: "Nouveau", LastName: "Venu"}, {Company: "Sans nom"},
		}})
		testserver.WantRefusal(t, "no name", err, connect.CodeInvalidArgument, "INVALID_FIELDS")
		if testserver.ViolationField(err) != "contacts.last_name" {
			t.Errorf("field: %q", testserver.ViolationField(err))
		}
		if got := len(list(t, w, nil)); got != 6 {
			t.Errorf("%d contacts after a refused bulk create, want 6", got)
		}
	})
}

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
		res, err := netOf(w).ImportContacts(bg, &networkv1.ImportContactsRequest{File: &httpbody.HttpBody{Data: fixture(t, "contactvcard", "google_contacts.vcf")}})
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
		res, err = netOf(w).ImportContacts(bg, &networkv1.ImportContactsRequest{File: &httpbody.HttpBody{Data: fixture(t, "contactvcard", "google_contacts.vcf")}})
		if err != nil || len(res.GetCompletions()) != 0 || res.GetSkipped().GetAlreadyInNetwork() != 2 {
			t.Errorf("again: %v %v", res, err)
		}
		// Another candidate's contact cannot be completed, nor an empty request sent.
		other := srv.SignInAs(t, testserver.TrialCandidate, "autre@exemple.fr")
		_, err = netOf(other).BulkCreateContacts(bg, &networkv1.BulkCreateContactsRequest{
			Completions: []*networkv1.ContactCompletion{{ContactId: olivier.GetId(), Contact: &networkv1.ImportedContact{FirstName: "Olivier", LastName: "DUPONT", Job: "Autre"}}}})
		testserver.WantNotFound(t, "another's contact", err, "Contact")
		_, err = netOf(w).BulkCreateContacts(bg, &networkv1.BulkCreateContactsRequest{})
		testserver.WantFieldViolation(t, "an empty request", err, "bulk.empty", "Ce champ est obligatoire")
	})
}

// A phone's vCard file goes through the same preview as a CSV: the same duplicate rules and skip
// summary, one e-mail / mobile / landline per contact and the rest in the notes.
func TestImportVCards(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		w := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		create(t, w, person("Sofia", "Haddad")) // already in the network

		// Over JSON, as the web app uploads it (multipart, whatever type the browser says).
		status, body := upload(t, srv, w, "contacts.vcf", fixture(t, "contactvcard", "google_contacts.vcf"))
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
		res, err := netOf(w).ImportContacts(bg, &networkv1.ImportContactsRequest{File: &httpbody.HttpBody{ContentType: "text/vcard", Data: fixture(t, "contactvcard", "ios_contacts.vcf")}})
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
		res, err = netOf(w).ImportContacts(bg, &networkv1.ImportContactsRequest{File: &httpbody.HttpBody{Data: fixture(t, "contactvcard", "android_contacts.vcf")}})
		if err != nil {
			t.Fatal(err)
		}
		if c := res.GetImportedContacts()[0]; c.GetFirstName() != "Éloïse" || !strings.HasSuffix(c.GetComments(), "\nFax : 04 78 12 34 57") {
			t.Errorf("Éloïse: %v", c)
		}
		if c := res.GetImportedContacts()[1]; c.GetMobileNumber() != "0612457890" || c.GetComments() != "Mobile : 07 00 00 00 01" {
			t.Errorf("Yanis: %v", c)
		}
		res, err = netOf(w).ImportContacts(bg, &networkv1.ImportContactsRequest{File: &httpbody.HttpBody{Data: fixture(t, "contactvcard", "outlook.vcf")}})
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
