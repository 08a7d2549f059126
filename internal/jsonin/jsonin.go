// Package jsonin reads a request's JSON against its message's descriptors before protojson
// decodes it. protojson stops at the first value of the wrong type with one English error
// for the whole body ("invalid value for string field email: 5"), which the JSON gateway
// answered as an internal error; here every such value is a field violation naming its path,
// in French, as the validation rules' are. Enum values are rewritten on the way to what
// protojson reads: the spec's strings to proto names on the /api gateway; on Connect's JSON, a
// word of no value to a number of none, which the validation interceptor refuses with its
// path (Connect answers a codec's error without details).
package jsonin

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"maps"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"buf.build/gen/go/bufbuild/protovalidate/protocolbuffers/go/buf/validate"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/known/timestamppb"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/enums"
)

// Options say how enum values are read.
type Options struct {
	// Spec accepts the spec's strings ("not-started") besides proto names and numbers.
	Spec bool
	// MarkUnknown replaces a word that is none of the enum's values by Unknown, a number of
	// none, instead of refusing it here.
	MarkUnknown bool
}

// Unknown is the enum number a word of no value is read as with MarkUnknown: no enum of ours
// has it.
const Unknown = math.MinInt32

// The ids of the rules, by the JSON type a field wants.
const (
	ruleText   = "json.text"
	ruleNumber = "json.number"
	ruleBool   = "json.bool"
	ruleDate   = "json.date"
	ruleData   = "json.base64"
	ruleObject = "json.object"
	ruleList   = "json.list"
	ruleEnum   = "enum.defined_only"
	// RuleBody names a body that is not an object.
	RuleBody = "body.object"
)

// Read decodes data, a JSON document, as a message of md found at path in the request (the
// route's body field, or nil for the whole request), checks every value against its field,
// and answers the document protojson is to read, with the violations found (none: the
// document is good to read). err is a document that is not JSON at all.
func Read(data []byte, md protoreflect.MessageDescriptor, path []apierr.Step, opts Options) (normalized []byte, violations []*validate.Violation, err error) {
	if !ValidText(data) {
		// encoding/json would quietly make U+FFFD of it; protojson refuses it.
		return nil, nil, errNotText
	}
	var tree any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&tree); err != nil {
		return nil, nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, nil, errTrailing
	}
	r := reader{opts: opts}
	if _, ok := tree.(map[string]any); !ok {
		if len(path) == 0 {
			return nil, []*validate.Violation{apierr.Violation(nil, RuleBody, apierr.BodyNotObject)}, nil
		}
		return nil, []*validate.Violation{apierr.Violation(path, ruleObject, apierr.BadObject)}, nil
	}
	tree = r.message(tree, md, path)
	if len(r.violations) > 0 {
		return nil, r.violations, nil
	}
	normalized, err = json.Marshal(tree)
	return normalized, nil, err
}

var (
	errTrailing = errors.New("un seul document JSON est attendu")
	errNotText  = errors.New("du texte n'est pas de l'UTF-8 valide")
)

// reader walks one document.
type reader struct {
	opts       Options
	violations []*validate.Violation
}

// maxViolations is the most violations a document answers: a list of 10,000 contacts with a
// number for every e-mail is refused as well by its first hundred.
const maxViolations = 100

func (r *reader) refuse(path []apierr.Step, rule, message string) {
	if len(r.violations) < maxViolations {
		r.violations = append(r.violations, apierr.Violation(path, rule, message))
	}
}

// message checks an object of md's fields, at path, and answers it rewritten.
func (r *reader) message(node any, md protoreflect.MessageDescriptor, path []apierr.Step) any {
	obj, ok := node.(map[string]any)
	if !ok {
		r.refuse(path, ruleObject, apierr.BadObject)
		return node
	}
	// In the fields' order (the violations' too); keys of no field are left to protojson,
	// which discards them.
	fields := md.Fields()
	for i := range fields.Len() {
		f := fields.Get(i)
		for _, key := range names(f) {
			if value, ok := obj[key]; ok && value != nil { // null: unset
				obj[key] = r.field(value, f, path)
			}
		}
	}
	return obj
}

