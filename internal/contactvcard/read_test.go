package contactvcard

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func parseFixture(t *testing.T, name string) Result {
	t.Helper()
	data, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Parse(bytes.NewReader(data), Limits{})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return res
}

// Each fixture is what one program writes; the cards are what a person reading the file in
// that program sees.
func TestParseRealFiles(t *testing.T) {
	tests := []struct {
		file     string
		want     []Card
		nameless int
	}{
		{
			file: "ios_contacts.vcf",
			want: []Card{
				{
					FirstName: "Claire", LastName: "Bernard", Company: "Ateliers Lumière", Job: "Responsable RH",
					Emails:    []string{"claire.bernard@ateliers-lumiere.fr", "claire.b@gmail.com"}, // the preferred one first
					Mobiles:   []string{"06 12 34 56 78"},
					Landlines: []string{"01 44 55 66 77"},
					Notes:     "Rencontrée au salon de l'emploi, Lyon.\nRappeler en mars.",
					Links: []Link{
						{Label: WebsiteLabel, URL: "https://www.ateliers-lumiere.fr"},
						{Label: LinkedInLabel, URL: "https://www.linkedin.com/in/clairebernard"},
					},
				},
				{FirstName: "Marie-Hélène", LastName: "de La Tour", Civility: Female, Mobiles: []string{"07 61 23 45 67"}},
			},
			nameless: 1, // the contact with only a number, shown by it
		},
		{
			file: "google_contacts.vcf",
			want: []Card{
				{
					FirstName: "Olivier", LastName: "Dupont", Company: "Banque du Rhône", Job: "Directeur d'agence",
					Emails: []string{"olivier.dupont@exemple.fr"}, Mobiles: []string{"+33 6 98 76 54 32"}, Landlines: []string{"+33 4 72 00 11 22"},
					Notes: "Ancien collègue de Marc chez Banque du Rhône, connaît bien les métiers du conseil et de l'accompagnement des entreprises de la région lyonnaise.",
					Links: []Link{{Label: LinkedInLabel, URL: "https://www.linkedin.com/in/olivier-dupont"}},
				},
				// No type: a French mobile number is a mobile.
				{FirstName: "Sofia", LastName: "Haddad", Emails: []string{"sofia.haddad@exemple.org"}, Mobiles: []string{"07 70 11 22 33"}},
				// The same name twice in a file is the importer's business, not the parser's.
				{FirstName: "Olivier", LastName: "Dupont", Landlines: []string{"04 78 99 88 77"}},
			},
		},
		{
			file: "android_contacts.vcf",
			want: []Card{
				{
					FirstName: "Éloïse", LastName: "Lefèvre", Company: "Café des Arts", Job: "Gérante",
					Emails: []string{"eloise.lefevre@exemple.fr"}, Mobiles: []string{"06 11 22 33 44"}, Landlines: []string{"04 78 12 34 56"},
					OtherPhones: []string{"Fax : 04 78 12 34 57"},
					Notes:       "Vue à la réunion du 12 mars.\nConnaît bien le secteur de la restauration, préfère les appels le matin.",
				},
				{FirstName: "Yanis", LastName: "Roux", Mobiles: []string{"0612457890", "07 00 00 00 01"}},
			},
		},
		{
			file: "outlook.vcf",
			want: []Card{{
				FirstName: "Hugo", LastName: "Renard", Company: "Transports Renard", Job: "Chargé de recrutement",
				Emails: []string{"hugo.renard@transports-renard.fr"}, Mobiles: []string{"07 55 44 33 22"}, Landlines: []string{"01 23 45 67 89"},
				OtherPhones: []string{"Fax : 01 23 45 67 90"},
				Notes:       "Entretien prévu le 3 décembre\nApporter le CV imprimé.",
				Links:       []Link{{Label: WebsiteLabel, URL: "http://www.transports-renard.fr"}},
			}},
		},
		{
			file: "vcard4.vcf",
			want: []Card{{
				FirstName: "Inès", LastName: "Morel", Company: "Cabinet Morel", Job: "Consultante", Civility: Female,
				Emails:  []string{"ines.morel@exemple.fr", "ines@morel.fr"},
				Mobiles: []string{"+33 6 12 12 12 12"},
				Links:   []Link{{Label: WebsiteLabel, URL: "https://cabinet-morel.fr"}},
			}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			res := parseFixture(t, tt.file)
			if diff := cmp.Diff(tt.want, res.Cards); diff != "" {
				t.Errorf("cards (-want +got):\n%s", diff)
			}
			if res.Nameless != tt.nameless {
				t.Errorf("nameless = %d, want %d", res.Nameless, tt.nameless)
			}
		})
	}
}

