package rpc

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"buf.build/gen/go/bufbuild/protovalidate/protocolbuffers/go/buf/validate"
	"buf.build/go/protovalidate"
	"connectrpc.com/connect"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/dynamicpb"

	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/protosource"
	"github.com/tremplin/tremplin/internal/resource"
)

// requestTypes answers the input message of every RPC of every Tremplin service.
func requestTypes(t *testing.T) []protoreflect.MessageDescriptor {
	t.Helper()
	var out []protoreflect.MessageDescriptor
	for _, m := range protosource.Methods() {
		out = append(out, m.Input())
	}
	if len(out) < 40 {
		t.Fatalf("only %d RPCs found", len(out))
	}
	return out
}

// fieldsWhere answers the ways to every field of md (and of its messages, maps aside) that
// match, each message type entered once per way.
func fieldsWhere(md protoreflect.MessageDescriptor, match func(protoreflect.FieldDescriptor) bool, way []protoreflect.FieldDescriptor, seen map[protoreflect.FullName]bool) [][]protoreflect.FieldDescriptor {
	var out [][]protoreflect.FieldDescriptor
	fields := md.Fields()
	for i := range fields.Len() {
		f := fields.Get(i)
		if f.IsMap() {
			continue
		}
		here := append(append([]protoreflect.FieldDescriptor{}, way...), f)
		if match(f) {
			out = append(out, here)
			continue
		}
		if f.Message() != nil && !seen[f.Message().FullName()] {
			seen[f.Message().FullName()] = true
			out = append(out, fieldsWhere(f.Message(), match, here, seen)...)
			delete(seen, f.Message().FullName())
		}
	}
	return out
}

// build answers a request of md whose field at the end of way is set by set, and the path
// protovalidate names it by.
func build(md protoreflect.MessageDescriptor, way []protoreflect.FieldDescriptor, set func(m protoreflect.Message, f protoreflect.FieldDescriptor)) (*dynamicpb.Message, string) {
	root := dynamicpb.NewMessage(md)
	m := protoreflect.Message(root)
	var path []string
	for i, f := range way {
		name := string(f.Name())
		if f.IsList() {
			name += "[0]"
		}
		path = append(path, name)
		if i == len(way)-1 {
			set(m, f)
			break
		}
		if f.IsList() {
			next := dynamicpb.NewMessage(f.Message())
			m.Mutable(f).List().Append(protoreflect.ValueOfMessage(next))
			m = next
		} else {
			m = m.Mutable(f).Message()
		}
	}
	return root, strings.Join(path, ".")
}

// violationsOf runs the validation interceptor on msg.
func violationsOf(t *testing.T, msg *dynamicpb.Message) []*validate.Violation {
	t.Helper()
	validating, err := validateRequests()
	if err != nil {
		t.Fatal(err)
	}
	_, err = validating(func(context.Context, connect.AnyRequest) (connect.AnyResponse, error) {
		return nil, nil
	})(context.Background(), connect.NewRequest(msg))
	if err == nil {
		return nil
	}
	var cerr *connect.Error
	if !errors.As(err, &cerr) || cerr.Code() != connect.CodeInvalidArgument || apierr.ReasonOf(err) != "INVALID_FIELDS" {
		t.Fatalf("%s: %v", msg.ProtoReflect().Descriptor().FullName(), err)
	}
	var out []*validate.Violation
	for _, d := range cerr.Details() {
		if v, _ := d.Value(); v != nil {
			if vs, ok := v.(*validate.Violations); ok {
				out = append(out, vs.GetViolations()...)
			}
		}
	}
	return out
}