// names are the keys protojson reads a field by: its JSON name and its proto name.
func names(f protoreflect.FieldDescriptor) []string {
	if f.JSONName() == f.TextName() {
		return []string{f.JSONName()}
	}
	return []string{f.JSONName(), f.TextName()}
}

// field checks the value of f, in a message at path, and answers it rewritten.
func (r *reader) field(value any, f protoreflect.FieldDescriptor, path []apierr.Step) any {
	here := func(s apierr.Step) []apierr.Step { return append(path[:len(path):len(path)], s) }
	switch {
	case f.IsList():
		list, ok := value.([]any)
		if !ok {
			r.refuse(here(apierr.At(f)), ruleList, apierr.BadList)
			return value
		}
		for i, item := range list {
			list[i] = r.single(item, f, here(apierr.Step{Field: f, Index: i}))
		}
	case f.IsMap():
		m, ok := value.(map[string]any)
		if !ok {
			r.refuse(here(apierr.At(f)), ruleObject, apierr.BadObject)
			return value
		}
		keys := slices.Sorted(maps.Keys(m))
		for _, k := range keys {
			key := k
			m[k] = r.single(m[k], f.MapValue(), here(apierr.Step{Field: f, Index: -1, Key: &key}))
		}
	default:
		return r.single(value, f, here(apierr.At(f)))
	}
	return value
}

// single checks one value of f (an item, for a list), at path, and answers it rewritten.
func (r *reader) single(v any, f protoreflect.FieldDescriptor, path []apierr.Step) any {
	switch f.Kind() {
	case protoreflect.MessageKind, protoreflect.GroupKind:
		md := f.Message()
		switch {
		case md.FullName() == "google.protobuf.Timestamp":
			r.date(v, path)
		case strings.HasPrefix(string(md.FullName()), "google.protobuf."):
			// Other well-known types have JSON forms of their own: protojson judges them.
		case apierr.ListOf(md) != nil:
			return r.list(v, md, path)
		default:
			return r.message(v, md, path)
		}
	case protoreflect.EnumKind:
		return r.enum(v, f.Enum(), path)
	case protoreflect.StringKind:
		if _, ok := v.(string); !ok {
			r.refuse(path, ruleText, apierr.BadText)
		}
	case protoreflect.BoolKind:
		if _, ok := v.(bool); !ok {
			r.refuse(path, ruleBool, apierr.BadBool)
		}
	case protoreflect.BytesKind:
		if s, ok := v.(string); !ok || !isBase64(s) {
			r.refuse(path, ruleData, apierr.BadData)
		}
	case protoreflect.FloatKind, protoreflect.DoubleKind:
		if message := floatProblem(v, f.Kind() == protoreflect.FloatKind); message != "" {
			r.refuse(path, ruleNumber, message)
		}
	default: // the integers
		if message := intProblem(v, f.Kind()); message != "" {
			r.refuse(path, ruleNumber, message)
		}
	}
	return v
}

// list reads a message that only wraps a list (apierr.ListOf: "resources" of a draft) from
// the list itself, the spec's JSON shape, or from its object form; at path, the wrapper's
// field. Its items are named as the wrapper's ("task.resources[2].url").
func (r *reader) list(v any, md protoreflect.MessageDescriptor, path []apierr.Step) any {
	items := apierr.ListOf(md)
	list, ok := v.([]any)
	if !ok {
		return r.message(v, md, path)
	}
	for i, item := range list {
		at := append(path[:len(path):len(path)], apierr.Step{Field: items, Index: i})
		list[i] = r.single(item, items, at)
	}
	return map[string]any{items.JSONName(): list}
}

// date checks a google.protobuf.Timestamp, an RFC 3339 string protojson reads (years 1 to
// 9999); the validation interceptor holds dates to 1900–2200 whatever their encoding.
func (r *reader) date(v any, path []apierr.Step) {
	s, ok := v.(string)
	if ok {
		quoted, _ := json.Marshal(s)
		ok = protojson.Unmarshal(quoted, &timestamppb.Timestamp{}) == nil
	}
	if !ok {
		r.refuse(path, ruleDate, apierr.BadDate)
	}
}

