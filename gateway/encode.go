package gateway

import (
	"strconv"
	"sync"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/tremplin/tremplin/internal/enums"
	"github.com/tremplin/tremplin/internal/specjson"
)

// encoder writes a message as protojson would with EmitDefaultValues, except that enum
// values are the spec's strings (and unspecified ones are left out): internal/specjson. A
// message with a generated writer (specjson.Appender: those of proto/tremplin) writes itself;
// any other is walked once by reflection, appending to a buffer, following the plan of its
// type (built once: see plan). Well-known types but Timestamp are handed to protojson.
type encoder struct {
	wkt protojson.MarshalOptions
	// reflective: every message walked by reflection, the generated writers passed over (the
	// reference the generated writers are tested against).
	reflective bool
}

// plan is how the encoder writes a message type, worked out once per type rather than once
// per message: a list of 1,000 contacts asked the same questions of the same descriptors
// 17,000 times (a field's JSON name escaped again, whether its enum has spec strings).
type plan struct {
	timestamp bool // google.protobuf.Timestamp: written by specjson.AppendTimestamp
	wellKnown bool // another google.protobuf type: handed to protojson
	fields    []fieldPlan
}

// fieldPlan is one field of a plan.
type fieldPlan struct {
	desc protoreflect.FieldDescriptor
	key  []byte // "jsonName": escaped, with its colon
	// presence: written only when set (messages, oneofs, optional scalars).
	presence    bool
	list, isMap bool
	message     bool // a singular message field
	// specs: a singular enum's spec strings by value (nil for any other field, or an enum
	// without them); a value without one is left out.
	specs map[protoreflect.EnumNumber]string
}

var plans sync.Map // protoreflect.FullName → *plan

func planOf(md protoreflect.MessageDescriptor) *plan {
	if p, ok := plans.Load(md.FullName()); ok {
		return p.(*plan)
	}
	p := &plan{timestamp: md.FullName() == timestampName, wellKnown: isWellKnown(md)}
	fields := md.Fields()
	for i := range fields.Len() {
		f := fields.Get(i)
		fp := fieldPlan{desc: f, key: append(specjson.String(nil, f.JSONName()), ':'), presence: f.HasPresence(),
			list: f.IsList(), isMap: f.IsMap(), message: f.Message() != nil && !f.IsList() && !f.IsMap()}
		if f.Enum() != nil && !f.IsList() && !f.IsMap() && enums.HasSpec(f.Enum()) {
			fp.specs = enums.SpecsOf(f.Enum())
		}
		p.fields = append(p.fields, fp)
	}
	plans.Store(md.FullName(), p)
	return p
}

var timestampName = (&timestamppb.Timestamp{}).ProtoReflect().Descriptor().FullName()

func (e *encoder) message(b []byte, m protoreflect.Message) ([]byte, error) {
	if !e.reflective {
		if a, ok := m.Interface().(specjson.Appender); ok {
			return a.AppendSpecJSON(b)
		}
	}
	p := planOf(m.Descriptor())
	if p.timestamp {
		// Every listed row carries one or two: written here, as protojson writes them, rather
		// than through protojson's generic marshalling (a tenth of a list's encoding).
		if ts, ok := m.Interface().(*timestamppb.Timestamp); ok {
			if out, ok := specjson.AppendTimestamp(b, ts); ok {
				return out, nil
			}
		}
	}
	if p.wellKnown {
		data, err := e.wkt.Marshal(m.Interface())
		return append(b, data...), err
	}
	b = append(b, '{')
	first := true
	var err error
	for i := range p.fields {
		fp := &p.fields[i]
		f := fp.desc
		// An empty list or map is written without reading it: reading would allocate one.
		empty := (fp.list || fp.isMap) && !m.Has(f)
		var value protoreflect.Value
		switch {
		case fp.message:
			// Unset, a message field reads as an invalid message: one lookup, not two.
			if value = m.Get(f); !value.Message().IsValid() {
				continue
			}
		case fp.presence && !m.Has(f):
			continue
		case !empty:
			value = m.Get(f)
		}
		var spec string
		if fp.specs != nil {
			if spec = fp.specs[value.Enum()]; spec == "" {
				continue // unspecified: left out, as the spec's clients expect
			}
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, fp.key...)
		switch {
		case empty && fp.list:
			b = append(b, "[]"...)
		case empty:
			b = append(b, "{}"...)
		case spec != "":
			b = specjson.String(b, spec)
		case fp.list:
			b, err = e.list(b, f, value.List())
		case fp.isMap:
			b, err = e.mapValue(b, f, value.Map())
		default:
			b, err = e.single(b, f, value)
		}
		if err != nil {
			return nil, err
		}
	}
	return append(b, '}'), nil
}

