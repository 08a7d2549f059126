package contactvcard

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// What the export writes, a phone reads back: every field of every card, accents, line breaks,
// commas and semicolons included.
func TestWriteThenParse(t *testing.T) {
	cards := []Card{
		{
			FirstName: "Marie-Hélène", LastName: "de La Tour", Company: "Ateliers; Lumière, Lyon", Job: "Responsable RH",
			Civility: Female, Emails: []string{"mh@exemple.fr"}, Mobiles: []string{"06 12 34 56 78"}, Landlines: []string{"01 44 55 66 77"},
			Notes: "Rencontrée au salon, Lyon; à rappeler.\nLigne 2 avec \\ une barre. " + strings.Repeat("é", 100),
			Links: []Link{{Label: WebsiteLabel, URL: "https://exemple.fr/a,b"}, {Label: LinkedInLabel, URL: "https://www.linkedin.com/in/mh"}},
			UID:   "urn:uuid:3b1e6a2c-6f0e-4d1b-9a3e-2f6f1b0c9d11",
		},
		{FirstName: "Paul", LastName: "MARTIN", Civility: Male},
		{LastName: "SEUL"},
	}
	var buf bytes.Buffer
	if err := Write(&buf, cards); err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(buf.String()) {
		if !strings.HasSuffix(line, "\r\n") {
			t.Errorf("line without CRLF: %q", line)
		}
		if n := len(strings.TrimSuffix(line, "\r\n")); n > 75 {
			t.Errorf("line of %d octets, over 75: %q", n, line)
		}
		if !utf8.ValidString(line) {
			t.Errorf("line cut inside a character: %q", line)
		}
	}
	if !strings.HasPrefix(buf.String(), "BEGIN:VCARD\r\nVERSION:4.0\r\n") {
		t.Errorf("not vCard 4.0: %q", buf.String()[:40])
	}
	// The UID (the contact's id, the same in every export) is written; Parse does not read it back.
	if !strings.Contains(buf.String(), "\r\nUID:"+cards[0].UID+"\r\n") {
		t.Errorf("no UID:%s in %q", cards[0].UID, buf.String())
	}
	res, err := Parse(&buf, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	want := cards
	want[0].Company = "Ateliers, Lumière, Lyon" // a semicolon would split the organisation
	for i := range want {
		want[i].UID = "" // written, not read
	}
	if diff := cmp.Diff(want, res.Cards); diff != "" {
		t.Errorf("read back (-want +got):\n%s", diff)
	}
}
