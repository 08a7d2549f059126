package contactcsv

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
	"unicode/utf8"

	"github.com/tremplin/tremplin/internal/testkit"
)

// FuzzParse checks that Parse never panics, answers all-or-nothing with a typed error, answers
// only named contacts with valid UTF-8, and that its answer survives Write then Parse (with the
// spec's "m" for a contact without civility).
func FuzzParse(f *testing.F) {
	testkit.Seed(f, "testdata/*.csv",
		"", "\uFEFF", "First Name\n", "Nom;Prénom\r\nDupont;Jean\r\n", "\xff\xfeN\x00o\x00m\x00\n\x00",
		"First Name,Last Name\n'=x,\"a\r\nb\"\n", "Name\nA B C\n", "Phone 1 - Label,Phone 1 - Value,Name\nMobile,06,x\n",
		"First Name,Title\nA,Mme\nB,Chef\n", "sep=;\nPr\xe9nom;Nom\n\xc9ric;Z\n",
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		limits := Limits{MaxBytes: 1 << 20, MaxRows: 1000}
		contacts, err := Parse(bytes.NewReader(data), limits)
		if err != nil {
			if contacts != nil {
				t.Fatalf("answered %d contacts with error %v", len(contacts), err)
			}
			if !errors.Is(err, ErrNotContactsCSV) && !errors.Is(err, ErrTooLarge) && !errors.Is(err, ErrTooManyRows) {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		for i, c := range contacts {
			if c.FirstName == "" && c.LastName == "" {
				t.Fatalf("contact %d has no name: %+v", i, c)
			}
			for _, v := range []string{c.FirstName, c.LastName, c.Email, c.Company, c.Job,
				c.PhoneNumber, c.MobileNumber, c.Notes, c.Civility, c.LinkedIn} {
				if !utf8.ValidString(v) {
					t.Fatalf("contact %d has invalid UTF-8 %q", i, v)
				}
			}
			if c.Civility != "" && c.Civility != Male && c.Civility != Female {
				t.Fatalf("contact %d has civility %q", i, c.Civility)
			}
		}

		var b bytes.Buffer
		if err := Write(&b, contacts); err != nil {
			t.Fatal(err)
		}
		again, err := Parse(&b, Limits{MaxBytes: 1 << 30, MaxRows: len(contacts) + 1})
		if err != nil {
			t.Fatalf("Parse(Write(contacts)): %v\n%q", err, b.String())
		}
		if len(again) != len(contacts) {
			t.Fatalf("Parse(Write(contacts)) answered %d contacts, want %d", len(again), len(contacts))
		}
		for i := range contacts {
			want := contacts[i]
			if want.Civility == "" {
				want.Civility = Male
			}
			want.LinkedIn = "" // the export has no column for it (spec section 5)
			if again[i] != want {
				t.Fatalf("contact %d after Write then Parse:\n got  %s\n want %s", i, dump(again[i]), dump(want))
			}
		}
	})
}

func dump(c Contact) string { return fmt.Sprintf("%#v", c) }
