// Package textfile reads the text files people upload (contacts CSV and vCard files): bounded in
// size, and decoded to UTF-8 from what spreadsheets, phones and mail programs write.
package textfile

import (
	"bytes"
	"io"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
)

// ReadAtMost reads r to its end or to max bytes. Reading one byte more than a limit tells a
// file of exactly that size from a larger one without reading the rest of an oversized upload.
// Unlike io.ReadAll, it sizes its buffer from the reader's length when it has one (the import
// handlers pass a bytes.Reader over the request body), so the file is held once, not in a
// buffer grown by doubling.
func ReadAtMost(r io.Reader, max int64) ([]byte, error) {
	size := int64(64 << 10)
	if l, ok := r.(interface{ Len() int }); ok {
		size = int64(l.Len()) + 1 // room for the read that answers io.EOF
	}
	buf := make([]byte, 0, min(size, max))
	lr := io.LimitReader(r, max)
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)] // let append pick the next capacity
		}
		n, err := lr.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

var (
	bomUTF8    = []byte{0xEF, 0xBB, 0xBF}
	bomUTF16LE = []byte{0xFF, 0xFE}
	bomUTF16BE = []byte{0xFE, 0xFF}
)

// Decode answers a file as UTF-8 without BOM: UTF-8 with or without BOM; UTF-16 with a BOM
// (Excel's "Unicode text", some Outlook exports); otherwise, when the bytes are not valid UTF-8,
// Windows-1252 (a superset of ISO-8859-1's printable characters, what French Excel and old
// mail programs save). It may reuse raw's memory. It fails only on broken UTF-16.
func Decode(raw []byte) ([]byte, error) {
	switch {
	case bytes.HasPrefix(raw, bomUTF8):
		// The BOM declares UTF-8: a stray invalid byte is a damaged character, not a hint
		// that the whole file is Windows-1252.
		return bytes.ToValidUTF8(raw[len(bomUTF8):], []byte("\uFFFD")), nil
	case bytes.HasPrefix(raw, bomUTF16LE), bytes.HasPrefix(raw, bomUTF16BE):
		// The BOM override picks the byte order; invalid surrogates become U+FFFD.
		return unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewDecoder().Bytes(raw)
	case utf8.Valid(raw):
		return raw, nil
	default:
		// Windows-1252 maps every byte, so this answers valid UTF-8.
		return charmap.Windows1252.NewDecoder().Bytes(raw)
	}
}
