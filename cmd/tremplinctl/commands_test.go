package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protodesc"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/descriptorpb"

	"github.com/tremplin/tremplin/internal/protosource"
)

func testEnv(stdout, stderr *bytes.Buffer, vars map[string]string) env {
	return env{stdin: strings.NewReader(""), stdout: stdout, stderr: stderr, getenv: func(k string) string { return vars[k] }}
}

// The command tree and the descriptors, walked together: every RPC of every compiled service
// has its command, named after it, and every scalar field of its request a flag of its kind;
// and the tree holds nothing else.
func TestEveryRPCIsACommandAndEveryScalarFieldAFlag(t *testing.T) {
	services := protosource.Services()
	if len(services) < 6 {
		t.Fatalf("only %d services compiled in", len(services))
	}
	root := newRoot(testEnv(new(bytes.Buffer), new(bytes.Buffer), nil), services)
	methods := 0
	for _, s := range services {
		for i := range s.Methods().Len() {
			m := s.Methods().Get(i)
			methods++
			cmd := findMethod(t, root, m)
			if cmd == nil {
				continue
			}
			if want := protosource.Summary(protosource.Comment(m)); cmd.Short != want {
				t.Errorf("%s: short help %q, want the comment's first sentence %q", m.FullName(), cmd.Short, want)
			}
			checkFlags(t, cmd, m.Input())
		}
	}
	// Nothing but the services (and cobra's help and completion) at the top, nothing but the
	// RPCs below: no command written by hand.
	listed := 0
	for _, c := range root.Commands() {
		switch c.Name() {
		case "help", "completion":
			continue
		}
		if c.Annotations[annotationService] == "" {
			t.Errorf("top-level command %q is no service", c.Name())
		}
		for _, sub := range c.Commands() {
			if sub.Annotations[annotationMethod] == "" && sub.Name() != "help" {
				t.Errorf("command %q is no RPC", sub.CommandPath())
			}
			listed++
		}
	}
	if listed != methods {
		t.Errorf("%d RPC commands for %d RPCs", listed, methods)
	}
	// A spot check of the names people type.
	for _, path := range [][]string{{"agency", "create-candidate"}, {"agency", "define-as-b2c"}, {"agency", "list-api-keys"}, {"network", "list-contacts"}} {
		if c, _, err := root.Find(path); err != nil || c.Name() != path[1] {
			t.Errorf("no command %v", path)
		}
	}
}

func findMethod(t *testing.T, root *cobra.Command, m protoreflect.MethodDescriptor) *cobra.Command {
	t.Helper()
	path := []string{commandName(strings.TrimSuffix(string(m.Parent().Name()), "Service")), commandName(string(m.Name()))}
	cmd, rest, err := root.Find(path)
	if err != nil || len(rest) > 0 || cmd.Annotations[annotationMethod] != string(m.FullName()) {
		t.Errorf("%s has no command %v", m.FullName(), path)
		return nil
	}
	return cmd
}

func checkFlags(t *testing.T, cmd *cobra.Command, input protoreflect.MessageDescriptor) {
	t.Helper()
	if cmd.Flags().Lookup("json") == nil {
		t.Errorf("%s has no --json", cmd.CommandPath())
	}
	for i := range input.Fields().Len() {
		f := input.Fields().Get(i)
		if f.IsMap() || f.Message() != nil {
			continue // through --json
		}
		flag := cmd.Flags().Lookup(flagName(f))
		if flag == nil {
			t.Errorf("%s: field %s has no flag", cmd.CommandPath(), f.FullName())
			continue
		}
		wantType := map[protoreflect.Kind]string{
			protoreflect.StringKind: "string", protoreflect.BoolKind: "bool", protoreflect.Int32Kind: "int32",
			protoreflect.Int64Kind: "int64", protoreflect.EnumKind: "enum", protoreflect.DoubleKind: "double",
		}[f.Kind()]
		if wantType != "" && flag.Value.Type() != wantType {
			t.Errorf("%s --%s is a %s, want %s", cmd.CommandPath(), flag.Name, flag.Value.Type(), wantType)
		}
	}
}

