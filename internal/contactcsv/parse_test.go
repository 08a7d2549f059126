package contactcsv

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"golang.org/x/text/encoding/unicode"
)

func TestParseSampleFiles(t *testing.T) {
	tests := []struct {
		file string
		want []Contact
	}{
		{
			file: "linkedin_connections.csv",
			want: []Contact{
				{FirstName: "Hélène", LastName: "Martin", Email: "helene.martin@example.fr",
					Company: "Société Générale", Job: "Chargée de recrutement",
					LinkedIn: "https://www.linkedin.com/in/helene-martin-4a1b2c3"},
				{FirstName: "Éric", LastName: "Lefèvre", Company: "Capgemini",
					Job: "Directeur des opérations, France", LinkedIn: "https://www.linkedin.com/in/eric-lefevre"},
				{FirstName: "Sean", LastName: "O'Neil", Email: "sean.oneil@example.com",
					Company: "Acme, Inc.", Job: "Head of Talent", LinkedIn: "https://www.linkedin.com/in/seanoneil"},
				{FirstName: "Jean-Baptiste", LastName: "de La Tour", LinkedIn: "https://www.linkedin.com/in/jbdlt"},
				{FirstName: "Zoë", LastName: "Nguyễn", Email: "zoe@example.vn", Company: "Tremplin",
					Job: "Développeuse Go", LinkedIn: "https://www.linkedin.com/in/zoe-nguyen"},
			},
		},
		{
			file: "google_contacts.csv",
			want: []Contact{
				{FirstName: "Camille", LastName: "Durand", Email: "camille.durand@orange.example",
					Company: "Orange", Job: "Responsable RH", PhoneNumber: "+33 1 44 55 66 77",
					MobileNumber: "+33 6 12 34 56 78", Notes: "Rencontrée au salon de l'emploi"},
				// Middle name ignored, "M." prefix gives the civility, the fax is skipped, the
				// first other number is the landline, the first of several e-mails is kept.
				{FirstName: "Pierre", LastName: "Lambert", Email: "pierre.lambert@michelin.example",
					Company: "Michelin", PhoneNumber: "04 73 12 34 56", Civility: Male},
				{FirstName: "Anne-Sophie", LastName: "Moreau", MobileNumber: "06 98 76 54 32",
					Notes: "Ancienne manager.\nPrête à me recommander."},
			},
		},
		{
			file: "google_contacts_legacy.csv",
			want: []Contact{
				{FirstName: "Nathalie", LastName: "Roux", Email: "nathalie.roux@example.fr",
					Company: "Crédit Agricole", Job: "Analyste crédit", PhoneNumber: "01 23 45 67 89",
					MobileNumber: "06 11 22 33 44", Civility: Female},
				{FirstName: "Thomas", LastName: "Petit", Email: "thomas.petit@example.com", Job: "Consultant"},
				{LastName: "Madonna", PhoneNumber: "+1 212 555 0100"},
			},
		},
		{
			file: "outlook_en.csv",
			want: []Contact{
				// Business Phone beats Home Phone although it comes later; "Mrs." gives the
				// civility when Gender is "Unspecified"; CRLF in Notes becomes "\n".
				{FirstName: "Claire", LastName: "Bernard", Email: "claire.bernard@example.com",
					Company: "BNP Paribas", Job: "Engineering Manager", PhoneNumber: "+33 1 40 14 45 46",
					MobileNumber: "+33 6 01 02 03 04", Civility: Female,
					Notes: "Met at VivaTech.\nFollow up in June, re: \"data\" team."},
				{FirstName: "David", LastName: "Cohen", Email: "david.cohen@example.org",
					PhoneNumber: "01 45 67 89 10", Civility: Male},
				{LastName: "Okafor", Job: "Chief Medical Officer", PhoneNumber: "+44 20 7946 0958",
					Civility: Female},
			},
		},
		{
			file: "outlook_fr_semicolon_cp1252.csv",
			want: []Contact{
				{FirstName: "François", LastName: "Müller", Email: "francois.muller@example.fr",
					Company: "L'Oréal", Job: "Chef de projet", PhoneNumber: "01 47 56 70 00",
					MobileNumber: "06 07 08 09 10", Notes: "Salaire visé : 45 k€ ; relancer en mai",
					Civility: Male},
				{FirstName: "Gaëlle", LastName: "Le Bihan", Email: "gaelle.lebihan@example.fr",
					Company: "Crédit Mutuel Arkéa", PhoneNumber: "02 98 00 00 01", Civility: Female},
				{FirstName: "Jérôme", LastName: "Cœurdacier", Email: "jerome@example.org",
					Company: "Œuvre d'Orient", Job: "Trésorier", PhoneNumber: "+33 1 45 48 54 38"},
			},
		},
		{
			file: "template_utf8_bom.csv",
			want: []Contact{
				{FirstName: "Amélie", LastName: "Poulain", Email: "amelie.poulain@example.fr",
					Company: "Café des 2 Moulins", Job: "Serveuse", PhoneNumber: "01 42 54 90 20",
					MobileNumber: "06 12 12 12 12", Notes: "Rencontrée via France Travail"},
				{FirstName: "Jean Pierre", LastName: "MARTIN", Email: "jp.martin@example.com",
					Company: "Thales", Job: "Ingénieur système"},
				{FirstName: "Zinedine"},
				{FirstName: "Marie-Ève", LastName: "Côté", Email: "marie-eve.cote@example.ca",
					Company: "Desjardins", Job: "Analyste", PhoneNumber: "+1 514 555 0199",
					Notes: `Dit "Mev"`},
			},
		},
		{
			file: "template_semicolon_multiline.csv",
			want: []Contact{
				{FirstName: "Léa", LastName: "DUBOIS", Email: "lea.dubois@example.fr", Company: "Airbus",
					Job: "Acheteuse", PhoneNumber: "+33 5 61 93 33 33", MobileNumber: "+33 6 11 22 33 44",
					Civility: Female,
					Notes:    "Entretien le 12/05 ; très bon contact.\nRelancer après l'été, voir \"Pôle achats\"."},
				{FirstName: "Hugo", LastName: "Renard", Civility: Male},
				{FirstName: "Yasmine", LastName: "Benali", Email: "yasmine.benali@example.fr",
					Company: "Decathlon", Job: "Cheffe de rayon", MobileNumber: "0612345678",
					Notes: "Ancienne collègue"},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			got, err := Parse(bytes.NewReader(data), Limits{})
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			assertContacts(t, got, tt.want)
		})
	}
}

