package rpc

import (
	"errors"
	"strings"

	"buf.build/gen/go/bufbuild/protovalidate/protocolbuffers/go/buf/validate"
	"buf.build/go/protovalidate"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/descriptorpb"
)

// A NUL character is valid UTF-8 and valid protobuf, but PostgreSQL refuses it in text (and
// other tools cut strings at it). Every string of every request — Connect and gRPC calls, and
// the /api gateway's, which reach the handlers over Connect — is checked here, and a NUL is
// refused as a field rule is: with the request's other violations, the same error either way.

// nulRuleID and nulMessage name the violation.
const (
	nulRuleID  = "text.no_nul"
	nulMessage = "ne doit pas contenir le caractère NUL (U+0000)"
)

// withNULViolations adds a violation for every string of msg holding a NUL to err, the
// answer of protovalidate for msg.
func withNULViolations(msg proto.Message, err error) error {
	found := nulViolations(msg.ProtoReflect(), nil)
	if len(found) == 0 {
		return err
	}
	var verr *protovalidate.ValidationError
	switch {
	case err == nil:
		return &protovalidate.ValidationError{Violations: found}
	case errors.As(err, &verr):
		verr.Violations = append(verr.Violations, found...)
		return verr
	}
	return err
}

// step is one element of the path to a string: the field, with its list index or map key.
// Plain values: the path's protos are built only for a string that holds a NUL, which almost
// none does, rather than for every field of every request.
type step struct {
	field protoreflect.FieldDescriptor
	index int // a list's item, or -1
	key   *string
}

// nulViolations walks the set fields of m, at path.
func nulViolations(m protoreflect.Message, path []step) []*protovalidate.Violation {
	var out []*protovalidate.Violation
	m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		switch {
		case fd.IsList():
			list := v.List()
			for i := range list.Len() {
				out = append(out, nulIn(fd, fd, list.Get(i), append(path, step{field: fd, index: i}))...)
			}
		case fd.IsMap():
			v.Map().Range(func(k protoreflect.MapKey, mv protoreflect.Value) bool {
				at := step{field: fd, index: -1}
				if key, ok := k.Interface().(string); ok {
					at.key = &key
				}
				out = append(out, nulIn(fd, fd.MapKey(), k.Value(), append(path, at))...)
				out = append(out, nulIn(fd, fd.MapValue(), mv, append(path, at))...)
				return true
			})
		default:
			out = append(out, nulIn(fd, fd, v, append(path, step{field: fd, index: -1}))...)
		}
		return true
	})
	return out
}

// nulIn checks one value of field (of kind kind's), at path.
func nulIn(field, kind protoreflect.FieldDescriptor, v protoreflect.Value, path []step) []*protovalidate.Violation {
	switch kind.Kind() {
	case protoreflect.StringKind:
		if strings.ContainsRune(v.String(), 0) {
			return []*protovalidate.Violation{{
				Proto: validate.Violation_builder{
					Field:   validate.FieldPath_builder{Elements: elements(path)}.Build(),
					RuleId:  proto.String(nulRuleID),
					Message: proto.String(nulMessage),
				}.Build(),
				FieldValue:      v,
				FieldDescriptor: field,
			}}
		}
	case protoreflect.MessageKind, protoreflect.GroupKind:
		return nulViolations(v.Message(), path)
	}
	return nil
}

// elements is path as protovalidate's field path.
func elements(path []step) []*validate.FieldPathElement {
	out := make([]*validate.FieldPathElement, 0, len(path))
	for _, s := range path {
		b := validate.FieldPathElement_builder{
			FieldNumber: proto.Int32(int32(s.field.Number())),
			FieldName:   proto.String(string(s.field.Name())),
			FieldType:   descriptorpb.FieldDescriptorProto_Type(s.field.Kind()).Enum(),
			StringKey:   s.key,
		}
		if s.index >= 0 {
			index := uint64(s.index)
			b.Index = &index
		}
		out = append(out, b.Build())
	}
	return out
}