func (e *encoder) list(b []byte, f protoreflect.FieldDescriptor, l protoreflect.List) ([]byte, error) {
	b = append(b, '[')
	var err error
	skipUnspecified := f.Enum() != nil && enums.HasSpec(f.Enum())
	written := 0
	for i := range l.Len() {
		if skipUnspecified && enums.SpecOf(f.Enum(), l.Get(i).Enum()) == "" {
			continue
		}
		if written > 0 {
			b = append(b, ',')
		}
		written++
		if b, err = e.single(b, f, l.Get(i)); err != nil {
			return nil, err
		}
	}
	return append(b, ']'), nil
}

func (e *encoder) mapValue(b []byte, f protoreflect.FieldDescriptor, m protoreflect.Map) ([]byte, error) {
	b = append(b, '{')
	first := true
	var err error
	m.Range(func(k protoreflect.MapKey, v protoreflect.Value) bool {
		if !first {
			b = append(b, ',')
		}
		first = false
		b = specjson.String(b, k.String())
		b = append(b, ':')
		b, err = e.single(b, f.MapValue(), v)
		return err == nil
	})
	if err != nil {
		return nil, err
	}
	return append(b, '}'), nil
}

func (e *encoder) single(b []byte, f protoreflect.FieldDescriptor, v protoreflect.Value) ([]byte, error) {
	switch f.Kind() {
	case protoreflect.BoolKind:
		return strconv.AppendBool(b, v.Bool()), nil
	case protoreflect.Int32Kind, protoreflect.Sint32Kind, protoreflect.Sfixed32Kind:
		return strconv.AppendInt(b, v.Int(), 10), nil
	case protoreflect.Uint32Kind, protoreflect.Fixed32Kind:
		return strconv.AppendUint(b, v.Uint(), 10), nil
	case protoreflect.Int64Kind, protoreflect.Sint64Kind, protoreflect.Sfixed64Kind:
		return specjson.Int64(b, v.Int()), nil
	case protoreflect.Uint64Kind, protoreflect.Fixed64Kind:
		return specjson.Uint64(b, v.Uint()), nil
	case protoreflect.FloatKind:
		return specjson.Float(b, v.Float(), 32), nil
	case protoreflect.DoubleKind:
		return specjson.Float(b, v.Float(), 64), nil
	case protoreflect.StringKind:
		return specjson.String(b, v.String()), nil
	case protoreflect.BytesKind:
		return specjson.Bytes(b, v.Bytes()), nil
	case protoreflect.EnumKind:
		return e.enum(b, f.Enum(), v.Enum()), nil
	case protoreflect.MessageKind, protoreflect.GroupKind:
		return e.message(b, v.Message())
	}
	return b, nil
}

func (e *encoder) enum(b []byte, d protoreflect.EnumDescriptor, n protoreflect.EnumNumber) []byte {
	if d.FullName() == "google.protobuf.NullValue" {
		return append(b, "null"...)
	}
	if spec := enums.SpecOf(d, n); spec != "" {
		return specjson.String(b, spec)
	}
	return specjson.EnumNameOf(b, d, n)
}