func assertContacts(t *testing.T, got, want []Contact) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("got %d contacts, want %d", len(got), len(want))
	}
	for i := 0; i < len(got) && i < len(want); i++ {
		if got[i] != want[i] {
			t.Errorf("contact %d:\n got  %+v\n want %+v", i, got[i], want[i])
		}
	}
	for i := len(want); i < len(got); i++ {
		t.Errorf("unexpected contact %d: %+v", i, got[i])
	}
}

// The French Outlook sample must really be Windows-1252, or its test proves nothing.
func TestOutlookFRSampleIsWindows1252(t *testing.T) {
	data, err := os.ReadFile("testdata/outlook_fr_semicolon_cp1252.csv")
	if err != nil {
		t.Fatal(err)
	}
	if utf8.Valid(data) {
		t.Fatal("sample is valid UTF-8")
	}
	// é, ü, € and œ in their Windows-1252 bytes (€ and œ are not in ISO-8859-1).
	for _, b := range []byte{0xE9, 0xFC, 0x80, 0x9C} {
		if bytes.IndexByte(data, b) < 0 {
			t.Errorf("no byte %#x in the sample", b)
		}
	}
	if !bytes.Contains(data, []byte("Pr\xe9nom;")) {
		t.Error("header is not semicolon-separated Windows-1252")
	}
}

