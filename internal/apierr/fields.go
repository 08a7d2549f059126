package apierr

import (
	"strconv"
	"strings"

	"buf.build/gen/go/bufbuild/protovalidate/protocolbuffers/go/buf/validate"
	"connectrpc.com/connect"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/descriptorpb"

	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
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
