package gateway

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"buf.build/go/protovalidate"
	"connectrpc.com/connect"
	"connectrpc.com/vanguard"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/genproto/googleapis/rpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/known/anypb"

	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/httprule"
	"github.com/tremplin/tremplin/internal/jsonin"
	"github.com/tremplin/tremplin/internal/specjson"
)

// specJSON is the JSON codec of the documented /api routes. It is protojson with two
// changes the spec's clients expect: enum values are the spec's strings ("not-started",
// "agency-admin"; the proto names and numbers are accepted too on input, any other word is
// refused), and an error body carries a "type" — the machine reason — beside
// google.rpc.Status's code, message and details. A request body is read by jsonin first, so
// a value of the wrong type is a field violation (400 INVALID_FIELDS), not an internal error.
// Zero scalars and empty lists are written; unset messages are left out (so an absent
// licence is an empty object, and an absent intermediary is absent).
type specJSON struct {
	marshal       protojson.MarshalOptions
	unmarshalOpts protojson.UnmarshalOptions
	// bodies is where a route's body sits in its request, by the body's type: vanguard hands
	// the codec the body's message alone, and a violation names the field from the request.
	bodies map[protoreflect.FullName][]apierr.Step
}

var _ vanguard.RESTCodec = (*specJSON)(nil)

func newSpecJSON(res vanguard.TypeResolver) vanguard.Codec {
	return &specJSON{
		marshal:       protojson.MarshalOptions{Resolver: res, EmitDefaultValues: true},
		unmarshalOpts: protojson.UnmarshalOptions{Resolver: res, DiscardUnknown: true},
	}
}

// specJSONOf makes the codec of the services' routes.
func specJSONOf(services []protoreflect.ServiceDescriptor) func(vanguard.TypeResolver) vanguard.Codec {
	bodies := bodyFields(services)
	return func(res vanguard.TypeResolver) vanguard.Codec {
		c := newSpecJSON(res).(*specJSON)
		c.bodies = bodies
		return c
	}
}

// bodyFields answers, for each message type that is the body field of a route (body: "task"),
// the field's path in its request; a type that two routes place under different names is
// left out (its violations then name the field from the body).
func bodyFields(services []protoreflect.ServiceDescriptor) map[protoreflect.FullName][]apierr.Step {
	out := map[protoreflect.FullName][]apierr.Step{}
	ambiguous := map[protoreflect.FullName]bool{}
	for _, s := range services {
		for i := range s.Methods().Len() {
			m := s.Methods().Get(i)
			for _, r := range httprule.Of(m) {
				if r.GetBody() == "" || r.GetBody() == "*" {
					continue
				}
				var path []apierr.Step
				md := m.Input()
				for name := range strings.SplitSeq(r.GetBody(), ".") {
					f := md.Fields().ByName(protoreflect.Name(name))
					if f == nil || f.Message() == nil || f.IsList() || f.IsMap() {
						path = nil
						break
					}
					path = append(path, apierr.At(f))
					md = f.Message()
				}
				if path == nil {
					continue
				}
				name := md.FullName()
				if seen, ok := out[name]; ok && protovalidate.FieldPathString(apierr.PathOf(seen)) != protovalidate.FieldPathString(apierr.PathOf(path)) {
					ambiguous[name] = true
				}
				out[name] = path
			}
		}
	}
	for name := range ambiguous {
		delete(out, name)
	}
	return out
}

func (c *specJSON) Name() string { return vanguard.CodecJSON }

func (c *specJSON) MarshalAppend(base []byte, msg proto.Message) ([]byte, error) {
	if st, ok := msg.(*status.Status); ok {
		return c.errorBody(base, st)
	}
	if a, ok := msg.(specjson.Appender); ok {
		// Generated: the encoder's work without its walk, into a buffer grown at once to the
		// size of the last answer of the type (vanguard's pooled buffer starts at 512 bytes
		// after a collection: a 1,000-contact list grew it ten times, copying and allocating
		// twice its 500 KB).
		hint := lastSizeOf(msg)
		if n := int(hint.Load()); cap(base)-len(base) < n {
			base = slices.Grow(base, n)
		}
		out, err := a.AppendSpecJSON(base)
		hint.Store(int64(min(len(out)-len(base), maxSizeHint)))
		return out, err
	}
	enc := encoder{wkt: protojson.MarshalOptions{Resolver: c.marshal.Resolver}}
	return enc.message(base, msg.ProtoReflect())
}

func (c *specJSON) Unmarshal(data []byte, msg proto.Message) error {
	return c.unmarshal(data, msg, c.bodies[msg.ProtoReflect().Descriptor().FullName()])
}

