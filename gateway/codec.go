package gateway

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"connectrpc.com/connect"
	"connectrpc.com/vanguard"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/genproto/googleapis/rpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/known/anypb"

	"github.com/tremplin/tremplin/internal/enums"
)

// specJSON is the JSON codec of the documented /api routes. It is protojson with two
// changes the spec's clients expect: enum values are the spec's strings ("not-started",
// "agency-admin"; the proto names are accepted too on input), and an error body carries a
// "type" — the machine reason — beside google.rpc.Status's code, message and details.
// Zero scalars and empty lists are written; unset messages are left out (so an absent
// licence is an empty object, and an absent intermediary is absent).
type specJSON struct {
	marshal   protojson.MarshalOptions
	unmarshal protojson.UnmarshalOptions
}

var _ vanguard.RESTCodec = (*specJSON)(nil)

func newSpecJSON(res vanguard.TypeResolver) vanguard.Codec {
	return &specJSON{
		marshal:   protojson.MarshalOptions{Resolver: res, EmitDefaultValues: true},
		unmarshal: protojson.UnmarshalOptions{Resolver: res, DiscardUnknown: true},
	}
}

func (c *specJSON) Name() string { return vanguard.CodecJSON }

func (c *specJSON) MarshalAppend(base []byte, msg proto.Message) ([]byte, error) {
	if st, ok := msg.(*status.Status); ok {
		return c.errorBody(base, st)
	}
	enc := encoder{wkt: protojson.MarshalOptions{Resolver: c.marshal.Resolver}}
	return enc.message(base, msg.ProtoReflect())
}

func (c *specJSON) Unmarshal(data []byte, msg proto.Message) error {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil
	}
	if !validText(data) {
		// encoding/json would quietly make U+FFFD of them; Connect refuses them.
		return connect.NewError(connect.CodeInvalidArgument, errors.New("le corps de la requête contient du texte qui n'est pas de l'UTF-8 valide"))
	}
	var tree any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&tree); err != nil {
		return connect.NewError(connect.CodeInvalidArgument, fmt.Errorf("le corps de la requête n'est pas du JSON valide: %w", err))
	}
	fromSpec(tree, msg.ProtoReflect().Descriptor())
	normalized, err := json.Marshal(tree)
	if err != nil {
		return err
	}
	return c.unmarshal.Unmarshal(normalized, msg)
}

func (c *specJSON) MarshalAppendField(base []byte, msg proto.Message, field protoreflect.FieldDescriptor) ([]byte, error) {
	if field.Message() != nil && !field.IsList() && !field.IsMap() {
		return c.MarshalAppend(base, msg.ProtoReflect().Get(field).Message().Interface())
	}
	// A list, map or scalar: written whole (zero values included), then picked out.
	whole, err := c.MarshalAppend(nil, msg)
	if err != nil {
		return nil, err
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(whole, &obj); err != nil {
		return nil, err
	}
	if value, ok := obj[field.JSONName()]; ok {
		return append(base, value...), nil
	}
	return append(base, "null"...), nil
}

func (c *specJSON) UnmarshalField(data []byte, msg proto.Message, field protoreflect.FieldDescriptor) error {
	if field.Message() != nil && !field.IsList() && !field.IsMap() {
		return c.Unmarshal(data, msg.ProtoReflect().Mutable(field).Message().Interface())
	}
	wrapped, err := json.Marshal(map[string]json.RawMessage{field.JSONName(): data})
	if err != nil {
		return err
	}
	return c.Unmarshal(wrapped, msg)
}

// errorBody writes google.rpc.Status plus "type", the reason of its ErrorInfo detail (or the
// code's name when it has none), for legacy clients that read message and type.
func (c *specJSON) errorBody(base []byte, st *status.Status) ([]byte, error) {
	// google.rpc.Status has no enum of ours: plain protojson (details resolved as Any).
	obj := map[string]any{}
	if data, err := (protojson.MarshalOptions{Resolver: c.marshal.Resolver}).Marshal(st); err == nil {
		_ = json.Unmarshal(data, &obj)
	}
	obj["code"] = st.GetCode()
	obj["message"] = st.GetMessage()
	obj["type"] = errorType(st)
	return appendJSON(base, obj)
}

// validText reports whether a JSON document holds only UTF-8 text: valid UTF-8 bytes, and no
// \u escape of half a UTF-16 surrogate pair — what protojson, Connect's JSON codec, refuses.
func validText(data []byte) bool {
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

func errorType(st *status.Status) string {
	for _, detail := range st.GetDetails() {
		info := &errdetails.ErrorInfo{}
		if detail.MessageIs(info) && anypb.UnmarshalTo(detail, info, proto.UnmarshalOptions{}) == nil {
			return info.GetReason()
		}
	}
	return strings.ToUpper(connect.Code(st.GetCode()).String())
}

func appendJSON(base []byte, v any) ([]byte, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return append(base, data...), nil
}

// fromSpec rewrites, in place, spec strings of enum fields back to proto value names.
func fromSpec(node any, md protoreflect.MessageDescriptor) {
	obj, ok := node.(map[string]any)
	if !ok || isWellKnown(md) {
		return
	}
	fields := md.Fields()
	for i := range fields.Len() {
		f := fields.Get(i)
		key := f.JSONName()
		value, present := obj[key]
		if !present {
			key = string(f.Name()) // protojson accepts the proto name too
			if value, present = obj[key]; !present {
				continue
			}
		}
		switch {
		case f.IsMap():
			if m, ok := value.(map[string]any); ok {
				for k, v := range m {
					m[k] = convertIn(v, f.MapValue())
				}
			}
		case f.IsList():
			if list, ok := value.([]any); ok {
				for j, v := range list {
					list[j] = convertIn(v, f)
				}
			}
		default:
			obj[key] = convertIn(value, f)
		}
	}
}

func convertIn(v any, f protoreflect.FieldDescriptor) any {
	switch {
	case f.Enum() != nil:
		if s, ok := v.(string); ok {
			if n, found := enums.NumberOf(f.Enum(), s); found {
				return string(f.Enum().Values().ByNumber(n).Name())
			}
		}
	case f.Message() != nil:
		fromSpec(v, f.Message())
	}
	return v
}

func isWellKnown(md protoreflect.MessageDescriptor) bool {
	return strings.HasPrefix(string(md.FullName()), "google.protobuf.")
}
