// Package enums converts between proto enum values and the spec's strings ("not-started",
// "agency-admin"…) carried by the (tremplin.options.v1.spec) option of each value. The
// database stores the spec's strings, and the JSON gateway speaks them.
package enums

import (
	"sync"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	optionsv1 "github.com/tremplin/tremplin/gen/tremplin/options/v1"
)

type table struct {
	toSpec   map[protoreflect.EnumNumber]string
	fromSpec map[string]protoreflect.EnumNumber
}

var tables sync.Map // protoreflect.FullName → *table

func tableOf(d protoreflect.EnumDescriptor) *table {
	if t, ok := tables.Load(d.FullName()); ok {
		return t.(*table)
	}
	t := &table{toSpec: map[protoreflect.EnumNumber]string{}, fromSpec: map[string]protoreflect.EnumNumber{}}
	values := d.Values()
	for i := range values.Len() {
		v := values.Get(i)
		spec, _ := proto.GetExtension(v.Options(), optionsv1.E_Spec).(string)
		if spec == "" {
			continue
		}
		t.toSpec[v.Number()] = spec
		t.fromSpec[spec] = v.Number()
	}
	tables.Store(d.FullName(), t)
	return t
}

// SpecOf answers the spec string of a value of enum d, or "" (UNSPECIFIED, or a value
// without a spec string).
func SpecOf(d protoreflect.EnumDescriptor, n protoreflect.EnumNumber) string {
	return tableOf(d).toSpec[n]
}

// NumberOf answers the value of enum d whose spec string is s.
func NumberOf(d protoreflect.EnumDescriptor, s string) (protoreflect.EnumNumber, bool) {
	n, ok := tableOf(d).fromSpec[s]
	return n, ok
}

// HasSpec reports whether enum d carries spec strings.
func HasSpec(d protoreflect.EnumDescriptor) bool { return len(tableOf(d).toSpec) > 0 }

// SpecsOf answers the spec strings of enum d by value (empty when it has none), for a caller
// that converts many values of one enum; the map is shared and must not be changed.
func SpecsOf(d protoreflect.EnumDescriptor) map[protoreflect.EnumNumber]string {
	return tableOf(d).toSpec
}

// Enum is a generated proto enum type.
type Enum interface {
	~int32
	protoreflect.Enum
}

// Spec answers the spec string of e ("" for UNSPECIFIED).
func Spec[E Enum](e E) string {
	return SpecOf(e.Descriptor(), e.Number())
}

// Specs converts proto enum values to a string type of the spec's strings (an ent enum):
// what a list filter on statuses, media types or priorities asks for.
func Specs[S ~string, E Enum](in []E) []S {
	out := make([]S, 0, len(in))
	for _, e := range in {
		out = append(out, S(Spec(e)))
	}
	return out
}

// Parse answers the enum value whose spec string is s (UNSPECIFIED when none matches).
func Parse[E Enum](s string) E {
	var zero E
	n, _ := NumberOf(zero.Descriptor(), s)
	return E(n)
}

// StringOf converts an ent enum value (a string type) to the proto enum with the same spec
// string.
func StringOf[E Enum, S ~string](s S) E { return Parse[E](string(s)) }

// Label answers the French label of e, from its (tremplin.options.v1.label) option ("" when it
// has none).
func Label[E Enum](e E) string {
	v := e.Descriptor().Values().ByNumber(e.Number())
	if v == nil {
		return ""
	}
	label, _ := proto.GetExtension(v.Options(), optionsv1.E_Label).(string)
	return label
}

// LabelOf answers the French label of the value of E whose spec string is s (an ent enum
// value), "" when none.
func LabelOf[E Enum, S ~string](s S) string { return Label(Parse[E](string(s))) }