func TestParseSmallFiles(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []Contact
	}{
		{
			name: "tab separated, French headers",
			in:   "Prénom\tNom\tE-mail\tEntreprise\tPoste\tTéléphone\tPortable\tCommentaires\nLouise\tMichel\tlm@example.fr\tINSEE\tStatisticienne\t01 02 03 04 05\t06 05 04 03 02\tvue en mars\n",
			want: []Contact{{FirstName: "Louise", LastName: "Michel", Email: "lm@example.fr", Company: "INSEE",
				Job: "Statisticienne", PhoneNumber: "01 02 03 04 05", MobileNumber: "06 05 04 03 02", Notes: "vue en mars"}},
		},
		{
			name: "Excel sep= line, semicolons, ISO-8859-1 bytes",
			in:   "sep=;\r\nPr\xe9nom;Nom;Soci\xe9t\xe9;Civilit\xe9\r\nC\xe9line;Dion;;Mme\r\n",
			want: []Contact{{FirstName: "Céline", LastName: "Dion", Civility: Female}},
		},
		{
			name: "old Mac line ends (CR only)",
			in:   "First Name,Last Name\rAda,Lovelace\rAlan,Turing\r",
			want: []Contact{{FirstName: "Ada", LastName: "Lovelace"}, {FirstName: "Alan", LastName: "Turing"}},
		},
		{
			name: "headers with odd case and punctuation, short rows",
			in:   "FIRST_NAME,last-name,EMAIL ADDRESS,Job\nGrace,Hopper\n,,nobody@example.com,x\n",
			want: []Contact{{FirstName: "Grace", LastName: "Hopper"}},
		},
		{
			name: "Titre is the job when it is not a courtesy title and there is no job",
			in:   "Nom;Prénom;Titre\nCurie;Marie;Physicienne\nCurie;Pierre;M.\n",
			want: []Contact{{FirstName: "Marie", LastName: "Curie", Job: "Physicienne"},
				{FirstName: "Pierre", LastName: "Curie", Civility: Male}},
		},
		{
			name: "no-break spaces in names, escaped formula",
			in:   "First Name,Last Name,Company\n\u00a0Jean\u00a0 Luc ,Picard,'=Starfleet\n",
			want: []Contact{{FirstName: "Jean Luc", LastName: "Picard", Company: "=Starfleet"}},
		},
		{
			name: "header only",
			in:   "First Name,Last Name\r\n",
			want: []Contact{},
		},
		{
			name: "stray quotes",
			in:   "First Name,Last Name,Notes\nJ\"R,Tolkien,said \"hello\n",
			want: []Contact{{FirstName: `J"R`, LastName: "Tolkien", Notes: `said "hello`}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse(strings.NewReader(tt.in), Limits{})
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			assertContacts(t, got, tt.want)
		})
	}
}