func TestParseNames(t *testing.T) {
	card := func(lines ...string) string {
		return "BEGIN:VCARD\r\nVERSION:3.0\r\n" + strings.Join(lines, "\r\n") + "\r\nEND:VCARD\r\n"
	}
	tests := []struct {
		name        string
		file        string
		first, last string
		civility    string
	}{
		{"N wins over FN", card("N:Martin;Paul;;;", "FN:Polo"), "Paul", "Martin", ""},
		{"additional names join the first name", card("N:Martin;Paul;Henri;;"), "Paul Henri", "Martin", ""},
		{"FN alone, split at its last space", card("FN:Jean de Villiers"), "Jean de", "Villiers", ""},
		{"one word is a first name", card("FN:Maman"), "Maman", "", ""},
		{"prefix gives the civility", card("N:Martin;Paul;;M.;"), "Paul", "Martin", Male},
		{"4.0 gender", card("N:Martin;Camille;;;", "GENDER:F"), "Camille", "Martin", Female},
		{"lower-case property names", card("n:Martin;Paul;;;"), "Paul", "Martin", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Parse(strings.NewReader(tt.file), Limits{})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Cards) != 1 {
				t.Fatalf("cards = %+v", res.Cards)
			}
			c := res.Cards[0]
			if c.FirstName != tt.first || c.LastName != tt.last || c.Civility != tt.civility {
				t.Errorf("got %q / %q / %q, want %q / %q / %q", c.FirstName, c.LastName, c.Civility, tt.first, tt.last, tt.civility)
			}
		})
	}
	// A company's card (Outlook: FN is the organisation, N empty) has no person's name.
	res, err := Parse(strings.NewReader(card("N:;;;;", "FN:Acme", "ORG:Acme", "TEL;WORK:01 02 03 04 05")), Limits{})
	if err != nil || len(res.Cards) != 0 || res.Nameless != 1 {
		t.Errorf("company card: %+v, %v", res, err)
	}
}

func TestParseRefuses(t *testing.T) {
	big := "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A B\r\nEND:VCARD\r\n"
	tests := []struct {
		name   string
		file   string
		limits Limits
		want   error
	}{
		{"empty", "", Limits{}, ErrNotVCard},
		{"a CSV named .vcf", "First Name,Last Name\nJean,Dupont\n", Limits{}, ErrNotVCard},
		{"no END", "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Jean Dupont\r\n", Limits{}, ErrNotVCard},
		{"not a vCard after BEGIN", "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", Limits{}, ErrNotVCard},
		{"no card at all", "BEGIN:VCARD\r\nEND:VCARD\r\n", Limits{}, ErrNotVCard},
		{"too large", big + big, Limits{MaxBytes: int64(len(big))}, ErrTooLarge},
		{"too many cards", big + big + big, Limits{MaxCards: 2}, ErrTooManyCards},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Parse(strings.NewReader(tt.file), tt.limits)
			if !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
			if res.Cards != nil {
				t.Errorf("answered cards with an error: %+v", res.Cards)
			}
		})
	}
}

func TestSniff(t *testing.T) {
	for s, want := range map[string]bool{
		"BEGIN:VCARD\r\n": true, "\uFEFF\r\n\r\nbegin:vcard\n": true, "  BEGIN:VCARD": true,
		"First Name,Last Name\n": false, "BEGIN:VCAL": false, "": false,
	} {
		if got := Sniff([]byte(s)); got != want {
			t.Errorf("Sniff(%q) = %v, want %v", s, got, want)
		}
	}
}
