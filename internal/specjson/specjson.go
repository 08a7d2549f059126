// Package specjson writes messages as the /api's JSON: protojson with EmitDefaultValues, except
// that enum values are the spec's strings (unspecified ones left out). The gateway's encoder
// (gateway/encode.go) writes any message this way by reflection; `make generate` also gives
// each message of proto/tremplin an AppendSpecJSON method (cmd/protoc-gen-specjson) that writes
// the same bytes from its Go fields, which the encoder takes when a message has one: a
// 1,000-contact list is written in a third of the time (issue 25). Both are built on the
// helpers here, so a string, a date or a number is written the same way by either.
package specjson

import (
	"encoding/base64"
	"math"
	"strconv"
	"time"
	"unicode/utf8"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/known/timestamppb"
)

// Appender is a message with a generated writer (every message of proto/tremplin whose fields
// are scalars, enums, timestamps and other such messages).
type Appender interface {
	// AppendSpecJSON appends the message as the /api's JSON.
	AppendSpecJSON(b []byte) ([]byte, error)
}

// EndObject ends an object written from start with a comma before each field: the first comma
// becomes the opening brace (an object without fields is {}).
func EndObject(b []byte, start int) []byte {
	if len(b) == start {
		return append(b, '{', '}')
	}
	b[start] = '{'
	return append(b, '}')
}

// Timestamp writes ts as protojson does (RFC 3339 in UTC, "Z", the fraction in 0, 3, 6 or 9
// digits), and fails as protojson fails outside its range.
func Timestamp(b []byte, ts *timestamppb.Timestamp) ([]byte, error) {
	if out, ok := AppendTimestamp(b, ts); ok {
		return out, nil
	}
	_, err := protojson.Marshal(ts)
	return nil, err
}

// AppendTimestamp is Timestamp's fast path: false for a timestamp protojson refuses (out of
// years 1–9999, nanos out of range), left to protojson for its error.
func AppendTimestamp(b []byte, ts *timestamppb.Timestamp) ([]byte, bool) {
	const minSeconds, maxSeconds = -62135596800, 253402300799 // 0001-01-01, 9999-12-31T23:59:59
	secs, nanos := ts.GetSeconds(), ts.GetNanos()
	if secs < minSeconds || secs > maxSeconds || nanos < 0 || nanos >= 1e9 {
		return b, false
	}
	// The digits written by hand: time.Format read its layout for each of a list's dates.
	t := time.Unix(secs, 0).UTC()
	year, month, day := t.Date()
	hour, minute, second := t.Clock()
	b = append(b, '"')
	b = appendDigits(b, int64(year), 4)
	b = appendDigits(append(b, '-'), int64(month), 2)
	b = appendDigits(append(b, '-'), int64(day), 2)
	b = appendDigits(append(b, 'T'), int64(hour), 2)
	b = appendDigits(append(b, ':'), int64(minute), 2)
	b = appendDigits(append(b, ':'), int64(second), 2)
	if nanos != 0 {
		digits, n := 9, int64(nanos)
		switch {
		case n%1e6 == 0:
			digits, n = 3, n/1e6
		case n%1e3 == 0:
			digits, n = 6, n/1e3
		}
		b = appendDigits(append(b, '.'), n, digits)
	}
	return append(b, 'Z', '"'), true
}

// appendDigits writes n's last width digits, zeros first.
func appendDigits(b []byte, n int64, width int) []byte {
	for p := width - 1; p >= 0; p-- {
		b = append(b, byte('0'+n/pow10[p]%10))
	}
	return b
}

var pow10 = [...]int64{1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8}

// Int64 writes a 64-bit integer as protojson does: quoted (JavaScript's numbers stop at 2^53).
func Int64(b []byte, n int64) []byte {
	return append(strconv.AppendInt(append(b, '"'), n, 10), '"')
}

// Uint64 writes an unsigned 64-bit integer, quoted.
func Uint64(b []byte, n uint64) []byte {
	return append(strconv.AppendUint(append(b, '"'), n, 10), '"')
}

// Float writes f (of the given bits, 32 or 64) as protojson does: NaN and the infinities as
// strings.
func Float(b []byte, f float64, bits int) []byte {
	switch {
	case math.IsNaN(f):
		return append(b, `"NaN"`...)
	case math.IsInf(f, 1):
		return append(b, `"Infinity"`...)
	case math.IsInf(f, -1):
		return append(b, `"-Infinity"`...)
	}
	return strconv.AppendFloat(b, f, 'g', -1, bits)
}

// Bytes writes v in standard base64, quoted.
func Bytes(b []byte, v []byte) []byte {
	b = append(b, '"')
	b = base64.StdEncoding.AppendEncode(b, v)
	return append(b, '"')
}

const hex = "0123456789abcdef"

// plain marks the bytes String copies as they are: printable ASCII but for the quote, the
// backslash and <, > and &. Every other byte takes the slow path.
var plain = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

// String writes s as a JSON string, escaping what JSON requires (and <, > and & and the line
// separators, so the output is safe to embed anywhere, as encoding/json does); invalid UTF-8
// becomes U+FFFD.
func String(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if plain[c] {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// EnumName writes a value of an enum without spec strings as protojson does: its name, or its
// number when the enum has no value of that number.
func EnumName(b []byte, e protoreflect.Enum) []byte {
	return EnumNameOf(b, e.Descriptor(), e.Number())
}

// EnumNameOf is EnumName for value n of enum d.
func EnumNameOf(b []byte, d protoreflect.EnumDescriptor, n protoreflect.EnumNumber) []byte {
	if value := d.Values().ByNumber(n); value != nil {
		return String(b, string(value.Name()))
	}
	return strconv.AppendInt(b, int64(n), 10)
}
