package contactcsv

import (
	"encoding/csv"
	"io"
	"strings"
)

// exportHeader is the spec's export layout; Parse reads it back (it is the template's names
// plus Gender).
var exportHeader = []string{
	"First Name", "Last Name", "Notes", "E-mail Address", "Business Phone", "Mobile Phone",
	"Company", "Job Title", "Gender",
}

// Write writes contacts as the network export: UTF-8 with a BOM (so Excel shows accents),
// comma separated, CRLF line ends, the columns of exportHeader, Gender "f" for Female and "m"
// for anything else (as the spec says: a contact without civility is read back as Male).
//
// Cells are escaped against formula injection (see escapeFormula). Parse reads the file back to
// the same contacts, given contacts as Parse answers them (trimmed, names with single spaces,
// "\n" line breaks) and a civility.
func Write(w io.Writer, contacts []Contact) error {
	if _, err := io.WriteString(w, "\uFEFF"); err != nil {
		return err
	}
	cw := csv.NewWriter(w)
	cw.UseCRLF = true
	if err := cw.Write(exportHeader); err != nil {
		return err
	}
	row := make([]string, len(exportHeader))
	for _, c := range contacts {
		gender := "m"
		if c.Civility == Female {
			gender = "f"
		}
		row[0] = escapeFormula(c.FirstName)
		row[1] = escapeFormula(c.LastName)
		row[2] = escapeFormula(c.Notes)
		row[3] = escapeFormula(c.Email)
		row[4] = escapeFormula(c.PhoneNumber)
		row[5] = escapeFormula(c.MobileNumber)
		row[6] = escapeFormula(c.Company)
		row[7] = escapeFormula(c.Job)
		row[8] = gender
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// formulaStarts are the first characters that make Excel, LibreOffice or Google Sheets read a
// cell as a formula (OWASP's list: = + - @, and tab and carriage return).
const formulaStarts = "=+-@\t\r"

// escapeFormula prefixes a cell with an apostrophe when a spreadsheet would take it for a
// formula. The rule, looking past any apostrophes the value already starts with:
//
//   - a cell that starts with = + - @ tab or CR is prefixed with "'";
//   - except a number-like cell, made only of digits, spaces and + - . ( ) / with at least one
//     digit ("+33 6 12 34 56 78", "-5"): it names no function and no cell, so it cannot do
//     harm, and a phone number must stay readable;
//   - a cell that already starts with apostrophes followed by such a character gets one more,
//     so that unescapeFormula, which removes one, gives the value back exactly.
func escapeFormula(s string) string {
	rest := strings.TrimLeft(s, "'")
	if rest == "" || strings.IndexByte(formulaStarts, rest[0]) < 0 {
		return s
	}
	if len(rest) == len(s) && numberLike(s) {
		return s
	}
	return "'" + s
}

// unescapeFormula undoes escapeFormula.
func unescapeFormula(s string) string {
	if len(s) < 2 || s[0] != '\'' {
		return s
	}
	rest := strings.TrimLeft(s, "'")
	if rest != "" && strings.IndexByte(formulaStarts, rest[0]) >= 0 {
		return s[1:]
	}
	return s
}

func numberLike(s string) bool {
	digit := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digit = true
		case strings.IndexByte(" +-.()/", c) >= 0:
		default:
			return false
		}
	}
	return digit
}
