package rpc

import (
	"errors"
	"strings"
	"time"

	"buf.build/go/protovalidate"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/resource"
)

// The rules every request meets whatever its RPC, checked here in one walk of its set fields
// rather than declared on hundreds of fields (a field added tomorrow is covered):
//
//   - no NUL character in a string: valid UTF-8 and valid protobuf, but PostgreSQL refuses it
//     in text and other tools cut strings at it;
//   - an enum holds one of its values: proto3 enums are open, so a number of no value (or, on
//     Connect's JSON, a word of none: see JSONCodec) would otherwise reach the handlers;
//   - a date lies between 1900 and 2200 (an event in 9999 made an invalid .ics), with
//     nanoseconds in their range;
//   - a list of links holds at most resource.Max.
//
// A breach is a field violation like protovalidate's, with the request's others: Connect and
// gRPC calls, and the /api gateway's, which reach the handlers over Connect, get the same
// answer. Where a field declares the same rule to protovalidate (defined_only, max_items on
// links), this one's French message replaces protovalidate's.

// The ids of the rules.
const (
	nulRuleID      = "text.no_nul"
	enumRuleID     = "enum.defined_only"
	dateRuleID     = "timestamp.between_1900_and_2200"
	nanosRuleID    = "timestamp.valid"
	resourceRuleID = "resources.max_items"
	nulMessage     = "ne doit pas contenir le caractère NUL (U+0000)"
)

// The dates a request may carry: from 1900-01-01 to 2200-12-31, UTC.
var (
	firstDate = time.Date(1900, 1, 1, 0, 0, 0, 0, time.UTC).Unix()
	afterLast = time.Date(2201, 1, 1, 0, 0, 0, 0, time.UTC).Unix()
)

// withRequestRules merges the violations of the generic rules on msg with err, protovalidate's
// answer for msg, dropping protovalidate's own for the rules checked here, and answers every
// protovalidate violation in French (apierr.RuleMessage: « Ce champ est obligatoire », « Le
// format de l'email est incorrect »…) instead of protovalidate's English, naming its field as
// JSON shows it (apierr.ShapePath).
func withRequestRules(msg proto.Message, err error) error {
	found := requestViolations(msg.ProtoReflect(), nil)
	var verr *protovalidate.ValidationError
	switch {
	case err == nil && len(found) == 0:
		return nil
	case err == nil:
		return &protovalidate.ValidationError{Violations: found}
	case errors.As(err, &verr):
		kept := verr.Violations[:0]
		for _, v := range verr.Violations {
			if superseded(v) {
				continue
			}
			if french, ok := apierr.RuleMessage(v); ok && v.Proto != nil {
				v.Proto.Message = proto.String(french)
			}
			apierr.ShapePath(msg.ProtoReflect().Descriptor(), v.Proto.GetField())
			kept = append(kept, v)
		}
		verr.Violations = append(kept, found...)
		return verr
	}
	return err
}

// superseded reports whether a protovalidate violation is one of the rules checked here.
func superseded(v *protovalidate.Violation) bool {
	switch v.Proto.GetRuleId() {
	case enumRuleID:
		return true
	case "repeated.max_items":
		return v.FieldDescriptor != nil && isLinks(v.FieldDescriptor)
	}
	return false
}

// isLinks reports whether f is a list of links.
func isLinks(f protoreflect.FieldDescriptor) bool {
	return f.IsList() && f.Message() != nil && f.Message().FullName() == "tremplin.common.v1.Resource"
}

// step is one element of the path to a value: kept as plain values, the path's protos are
// built only for a value that breaks a rule, which almost none does.
type step = apierr.Step

// requestViolations walks the set fields of m, at path.
func requestViolations(m protoreflect.Message, path []step) []*protovalidate.Violation {
	var out []*protovalidate.Violation
	m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		switch {
		case fd.IsList():
			list := v.List()
			if isLinks(fd) && list.Len() > resource.Max {
				out = append(out, violation(fd, v, append(path, apierr.At(fd)), resourceRuleID, resource.TooMany))
			}
			for i := range list.Len() {
				out = append(out, valueViolations(fd, fd, list.Get(i), append(path, step{Field: fd, Index: i}))...)
			}
		case fd.IsMap():
			v.Map().Range(func(k protoreflect.MapKey, mv protoreflect.Value) bool {
				at := apierr.At(fd)
				if key, ok := k.Interface().(string); ok {
					at.Key = &key
				}
				out = append(out, valueViolations(fd, fd.MapKey(), k.Value(), append(path, at))...)
				out = append(out, valueViolations(fd, fd.MapValue(), mv, append(path, at))...)
				return true
			})
		default:
			out = append(out, valueViolations(fd, fd, v, append(path, apierr.At(fd)))...)
		}
		return true
	})
	return out
}

// valueViolations checks one value of field (of kind's type), at path.
func valueViolations(field, kind protoreflect.FieldDescriptor, v protoreflect.Value, path []step) []*protovalidate.Violation {
	switch kind.Kind() {
	case protoreflect.StringKind:
		if strings.ContainsRune(v.String(), 0) {
			return []*protovalidate.Violation{violation(field, v, path, nulRuleID, nulMessage)}
		}
	case protoreflect.EnumKind:
		if kind.Enum().Values().ByNumber(v.Enum()) == nil {
			return []*protovalidate.Violation{violation(field, v, path, enumRuleID, apierr.UnknownValue)}
		}
	case protoreflect.MessageKind, protoreflect.GroupKind:
		if kind.Message().FullName() == "google.protobuf.Timestamp" {
			return dateViolations(field, v, path)
		}
		return requestViolations(v.Message(), path)
	}
	return nil
}

// dateViolations checks a google.protobuf.Timestamp.
func dateViolations(field protoreflect.FieldDescriptor, v protoreflect.Value, path []step) []*protovalidate.Violation {
	ts := v.Message()
	fields := ts.Descriptor().Fields()
	seconds, nanos := ts.Get(fields.ByNumber(1)).Int(), ts.Get(fields.ByNumber(2)).Int()
	switch {
	case nanos < 0 || nanos >= int64(time.Second):
		return []*protovalidate.Violation{violation(field, v, path, nanosRuleID, apierr.BadDate)}
	case seconds < firstDate || seconds >= afterLast:
		return []*protovalidate.Violation{violation(field, v, path, dateRuleID, apierr.DateOutOfRange)}
	}
	return nil
}

func violation(field protoreflect.FieldDescriptor, v protoreflect.Value, path []step, ruleID, message string) *protovalidate.Violation {
	return &protovalidate.Violation{Proto: apierr.Violation(path, ruleID, message), FieldValue: v, FieldDescriptor: field}
}