func TestParseUTF16(t *testing.T) {
	data, err := os.ReadFile("testdata/google_contacts_legacy.csv")
	if err != nil {
		t.Fatal(err)
	}
	want, err := Parse(bytes.NewReader(data), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	for _, order := range []unicode.Endianness{unicode.LittleEndian, unicode.BigEndian} {
		utf16, err := unicode.UTF16(order, unicode.UseBOM).NewEncoder().Bytes(data)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Parse(bytes.NewReader(utf16), Limits{})
		if err != nil {
			t.Fatalf("Parse UTF-16 (%v): %v", order, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("UTF-16 (%v): got %+v, want %+v", order, got, want)
		}
	}
}

// pngHeader is the start of a real 1x1 PNG.
var pngHeader = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89\x00\x00\x00\rIDATx\x9cc\xf8\x0f\x00\x00\x01\x01\x00\x05\x18\xd8N\x00\x00\x00\x00IEND\xaeB`\x82")

func TestParseErrors(t *testing.T) {
	linkedIn, err := os.ReadFile("testdata/linkedin_connections.csv")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		in     []byte
		limits Limits
		want   error
	}{
		{"PNG image", pngHeader, Limits{}, ErrNotContactsCSV},
		{"PNG without NUL bytes", []byte("\x89PNG\r\n\x1a\nIHDR garbage \xff\xfe\xfd"), Limits{}, ErrNotContactsCSV},
		{"no name columns", []byte("date,amount\n2024-01-01,12.50\n"), Limits{}, ErrNotContactsCSV},
		{"empty", nil, Limits{}, ErrNotContactsCSV},
		{"blank lines", []byte("\r\n\r\n  \n"), Limits{}, ErrNotContactsCSV},
		{"BOM only", []byte{0xEF, 0xBB, 0xBF}, Limits{}, ErrNotContactsCSV},
		{"header after line 20", []byte(strings.Repeat("x\n", 20) + "First Name,Last Name\nA,B\n"), Limits{}, ErrNotContactsCSV},
		{"over MaxBytes", linkedIn, Limits{MaxBytes: int64(len(linkedIn)) - 1}, ErrTooLarge},
		{"over default MaxBytes", append([]byte("First Name\n"), bytes.Repeat([]byte("a\n"), DefaultMaxBytes/2)...), Limits{}, ErrTooLarge},
		{"over MaxRows", linkedIn, Limits{MaxRows: 5}, ErrTooManyRows}, // 6 rows, one without name
		{"over default MaxRows", []byte("Nom\n" + strings.Repeat("x\n", DefaultMaxRows+1)), Limits{}, ErrTooManyRows},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse(bytes.NewReader(tt.in), tt.limits)
			if !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
			if got != nil {
				t.Errorf("answered %d contacts with the error", len(got))
			}
		})
	}
}

// Files exactly at the limits are accepted.
func TestParseAtLimits(t *testing.T) {
	linkedIn, err := os.ReadFile("testdata/linkedin_connections.csv")
	if err != nil {
		t.Fatal(err)
	}
	got, err := Parse(bytes.NewReader(linkedIn), Limits{MaxBytes: int64(len(linkedIn)), MaxRows: 6})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 5 {
		t.Errorf("got %d contacts, want 5", len(got))
	}
	big := "Nom\n" + strings.Repeat("x\n", DefaultMaxRows)
	if got, err := Parse(strings.NewReader(big), Limits{}); err != nil || len(got) != DefaultMaxRows {
		t.Errorf("10,000 rows: %d contacts, %v", len(got), err)
	}
}

func TestFoldKey(t *testing.T) {
	for in, want := range map[string]string{
		"E-mail Address":                  "emailaddress",
		"Téléphone (bureau)":              "telephonebureau",
		"Tél. mobile":                     "telmobile",
		"\uFEFFFirst Name":                "firstname",
		"  SOCIÉTÉ ":                      "societe",
		"Phone 1 - Value":                 "phone1value",
		"Nom complet de l'adresse de mes": "nomcompletdeladressedemes",
	} {
		if got := foldKey(in); got != want {
			t.Errorf("foldKey(%q) = %q, want %q", in, got, want)
		}
	}
}

// Crafted headers must not make each row cost as much as the header: Parse stays linear.
// pathologicalFiles are files whose header makes each row costly to read: hundreds of
// thousands of columns, a thousand phone groups, one cell of 4 MB.
func pathologicalFiles() map[string]string {
	rows := strings.Repeat("x\n", DefaultMaxRows)
	var phones strings.Builder
	phones.WriteString("Name")
	for n := 1; n <= 1000; n++ {
		fmt.Fprintf(&phones, ",Phone %d - Label,Phone %d - Value", n, n)
	}
	return map[string]string{
		"many first name columns": strings.Repeat("First Name,", 400_000) + "\n" + rows,
		"many phone groups":       phones.String() + "\n" + rows,
		"one huge cell":           "Nom;Prénom\n" + strings.Repeat("a", 4<<20) + ";b\n",
	}
}

// Pathological headers are still read; how long they take is measured by
// BenchmarkParsePathologicalHeaders, not asserted here.
func TestParsePathologicalHeaders(t *testing.T) {
	for name, in := range pathologicalFiles() {
		t.Run(name, func(t *testing.T) {
			got, err := Parse(strings.NewReader(in), Limits{})
			if err != nil {
				t.Fatal(err)
			}
			if len(got) == 0 {
				t.Error("no contact")
			}
		})
	}
}

func BenchmarkParsePathologicalHeaders(b *testing.B) {
	for name, in := range pathologicalFiles() {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, err := Parse(strings.NewReader(in), Limits{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// Readers without a length (an HTTP body) are read in chunks; reading errors are passed on.
func TestParseReaders(t *testing.T) {
	data, err := os.ReadFile("testdata/linkedin_connections.csv")
	if err != nil {
		t.Fatal(err)
	}
	want, err := Parse(bytes.NewReader(data), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := Parse(iotest.OneByteReader(bytes.NewReader(data)), Limits{})
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("one byte at a time: %v, %v", got, err)
	}
	if _, err := Parse(iotest.OneByteReader(bytes.NewReader(data)), Limits{MaxBytes: 100}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("one byte at a time, too large: %v", err)
	}
	boom := errors.New("connection reset")
	got, err = Parse(io.MultiReader(bytes.NewReader(data[:50]), iotest.ErrReader(boom)), Limits{})
	if !errors.Is(err, boom) || got != nil {
		t.Errorf("read error: %v, %v", got, err)
	}
	for _, sentinel := range []error{ErrNotContactsCSV, ErrTooLarge, ErrTooManyRows} {
		if errors.Is(err, sentinel) {
			t.Errorf("read error %v reported as %v", err, sentinel)
		}
	}
}

func TestParseFileCountsNamelessRowsAndKeepsLinkedInProfiles(t *testing.T) {
	data, err := os.ReadFile("testdata/linkedin_connections.csv")
	if err != nil {
		t.Fatal(err)
	}
	// A row with data but no name counts; a wholly empty one does not; a URL column holding
	// another address keeps it in the notes.
	data = append(data, []byte(",,,,Sans Nom SA,,\n,,,,,,\nAnne,Web,https://exemple.fr/anne,,,,\n")...)
	got, err := ParseFile(bytes.NewReader(data), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if got.Nameless != 2 {
		t.Errorf("nameless rows: %d, want 2", got.Nameless)
	}
	if n := len(got.Contacts); n != 6 {
		t.Fatalf("%d contacts, want 6", n)
	}
	if c := got.Contacts[0]; c.LinkedIn != "https://www.linkedin.com/in/helene-martin-4a1b2c3" || c.Notes != "" {
		t.Errorf("LinkedIn profile: %#v", c)
	}
	if c := got.Contacts[5]; c.LinkedIn != "" || c.Notes != "https://exemple.fr/anne" {
		t.Errorf("another address: %#v", c)
	}
	for _, tt := range []struct {
		url  string
		want bool
	}{
		{"https://www.linkedin.com/in/jdupont", true},
		{"http://fr.linkedin.com/in/jdupont/", true},
		{"https://linkedin.com/in/jdupont", true},
		{"https://www.linkedin.com/company/acme", false},
		{"https://www.linkedin.com/in/", false},
		{"https://evil.example/linkedin.com/in/x", false},
		{"https://notlinkedin.com/in/x", false},
		{"javascript:alert(1)//linkedin.com/in/x", false},
	} {
		if got := isLinkedInProfile(tt.url); got != tt.want {
			t.Errorf("isLinkedInProfile(%q) = %v", tt.url, got)
		}
	}
}