// enum checks an enum value: a proto name, a number, or (Spec) one of the spec's strings,
// answered as protojson reads it.
func (r *reader) enum(v any, d protoreflect.EnumDescriptor, path []apierr.Step) any {
	switch value := v.(type) {
	case string:
		if r.opts.Spec {
			if n, ok := enums.NumberOf(d, value); ok {
				return string(d.Values().ByNumber(n).Name())
			}
		}
		if d.Values().ByName(protoreflect.Name(value)) != nil {
			return value
		}
		if r.opts.MarkUnknown {
			return json.Number(strconv.Itoa(Unknown))
		}
		r.refuse(path, ruleEnum, apierr.UnknownValueOf(value))
	case json.Number:
		digits, whole, _ := integerOf(value.String())
		n, err := strconv.ParseInt(digits, 10, 32)
		switch {
		case !whole || err != nil:
			if r.opts.MarkUnknown {
				return json.Number(strconv.Itoa(Unknown))
			}
			r.refuse(path, ruleEnum, apierr.UnknownValueOf(value.String()))
		case !r.opts.MarkUnknown && d.Values().ByNumber(protoreflect.EnumNumber(n)) == nil:
			// With MarkUnknown, a number of no value is left to the validation interceptor,
			// which refuses it in binary calls too.
			r.refuse(path, ruleEnum, apierr.UnknownValueOf(value.String()))
		default:
			return json.Number(digits)
		}
	default:
		r.refuse(path, ruleEnum, apierr.UnknownValue)
	}
	return v
}

// intProblem answers what is wrong with v as an integer of kind (as protojson reads them: a
// JSON number or a string holding one, whole, within the kind's range), or "".
func intProblem(v any, kind protoreflect.Kind) string {
	var text string
	switch value := v.(type) {
	case json.Number:
		text = value.String()
	case string:
		text = value
		if !isJSONNumber(text) {
			return apierr.BadNumber
		}
	default:
		return apierr.BadNumber
	}
	digits, whole, ok := integerOf(text)
	switch {
	case !ok:
		return apierr.BadNumber
	case !whole:
		return apierr.NotWhole
	}
	var err error
	switch kind {
	case protoreflect.Int32Kind, protoreflect.Sint32Kind, protoreflect.Sfixed32Kind:
		_, err = strconv.ParseInt(digits, 10, 32)
	case protoreflect.Uint32Kind, protoreflect.Fixed32Kind:
		_, err = strconv.ParseUint(digits, 10, 32)
	case protoreflect.Uint64Kind, protoreflect.Fixed64Kind:
		_, err = strconv.ParseUint(digits, 10, 64)
	default:
		_, err = strconv.ParseInt(digits, 10, 64)
	}
	if err != nil {
		return apierr.NumberOutOfRange
	}
	return ""
}

// integerOf reads a JSON number's text as an integer, as protojson does (in linear time,
// whatever its length): its decimal digits with its sign, and whether it is whole. A whole
// number longer than any integer field's answers digits no parse takes. ok is false for text
// that is no JSON number.
func integerOf(text string) (digits string, whole, ok bool) {
	if !isJSONNumber(text) {
		return "", false, false
	}
	neg := strings.HasPrefix(text, "-")
	text = strings.TrimPrefix(text, "-")
	mantissa, exponent := text, "0"
	if i := strings.IndexAny(text, "eE"); i >= 0 {
		mantissa, exponent = text[:i], text[i+1:]
	}
	intp, frac, _ := strings.Cut(mantissa, ".")
	intp = strings.TrimLeft(intp, "0")
	frac = strings.TrimRight(frac, "0")
	if intp == "" && frac == "" {
		return "0", true, true
	}
	const tooLong = "100000000000000000000000" // past every 64-bit integer
	exp, err := strconv.Atoi(strings.TrimPrefix(exponent, "+"))
	switch {
	case err != nil && strings.HasPrefix(exponent, "-"):
		return "", false, true
	case err != nil:
		return tooLong, true, true
	case exp >= 0:
		if len(frac) > exp {
			return "", false, true
		}
		if len(intp)+exp > len(tooLong) {
			return tooLong, true, true
		}
		digits = intp + frac + strings.Repeat("0", exp-len(frac))
	default:
		index := len(intp) + exp
		if len(frac) > 0 || index < 0 || strings.Trim(intp[index:], "0") != "" {
			return "", false, true
		}
		digits = intp[:index]
	}
	if digits = strings.TrimLeft(digits, "0"); digits == "" {
		return "0", true, true
	}
	if neg {
		digits = "-" + digits
	}
	return digits, true, true
}

