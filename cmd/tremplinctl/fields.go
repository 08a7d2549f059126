package main

import (
	"encoding/base64"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/dynamicpb"

	"github.com/tremplin/tremplin/internal/enums"
	"github.com/tremplin/tremplin/internal/protosource"
)

// requestFlags reads a request from the command line: --json first (the whole request as
// protojson), then each field flag given, which replaces what --json said of that field.
type requestFlags struct {
	method protoreflect.MethodDescriptor
	json   string
	fields []*fieldFlag
}

// flagFields answers the fields of a request that are flags: scalars, enums and repeated ones
// of them. Messages and maps go through --json.
func flagFields(md protoreflect.MessageDescriptor) []protoreflect.FieldDescriptor {
	var out []protoreflect.FieldDescriptor
	for i := range md.Fields().Len() {
		f := md.Fields().Get(i)
		if f.IsMap() || f.Message() != nil {
			continue
		}
		out = append(out, f)
	}
	return out
}

func (r *requestFlags) register(cmd *cobra.Command) {
	flags := cmd.Flags()
	flags.StringVar(&r.json, "json", "", "the request as protojson ('{\"field\": …}'), @file to read it from a file, - from stdin; field flags override it")
	for _, f := range flagFields(r.method.Input()) {
		ff := &fieldFlag{field: f}
		r.fields = append(r.fields, ff)
		flag := flags.VarPF(ff, flagName(f), "", usageOf(f))
		if f.Kind() == protoreflect.BoolKind && !f.IsList() {
			flag.NoOptDefVal = "true"
		}
		if f.Enum() != nil {
			_ = cmd.RegisterFlagCompletionFunc(flag.Name, fixed(enumWords(f.Enum())...))
		} else {
			_ = cmd.RegisterFlagCompletionFunc(flag.Name, cobra.NoFileCompletions)
		}
	}
}

// usageOf is a field's help: its comment on one line, then its values or its repetition.
func usageOf(f protoreflect.FieldDescriptor) string {
	usage := strings.Join(strings.Fields(protosource.Comment(f)), " ")
	var extra []string
	if f.Enum() != nil {
		extra = append(extra, "one of: "+strings.Join(enumWords(f.Enum()), ", "))
	}
	if f.IsList() {
		extra = append(extra, "repeatable")
	}
	if len(extra) > 0 {
		if usage != "" {
			usage += " "
		}
		usage += "(" + strings.Join(extra, "; ") + ")"
	}
	return usage
}

// build makes the request message.
func (r *requestFlags) build(stdin io.Reader) (*dynamicpb.Message, error) {
	msg := dynamicpb.NewMessage(r.method.Input())
	if r.json != "" {
		data, err := readJSON(r.json, stdin)
		if err != nil {
			return nil, err
		}
		if err := protojson.Unmarshal(data, msg); err != nil {
			return nil, usagef("--json is not a %s: %v", r.method.Input().Name(), err)
		}
	}
	for _, ff := range r.fields {
		if len(ff.raw) == 0 {
			continue
		}
		if ff.field.IsList() {
			list := msg.Mutable(ff.field).List()
			list.Truncate(0)
			for _, raw := range ff.raw {
				v, _ := parseScalar(ff.field, raw) // checked by Set
				list.Append(v)
			}
			continue
		}
		if o := ff.field.ContainingOneof(); o != nil && !o.IsSynthetic() {
			if set := msg.WhichOneof(o); set != nil && set != ff.field && r.flagGiven(set) {
				return nil, usagef("--%s and --%s are two choices of %s: give one", flagName(set), flagName(ff.field), o.Name())
			}
		}
		v, _ := parseScalar(ff.field, ff.raw[0])
		msg.Set(ff.field, v)
	}
	return msg, nil
}

func (r *requestFlags) flagGiven(f protoreflect.FieldDescriptor) bool {
	for _, ff := range r.fields {
		if ff.field == f {
			return len(ff.raw) > 0
		}
	}
	return false
}

func readJSON(arg string, stdin io.Reader) ([]byte, error) {
	switch {
	case arg == "-":
		data, err := io.ReadAll(stdin)
		if err != nil {
			return nil, usagef("--json -: reading stdin: %v", err)
		}
		return data, nil
	case strings.HasPrefix(arg, "@"):
		data, err := os.ReadFile(arg[1:])
		if err != nil {
			return nil, usagef("--json %s: %v", arg, err)
		}
		return data, nil
	}
	return []byte(arg), nil
}

// fieldFlag is the flag of one field: the values given, each checked as it is read.
type fieldFlag struct {
	field protoreflect.FieldDescriptor
	raw   []string
}

func (f *fieldFlag) String() string { return strings.Join(f.raw, ",") }

func (f *fieldFlag) Set(s string) error {
	if _, err := parseScalar(f.field, s); err != nil {
		return err
	}
	if f.field.IsList() {
		f.raw = append(f.raw, s)
	} else {
		f.raw = []string{s}
	}
	return nil
}

