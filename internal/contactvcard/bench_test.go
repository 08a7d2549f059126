package contactvcard

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// benchFile is n cards as iOS writes them, each with a 4 kB photo folded over 55 lines.
func benchFile(n int) []byte {
	photo := "PHOTO;ENCODING=b;TYPE=JPEG:" + strings.Repeat("QUJD", 18) + "\r\n" + strings.Repeat(" "+strings.Repeat("QUJD", 18)+"\r\n", 55)
	var b bytes.Buffer
	for i := range n {
		fmt.Fprintf(&b, "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Nom%d;Prénom;;;\r\nFN:Prénom Nom%d\r\nORG:Société %d;\r\n"+
			"EMAIL;type=INTERNET;type=pref:p%d@exemple.fr\r\nTEL;type=CELL;type=VOICE;type=pref:06 12 34 %02d %02d\r\n"+
			"NOTE:Rencontré au salon\\, à rappeler.\r\n%sEND:VCARD\r\n", i, i, i, i, i%100, i/100%100, photo)
	}
	return b.Bytes()
}

// BenchmarkParse5000 is the budget: 5,000 cards parsed (and previewed, see the
// network service's benchmark) in under a second.
func BenchmarkParse5000(b *testing.B) {
	data := benchFile(5000)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		res, err := Parse(bytes.NewReader(data), Limits{MaxBytes: int64(len(data))})
		if err != nil || len(res.Cards) != 5000 {
			b.Fatal(len(res.Cards), err)
		}
	}
}

// A file made of one property folded over a million lines, or of a million quoted-printable
// soft line breaks, is read in linear time.
func TestLongFoldsAreLinear(t *testing.T) {
	for name, file := range map[string]string{
		"folded": "BEGIN:VCARD\r\nPHOTO:" + strings.Repeat(" A\r\n", 1<<20) + "FN:A B\r\nEND:VCARD\r\n",
		"soft":   "BEGIN:VCARD\r\nNOTE;ENCODING=QUOTED-PRINTABLE:" + strings.Repeat("A=\r\n", 1<<20) + "A\r\nFN:A B\r\nEND:VCARD\r\n",
	} {
		res, err := Parse(strings.NewReader(file), Limits{MaxBytes: int64(len(file))})
		if err != nil || len(res.Cards) != 1 {
			t.Errorf("%s: %+v %v", name, res.Cards, err)
		}
	}
}
