package contactcsv

import (
	"bytes"
	"fmt"
	"testing"
)

// linkedInExport builds a LinkedIn Connections.csv of n rows, preamble included, with accents,
// quoted companies and empty e-mails as in real exports.
func linkedInExport(n int) []byte {
	var b bytes.Buffer
	b.WriteString("Notes:\n\"When exporting your connection data, you may notice that some of the email addresses are missing. You will only see email addresses for connections who have allowed their connections to see or download their email address using this setting https://www.linkedin.com/psettings/privacy/email. You can learn more here https://www.linkedin.com/help/linkedin/answer/261\"\n\n")
	b.WriteString("First Name,Last Name,URL,Email Address,Company,Position,Connected On\n")
	firsts := []string{"Hélène", "Éric", "Sean", "Jean-Baptiste", "Zoë", "Camille", "François"}
	lasts := []string{"Martin", "Lefèvre", "O'Neil", "de La Tour", "Nguyễn", "Durand", "Müller"}
	companies := []string{"Société Générale", "\"Acme, Inc.\"", "Capgemini", "Tremplin", ""}
	for i := 0; i < n; i++ {
		first, last := firsts[i%len(firsts)], lasts[i%len(lasts)]
		email := ""
		if i%3 == 0 {
			email = fmt.Sprintf("contact%d@example.com", i)
		}
		fmt.Fprintf(&b, "%s,%s,https://www.linkedin.com/in/contact-%d,%s,%s,Chargé(e) de mission %d,%02d Mar 2024\n",
			first, last, i, email, companies[i%len(companies)], i%50, 1+i%28)
	}
	return b.Bytes()
}

func BenchmarkParseLinkedIn10k(b *testing.B) {
	data := linkedInExport(10_000)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		contacts, err := Parse(bytes.NewReader(data), Limits{})
		if err != nil {
			b.Fatal(err)
		}
		if len(contacts) != 10_000 {
			b.Fatalf("%d contacts", len(contacts))
		}
	}
	b.ReportMetric(float64(len(data)), "file-bytes")
}

func TestLinkedInExport10k(t *testing.T) {
	contacts, err := Parse(bytes.NewReader(linkedInExport(10_000)), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if len(contacts) != 10_000 {
		t.Fatalf("%d contacts", len(contacts))
	}
	want := Contact{FirstName: "Sean", LastName: "O'Neil", Company: "Capgemini",
		Job: "Chargé(e) de mission 2", LinkedIn: "https://www.linkedin.com/in/contact-2"}
	if contacts[2] != want {
		t.Errorf("contact 2 = %+v, want %+v", contacts[2], want)
	}
}
