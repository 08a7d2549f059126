package contactvcard

import (
	"bytes"
	"errors"
	"testing"
	"unicode/utf8"

	"github.com/tremplin/tremplin/internal/testkit"
)

// FuzzParse checks that Parse never panics, answers all or nothing with a typed error, answers
// valid UTF-8 and only named cards, and that what it answers survives Write then Parse.
func FuzzParse(f *testing.F) {
	testkit.Seed(f, "testdata/*.vcf",
		"", "BEGIN:VCARD", "BEGIN:VCARD\nEND:VCARD", "BEGIN:VCARD\nN;ENCODING=QUOTED-PRINTABLE:=\n=\n",
		"BEGIN:VCARD\nFN;\"a:b\":x\nEND:VCARD", "BEGIN:VCARD\nTEL;CELL:\nEND:VCARD", "BEGIN:VCARD\nN:\\;\\\\;;\nEND:VCARD",
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		res, err := Parse(bytes.NewReader(data), Limits{MaxBytes: 1 << 20, MaxCards: 1000})
		if err != nil {
			if res.Cards != nil || res.Nameless != 0 {
				t.Fatalf("answered %+v with error %v", res, err)
			}
			if !errors.Is(err, ErrNotVCard) && !errors.Is(err, ErrTooLarge) && !errors.Is(err, ErrTooManyCards) {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		for _, c := range res.Cards {
			if c.FirstName == "" && c.LastName == "" {
				t.Fatalf("a card without a name: %+v", c)
			}
			for _, s := range append([]string{c.FirstName, c.LastName, c.Company, c.Job, c.Notes}, c.Emails...) {
				if !utf8.ValidString(s) {
					t.Fatalf("invalid UTF-8: %q", s)
				}
			}
		}
		var buf bytes.Buffer
		if err := Write(&buf, res.Cards); err != nil {
			t.Fatal(err)
		}
		if len(res.Cards) == 0 {
			return
		}
		again, err := Parse(&buf, Limits{})
		if err != nil {
			t.Fatalf("its own file refused: %v\n%s", err, buf.String())
		}
		if len(again.Cards) != len(res.Cards) {
			t.Fatalf("%d cards written, %d read back", len(res.Cards), len(again.Cards))
		}
	})
}