// maxSizeHint bounds the buffer grown before an answer is written: a larger answer grows it
// itself.
const maxSizeHint = 4 << 20

// lastSizes: per message type, the size of the last answer of the type written.
var lastSizes sync.Map // protoreflect.FullName → *atomic.Int64

func lastSizeOf(msg proto.Message) *atomic.Int64 {
	name := msg.ProtoReflect().Descriptor().FullName()
	if n, ok := lastSizes.Load(name); ok {
		return n.(*atomic.Int64)
	}
	n, _ := lastSizes.LoadOrStore(name, new(atomic.Int64))
	return n.(*atomic.Int64)
}

// unmarshal reads data as msg, found at path in the request (the route's body field, or nil
// for the whole request). A value of the wrong type for its field, or a word of none of an
// enum's values, is the caller's mistake: InvalidArgument/INVALID_FIELDS naming each field
// (jsonin), never the internal error protojson's would make.
func (c *specJSON) unmarshal(data []byte, msg proto.Message, path []apierr.Step) error {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil
	}
	if !jsonin.ValidText(data) {
		// encoding/json would quietly make U+FFFD of them; Connect refuses them.
		return connect.NewError(connect.CodeInvalidArgument, errors.New("le corps de la requête contient du texte qui n'est pas de l'UTF-8 valide"))
	}
	normalized, violations, err := jsonin.Read(data, msg.ProtoReflect().Descriptor(), path, jsonin.Options{Spec: true})
	switch {
	case err != nil:
		return connect.NewError(connect.CodeInvalidArgument, fmt.Errorf("le corps de la requête n'est pas du JSON valide: %w", err))
	case len(violations) > 0:
		return apierr.InvalidFields(violations...)
	}
	if err := c.unmarshalOpts.Unmarshal(normalized, msg); err != nil {
		// What jsonin lets through and protojson does not (a field given twice, two members
		// of a oneof): still the caller's mistake.
		return connect.NewError(connect.CodeInvalidArgument, fmt.Errorf("le corps de la requête est incorrect: %w", err))
	}
	return nil
}

func (c *specJSON) MarshalAppendField(base []byte, msg proto.Message, field protoreflect.FieldDescriptor) ([]byte, error) {
	if field.Message() != nil && !field.IsList() && !field.IsMap() {
		return c.MarshalAppend(base, msg.ProtoReflect().Get(field).Message().Interface())
	}
	// A list, map or scalar: written whole (zero values included), then picked out.
	whole, err := c.MarshalAppend(nil, msg)
	if err != nil {
		return nil, err
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(whole, &obj); err != nil {
		return nil, err
	}
	if value, ok := obj[field.JSONName()]; ok {
		return append(base, value...), nil
	}
	return append(base, "null"...), nil
}

func (c *specJSON) UnmarshalField(data []byte, msg proto.Message, field protoreflect.FieldDescriptor) error {
	if field.Message() != nil && !field.IsList() && !field.IsMap() {
		return c.unmarshal(data, msg.ProtoReflect().Mutable(field).Message().Interface(), []apierr.Step{apierr.At(field)})
	}
	if !json.Valid(data) {
		return connect.NewError(connect.CodeInvalidArgument, errors.New("le corps de la requête n'est pas du JSON valide"))
	}
	wrapped, err := json.Marshal(map[string]json.RawMessage{field.JSONName(): data})
	if err != nil {
		return err
	}
	return c.Unmarshal(wrapped, msg)
}

// errorBody writes google.rpc.Status plus "type", the reason of its ErrorInfo detail (or the
// code's name when it has none), for legacy clients that read message and type.
func (c *specJSON) errorBody(base []byte, st *status.Status) ([]byte, error) {
	// google.rpc.Status has no enum of ours: plain protojson (details resolved as Any).
	obj := map[string]any{}
	if data, err := (protojson.MarshalOptions{Resolver: c.marshal.Resolver}).Marshal(st); err == nil {
		_ = json.Unmarshal(data, &obj)
	}
	obj["code"] = st.GetCode()
	obj["message"] = st.GetMessage()
	obj["type"] = errorType(st)
	return appendJSON(base, obj)
}

func errorType(st *status.Status) string {
	for _, detail := range st.GetDetails() {
		info := &errdetails.ErrorInfo{}
		if detail.MessageIs(info) && anypb.UnmarshalTo(detail, info, proto.UnmarshalOptions{}) == nil {
			return info.GetReason()
		}
	}
	return strings.ToUpper(connect.Code(st.GetCode()).String())
}

func appendJSON(base []byte, v any) ([]byte, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return append(base, data...), nil
}

func isWellKnown(md protoreflect.MessageDescriptor) bool {
	return strings.HasPrefix(string(md.FullName()), "google.protobuf.")
}
