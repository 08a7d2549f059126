// Package protosource is the API as the tools that describe it see it: the services compiled
// into the binary (the generated Go packages registered in protoregistry), and the comments of
// the protos, which protoc-gen-go leaves out of the generated code. The comments come from
// tremplin.binpb, a descriptor set with source info that `make generate` builds from proto/
// (`buf build --as-file-descriptor-set`); a test fails when it no longer matches the compiled
// descriptors.
//
// tremplinctl's help and the OpenAPI document read both: a new RPC is in the compiled
// descriptors, and so in the CLI and the document, with no change to either.
package protosource

import (
	_ "embed"
	"fmt"
	"slices"
	"strings"
	"sync"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protodesc"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/descriptorpb"

	// Every API package registers its files: a service is listed once its package is here.
	_ "github.com/tremplin/tremplin/gen/tremplin/account/v1"
	_ "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	_ "github.com/tremplin/tremplin/gen/tremplin/agency/v1"
	_ "github.com/tremplin/tremplin/gen/tremplin/auth/v1"
	_ "github.com/tremplin/tremplin/gen/tremplin/billing/v1"
	_ "github.com/tremplin/tremplin/gen/tremplin/insight/v1"
	_ "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	_ "github.com/tremplin/tremplin/gen/tremplin/opportunity/v1"
	_ "github.com/tremplin/tremplin/gen/tremplin/webhook/v1"
)

// Package is the prefix of the API's proto packages.
const Package = "tremplin."

//go:embed tremplin.binpb
var descriptorSet []byte

// DescriptorSet is the embedded descriptor set, with source info.
func DescriptorSet() []byte { return descriptorSet }

// Services answers the API's compiled services (every service of a tremplin.* package
// registered in protoregistry), sorted by full name.
func Services() []protoreflect.ServiceDescriptor {
	var out []protoreflect.ServiceDescriptor
	protoregistry.GlobalFiles.RangeFiles(func(f protoreflect.FileDescriptor) bool {
		if !strings.HasPrefix(string(f.Package()), Package) {
			return true
		}
		for i := range f.Services().Len() {
			out = append(out, f.Services().Get(i))
		}
		return true
	})
	slices.SortFunc(out, func(a, b protoreflect.ServiceDescriptor) int {
		return strings.Compare(string(a.FullName()), string(b.FullName()))
	})
	return out
}

// Methods answers every RPC of the API's compiled services, service by service (Services'
// order), each in its declaration order.
func Methods() []protoreflect.MethodDescriptor {
	var out []protoreflect.MethodDescriptor
	for _, s := range Services() {
		for i := range s.Methods().Len() {
			out = append(out, s.Methods().Get(i))
		}
	}
	return out
}

var (
	sourceOnce  sync.Once
	sourceFiles *protoregistry.Files
	errSource   error
)

// Source answers the files of the embedded descriptor set, which carry the comments.
func Source() (*protoregistry.Files, error) {
	sourceOnce.Do(func() { sourceFiles, errSource = parse(descriptorSet) })
	return sourceFiles, errSource
}

// parse builds the files of a set holding the API's files only (no imports): what they import
// (google/api, buf/validate, well-known types) is resolved from the compiled registry.
func parse(data []byte) (*protoregistry.Files, error) {
	set := &descriptorpb.FileDescriptorSet{}
	if err := proto.Unmarshal(data, set); err != nil {
		return nil, fmt.Errorf("reading the descriptor set: %w", err)
	}
	files := new(protoregistry.Files)
	resolver := fallback{files}
	// buf writes a file after the files it imports.
	for _, fdp := range set.GetFile() {
		fd, err := protodesc.NewFile(fdp, resolver)
		if err != nil {
			return nil, fmt.Errorf("descriptor set, %s: %w", fdp.GetName(), err)
		}
		if err := files.RegisterFile(fd); err != nil {
			return nil, err
		}
	}
	return files, nil
}

// fallback resolves from the set's own files first, then from the compiled registry.
type fallback struct{ own *protoregistry.Files }

func (r fallback) FindFileByPath(path string) (protoreflect.FileDescriptor, error) {
	if fd, err := r.own.FindFileByPath(path); err == nil {
		return fd, nil
	}
	return protoregistry.GlobalFiles.FindFileByPath(path)
}

func (r fallback) FindDescriptorByName(name protoreflect.FullName) (protoreflect.Descriptor, error) {
	if d, err := r.own.FindDescriptorByName(name); err == nil {
		return d, nil
	}
	return protoregistry.GlobalFiles.FindDescriptorByName(name)
}

// Comment answers the leading comment of the descriptor of this full name (a service, method,
// message, field, enum or enum value), cleaned: one space-trimmed line per line, "" when none.
// A descriptor of another origin (well-known types) has none.
func Comment(d protoreflect.Descriptor) string {
	files, err := Source()
	if err != nil {
		return ""
	}
	found, err := files.FindDescriptorByName(d.FullName())
	if err != nil {
		return ""
	}
	loc := found.ParentFile().SourceLocations().ByDescriptor(found)
	lines := strings.Split(strings.TrimRight(loc.LeadingComments, "\n "), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(strings.TrimRight(l, " "), " ")
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}

// Summary answers the first sentence of a comment, on one line.
func Summary(comment string) string {
	flat := strings.Join(strings.Fields(comment), " ")
	for i := 0; i < len(flat); i++ {
		if flat[i] == '.' && (i+1 == len(flat) || flat[i+1] == ' ') {
			return flat[:i+1]
		}
	}
	return flat
}

// Stale answers what differs between the embedded descriptor set and the compiled files of the
// API (source info aside), or "" when they match: the set is rebuilt by `make generate`.
func Stale() string {
	files, err := Source()
	if err != nil {
		return err.Error()
	}
	var problems []string
	seen := map[string]bool{}
	protoregistry.GlobalFiles.RangeFiles(func(compiled protoreflect.FileDescriptor) bool {
		if !strings.HasPrefix(string(compiled.Package()), Package) {
			return true
		}
		seen[compiled.Path()] = true
		embedded, err := files.FindFileByPath(compiled.Path())
		if err != nil {
			problems = append(problems, compiled.Path()+" is not in the descriptor set")
			return true
		}
		a, b := protodesc.ToFileDescriptorProto(compiled), protodesc.ToFileDescriptorProto(embedded)
		a.SourceCodeInfo, b.SourceCodeInfo = nil, nil
		// buf generate's managed mode writes the file options (go_package, java_package…) for
		// the generated code only; the protos declare none.
		a.Options, b.Options = nil, nil
		if !proto.Equal(a, b) {
			problems = append(problems, compiled.Path()+" differs from the descriptor set")
		}
		return true
	})
	files.RangeFiles(func(f protoreflect.FileDescriptor) bool {
		if !seen[f.Path()] {
			problems = append(problems, f.Path()+" is in the descriptor set but compiled into no package here")
		}
		return true
	})
	slices.Sort(problems)
	return strings.Join(problems, "; ")
}
