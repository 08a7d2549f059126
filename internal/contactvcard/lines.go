package contactvcard

import (
	"bytes"
	"mime/quotedprintable"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
)

// modernize rewrites a vCard file (UTF-8 already) as vCard 3.0 lines that go-vcard reads
// right. go-vcard follows RFC 6350 and reads vCard 3.0 as well, but not what vCard 2.1 writers
// (Android, Outlook, old Nokia and Samsung phones) put in a file:
//   - bare parameters, « TEL;CELL;VOICE: » — go-vcard drops them, or with « TEL;CELL: » takes
//     the number for the parameter's value: they become « TYPE=CELL,VOICE »;
//   - quoted-printable values, whose soft line breaks (a line ending in « = ») continue on a
//     line that does not start with a space — go-vcard would read it as a property: the lines
//     are joined, the value decoded from its CHARSET (UTF-8, ISO-8859-1, Windows-1252…) and
//     escaped as 3.0 writes it;
//   - binary values (photos, logos, sounds, keys), ignored here, are dropped before parsing
//     rather than carried through.
//
// Lines folded the 3.0 way (a line starting with a space or a tab) are unfolded here too, so
// that each output line is one property.
func modernize(text string) string {
	var out strings.Builder
	out.Grow(len(text))
	lines := physicalLines(text)
	for i := 0; i < len(lines); i++ {
		// A folded continuation: a line starting with a space or a tab (3.0 and 4.0). Joined
		// with a builder: a photo is thousands of folded lines.
		line := lines[i]
		if i+1 < len(lines) && startsFolded(lines[i+1]) {
			var b strings.Builder
			b.WriteString(line)
			for i+1 < len(lines) && startsFolded(lines[i+1]) {
				i++
				b.WriteString(lines[i][1:])
			}
			line = b.String()
		}
		name, params, value, ok := splitProperty(line)
		if !ok {
			continue // not a property (a blank line, garbage between cards)
		}
		if binaryProperty(name) {
			continue
		}
		p := readParams(params)
		if p.quotedPrintable {
			// Soft line breaks: the value continues on the next line, whatever it starts with.
			if strings.HasSuffix(value, "=") && i+1 < len(lines) {
				var b strings.Builder
				for strings.HasSuffix(value, "=") && i+1 < len(lines) {
					i++
					b.WriteString(value[:len(value)-1])
					value = strings.TrimLeft(lines[i], " \t")
				}
				b.WriteString(value)
				value = b.String()
			}
			value = escape(decodeQuotedPrintable(value, p.charset))
		}
		// A raw 8-bit value in a declared charset needs nothing more: the whole file was decoded
		// as UTF-8, or as Windows-1252 when it is not UTF-8, which is what writers mean by Latin-1.
		out.WriteString(name)
		for _, kv := range p.kept {
			out.WriteByte(';')
			out.WriteString(kv)
		}
		out.WriteByte(':')
		out.WriteString(value)
		out.WriteString("\r\n")
	}
	return out.String()
}

// physicalLines splits text at CRLF, LF or a lone CR.
func physicalLines(text string) []string {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	return strings.Split(text, "\n")
}

func startsFolded(line string) bool {
	return line != "" && (line[0] == ' ' || line[0] == '\t')
}

// splitProperty cuts « group.NAME;params:value » at the first colon outside double quotes.
// name keeps its group (« item1.URL »); params is what lies between the name and the colon.
func splitProperty(line string) (name, params, value string, ok bool) {
	quoted := false
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '"':
			quoted = !quoted
		case ':':
			if quoted {
				continue
			}
			head := line[:i]
			name, params, _ = strings.Cut(head, ";")
			if strings.TrimSpace(name) == "" {
				return "", "", "", false
			}
			return strings.TrimSpace(name), params, line[i+1:], true
		}
	}
	return "", "", "", false
}

// bareName is a property name without its group, upper-cased.
func bareName(name string) string {
	if _, after, found := strings.Cut(name, "."); found {
		name = after
	}
	return strings.ToUpper(name)
}

// binaryProperty tells the properties whose value is a picture, a sound or a key: ignored.
func binaryProperty(name string) bool {
	switch bareName(name) {
	case "PHOTO", "LOGO", "SOUND", "KEY":
		return true
	}
	return false
}

type params struct {
	kept            []string // KEY=VALUE, in order, ENCODING and CHARSET left out
	quotedPrintable bool
	charset         string
}

// vCard 2.1 encodings, which may stand alone as bare parameters.
var encodings = map[string]bool{"QUOTED-PRINTABLE": true, "BASE64": true, "B": true, "8BIT": true, "7BIT": true}

// readParams reads « ;TYPE=CELL;CELL;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8 »: bare
// parameters become TYPE (or ENCODING for an encoding's name), the encoding and charset are
// noted and left out.
func readParams(s string) params {
	var p params
	for _, part := range splitOutsideQuotes(s, ';') {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		key, value, hasValue := strings.Cut(part, "=")
		key = strings.ToUpper(strings.TrimSpace(key))
		if !hasValue {
			key, value = "TYPE", key
			if encodings[value] {
				key = "ENCODING"
			}
		}
		switch key {
		case "ENCODING":
			p.quotedPrintable = p.quotedPrintable || strings.EqualFold(strings.Trim(value, `"`), "QUOTED-PRINTABLE")
		case "CHARSET":
			p.charset = strings.Trim(value, `"`)
		default:
			p.kept = append(p.kept, key+"="+value)
		}
	}
	return p
}

func splitOutsideQuotes(s string, sep byte) []string {
	var parts []string
	quoted, start := false, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"':
			quoted = !quoted
		case sep:
			if !quoted {
				parts = append(parts, s[start:i])
				start = i + 1
			}
		}
	}
	return append(parts, s[start:])
}

// decodeQuotedPrintable decodes a value and reads its bytes in charset (UTF-8 when not said;
// Windows-1252 when the bytes are not UTF-8 after all). A broken escape keeps the raw text.
func decodeQuotedPrintable(value, charset string) string {
	raw, err := readQuotedPrintable(value)
	if err != nil {
		return value
	}
	if charset != "" && !isUTF8(charset) {
		if enc, err := htmlindex.Get(charset); err == nil {
			if s, err := enc.NewDecoder().Bytes(raw); err == nil {
				return string(s)
			}
		}
	}
	if utf8.Valid(raw) {
		return string(raw)
	}
	s, _ := charmap.Windows1252.NewDecoder().Bytes(raw) // maps every byte
	return string(s)
}

func readQuotedPrintable(value string) ([]byte, error) {
	var buf bytes.Buffer
	_, err := buf.ReadFrom(quotedprintable.NewReader(strings.NewReader(value)))
	return buf.Bytes(), err
}

func isUTF8(charset string) bool {
	c := strings.ToUpper(charset)
	return c == "UTF-8" || c == "UTF8"
}

// escape writes a decoded value as vCard 3.0 does for go-vcard to read it back: backslashes
// doubled, line breaks as \n. Semicolons stay: in N, ADR and ORG they separate the components,
// which 2.1 does not escape either.
func escape(value string) string {
	return strings.NewReplacer(`\`, `\\`, "\r\n", `\n`, "\n", `\n`, "\r", `\n`).Replace(value)
}
