// Package contactcsv reads the contacts CSV files candidates upload (LinkedIn, Google Contacts,
// Outlook, the product's own template, and any spreadsheet with recognisable headers) and writes
// the network export file.
//
// It is pure: no database, no I/O beyond the reader and writer it is given. The NetworkService
// calls Parse from ImportContacts (the parsed contacts are shown for the candidate to pick from)
// and Write from ExportContacts.
package contactcsv

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/tremplin/tremplin/internal/textfile"
)

// Civility values, the spec's strings of tremplin.common.v1.Civility.
const (
	Male   = "male"
	Female = "female"
)

// Contact is one person read from, or written to, a contacts CSV file.
type Contact struct {
	FirstName    string
	LastName     string
	Email        string
	Company      string
	Job          string
	PhoneNumber  string // landline
	MobileNumber string
	Notes        string
	Civility     string // Male, Female or "" when the file does not say
	// LinkedIn is the contact's LinkedIn profile (https://www.linkedin.com/in/…) when the file
	// has one in a URL column; other addresses of that column stay in Notes.
	LinkedIn string
}

// Result is what ParseFile reads: the named rows, and how many rows had data but no name.
type Result struct {
	Contacts []Contact
	Nameless int
}

// Limits bounds what Parse accepts. A zero field takes its default.
type Limits struct {
	MaxBytes int64 // size of the file as uploaded; default DefaultMaxBytes
	MaxRows  int   // data rows after the header, named or not; default DefaultMaxRows
}

// Defaults of Limits: the ImportContacts contract says 5 MB, and BulkCreateContacts takes at
// most 10,000 contacts.
const (
	DefaultMaxBytes = 5 << 20
	DefaultMaxRows  = 10_000
)

// Errors answered by Parse, wrapped with details; test them with errors.Is.
var (
	// ErrNotContactsCSV: the file is not text, or no row among the first lines has a first,
	// last or full name column.
	ErrNotContactsCSV = errors.New("contactcsv: not a contacts CSV file")
	// ErrTooLarge: the file has more than Limits.MaxBytes bytes.
	ErrTooLarge = errors.New("contactcsv: file too large")
	// ErrTooManyRows: the file has more than Limits.MaxRows data rows.
	ErrTooManyRows = errors.New("contactcsv: too many rows")
)

// maxHeaderLines is how far Parse looks for the header row: LinkedIn puts a 3-line "Notes:"
// preamble before it, Excel sometimes a "sep=;" line; 20 leaves room for other preambles.
const maxHeaderLines = 20

func (l Limits) withDefaults() Limits {
	if l.MaxBytes <= 0 {
		l.MaxBytes = DefaultMaxBytes
	}
	if l.MaxRows <= 0 {
		l.MaxRows = DefaultMaxRows
	}
	return l
}

// Parse reads a contacts CSV file and answers its contacts, in file order. It is all-or-nothing:
// on error it answers no contact. A file with a header and no named row answers no contact and
// no error.
//
// Encoding: UTF-8 with or without BOM; UTF-16 with a BOM (Excel's "Unicode text"); otherwise,
// when the bytes are not valid UTF-8, Windows-1252 (a superset of ISO-8859-1's printable
// characters, what French Excel saves).
//
// Layout: the header is the first of the first 20 lines that has a first, last or full name
// column under one of the known names (English and French, matched ignoring case, accents and
// punctuation; see columns.go). The separator (comma, semicolon or tab) is the one that makes
// that line the best header. Columns with other names are ignored.
//
// Values: spaces are trimmed; names have inner whitespace collapsed to one space; line breaks
// are normalised to "\n"; a leading apostrophe that Write added against formula injection is
// removed. Rows with neither a first nor a last name are skipped (with only a full name column,
// the full name is split at its first space: "Marie de La Tour" is Marie / de La Tour). A
// LinkedIn profile URL (https://www.linkedin.com/in/…) is kept in LinkedIn; another address in
// a URL column is kept as the last line of Notes.
// Phones are read from named columns (office first) and from Google's "Phone N" label/value
// pairs: a Mobile label gives the mobile number, fax and pager are skipped, any other label
// gives the landline. Middle names are ignored. Fields are not truncated: the caller checks
// lengths against its contract.
//
// Limits.MaxRows counts every data row, named or not, so that the work stays bounded.
func Parse(r io.Reader, limits Limits) ([]Contact, error) {
	res, err := ParseFile(r, limits)
	return res.Contacts, err
}

// ParseFile is Parse, with the count of the rows skipped for having no name (rows with some
// data but neither a first, last nor full name; wholly empty rows are not counted).
func ParseFile(r io.Reader, limits Limits) (Result, error) {
	contacts, nameless, err := parse(r, limits)
	if err != nil {
		return Result{}, err
	}
	return Result{Contacts: contacts, Nameless: nameless}, nil
}