// A new RPC needs no change here: a service the CLI has never seen, with an RPC whose request
// has a text, a number, a boolean, an enum and a repeated field, gets its command and flags.
func TestANewRPCIsACommandWithNoCLIChange(t *testing.T) {
	fdp := &descriptorpb.FileDescriptorProto{
		Name:    proto.String("tremplin/example/v1/example.proto"),
		Package: proto.String("tremplin.example.v1"),
		Syntax:  proto.String("proto3"),
		EnumType: []*descriptorpb.EnumDescriptorProto{{
			Name: proto.String("Colour"),
			Value: []*descriptorpb.EnumValueDescriptorProto{
				{Name: proto.String("COLOUR_UNSPECIFIED"), Number: proto.Int32(0)},
				{Name: proto.String("COLOUR_DEEP_BLUE"), Number: proto.Int32(1)},
			},
		}},
		MessageType: []*descriptorpb.DescriptorProto{
			{Name: proto.String("PaintWallRequest"), Field: []*descriptorpb.FieldDescriptorProto{
				field("wall_name", 1, descriptorpb.FieldDescriptorProto_TYPE_STRING, ""),
				field("coats", 2, descriptorpb.FieldDescriptorProto_TYPE_INT32, ""),
				field("dry_first", 3, descriptorpb.FieldDescriptorProto_TYPE_BOOL, ""),
				field("colour", 4, descriptorpb.FieldDescriptorProto_TYPE_ENUM, ".tremplin.example.v1.Colour"),
				{Name: proto.String("tags"), Number: proto.Int32(5), Type: descriptorpb.FieldDescriptorProto_TYPE_STRING.Enum(), Label: descriptorpb.FieldDescriptorProto_LABEL_REPEATED.Enum(), JsonName: proto.String("tags")},
			}},
			{Name: proto.String("PaintWallResponse")},
		},
		Service: []*descriptorpb.ServiceDescriptorProto{{
			Name: proto.String("DecorationService"),
			Method: []*descriptorpb.MethodDescriptorProto{{
				Name: proto.String("PaintWall"), InputType: proto.String(".tremplin.example.v1.PaintWallRequest"), OutputType: proto.String(".tremplin.example.v1.PaintWallResponse"),
			}},
		}},
	}
	fd, err := protodesc.NewFile(fdp, protoregistry.GlobalFiles)
	if err != nil {
		t.Fatal(err)
	}
	service := fd.Services().Get(0)
	root := newRoot(testEnv(new(bytes.Buffer), new(bytes.Buffer), nil), append(protosource.Services(), service))
	cmd := findMethod(t, root, service.Methods().Get(0))
	if cmd == nil {
		t.FailNow()
	}
	if cmd.CommandPath() != "tremplinctl decoration paint-wall" {
		t.Errorf("command %q", cmd.CommandPath())
	}
	checkFlags(t, cmd, service.Methods().Get(0).Input())
	// The flags fill the request: enums by their words, repeated flags as a list.
	req := &requestFlags{method: service.Methods().Get(0)}
	probe := &cobra.Command{Use: "probe"}
	req.register(probe)
	if err := probe.ParseFlags([]string{"--wall-name", "nord", "--coats", "2", "--dry-first", "--colour", "deep-blue", "--tags", "a", "--tags", "b"}); err != nil {
		t.Fatal(err)
	}
	msg, err := req.build(strings.NewReader(""))
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(strings.Fields(fmtMessage(msg)), " ")
	want := `{"wallName":"nord", "coats":2, "dryFirst":true, "colour":"COLOUR_DEEP_BLUE", "tags":["a", "b"]}`
	if strings.ReplaceAll(got, " ", "") != strings.ReplaceAll(want, " ", "") {
		t.Errorf("request %s, want %s", got, want)
	}
	if err := probe.ParseFlags([]string{"--colour", "violet"}); err == nil || !strings.Contains(err.Error(), "deep-blue") {
		t.Errorf("an unknown colour: %v", err)
	}
}

