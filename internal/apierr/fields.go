package apierr

import (
	"strconv"
	"strings"

	"buf.build/gen/go/bufbuild/protovalidate/protocolbuffers/go/buf/validate"
	"buf.build/go/protovalidate"
	"connectrpc.com/connect"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/descriptorpb"

	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	optionsv1 "github.com/tremplin/tremplin/gen/tremplin/options/v1"
)

// Required is the spec's message for a missing field.
const Required = "Ce champ est obligatoire"

// InvalidField refuses a request field that breaks a rule protovalidate cannot express (it
// needs the database, or a normalisation first). The answer has the shape of the validation
// interceptor's: InvalidArgument, reason INVALID_FIELDS, and a buf.validate.Violations detail
// naming the field, so the web app shows the message under the right input.
//
// path is the field's place in the request message root, in proto field names: "contact.last_name",
// "contacts[3].first_name". ruleID is a stable id of the rule ("contact.last_name.chars").
func InvalidField(root protoreflect.MessageDescriptor, path, ruleID, message string) *connect.Error {
	err := New(connect.CodeInvalidArgument, commonv1.ErrorReason_ERROR_REASON_INVALID_FIELDS, message)
	violation := &validate.Violation{
		Field:   fieldPath(root, path),
		RuleId:  proto.String(ruleID),
		Message: proto.String(message),
	}
	if detail, detailErr := connect.NewErrorDetail(&validate.Violations{Violations: []*validate.Violation{violation}}); detailErr == nil {
		err.AddDetail(detail)
	}
	return err
}

// fieldPath resolves a dotted path against root's descriptors. Unknown names are kept by name
// only, so a typo still names the field for people.
func fieldPath(root protoreflect.MessageDescriptor, path string) *validate.FieldPath {
	out := &validate.FieldPath{}
	md := root
	for part := range strings.SplitSeq(path, ".") {
		name, index := part, -1
		if open := strings.IndexByte(part, '['); open > 0 && strings.HasSuffix(part, "]") {
			if i, err := strconv.Atoi(part[open+1 : len(part)-1]); err == nil {
				name, index = part[:open], i
			}
		}
		elem := &validate.FieldPathElement{FieldName: proto.String(name)}
		var fd protoreflect.FieldDescriptor
		if md != nil {
			fd = md.Fields().ByName(protoreflect.Name(name))
		}
		if fd != nil {
			elem.FieldNumber = proto.Int32(int32(fd.Number()))
			elem.FieldType = descriptorpb.FieldDescriptorProto_Type(fd.Kind()).Enum()
			md = fd.Message()
		} else {
			md = nil
		}
		if index >= 0 {
			elem.Subscript = &validate.FieldPathElement_Index{Index: uint64(index)}
		}
		out.Elements = append(out.Elements, elem)
	}
	return out
}

// Step is one element of the way from a request to one of its fields: the field, with its
// list index or map key.
type Step struct {
	Field protoreflect.FieldDescriptor
	Index int     // a list's item, or -1
	Key   *string // a map's key, when it is a string
}

// At is the step to a field (not to one of its items).
func At(f protoreflect.FieldDescriptor) Step { return Step{Field: f, Index: -1} }

// PathOf is path as protovalidate writes it, naming a field as JSON shows it: the items of a
// list wrapper (ListOf) are the wrapper's ("task.resources[2].url", not
// "task.resources.items[2].url").
func PathOf(path []Step) *validate.FieldPath {
	out := &validate.FieldPath{Elements: make([]*validate.FieldPathElement, 0, len(path))}
	for _, s := range path {
		if n := len(out.Elements); n > 0 && ListOf(s.Field.ContainingMessage()) == s.Field {
			if s.Index >= 0 {
				out.Elements[n-1].Subscript = &validate.FieldPathElement_Index{Index: uint64(s.Index)}
			}
			continue
		}
		elem := &validate.FieldPathElement{
			FieldNumber: proto.Int32(int32(s.Field.Number())),
			FieldName:   proto.String(string(s.Field.Name())),
			FieldType:   descriptorpb.FieldDescriptorProto_Type(s.Field.Kind()).Enum(),
		}
		switch {
		case s.Index >= 0:
			elem.Subscript = &validate.FieldPathElement_Index{Index: uint64(s.Index)}
		case s.Key != nil:
			elem.Subscript = &validate.FieldPathElement_StringKey{StringKey: *s.Key}
		}
		out.Elements = append(out.Elements, elem)
	}
	return out
}

// ListOf answers the items field of md when md only wraps a list (the message option
// tremplin.options.v1.json_list: a request can then leave the list out apart from sending it
// empty), nil otherwise. JSON takes the list itself for such a message, and violations name its
// items as the wrapper's.
func ListOf(md protoreflect.MessageDescriptor) protoreflect.FieldDescriptor {
	if md == nil {
		return nil
	}
	if on, _ := proto.GetExtension(md.Options(), optionsv1.E_JsonList).(bool); !on || md.Fields().Len() != 1 {
		return nil
	}
	if items := md.Fields().Get(0); items.IsList() {
		return items
	}
	return nil
}

// ShapePath rewrites path, protovalidate's path to a field of a root message, as PathOf writes
// it: the items of a list wrapper named as the wrapper's.
func ShapePath(root protoreflect.MessageDescriptor, path *validate.FieldPath) {
	if path == nil {
		return
	}
	md := root
	kept := path.GetElements()[:0]
	for _, e := range path.GetElements() {
		var fd protoreflect.FieldDescriptor
		if md != nil {
			fd = md.Fields().ByNumber(protoreflect.FieldNumber(e.GetFieldNumber()))
		}
		if fd != nil && len(kept) > 0 && ListOf(md) == fd {
			if e.Subscript != nil {
				kept[len(kept)-1].Subscript = e.Subscript
			}
			md = fd.Message()
			continue
		}
		kept = append(kept, e)
		if fd != nil {
			md = fd.Message()
		} else {
			md = nil
		}
	}
	path.Elements = kept
}

// Violation is the breach of rule ruleID by the field at path (none: the request as a whole).
func Violation(path []Step, ruleID, message string) *validate.Violation {
	return &validate.Violation{Field: PathOf(path), RuleId: proto.String(ruleID), Message: proto.String(message)}
}

// InvalidFields refuses a request whose fields break rules, as the validation interceptor
// does: InvalidArgument, reason INVALID_FIELDS, its message listing the violations and a
// buf.validate.Violations detail holding them.
func InvalidFields(violations ...*validate.Violation) *connect.Error {
	wrapped := &protovalidate.ValidationError{Violations: make([]*protovalidate.Violation, 0, len(violations))}
	for _, v := range violations {
		wrapped.Violations = append(wrapped.Violations, &protovalidate.Violation{Proto: v})
	}
	err := New(connect.CodeInvalidArgument, commonv1.ErrorReason_ERROR_REASON_INVALID_FIELDS, wrapped.Error())
	if detail, detailErr := connect.NewErrorDetail(wrapped.ToProto()); detailErr == nil {
		err.AddDetail(detail)
	}
	return err
}
