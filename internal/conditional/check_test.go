package conditional_test

import (
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protodesc"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/descriptorpb"

	optionsv1 "github.com/tremplin/tremplin/gen/tremplin/options/v1"
	"github.com/tremplin/tremplin/internal/conditional"
)

// serviceWith builds a service whose one method has these options.
func serviceWith(t *testing.T, level descriptorpb.MethodOptions_IdempotencyLevel, policy *optionsv1.AccessPolicy) protoreflect.ServiceDescriptor {
	t.Helper()
	opts := &descriptorpb.MethodOptions{IdempotencyLevel: level.Enum()}
	proto.SetExtension(opts, optionsv1.E_Access, policy)
	proto.SetExtension(opts, optionsv1.E_Revalidation, &optionsv1.Revalidation{OwnData: true})
	file := &descriptorpb.FileDescriptorProto{
		Name:        proto.String("check/v1/check.proto"),
		Package:     proto.String("check.v1"),
		Syntax:      proto.String("proto3"),
		MessageType: []*descriptorpb.DescriptorProto{{Name: proto.String("Empty")}},
		Service: []*descriptorpb.ServiceDescriptorProto{{
			Name: proto.String("CheckService"),
			Method: []*descriptorpb.MethodDescriptorProto{{
				Name: proto.String("Read"), InputType: proto.String(".check.v1.Empty"), OutputType: proto.String(".check.v1.Empty"),
				Options: opts,
			}},
		}},
	}
	fd, err := protodesc.NewFile(file, protoregistry.GlobalFiles)
	if err != nil {
		t.Fatal(err)
	}
	return fd.Services().Get(0)
}

// Only a candidate's read may keep its answers: the server refuses to start otherwise.
func TestOnlyCandidateReadsMayKeepTheirAnswers(t *testing.T) {
	read, write := descriptorpb.MethodOptions_NO_SIDE_EFFECTS, descriptorpb.MethodOptions_IDEMPOTENCY_UNKNOWN
	for _, c := range []struct {
		name   string
		level  descriptorpb.MethodOptions_IdempotencyLevel
		policy *optionsv1.AccessPolicy
		refuse string
	}{
		{"a candidate's read", read, &optionsv1.AccessPolicy{Roles: []string{"candidate"}}, ""},
		{"a write", write, &optionsv1.AccessPolicy{Roles: []string{"candidate"}}, "not a read"},
		{"a public read", read, &optionsv1.AccessPolicy{Public: true}, "not a candidate's read"},
		{"a staff read", read, &optionsv1.AccessPolicy{Roles: []string{"agency-admin"}}, "not a candidate's read"},
		{"a read shared with staff", read, &optionsv1.AccessPolicy{Roles: []string{"candidate", "admin"}}, "not a candidate's read"},
	} {
		err := conditional.Check(serviceWith(t, c.level, c.policy))
		switch {
		case c.refuse == "" && err != nil:
			t.Errorf("%s refused: %v", c.name, err)
		case c.refuse != "" && (err == nil || !strings.Contains(err.Error(), c.refuse)):
			t.Errorf("%s: got %v, want a refusal saying %q", c.name, err, c.refuse)
		}
	}
}
