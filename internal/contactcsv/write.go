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
// Cells are escaped against formula injection (see escapeFormula), whichever separator a
// spreadsheet splits the file on. Parse reads the file back to
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
		row[4] = escapePhone(c.PhoneNumber)
		row[5] = escapePhone(c.MobileNumber)
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

// separators are the characters a spreadsheet may split a line of this file on: the comma
// it is written with, but also the semicolon French Excel expects, tabs, and line breaks
// (French Excel does not see the quotes of a field that does not start one of its cells).
// Any of them can start a cell, so a formula must not follow any of them either.
const separators = ",;\t\r\n"

// leadIns may precede a formula at the start of a cell: spaces, and the quotes of a field as
// a spreadsheet splitting on another separator sees them.
const leadIns = " \""

// escapeFormula prefixes with an apostrophe every place of a value where a spreadsheet could
// start a cell that it would take for a formula: the start of the value, and every place just
// after a separator (the cell a spreadsheet makes there runs past the value, so what follows
// in the file is part of it). At each place, looking past apostrophes already there and then
// past spaces and quotes:
//
//   - what starts with = + - @ tab or CR gets an "'" in front;
//   - a place that already starts with apostrophes followed by such a formula gets one more,
//     so that unescapeFormula, which removes one, gives the value back exactly.
func escapeFormula(s string) string {
	if !strings.ContainsAny(s, formulaStarts) {
		return s // no formula anywhere (most names)
	}
	var out strings.Builder
	out.Grow(len(s) + 1)
	for _, rest := range places(s) {
		if opensFormula(rest) {
			out.WriteByte('\'')
		}
		out.WriteString(cut(rest))
	}
	return out.String()
}

// escapePhone is escapeFormula except for a number-like value, made only of digits, spaces
// and + - . ( ) / with at least one digit ("+33 6 12 34 56 78"): a phone number must stay
// readable, and such a cell names no function and no cell, so it cannot do harm. A phone
// column is never the first of a line, so the whole value is the whole cell.
func escapePhone(s string) string {
	if numberLike(s) {
		return s
	}
	return escapeFormula(s)
}

// unescapeFormula undoes escapeFormula: it removes one apostrophe from every place that
// starts with apostrophes followed by a formula.
func unescapeFormula(s string) string {
	if strings.IndexByte(s, '\'') < 0 {
		return s
	}
	var out strings.Builder
	out.Grow(len(s))
	for _, rest := range places(s) {
		if rest[0] == '\'' && opensFormula(rest) {
			rest = rest[1:]
		}
		out.WriteString(cut(rest))
	}
	return out.String()
}

// places yields the places of s where a cell may start — 0, and every index just after a
// separator — with the rest of s from there; the empty value yields nothing, a value ending
// with a separator yields no empty rest.
func places(s string) func(yield func(int, string) bool) {
	return func(yield func(int, string) bool) {
		for place := 0; place < len(s); {
			if !yield(place, s[place:]) {
				return
			}
			next := strings.IndexAny(s[place:], separators)
			if next < 0 {
				return
			}
			place += next + 1
		}
	}
}

// cut answers rest up to and with its first separator: what belongs to this place.
func cut(rest string) string {
	if end := strings.IndexAny(rest, separators); end >= 0 {
		return rest[:end+1]
	}
	return rest
}

// opensFormula reports whether a cell starting with rest would be a formula once its
// apostrophes, spaces and quotes are skipped.
func opensFormula(rest string) bool {
	rest = strings.TrimLeft(strings.TrimLeft(rest, "'"), leadIns)
	return rest != "" && strings.IndexByte(formulaStarts, rest[0]) >= 0
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
