package gateway

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/known/timestamppb"

	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/internal/specjson"
)

// Every message with a generated writer (cmd/protoc-gen-specjson) writes the bytes the
// reflective encoder writes, for messages filled at random: unset and zero fields, strings to
// escape (quotes, <, >, &, control characters, line separators, invalid UTF-8), the edges of
// the numbers (NaN, the infinities, 64-bit integers), enum values with and without a spec
// string and unknown to the enum, oneofs, optional fields, timestamps of every precision and
// out of protojson's range (both refuse them).
func TestGeneratedWritersWriteWhatTheReflectiveEncoderWrites(t *testing.T) {
	reflective := encoder{reflective: true}
	r := rand.New(rand.NewPCG(2026, 12))
	written := 0
	protoregistry.GlobalTypes.RangeMessages(func(mt protoreflect.MessageType) bool {
		name := mt.Descriptor().FullName()
		if !strings.HasPrefix(string(name), "tremplin.") {
			return true
		}
		if _, ok := mt.New().Interface().(specjson.Appender); !ok {
			return true
		}
		written++
		for i := range 60 {
			m := mt.New()
			if i > 0 {
				fill(r, m, 0)
			}
			want, wantErr := reflective.message(nil, m)
			got, gotErr := m.Interface().(specjson.Appender).AppendSpecJSON(nil)
			if (wantErr == nil) != (gotErr == nil) || !bytes.Equal(got, want) {
				t.Fatalf("%s %v:\n generated %s (%v)\nreflective %s (%v)", name, m.Interface(), got, gotErr, want, wantErr)
			}
			if gotErr == nil && !json.Valid(got) {
				t.Fatalf("%s: invalid JSON %s", name, got)
			}
		}
		return true
	})
	// The writers exist, and the rebuilt list's are among them.
	if written < 200 {
		t.Errorf("%d message types with a generated writer", written)
	}
	for _, m := range []proto.Message{&networkv1.ListContactsResponse{}, &networkv1.Contact{}} {
		if _, ok := m.(specjson.Appender); !ok {
			t.Errorf("%T has no generated writer", m)
		}
	}
}

// The gateway writes a message with a generated writer through it: a list of contacts with
// their tags and intermediaries is written into a buffer without a single allocation, where
// the reflective encoder allocates for each list it reads.
func TestTheGatewayTakesTheGeneratedWriter(t *testing.T) {
	msg := &networkv1.ListContactsResponse{}
	for range 20 {
		msg.Contacts = append(msg.Contacts, &networkv1.Contact{Id: "x", LastName: "DUPONT", CreatedDate: timestamppb.Now(),
			Tags: []*networkv1.Tag{{Id: "t", Name: "Lyon"}}, Parent: &commonv1.ContactRef{Id: "p"}})
	}
	c := codec()
	buf, err := c.MarshalAppend(nil, msg)
	if err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(20, func() { buf, _ = c.MarshalAppend(buf[:0], msg) }); n != 0 {
		t.Errorf("%v allocations to write the list", n)
	}
	reflective := encoder{reflective: true}
	if n := testing.AllocsPerRun(20, func() { buf, _ = reflective.message(buf[:0], msg.ProtoReflect()) }); n == 0 {
		t.Error("the reflective encoder allocates nothing: the check above proves nothing")
	}
}

var randomStrings = []string{"", "Hélène", `Zoë "la" <b>&</b>`, "O'NEIL\nÉ\t\r\u2028\u2029😀", "\xff\x00\x1f invalide", "a\\b/c"}

// fill sets a random selection of m's fields to random values (messages three levels deep).
func fill(r *rand.Rand, m protoreflect.Message, depth int) {
	fields := m.Descriptor().Fields()
	for i := range fields.Len() {
		f := fields.Get(i)
		if r.IntN(4) == 0 || f.IsMap() {
			continue
		}
		switch {
		case f.IsList():
			l := m.Mutable(f).List()
			for range r.IntN(4) {
				if f.Message() == nil {
					l.Append(randomScalar(r, f))
				} else if depth < 3 {
					e := l.NewElement()
					fillMessage(r, e.Message(), depth+1)
					l.Append(e)
				}
			}
		case f.Message() != nil:
			if depth < 3 {
				v := m.NewField(f)
				fillMessage(r, v.Message(), depth+1)
				m.Set(f, v)
			}
		default:
			m.Set(f, randomScalar(r, f))
		}
	}
}