func (f *fieldFlag) Type() string {
	switch f.field.Kind() {
	case protoreflect.EnumKind:
		return "enum"
	case protoreflect.BytesKind:
		return "base64"
	case protoreflect.Sint32Kind, protoreflect.Sfixed32Kind:
		return "int32"
	case protoreflect.Sint64Kind, protoreflect.Sfixed64Kind:
		return "int64"
	case protoreflect.Fixed32Kind:
		return "uint32"
	case protoreflect.Fixed64Kind:
		return "uint64"
	}
	return f.field.Kind().String()
}

// parseScalar reads one value of a scalar or enum field.
func parseScalar(f protoreflect.FieldDescriptor, s string) (protoreflect.Value, error) {
	switch f.Kind() {
	case protoreflect.StringKind:
		return protoreflect.ValueOfString(s), nil
	case protoreflect.BoolKind:
		b, err := strconv.ParseBool(s)
		if err != nil {
			return protoreflect.Value{}, fmt.Errorf("%q is not a boolean (true or false)", s)
		}
		return protoreflect.ValueOfBool(b), nil
	case protoreflect.Int32Kind, protoreflect.Sint32Kind, protoreflect.Sfixed32Kind:
		n, err := strconv.ParseInt(s, 10, 32)
		if err != nil {
			return protoreflect.Value{}, fmt.Errorf("%q is not a 32-bit integer", s)
		}
		return protoreflect.ValueOfInt32(int32(n)), nil
	case protoreflect.Int64Kind, protoreflect.Sint64Kind, protoreflect.Sfixed64Kind:
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return protoreflect.Value{}, fmt.Errorf("%q is not an integer", s)
		}
		return protoreflect.ValueOfInt64(n), nil
	case protoreflect.Uint32Kind, protoreflect.Fixed32Kind:
		n, err := strconv.ParseUint(s, 10, 32)
		if err != nil {
			return protoreflect.Value{}, fmt.Errorf("%q is not a positive 32-bit integer", s)
		}
		return protoreflect.ValueOfUint32(uint32(n)), nil
	case protoreflect.Uint64Kind, protoreflect.Fixed64Kind:
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			return protoreflect.Value{}, fmt.Errorf("%q is not a positive integer", s)
		}
		return protoreflect.ValueOfUint64(n), nil
	case protoreflect.FloatKind:
		n, err := strconv.ParseFloat(s, 32)
		if err != nil || math.IsInf(n, 0) {
			return protoreflect.Value{}, fmt.Errorf("%q is not a number", s)
		}
		return protoreflect.ValueOfFloat32(float32(n)), nil
	case protoreflect.DoubleKind:
		n, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return protoreflect.Value{}, fmt.Errorf("%q is not a number", s)
		}
		return protoreflect.ValueOfFloat64(n), nil
	case protoreflect.BytesKind:
		b, err := base64.StdEncoding.DecodeString(s)
		if err != nil {
			return protoreflect.Value{}, fmt.Errorf("%q is not base64", s)
		}
		return protoreflect.ValueOfBytes(b), nil
	case protoreflect.EnumKind:
		n, ok := enumNumber(f.Enum(), s)
		if !ok {
			return protoreflect.Value{}, fmt.Errorf("%q is none of %s", s, strings.Join(enumWords(f.Enum()), ", "))
		}
		return protoreflect.ValueOfEnum(n), nil
	}
	return protoreflect.Value{}, fmt.Errorf("a %s field cannot be a flag", f.Kind())
}

// enumWords are the words that name an enum's values on the command line: the spec's strings
// where the enum has them ("just-created"), else the value names without the enum's prefix
// ("just-created" for USER_STATUS_JUST_CREATED). UNSPECIFIED is left out.
func enumWords(d protoreflect.EnumDescriptor) []string {
	var out []string
	for i := range d.Values().Len() {
		v := d.Values().Get(i)
		if v.Number() == 0 {
			continue
		}
		if spec := enums.SpecOf(d, v.Number()); spec != "" {
			out = append(out, spec)
			continue
		}
		out = append(out, shortEnumName(d, v))
	}
	return out
}

func shortEnumName(d protoreflect.EnumDescriptor, v protoreflect.EnumValueDescriptor) string {
	prefix := strings.ToUpper(strings.ReplaceAll(commandName(string(d.Name())), "-", "_")) + "_"
	return strings.ToLower(strings.ReplaceAll(strings.TrimPrefix(string(v.Name()), prefix), "_", "-"))
}

// enumNumber reads an enum value by its spec string, its full name (USER_STATUS_JUST_CREATED),
// its short name in any case with - or _ (just-created, JUST_CREATED) or its number.
func enumNumber(d protoreflect.EnumDescriptor, s string) (protoreflect.EnumNumber, bool) {
	if n, ok := enums.NumberOf(d, s); ok {
		return n, true
	}
	if v := d.Values().ByName(protoreflect.Name(s)); v != nil {
		return v.Number(), true
	}
	want := strings.ToLower(strings.ReplaceAll(s, "_", "-"))
	for i := range d.Values().Len() {
		v := d.Values().Get(i)
		if shortEnumName(d, v) == want {
			return v.Number(), true
		}
	}
	if n, err := strconv.ParseInt(s, 10, 32); err == nil {
		if v := d.Values().ByNumber(protoreflect.EnumNumber(n)); v != nil {
			return v.Number(), true
		}
	}
	return 0, false
}
