package access_test

import (
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protodesc"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/descriptorpb"
	_ "google.golang.org/protobuf/types/known/emptypb" // the probe service uses Empty

	optionsv1 "github.com/tremplin/tremplin/gen/tremplin/options/v1"
	"github.com/tremplin/tremplin/internal/access"
	"github.com/tremplin/tremplin/internal/viewer"
)

// serviceWith builds a one-method service whose method carries policy (nil: no option).
func serviceWith(t *testing.T, policy *optionsv1.AccessPolicy) *descriptorpb.FileDescriptorProto {
	t.Helper()
	method := &descriptorpb.MethodDescriptorProto{
		Name:       proto.String("Do"),
		InputType:  proto.String(".google.protobuf.Empty"),
		OutputType: proto.String(".google.protobuf.Empty"),
		Options:    &descriptorpb.MethodOptions{},
	}
	if policy != nil {
		proto.SetExtension(method.Options, optionsv1.E_Access, policy)
	}
	return &descriptorpb.FileDescriptorProto{
		Name:       proto.String("probe.proto"),
		Package:    proto.String("probe.v1"),
		Dependency: []string{"google/protobuf/empty.proto"},
		Syntax:     proto.String("proto3"),
		Service:    []*descriptorpb.ServiceDescriptorProto{{Name: proto.String("ProbeService"), Method: []*descriptorpb.MethodDescriptorProto{method}}},
	}
}

func TestPoliciesOfRefusesBadPolicies(t *testing.T) {
	cases := []struct {
		name   string
		policy *optionsv1.AccessPolicy
		want   string
	}{
		{"no option", nil, "no (tremplin.options.v1.access) option"},
		{"nobody", &optionsv1.AccessPolicy{}, "neither public nor open to any role"},
		{"unknown role", &optionsv1.AccessPolicy{Roles: []string{"superuser"}}, `unknown role "superuser"`},
		{"public with roles", &optionsv1.AccessPolicy{Public: true, Roles: []string{"admin"}}, "public methods take no roles"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			file, err := protodesc.NewFile(serviceWith(t, c.policy), protoregistry.GlobalFiles)
			if err != nil {
				t.Fatal(err)
			}
			_, err = access.PoliciesOf(file.Services().Get(0))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error containing %q", err, c.want)
			}
			if !strings.Contains(err.Error(), "/probe.v1.ProbeService/Do") {
				t.Errorf("the error should name the method: %v", err)
			}
		})
	}
}

func TestPoliciesOfReadsRolesAndPremium(t *testing.T) {
	file, err := protodesc.NewFile(serviceWith(t, &optionsv1.AccessPolicy{Roles: []string{"candidate", "agency-admin"}, Premium: true}), protoregistry.GlobalFiles)
	if err != nil {
		t.Fatal(err)
	}
	policies, err := access.PoliciesOf(file.Services().Get(0))
	if err != nil {
		t.Fatal(err)
	}
	p := policies["/probe.v1.ProbeService/Do"]
	if !p.Premium || p.Public || !p.Allows(viewer.RoleCandidate) || !p.Allows(viewer.RoleAgencyAdmin) || p.Allows(viewer.RoleAdmin) {
		t.Fatalf("unexpected policy %+v", p)
	}
}

// The interceptors that enforce policies are unary: a streaming method is refused outright,
// even with a policy, rather than served unchecked.
func TestPoliciesOfRefusesStreamingMethods(t *testing.T) {
	fd := serviceWith(t, &optionsv1.AccessPolicy{Roles: []string{"admin"}})
	fd.Service[0].Method[0].ServerStreaming = proto.Bool(true)
	file, err := protodesc.NewFile(fd, protoregistry.GlobalFiles)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := access.PoliciesOf(file.Services().Get(0)); err == nil || !strings.Contains(err.Error(), "streaming") {
		t.Fatalf("got %v, want the streaming method refused", err)
	}
}
