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

// nulViolations walks the set fields of m, at path.
func nulViolations(m protoreflect.Message, path []*validate.FieldPathElement) []*protovalidate.Violation {
	var out []*protovalidate.Violation
	m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		switch {
		case fd.IsList():
			list := v.List()
			for i := range list.Len() {
				index := uint64(i)
				out = append(out, nulIn(fd, fd, list.Get(i), append(path, element(fd, func(b *validate.FieldPathElement_builder) { b.Index = &index })))...)
			}
		case fd.IsMap():
			v.Map().Range(func(k protoreflect.MapKey, mv protoreflect.Value) bool {
				at := append(path, element(fd, func(b *validate.FieldPathElement_builder) {
					if key, ok := k.Interface().(string); ok {
						b.StringKey = &key
					}
				}))
				out = append(out, nulIn(fd, fd.MapKey(), k.Value(), at)...)
				out = append(out, nulIn(fd, fd.MapValue(), mv, at)...)
				return true
			})
		default:
			out = append(out, nulIn(fd, fd, v, append(path, element(fd, nil)))...)
		}
		return true
	})
	return out
}

// nulIn checks one value of field (of kind kind's), at path.
func nulIn(field, kind protoreflect.FieldDescriptor, v protoreflect.Value, path []*validate.FieldPathElement) []*protovalidate.Violation {
	switch kind.Kind() {
	case protoreflect.StringKind:
		if strings.ContainsRune(v.String(), 0) {
			return []*protovalidate.Violation{{
				Proto: validate.Violation_builder{
					Field:   validate.FieldPath_builder{Elements: append([]*validate.FieldPathElement(nil), path...)}.Build(),
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

// element is the path element of field, with its subscript set by subscript.
func element(field protoreflect.FieldDescriptor, subscript func(*validate.FieldPathElement_builder)) *validate.FieldPathElement {
	b := validate.FieldPathElement_builder{
		FieldNumber: proto.Int32(int32(field.Number())),
		FieldName:   proto.String(string(field.Name())),
		FieldType:   descriptorpb.FieldDescriptorProto_Type(field.Kind()).Enum(),
	}
	if subscript != nil {
		subscript(&b)
	}
	return b.Build()
}
