// Command protoc-gen-specjson is the buf plugin (buf.gen.yaml) that gives the messages of
// proto/tremplin their writer as the /api's JSON, the same bytes the gateway's reflective
// encoder writes (internal/specjson): an AppendSpecJSON method per message, and a Spec method
// per enum that carries the spec's strings ((tremplin.options.v1.spec)).
//
// A message gets a writer when each of its fields is a scalar, an enum, a Timestamp, or a
// message that gets one; any other (a map, another well-known type, a google.api message) is
// left to the reflective encoder, which the generated writers then never reach.
package main

import (
	"fmt"
	"strconv"
	"strings"

	"google.golang.org/protobuf/compiler/protogen"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/pluginpb"

	"github.com/tremplin/tremplin/internal/specjson"
)

const (
	specjsonPackage = protogen.GoImportPath("github.com/tremplin/tremplin/internal/specjson")
	strconvPackage  = protogen.GoImportPath("strconv")
	// The option naming an enum value's spec string. The plugin reads it from the request's
	// descriptors rather than through gen/tremplin/options: buf empties gen/ before it runs.
	specOption    = "tremplin.options.v1.spec"
	timestampName = "google.protobuf.Timestamp"
)

func main() {
	protogen.Options{}.Run(func(plugin *protogen.Plugin) error {
		plugin.SupportedFeatures = uint64(pluginpb.CodeGeneratorResponse_FEATURE_PROTO3_OPTIONAL)
		specs, err := readSpecs(plugin)
		if err != nil {
			return err
		}
		g := generator{specs: specs, written: writtenMessages(plugin)}
		for _, f := range plugin.Files {
			if f.Generate && isTremplin(f.Desc) {
				g.file(plugin, f)
			}
		}
		return nil
	})
}

func isTremplin(f protoreflect.FileDescriptor) bool {
	return strings.HasPrefix(string(f.Package()), "tremplin.")
}

// messagesOf answers the messages of f, nested ones after their parent (map entries left out).
func messagesOf(f *protogen.File) []*protogen.Message {
	var all []*protogen.Message
	var collect func(ms []*protogen.Message)
	collect = func(ms []*protogen.Message) {
		for _, m := range ms {
			if !m.Desc.IsMapEntry() {
				all = append(all, m)
			}
			collect(m.Messages)
		}
	}
	collect(f.Messages)
	return all
}

// enumsOf answers the enums of f, those nested in its messages included.
func enumsOf(f *protogen.File) []*protogen.Enum {
	enums := append([]*protogen.Enum(nil), f.Enums...)
	for _, m := range messagesOf(f) {
		enums = append(enums, m.Enums...)
	}
	return enums
}

// readSpecs answers every enum value's spec string, by the value's full name.
func readSpecs(plugin *protogen.Plugin) (map[protoreflect.FullName]string, error) {
	var ext protoreflect.ExtensionDescriptor
	for _, f := range plugin.Files {
		if x := f.Desc.Extensions().ByName(protoreflect.FullName(specOption).Name()); x != nil && x.FullName() == specOption {
			ext = x
		}
	}
	specs := map[protoreflect.FullName]string{}
	if ext == nil {
		return specs, nil
	}
	for _, f := range plugin.Files {
		for _, e := range enumsOf(f) {
			for _, v := range e.Values {
				s, err := stringOption(v.Desc.Options(), ext.Number())
				if err != nil {
					return nil, fmt.Errorf("%s: %w", v.Desc.FullName(), err)
				}
				if s != "" {
					specs[v.Desc.FullName()] = s
				}
			}
		}
	}
	return specs, nil
}

// stringOption reads a string option of number n from opts, where it arrives as an unknown
// field (the plugin does not link the options' Go package).
func stringOption(opts proto.Message, n protoreflect.FieldNumber) (string, error) {
	raw := opts.ProtoReflect().GetUnknown()
	value := ""
	for len(raw) > 0 {
		num, typ, size := protowire.ConsumeTag(raw)
		if size < 0 {
			return "", protowire.ParseError(size)
		}
		raw = raw[size:]
		if num == n && typ == protowire.BytesType {
			v, m := protowire.ConsumeBytes(raw)
			if m < 0 {
				return "", protowire.ParseError(m)
			}
			value = string(v)
		}
		m := protowire.ConsumeFieldValue(num, typ, raw)
		if m < 0 {
			return "", protowire.ParseError(m)
		}
		raw = raw[m:]
	}
	return value, nil
}

