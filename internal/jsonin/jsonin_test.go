package jsonin_test

import (
	"fmt"
	"strings"
	"testing"

	"buf.build/go/protovalidate"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protodesc"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/descriptorpb"
	"google.golang.org/protobuf/types/dynamicpb"
	_ "google.golang.org/protobuf/types/known/timestamppb" // google/protobuf/timestamp.proto, registered

	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/jsonin"
)

// kinds is a message with a field of every scalar kind, an enum, a date, a list and itself.
func kinds(t *testing.T) protoreflect.MessageDescriptor {
	t.Helper()
	field := func(name string, n int32, typ descriptorpb.FieldDescriptorProto_Type, typeName string, repeated bool) *descriptorpb.FieldDescriptorProto {
		label := descriptorpb.FieldDescriptorProto_LABEL_OPTIONAL
		if repeated {
			label = descriptorpb.FieldDescriptorProto_LABEL_REPEATED
		}
		f := &descriptorpb.FieldDescriptorProto{Name: proto.String(name), Number: proto.Int32(n), Type: typ.Enum(), Label: label.Enum(), JsonName: proto.String(name)}
		if typeName != "" {
			f.TypeName = proto.String(typeName)
		}
		return f
	}
	file := &descriptorpb.FileDescriptorProto{
		Name: proto.String("jsonin_test.proto"), Package: proto.String("jsonintest"), Syntax: proto.String("proto3"),
		Dependency: []string{"google/protobuf/timestamp.proto"},
		EnumType: []*descriptorpb.EnumDescriptorProto{{Name: proto.String("Color"), Value: []*descriptorpb.EnumValueDescriptorProto{
			{Name: proto.String("COLOR_UNSPECIFIED"), Number: proto.Int32(0)}, {Name: proto.String("COLOR_RED"), Number: proto.Int32(1)}}}},
		MessageType: []*descriptorpb.DescriptorProto{{Name: proto.String("Kinds"), Field: []*descriptorpb.FieldDescriptorProto{
			field("i32", 1, descriptorpb.FieldDescriptorProto_TYPE_INT32, "", false),
			field("i64", 2, descriptorpb.FieldDescriptorProto_TYPE_INT64, "", false),
			field("u32", 3, descriptorpb.FieldDescriptorProto_TYPE_UINT32, "", false),
			field("u64", 4, descriptorpb.FieldDescriptorProto_TYPE_UINT64, "", false),
			field("s32", 5, descriptorpb.FieldDescriptorProto_TYPE_SINT32, "", false),
			field("f32", 6, descriptorpb.FieldDescriptorProto_TYPE_FLOAT, "", false),
			field("f64", 7, descriptorpb.FieldDescriptorProto_TYPE_DOUBLE, "", false),
			field("b", 8, descriptorpb.FieldDescriptorProto_TYPE_BOOL, "", false),
			field("s", 9, descriptorpb.FieldDescriptorProto_TYPE_STRING, "", false),
			field("by", 10, descriptorpb.FieldDescriptorProto_TYPE_BYTES, "", false),
			field("color", 11, descriptorpb.FieldDescriptorProto_TYPE_ENUM, ".jsonintest.Color", false),
			field("at", 12, descriptorpb.FieldDescriptorProto_TYPE_MESSAGE, ".google.protobuf.Timestamp", false),
			field("list", 13, descriptorpb.FieldDescriptorProto_TYPE_INT32, "", true),
			field("child", 14, descriptorpb.FieldDescriptorProto_TYPE_MESSAGE, ".jsonintest.Kinds", false),
			field("fx32", 15, descriptorpb.FieldDescriptorProto_TYPE_FIXED32, "", false),
		}}},
	}
	fd, err := protodesc.NewFile(file, protoregistry.GlobalFiles)
	if err != nil {
		t.Fatal(err)
	}
	return fd.Messages().Get(0)
}