func fillMessage(r *rand.Rand, m protoreflect.Message, depth int) {
	ts, ok := m.Interface().(*timestamppb.Timestamp)
	if !ok {
		fill(r, m, depth)
		return
	}
	ts.Seconds = r.Int64N(253402300799+62135596800) - 62135596800
	switch r.IntN(5) {
	case 1:
		ts.Nanos = r.Int32N(1000) * 1e6
	case 2:
		ts.Nanos = r.Int32N(1e6) * 1e3
	case 3:
		ts.Nanos = r.Int32N(1e9)
	case 4:
		// Out of range: refused by both.
		ts.Seconds, ts.Nanos = 253402300800+r.Int64N(1e6), -r.Int32N(2)
	}
}

func randomScalar(r *rand.Rand, f protoreflect.FieldDescriptor) protoreflect.Value {
	switch f.Kind() {
	case protoreflect.BoolKind:
		return protoreflect.ValueOfBool(r.IntN(2) == 0)
	case protoreflect.EnumKind:
		values := f.Enum().Values()
		if r.IntN(8) == 0 {
			return protoreflect.ValueOfEnum(999) // a number the enum does not know
		}
		return protoreflect.ValueOfEnum(values.Get(r.IntN(values.Len())).Number())
	case protoreflect.Int32Kind, protoreflect.Sint32Kind, protoreflect.Sfixed32Kind:
		return protoreflect.ValueOfInt32([]int32{0, -1, 7, math.MaxInt32, math.MinInt32}[r.IntN(5)])
	case protoreflect.Uint32Kind, protoreflect.Fixed32Kind:
		return protoreflect.ValueOfUint32([]uint32{0, 7, math.MaxUint32}[r.IntN(3)])
	case protoreflect.Int64Kind, protoreflect.Sint64Kind, protoreflect.Sfixed64Kind:
		return protoreflect.ValueOfInt64([]int64{0, -1, 1 << 53, math.MaxInt64, math.MinInt64}[r.IntN(5)])
	case protoreflect.Uint64Kind, protoreflect.Fixed64Kind:
		return protoreflect.ValueOfUint64([]uint64{0, 7, math.MaxUint64}[r.IntN(3)])
	case protoreflect.FloatKind:
		return protoreflect.ValueOfFloat32([]float32{0, 1.5, -2.25e-8, 3.4e38, float32(math.Inf(1)), float32(math.NaN())}[r.IntN(6)])
	case protoreflect.DoubleKind:
		return protoreflect.ValueOfFloat64([]float64{0, 0.1, -1e21, 1e-7, math.Inf(-1), math.NaN(), math.Copysign(0, -1)}[r.IntN(7)])
	case protoreflect.StringKind:
		return protoreflect.ValueOfString(randomStrings[r.IntN(len(randomStrings))])
	case protoreflect.BytesKind:
		return protoreflect.ValueOfBytes([]byte(randomStrings[r.IntN(len(randomStrings))]))
	}
	panic(f.FullName())
}

// A list as large as the last of its type is written into a buffer grown once, whatever the
// buffer vanguard hands over (its pooled buffer starts at 512 bytes after a collection).
func TestALargeAnswerGrowsItsBufferOnce(t *testing.T) {
	msg := &networkv1.ListContactsResponse{}
	for range 1000 {
		msg.Contacts = append(msg.Contacts, &networkv1.Contact{Id: "6f1c2d3e-0000-4000-8000-000000000001", LastName: "DUPONT", FirstName: "Hélène",
			CreatedDate: timestamppb.Now(), Tags: []*networkv1.Tag{{Id: "t", Name: "Lyon"}}})
	}
	c := codec()
	if _, err := c.MarshalAppend(make([]byte, 0, 512), msg); err != nil {
		t.Fatal(err)
	}
	// The pooled buffer, then the one grown.
	if n := testing.AllocsPerRun(5, func() { _, _ = c.MarshalAppend(make([]byte, 0, 512), msg) }); n > 2 {
		t.Errorf("%v allocations to write a list of the last one's size", n)
	}
}