// writtenMessages answers the messages that get a writer: those of the tremplin files whose
// every field can be written (see the package's comment), found by striking out until nothing
// changes (a message may refer to itself). The files imported are read too: buf runs the
// plugin once per folder, and every tremplin file gets its writers from this plugin.
func writtenMessages(plugin *protogen.Plugin) map[protoreflect.FullName]bool {
	written := map[protoreflect.FullName]bool{}
	var all []*protogen.Message
	for _, f := range plugin.Files {
		if isTremplin(f.Desc) {
			for _, m := range messagesOf(f) {
				all = append(all, m)
				written[m.Desc.FullName()] = true
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, m := range all {
			if !written[m.Desc.FullName()] {
				continue
			}
			for _, f := range m.Fields {
				if !writable(f.Desc, written) {
					written[m.Desc.FullName()] = false
					changed = true
					break
				}
			}
		}
	}
	return written
}

func writable(f protoreflect.FieldDescriptor, written map[protoreflect.FullName]bool) bool {
	switch {
	case f.IsMap(), f.Kind() == protoreflect.GroupKind:
		return false
	case f.Kind() == protoreflect.MessageKind:
		return f.Message().FullName() == timestampName || written[f.Message().FullName()]
	}
	return true
}

type generator struct {
	specs   map[protoreflect.FullName]string
	written map[protoreflect.FullName]bool
}

func (gen generator) file(plugin *protogen.Plugin, f *protogen.File) {
	g := plugin.NewGeneratedFile(f.GeneratedFilenamePrefix+"_specjson.pb.go", f.GoImportPath)
	g.P("// Code generated by protoc-gen-specjson. DO NOT EDIT.")
	g.P("// source: ", f.Desc.Path())
	g.P()
	g.P("package ", f.GoPackageName)
	g.P()
	wrote := false
	for _, e := range enumsOf(f) {
		wrote = gen.enum(g, e) || wrote
	}
	for _, m := range messagesOf(f) {
		if gen.written[m.Desc.FullName()] {
			gen.message(g, m)
			wrote = true
		}
	}
	if !wrote {
		g.Skip()
	}
}

// enum writes the Spec method of an enum with spec strings; false for one without.
func (gen generator) enum(g *protogen.GeneratedFile, e *protogen.Enum) bool {
	if !gen.hasSpecs(e.Desc) {
		return false
	}
	g.P("// Spec answers x's string in the spec, \"\" for a value without one (left out of the JSON).")
	g.P("func (x ", e.GoIdent, ") Spec() string {")
	g.P("switch x {")
	for _, v := range e.Values {
		if s, ok := gen.specs[v.Desc.FullName()]; ok {
			g.P("case ", v.GoIdent, ":")
			g.P("return ", strconv.Quote(s))
		}
	}
	g.P("}")
	g.P(`return ""`)
	g.P("}")
	g.P()
	return true
}

func (gen generator) hasSpecs(e protoreflect.EnumDescriptor) bool {
	values := e.Values()
	for i := range values.Len() {
		if _, ok := gen.specs[values.Get(i).FullName()]; ok {
			return true
		}
	}
	return false
}

// message writes AppendSpecJSON: each field in the order of the descriptor, as the reflective
// encoder writes it (gateway/encode.go) — zero scalars and empty lists written, unset messages
// and presence fields left out, enum values with spec strings as those strings (without one:
// left out).
func (gen generator) message(g *protogen.GeneratedFile, m *protogen.Message) {
	g.P("// AppendSpecJSON appends x as the /api's JSON (internal/specjson).")
	g.P("func (x *", m.GoIdent, ") AppendSpecJSON(b []byte) ([]byte, error) {")
	for _, f := range m.Fields {
		if f.Desc.Kind() == protoreflect.MessageKind {
			g.P("var err error")
			break
		}
	}
	g.P("start := len(b)")
	for _, f := range m.Fields {
		gen.field(g, f)
	}
	g.P("return ", g.QualifiedGoIdent(specjsonPackage.Ident("EndObject")), "(b, start), nil")
	g.P("}")
	g.P()
}

func (gen generator) field(g *protogen.GeneratedFile, f *protogen.Field) {
	key := strconv.Quote("," + string(specjson.String(nil, f.Desc.JSONName())) + ":")
	writeKey := func() { g.P("b = append(b, ", key, "...)") }
	specEnum := f.Desc.Kind() == protoreflect.EnumKind && gen.hasSpecs(f.Desc.Enum())
	writeString := g.QualifiedGoIdent(specjsonPackage.Ident("String"))
	getter := "x.Get" + f.GoName + "()"
	if f.Desc.IsList() {
		g.P("{")
		writeKey()
		g.P("b = append(b, '[')")
		g.P("first := len(b)")
		g.P("for _, v := range ", getter, " {")
		if specEnum {
			// A value without a spec string is left out of a list too.
			g.P("s := v.Spec()")
			g.P(`if s == "" {`)
			g.P("continue")
			g.P("}")
		}
		g.P("if len(b) > first {")
		g.P("b = append(b, ',')")
		g.P("}")
		if specEnum {
			g.P("b = ", writeString, "(b, s)")
		} else {
			gen.value(g, f.Desc, "v")
		}
		g.P("}")
		g.P("b = append(b, ']')")
		g.P("}")
		return
	}
	// Where the value is read, and whether it is written at all: a field of a oneof when the
	// oneof holds it, an optional scalar when set, a message when set, an enum value with a
	// spec string.
	value, closing := getter, 0
	open := func(condition string) {
		g.P("if ", condition, " {")
		closing++
	}
	switch {
	case f.Oneof != nil && !f.Oneof.Desc.IsSynthetic():
		open("o, ok := x.Get" + f.Oneof.GoName + "().(*" + g.QualifiedGoIdent(f.GoIdent) + "); ok")
		value = "o." + f.GoName
	case f.Desc.HasPresence() && f.Desc.Kind() != protoreflect.MessageKind:
		open("x != nil && x." + f.GoName + " != nil")
		value = "(*x." + f.GoName + ")"
	}
	switch {
	case f.Desc.Kind() == protoreflect.MessageKind:
		open("v := " + value + "; v != nil")
		value = "v"
	case specEnum:
		open("s := " + value + ".Spec(); s != \"\"")
	}
	writeKey()
	if specEnum {
		g.P("b = ", writeString, "(b, s)")
	} else {
		gen.value(g, f.Desc, value)
	}
	for range closing {
		g.P("}")
	}
}

// value writes the code appending one value of field f (an element, for a list), read by expr;
// an enum with spec strings is written by field.
func (gen generator) value(g *protogen.GeneratedFile, f protoreflect.FieldDescriptor, expr string) {
	call := func(name string, args ...string) {
		g.P("b = ", g.QualifiedGoIdent(specjsonPackage.Ident(name)), "(b, ", strings.Join(args, ", "), ")")
	}
	switch f.Kind() {
	case protoreflect.BoolKind:
		g.P("b = ", g.QualifiedGoIdent(strconvPackage.Ident("AppendBool")), "(b, ", expr, ")")
	case protoreflect.Int32Kind, protoreflect.Sint32Kind, protoreflect.Sfixed32Kind:
		g.P("b = ", g.QualifiedGoIdent(strconvPackage.Ident("AppendInt")), "(b, int64(", expr, "), 10)")
	case protoreflect.Uint32Kind, protoreflect.Fixed32Kind:
		g.P("b = ", g.QualifiedGoIdent(strconvPackage.Ident("AppendUint")), "(b, uint64(", expr, "), 10)")
	case protoreflect.Int64Kind, protoreflect.Sint64Kind, protoreflect.Sfixed64Kind:
		call("Int64", expr)
	case protoreflect.Uint64Kind, protoreflect.Fixed64Kind:
		call("Uint64", expr)
	case protoreflect.FloatKind:
		call("Float", "float64("+expr+")", "32")
	case protoreflect.DoubleKind:
		call("Float", expr, "64")
	case protoreflect.StringKind:
		call("String", expr)
	case protoreflect.BytesKind:
		call("Bytes", expr)
	case protoreflect.EnumKind:
		call("EnumName", expr) // an enum without spec strings (field writes the others)
	case protoreflect.MessageKind:
		if f.Message().FullName() == timestampName {
			g.P("if b, err = ", g.QualifiedGoIdent(specjsonPackage.Ident("Timestamp")), "(b, ", expr, "); err != nil {")
		} else {
			g.P("if b, err = ", expr, ".AppendSpecJSON(b); err != nil {")
		}
		g.P("return nil, err")
		g.P("}")
	default:
		panic(fmt.Sprintf("protoc-gen-specjson: %s: kind %s", f.FullName(), f.Kind()))
	}
}