func field(name string, number int32, typ descriptorpb.FieldDescriptorProto_Type, typeName string) *descriptorpb.FieldDescriptorProto {
	f := &descriptorpb.FieldDescriptorProto{Name: proto.String(name), Number: proto.Int32(number), Type: typ.Enum(), Label: descriptorpb.FieldDescriptorProto_LABEL_OPTIONAL.Enum()}
	if typeName != "" {
		f.TypeName = proto.String(typeName)
	}
	return f
}

func TestHelpComesFromTheProtoComments(t *testing.T) {
	var out, errOut bytes.Buffer
	code := run(context.Background(), []string{"agency", "create-candidate", "--help"}, testEnv(&out, &errOut, nil))
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	for _, want := range []string{
		"CreateCandidate creates a candidate. An agency admin creates B2B candidates",
		"--email string",
		"--is-b2c",
		"Platform admin only: a B2C candidate",
		"--civility enum",
		"one of: male, female, other",
		"JSON route: POST /api/agency/{id}/create-candidate",
		"Access: agency-admin, admin.",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("help lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	if code := run(context.Background(), []string{"--help"}, testEnv(&out, &errOut, nil)); code != exitOK || !strings.Contains(out.String(), exitCodesHelp) {
		t.Errorf("tremplinctl --help (exit %d) does not document the exit codes:\n%s", code, out.String())
	}
}

func TestCompletionForEveryShell(t *testing.T) {
	for _, shell := range []string{"bash", "zsh", "fish"} {
		var out, errOut bytes.Buffer
		if code := run(context.Background(), []string{"completion", shell}, testEnv(&out, &errOut, nil)); code != exitOK || !strings.Contains(out.String(), "tremplinctl") {
			t.Errorf("completion %s: exit %d, %d bytes, %s", shell, code, out.Len(), errOut.String())
		}
	}
	// Enum flags complete to their words.
	var out, errOut bytes.Buffer
	run(context.Background(), []string{"__complete", "agency", "list-candidates", "--status", ""}, testEnv(&out, &errOut, nil))
	if !strings.Contains(out.String(), "just-created") {
		t.Errorf("completing --status: %s", out.String())
	}
}

func TestUsageErrorsExitTwo(t *testing.T) {
	for _, args := range [][]string{
		{"nope"},
		{"agency", "nope"},
		{"agency", "create-candidate", "--nope"},
		{"agency", "create-candidate", "extra"},
		{"agency", "list-candidates", "--status", "violet"},
		{"agency", "create-candidate", "--is-b2c=peut-être"},
		{"agency", "create-candidate", "--json", "{not json"},
		{"agency", "list-candidates", "--server", "ftp://example"},
		{"agency", "list-candidates", "-H", "no colon"},
		{"agency", "list-candidates", "-o", "yaml"},
		{"agency", "list-candidates", "-o", "table", "--columns", "nope"},
	} {
		var out, errOut bytes.Buffer
		if code := run(context.Background(), args, testEnv(&out, &errOut, nil)); code != exitUsage {
			t.Errorf("%v: exit %d, want %d (%s)", args, code, exitUsage, errOut.String())
		}
	}
}

func TestCommandNames(t *testing.T) {
	for in, want := range map[string]string{
		"CreateCandidate": "create-candidate", "DefineAsB2C": "define-as-b2c", "ListApiKeys": "list-api-keys",
		"GetICSFeed": "get-ics-feed", "Me": "me", "AuthService": "auth-service",
	} {
		if got := commandName(in); got != want {
			t.Errorf("commandName(%s) = %s, want %s", in, got, want)
		}
	}
}

func fmtMessage(m proto.Message) string {
	data, err := protojson.Marshal(m)
	if err != nil {
		return err.Error()
	}
	return string(data)
}