// Whatever Read lets through, protojson reads; whatever protojson refuses for a value's type,
// Read names: the two agree on every value below, field by field.
func TestReadAgreesWithProtojson(t *testing.T) {
	md := kinds(t)
	values := []string{
		`0`, `-1`, `1`, `1.5`, `1.0`, `1e2`, `1e-2`, `100e-2`, `-0`, `2147483647`, `2147483648`, `-2147483649`, `4294967295`,
		`4294967296`, `9223372036854775807`, `9223372036854775808`, `18446744073709551616`, `-9223372036854775809`, `1e30`, `1e400`,
		`1e-400`, `0e999999999999`, `1e99999999999999999999`, `3.4e38`, `3.5e38`, `1.8e308`, `0.05e2`, `12300e-2`, `12345e-2`,
		`1` + strings.Repeat("0", 1<<16), `0.` + strings.Repeat("0", 1<<16) + `1`, `1.` + strings.Repeat("0", 1<<16),
		`"12"`, `" 12"`, `"1e2"`, `"1.5"`, `"abc"`, `""`, `"NaN"`, `"Infinity"`, `"-Infinity"`,
		`true`, `false`, `"true"`, `[]`, `[1]`, `{}`, `{"i32":1}`,
		`"COLOR_RED"`, `"COLOR_BLUE"`, `99`, `"aGVsbG8="`, `"aGVsbG8"`, `"aGV-bG8_"`, `"***"`,
		`"2026-11-18T09:30:00Z"`, `"2026-11-18T09:30:00+01:00"`, `"2026-11-18"`, `"10000-01-01T00:00:00Z"`, `"tomorrow"`,
	}
	fields := md.Fields()
	for i := range fields.Len() {
		f := fields.Get(i)
		for _, value := range values {
			doc := fmt.Sprintf(`{%q:%s}`, f.JSONName(), value)
			if f.IsList() {
				doc = fmt.Sprintf(`{%q:[%s]}`, f.JSONName(), value)
			}
			normalized, violations, err := jsonin.Read([]byte(doc), md, nil, jsonin.Options{})
			if err != nil {
				t.Fatalf("%s: %v", doc, err)
			}
			refused := protojson.UnmarshalOptions{DiscardUnknown: true}.Unmarshal([]byte(doc), dynamicpb.NewMessage(md)) != nil
			if f.Enum() != nil {
				// Beyond protojson: a word or a number of none of the enum's values.
				m := dynamicpb.NewMessage(md)
				refused = protojson.Unmarshal([]byte(doc), m) != nil || f.Enum().Values().ByNumber(m.Get(f).Enum()) == nil
			}
			switch {
			case refused && len(violations) == 0:
				t.Errorf("%s: protojson refuses it, Read does not", doc)
			case !refused && len(violations) > 0:
				t.Errorf("%s: protojson reads it, Read refuses it: %v", doc, violations[0].GetMessage())
			case len(violations) > 0 && protovalidate.FieldPathString(violations[0].GetField()) != fieldPathOf(f):
				t.Errorf("%s: names %s", doc, protovalidate.FieldPathString(violations[0].GetField()))
			case len(violations) == 0:
				if err := protojson.Unmarshal(normalized, dynamicpb.NewMessage(md)); err != nil {
					t.Errorf("%s: rewritten %s, which protojson refuses: %v", doc, normalized, err)
				}
			}
		}
	}
}

func fieldPathOf(f protoreflect.FieldDescriptor) string {
	if f.IsList() {
		return string(f.Name()) + "[0]"
	}
	return string(f.Name())
}

// The messages people read: what the value should have been.
func TestViolationsSayWhatWasExpected(t *testing.T) {
	md := (&networkv1.CreateContactRequest{}).ProtoReflect().Descriptor()
	for doc, want := range map[string]string{
		`{"contact":{"email":5}}`:                        apierr.BadText,
		`{"contact":{"civility":"robot"}}`:               apierr.UnknownValueOf("robot"),
		`{"contact":{"resources":{}}}`:                   apierr.BadList,
		`{"contact":{"resources":[3]}}`:                  apierr.BadObject,
		`{"contact":{"task":{"deadline":"demain"}}}`:     apierr.BadDate,
		`{"contact":{"task":{"priority":true}}}`:         apierr.UnknownValue,
		`{"contact":{"tags":["Lyon",4]}}`:                apierr.BadText,
		`{"contact":{"civility":"female","email":null}}`: "",
		`[]`: apierr.BodyNotObject,
	} {
		_, violations, err := jsonin.Read([]byte(doc), md, nil, jsonin.Options{Spec: true})
		switch {
		case err != nil:
			t.Errorf("%s: %v", doc, err)
		case want == "" && len(violations) > 0:
			t.Errorf("%s: %v", doc, violations)
		case want != "" && (len(violations) != 1 || violations[0].GetMessage() != want):
			t.Errorf("%s: %v, want %q", doc, violations, want)
		}
	}
	// The spec's strings are rewritten to names; with MarkUnknown, a word of no value is a
	// number of none.
	normalized, _, _ := jsonin.Read([]byte(`{"contact":{"civility":"female"}}`), md, nil, jsonin.Options{Spec: true})
	var got networkv1.CreateContactRequest
	if err := protojson.Unmarshal(normalized, &got); err != nil || got.GetContact().GetCivility() != commonv1.Civility_CIVILITY_FEMALE {
		t.Errorf("spec string: %s %v", normalized, err)
	}
	normalized, violations, _ := jsonin.Read([]byte(`{"contact":{"civility":"CIVILITY_ROBOT"}}`), md, nil, jsonin.Options{MarkUnknown: true})
	if err := protojson.Unmarshal(normalized, &got); err != nil || len(violations) > 0 || got.GetContact().GetCivility() != jsonin.Unknown {
		t.Errorf("marked: %s %v %v", normalized, violations, err)
	}
	// Not UTF-8, not JSON, two documents: no document at all.
	for _, doc := range []string{"{\"contact\":{\"email\":\"\xff\"}}", `{"contact":`, `{} {}`, `{"contact":{"comments":"\ud800"}}`} {
		if _, _, err := jsonin.Read([]byte(doc), md, nil, jsonin.Options{}); err == nil {
			t.Errorf("%q: read", doc)
		}
	}
}
