package main

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/tremplin/tremplin/internal/enums"
)

// layout is how an answer is written: JSON, or a table of a list's rows (the answer's
// repeated message field) or of a message's fields.
type layout struct {
	table bool
	// list is the repeated message field whose items are the rows (nil: one message, as
	// field/value rows).
	list    protoreflect.FieldDescriptor
	columns [][]protoreflect.FieldDescriptor
	headers []string
}

// layoutOf checks the output flags against the answer's type, before the call is made.
func layoutOf(g *globals, out protoreflect.MessageDescriptor) (*layout, error) {
	switch g.output {
	case "json":
		if len(g.columns) > 0 {
			return nil, usagef("--columns goes with -o table")
		}
		return &layout{}, nil
	case "table":
	default:
		return nil, usagef("--output %q: want json or table", g.output)
	}
	l := &layout{table: true}
	for i := range out.Fields().Len() {
		f := out.Fields().Get(i)
		if f.IsList() && f.Message() != nil && !isWellKnown(f.Message()) {
			l.list = f
			break
		}
	}
	if l.list == nil {
		if len(g.columns) > 0 {
			return nil, usagef("--columns: %s is not a list", out.Name())
		}
		return l, nil
	}
	row := l.list.Message()
	if len(g.columns) == 0 {
		for i := range row.Fields().Len() {
			f := row.Fields().Get(i)
			if !f.IsList() && !f.IsMap() && (f.Message() == nil || isWellKnown(f.Message())) {
				l.columns = append(l.columns, []protoreflect.FieldDescriptor{f})
				l.headers = append(l.headers, f.JSONName())
			}
		}
		return l, nil
	}
	for _, c := range g.columns {
		path, err := fieldPath(row, c)
		if err != nil {
			return nil, err
		}
		l.columns = append(l.columns, path)
		l.headers = append(l.headers, c)
	}
	return l, nil
}

// fieldPath resolves a dotted column name (JSON or proto names) in md.
func fieldPath(md protoreflect.MessageDescriptor, name string) ([]protoreflect.FieldDescriptor, error) {
	var path []protoreflect.FieldDescriptor
	for _, part := range strings.Split(name, ".") {
		if md == nil {
			return nil, usagef("--columns %q: %s is not a message", name, path[len(path)-1].Name())
		}
		f := md.Fields().ByJSONName(part)
		if f == nil {
			f = md.Fields().ByName(protoreflect.Name(part))
		}
		if f == nil {
			return nil, usagef("--columns %q: %s has no field %s", name, md.Name(), part)
		}
		path = append(path, f)
		md = f.Message()
		if f.IsList() || f.IsMap() || (md != nil && isWellKnown(md)) {
			md = nil
		}
	}
	return path, nil
}

func write(w io.Writer, l *layout, msg protoreflect.Message) error {
	if !l.table {
		data, err := protojson.MarshalOptions{Multiline: true, Indent: "  ", EmitDefaultValues: true}.Marshal(msg.Interface())
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(w, "%s\n", data)
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	if l.list == nil {
		fmt.Fprintln(tw, "FIELD\tVALUE")
		fieldRows(tw, "", msg)
		return tw.Flush()
	}
	header := make([]string, len(l.headers))
	for i, h := range l.headers {
		header[i] = strings.ToUpper(h)
	}
	fmt.Fprintln(tw, strings.Join(header, "\t"))
	rows := msg.Get(l.list).List()
	for i := range rows.Len() {
		row := rows.Get(i).Message()
		cells := make([]string, len(l.columns))
		for j, path := range l.columns {
			cells[j] = cellAt(row, path)
		}
		fmt.Fprintln(tw, strings.Join(cells, "\t"))
	}
	return tw.Flush()
}

// fieldRows writes a message's fields, nested ones by their dotted names, as protojson with
// EmitDefaultValues would show them.
func fieldRows(w io.Writer, prefix string, m protoreflect.Message) {
	fields := m.Descriptor().Fields()
	for i := range fields.Len() {
		f := fields.Get(i)
		if f.HasPresence() && !m.Has(f) {
			continue
		}
		name := prefix + f.JSONName()
		if f.Message() != nil && !f.IsList() && !f.IsMap() && !isWellKnown(f.Message()) {
			fieldRows(w, name+".", m.Get(f).Message())
			continue
		}
		fmt.Fprintf(w, "%s\t%s\n", name, cell(f, m.Get(f)))
	}
}

func cellAt(m protoreflect.Message, path []protoreflect.FieldDescriptor) string {
	for i, f := range path {
		if i == len(path)-1 {
			if f.HasPresence() && !m.Has(f) {
				return ""
			}
			return cell(f, m.Get(f))
		}
		if !m.Has(f) {
			return ""
		}
		m = m.Get(f).Message()
	}
	return ""
}

// cell is a value as a person reads it in a table: enums by their spec strings, times in
// RFC 3339, lists joined by commas, messages as compact JSON.
func cell(f protoreflect.FieldDescriptor, v protoreflect.Value) string {
	switch {
	case f.IsList():
		l := v.List()
		parts := make([]string, l.Len())
		for i := range l.Len() {
			parts[i] = single(f, l.Get(i))
		}
		return strings.Join(parts, ",")
	case f.IsMap():
		var parts []string
		v.Map().Range(func(k protoreflect.MapKey, item protoreflect.Value) bool {
			parts = append(parts, k.String()+"="+single(f.MapValue(), item))
			return true
		})
		slices.Sort(parts)
		return strings.Join(parts, ",")
	}
	return single(f, v)
}

func single(f protoreflect.FieldDescriptor, v protoreflect.Value) string {
	switch f.Kind() {
	case protoreflect.EnumKind:
		if spec := enums.SpecOf(f.Enum(), v.Enum()); spec != "" {
			return spec
		}
		if ev := f.Enum().Values().ByNumber(v.Enum()); ev != nil {
			if v.Enum() == 0 {
				return ""
			}
			return shortEnumName(f.Enum(), ev)
		}
		return strconv.Itoa(int(v.Enum()))
	case protoreflect.MessageKind, protoreflect.GroupKind:
		m := v.Message()
		if m.Descriptor().FullName() == "google.protobuf.Timestamp" {
			if !m.IsValid() {
				return ""
			}
			sec := m.Get(m.Descriptor().Fields().ByName("seconds")).Int()
			nanos := m.Get(m.Descriptor().Fields().ByName("nanos")).Int()
			return time.Unix(sec, nanos).UTC().Format(time.RFC3339)
		}
		data, _ := protojson.Marshal(m.Interface())
		return string(data)
	case protoreflect.BytesKind:
		return fmt.Sprintf("(%d bytes)", len(v.Bytes()))
	}
	return v.String()
}

func isWellKnown(md protoreflect.MessageDescriptor) bool {
	return strings.HasPrefix(string(md.FullName()), "google.protobuf.")
}