func parse(r io.Reader, limits Limits) ([]Contact, int, error) {
	limits = limits.withDefaults()
	raw, err := textfile.ReadAtMost(r, limits.MaxBytes+1)
	if err != nil {
		return nil, 0, fmt.Errorf("contactcsv: reading the file: %w", err)
	}
	if int64(len(raw)) > limits.MaxBytes {
		return nil, 0, fmt.Errorf("%w: more than %d bytes", ErrTooLarge, limits.MaxBytes)
	}
	text, err := decode(raw)
	if err != nil {
		return nil, 0, err
	}

	header, err := findHeader(text)
	if err != nil {
		return nil, 0, err
	}
	cr := csv.NewReader(bytes.NewReader(text[header.offset:]))
	cr.Comma = header.sep
	cr.LazyQuotes = true    // stray quotes in hand-made files must not fail the import
	cr.FieldsPerRecord = -1 // Excel drops trailing empty cells on some rows
	cr.ReuseRecord = true   // one []string for all rows; the field strings stay valid

	// The header row itself, already mapped by findHeader.
	if _, err := cr.Read(); err != nil {
		return nil, 0, fmt.Errorf("%w: %w", ErrNotContactsCSV, err)
	}

	// One allocation for the result: there are at most as many rows as line breaks left.
	contacts := make([]Contact, 0, min(bytes.Count(text[header.offset:], []byte{'\n'}), limits.MaxRows))
	nameless := 0
	for rows := 0; ; {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, 0, fmt.Errorf("%w: %w", ErrNotContactsCSV, err)
		}
		if rows++; rows > limits.MaxRows {
			return nil, 0, fmt.Errorf("%w: more than %d rows", ErrTooManyRows, limits.MaxRows)
		}
		if c, ok := header.layout.contact(rec); ok {
			contacts = append(contacts, c)
		} else if hasData(rec) {
			nameless++
		}
	}
	return contacts, nameless, nil
}

// hasData tells whether a row has a non-empty cell.
func hasData(rec []string) bool {
	for _, v := range rec {
		if strings.TrimSpace(v) != "" {
			return true
		}
	}
	return false
}

// decode answers the file as UTF-8 without BOM. It may reuse raw's memory.
func decode(raw []byte) ([]byte, error) {
	text, err := textfile.Decode(raw)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNotContactsCSV, err)
	}
	// Text files have no NUL byte; images and spreadsheets (.xlsx is a zip, .xls an OLE file)
	// have many.
	if len(bytes.TrimSpace(text)) == 0 || bytes.IndexByte(text, 0) >= 0 {
		return nil, fmt.Errorf("%w: empty or binary file", ErrNotContactsCSV)
	}
	// Excel's "CSV (Macintosh)" ends lines with a lone CR, which encoding/csv does not split on.
	if bytes.IndexByte(text, '\n') < 0 {
		// text is our own buffer (read or decoded here): rewrite it in place.
		for i, b := range text {
			if b == '\r' {
				text[i] = '\n'
			}
		}
	}
	return text, nil
}

// header is where the data starts and how to read it.
type header struct {
	offset int  // byte offset of the header line in the decoded text
	sep    rune // field separator
	layout *layout
}

// findHeader looks for the header among the first maxHeaderLines lines. Each line is split with
// every candidate separator; the first line where one of them yields a name column wins, with
// the separator that recognises the most columns (comma first on a tie).
func findHeader(text []byte) (header, error) {
	offset := 0
	for n := 0; n < maxHeaderLines && offset < len(text); n++ {
		line := text[offset:]
		next := len(text)
		if i := bytes.IndexByte(line, '\n'); i >= 0 {
			line, next = line[:i], offset+i+1
		}
		var best header
		bestScore := 0
		for _, sep := range []rune{',', ';', '\t'} {
			l := newLayout(splitLine(line, sep))
			if score := l.known; l.hasName() && score > bestScore {
				best, bestScore = header{offset: offset, sep: sep, layout: l}, score
			}
		}
		if best.layout != nil {
			return best, nil
		}
		offset = next
	}
	return header{}, fmt.Errorf("%w: no first name or last name column in the first %d lines",
		ErrNotContactsCSV, maxHeaderLines)
}

// splitLine splits one physical line as encoding/csv would, quotes included.
func splitLine(line []byte, sep rune) []string {
	cr := csv.NewReader(bytes.NewReader(line))
	cr.Comma = sep
	cr.LazyQuotes = true
	cr.FieldsPerRecord = -1
	rec, err := cr.Read()
	if err != nil {
		return nil
	}
	return rec
}

// cleanValue normalises line breaks, trims a cell and undoes Write's formula escaping.
func cleanValue(s string) string {
	if strings.IndexByte(s, '\r') >= 0 {
		// encoding/csv keeps a lone CR, and csv.Writer with CRLF line ends drops it: turning
		// every line break into "\n" keeps Write then Parse stable. It comes first so that an
		// escaped "'\r\n..." is not unescaped into a value that starts with a line break.
		s = strings.ReplaceAll(s, "\r\n", "\n")
		s = strings.ReplaceAll(s, "\r", "\n")
	}
	return unescapeFormula(strings.TrimSpace(s))
}

// collapseSpaces collapses runs of whitespace (line breaks included) in a cleaned name.
func collapseSpaces(s string) string {
	// Most names are ASCII words with single spaces: skip the allocation for them. Non-ASCII
	// bytes take the slow path because they may be Unicode spaces (U+00A0 from Excel).
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || (c <= ' ' && (c != ' ' || i+1 == len(s) || s[i+1] == ' ')) {
			return strings.Join(strings.Fields(s), " ")
		}
	}
	return s
}

// firstOf answers the first of several values Google Contacts puts in one cell
// ("a@x.fr ::: b@y.fr").
func firstOf(s string) string {
	if i := strings.Index(s, ":::"); i >= 0 {
		return strings.TrimSpace(s[:i])
	}
	return s
}