// Every date of every request is held to 1900–2200 by one rule, so a date field added
// tomorrow is covered without an annotation.
func TestEveryDateOfEveryRequestIsBounded(t *testing.T) {
	isDate := func(f protoreflect.FieldDescriptor) bool {
		return f.Message() != nil && f.Message().FullName() == "google.protobuf.Timestamp"
	}
	dates := 0
	for _, md := range requestTypes(t) {
		for _, way := range fieldsWhere(md, isDate, nil, map[protoreflect.FullName]bool{md.FullName(): true}) {
			for _, at := range []time.Time{time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC)} {
				msg, path := build(md, way, func(m protoreflect.Message, f protoreflect.FieldDescriptor) {
					ts := dynamicpb.NewMessage(f.Message())
					ts.Set(f.Message().Fields().ByName("seconds"), protoreflect.ValueOfInt64(at.Unix()))
					if f.IsList() {
						m.Mutable(f).List().Append(protoreflect.ValueOfMessage(ts))
					} else {
						m.Set(f, protoreflect.ValueOfMessage(ts))
					}
				})
				if !names(violationsOf(t, msg), path, apierr.DateOutOfRange) {
					t.Errorf("%s.%s in %d: not refused", md.FullName(), path, at.Year())
				}
			}
			dates++
		}
	}
	if dates < 5 {
		t.Errorf("only %d dates in the requests", dates)
	}
}

// Every enum of every request takes only its values: a number of no value is refused in
// French, once, whether the field declares defined_only or not.
func TestEveryEnumOfEveryRequestTakesItsValues(t *testing.T) {
	isEnum := func(f protoreflect.FieldDescriptor) bool { return f.Enum() != nil }
	enums := 0
	for _, md := range requestTypes(t) {
		for _, way := range fieldsWhere(md, isEnum, nil, map[protoreflect.FullName]bool{md.FullName(): true}) {
			msg, path := build(md, way, func(m protoreflect.Message, f protoreflect.FieldDescriptor) {
				if f.IsList() {
					m.Mutable(f).List().Append(protoreflect.ValueOfEnum(1000))
				} else {
					m.Set(f, protoreflect.ValueOfEnum(1000))
				}
			})
			vs := violationsOf(t, msg)
			if !names(vs, path, apierr.UnknownValue) {
				t.Errorf("%s.%s = 1000: not refused", md.FullName(), path)
			}
			for _, v := range vs {
				if protovalidate.FieldPathString(v.GetField()) == path && v.GetRuleId() == "enum.defined_only" && v.GetMessage() != apierr.UnknownValue {
					t.Errorf("%s.%s = 1000: also %q", md.FullName(), path, v.GetMessage())
				}
			}
			enums++
		}
	}
	if enums < 20 {
		t.Errorf("only %d enums in the requests", enums)
	}
}

// names reports whether a violation names path with message.
func names(vs []*validate.Violation, path, message string) bool {
	for _, v := range vs {
		if protovalidate.FieldPathString(v.GetField()) == path && v.GetMessage() == message {
			return true
		}
	}
	return false
}

// Every list of links of every request holds at most resource.Max, refused in French, once.
func TestEveryListOfLinksIsCapped(t *testing.T) {
	lists := 0
	for _, md := range requestTypes(t) {
		for _, way := range fieldsWhere(md, isLinks, nil, map[protoreflect.FullName]bool{md.FullName(): true}) {
			msg, path := build(md, way, func(m protoreflect.Message, f protoreflect.FieldDescriptor) {
				list := m.Mutable(f).List()
				for range resource.Max + 1 {
					link := dynamicpb.NewMessage(f.Message())
					link.Set(f.Message().Fields().ByName("label"), protoreflect.ValueOfString("Site"))
					link.Set(f.Message().Fields().ByName("url"), protoreflect.ValueOfString("https://exemple.fr"))
					list.Append(protoreflect.ValueOfMessage(link))
				}
			})
			path = strings.TrimSuffix(path, "[0]")
			if last := way[len(way)-1]; apierr.ListOf(last.ContainingMessage()) == last {
				path = strings.TrimSuffix(path, "."+string(last.Name())) // a list wrapper's items are named as it
			}
			vs := violationsOf(t, msg)
			if !names(vs, path, resource.TooMany) {
				t.Errorf("%s.%s with %d links: not refused", md.FullName(), path, resource.Max+1)
			}
			for _, v := range vs {
				if protovalidate.FieldPathString(v.GetField()) == path && v.GetMessage() != resource.TooMany {
					t.Errorf("%s.%s: also %q", md.FullName(), path, v.GetMessage())
				}
			}
			lists++
		}
	}
	if lists < 7 {
		t.Errorf("only %d lists of links in the requests", lists)
	}
}