// floatProblem answers what is wrong with v as a float (single: 32 bits), or "".
func floatProblem(v any, single bool) string {
	var text string
	switch value := v.(type) {
	case json.Number:
		text = value.String()
	case string:
		switch value {
		case "NaN", "Infinity", "-Infinity":
			return ""
		}
		text = value
		if !isJSONNumber(text) {
			return apierr.BadNumber
		}
	default:
		return apierr.BadNumber
	}
	bits := 64
	if single {
		bits = 32
	}
	if _, err := strconv.ParseFloat(text, bits); err != nil {
		return apierr.NumberOutOfRange
	}
	return ""
}

var jsonNumber = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`)

// isJSONNumber reports whether s is a JSON number, whole.
func isJSONNumber(s string) bool { return jsonNumber.MatchString(s) }

// isBase64 reports whether protojson reads s as bytes: standard or URL base64, padded or not.
func isBase64(s string) bool {
	quoted, _ := json.Marshal(s)
	return protojson.Unmarshal(quoted, &wrapperspb.BytesValue{}) == nil
}

// Param checks one value of a query parameter of a GET route (?statuses=new&range.startDate=…)
// for f, the field it sets, found at path, and answers it as the gateway's router reads it
// (enum values as proto names, integers as plain digits), with the violations found.
func Param(raw string, f protoreflect.FieldDescriptor, path []apierr.Step, opts Options) (string, []*validate.Violation) {
	r := reader{opts: opts}
	var v any = raw
	switch f.Kind() {
	case protoreflect.BoolKind:
		if b, err := strconv.ParseBool(raw); err == nil && (raw == "true" || raw == "false") {
			v = b
		}
	case protoreflect.EnumKind, protoreflect.FloatKind, protoreflect.DoubleKind,
		protoreflect.Int32Kind, protoreflect.Sint32Kind, protoreflect.Sfixed32Kind,
		protoreflect.Int64Kind, protoreflect.Sint64Kind, protoreflect.Sfixed64Kind,
		protoreflect.Uint32Kind, protoreflect.Fixed32Kind, protoreflect.Uint64Kind, protoreflect.Fixed64Kind:
		if isJSONNumber(raw) {
			v = json.Number(raw)
		}
	case protoreflect.MessageKind, protoreflect.GroupKind:
		if f.Message().FullName() != "google.protobuf.Timestamp" {
			return raw, nil // the router's to read, or refuse
		}
	}
	out := r.single(v, f, path)
	if len(r.violations) > 0 {
		return raw, r.violations
	}
	switch value := out.(type) {
	case string:
		return value, nil
	case json.Number:
		if digits, whole, ok := integerOf(value.String()); ok && whole && f.Kind() != protoreflect.FloatKind && f.Kind() != protoreflect.DoubleKind {
			return digits, nil
		}
		return value.String(), nil
	}
	return raw, nil
}

// ValidText reports whether a JSON document holds only UTF-8 text: valid UTF-8 bytes, and no
// \u escape of half a UTF-16 surrogate pair — what protojson, Connect's JSON codec, refuses.
func ValidText(data []byte) bool {
	if !utf8.Valid(data) {
		return false
	}
	for i := 0; i < len(data); i++ {
		if data[i] != '\\' {
			continue
		}
		i++ // the escaped character: a backslash escaping a backslash is skipped whole
		if i >= len(data) || data[i] != 'u' {
			continue
		}
		r, ok := hex4(data[i+1:])
		if !ok {
			continue // not JSON: the decoder says so
		}
		i += 4
		switch {
		case utf16.IsSurrogate(r) && r < 0xDC00: // a high half: its low half must follow
			if i+6 < len(data) && data[i+1] == '\\' && data[i+2] == 'u' {
				if low, ok := hex4(data[i+3:]); ok && low >= 0xDC00 && low <= 0xDFFF {
					i += 6
					continue
				}
			}
			return false
		case utf16.IsSurrogate(r): // a low half alone
			return false
		}
	}
	return true
}

// hex4 reads the 4 hexadecimal digits of a \u escape.
func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	n, err := strconv.ParseUint(string(b[:4]), 16, 32)
	return rune(n), err == nil
}
