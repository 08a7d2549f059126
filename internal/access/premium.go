package access

import (
	"sync"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	optionsv1 "github.com/tremplin/tremplin/gen/tremplin/options/v1"
)

// IsPremiumField reports whether fd is marked (tremplin.options.v1.premium): setting it needs
// premium access.
func IsPremiumField(fd protoreflect.FieldDescriptor) bool {
	opts := fd.Options()
	if opts == nil || !proto.HasExtension(opts, optionsv1.E_Premium) {
		return false
	}
	premium, _ := proto.GetExtension(opts, optionsv1.E_Premium).(bool)
	return premium
}

// PremiumFieldPaths lists the premium fields of md and of the messages below it, as dotted
// paths of proto names ("search", "filter.tags"), for the tests and the docs.
func PremiumFieldPaths(md protoreflect.MessageDescriptor) []string {
	var out []string
	var walk func(md protoreflect.MessageDescriptor, prefix string, seen map[protoreflect.FullName]bool)
	walk = func(md protoreflect.MessageDescriptor, prefix string, seen map[protoreflect.FullName]bool) {
		if seen[md.FullName()] {
			return
		}
		seen[md.FullName()] = true
		defer delete(seen, md.FullName())
		fields := md.Fields()
		for i := range fields.Len() {
			fd := fields.Get(i)
			path := prefix + string(fd.Name())
			if IsPremiumField(fd) {
				out = append(out, path)
				continue
			}
			if sub := messageOf(fd); sub != nil {
				walk(sub, path+".", seen)
			}
		}
	}
	walk(md, "", map[protoreflect.FullName]bool{})
	return out
}

// PremiumFieldSet answers the first premium field msg sets (a non-empty string or list, a
// present message…), anywhere in it, and whether there is one.
func PremiumFieldSet(msg protoreflect.Message) (string, bool) {
	md := msg.Descriptor()
	if !holdsPremium(md) {
		return "", false
	}
	fields := md.Fields()
	for i := range fields.Len() {
		fd := fields.Get(i)
		if !msg.Has(fd) {
			continue
		}
		if IsPremiumField(fd) {
			return string(fd.Name()), true
		}
		sub := messageOf(fd)
		if sub == nil || !holdsPremium(sub) {
			continue
		}
		value := msg.Get(fd)
		switch {
		case fd.IsList():
			list := value.List()
			for j := range list.Len() {
				if name, ok := PremiumFieldSet(list.Get(j).Message()); ok {
					return string(fd.Name()) + "." + name, true
				}
			}
		case fd.IsMap():
			var found string
			value.Map().Range(func(_ protoreflect.MapKey, v protoreflect.Value) bool {
				if name, ok := PremiumFieldSet(v.Message()); ok {
					found = string(fd.Name()) + "." + name
					return false
				}
				return true
			})
			if found != "" {
				return found, true
			}
		default:
			if name, ok := PremiumFieldSet(value.Message()); ok {
				return string(fd.Name()) + "." + name, true
			}
		}
	}
	return "", false
}

// messageOf answers the message a field holds (a map's values), or nil for scalars.
func messageOf(fd protoreflect.FieldDescriptor) protoreflect.MessageDescriptor {
	if fd.IsMap() {
		return fd.MapValue().Message()
	}
	return fd.Message()
}

// holdsPremium reports, once per message type, whether it or a message below it has a
// premium field: requests without any are not walked at all.
var holdsPremiumCache sync.Map // protoreflect.FullName → bool

func holdsPremium(md protoreflect.MessageDescriptor) bool {
	if v, ok := holdsPremiumCache.Load(md.FullName()); ok {
		return v.(bool)
	}
	has := len(PremiumFieldPaths(md)) > 0
	holdsPremiumCache.Store(md.FullName(), has)
	return has
}
