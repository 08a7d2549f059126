package rpc

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"buf.build/gen/go/bufbuild/protovalidate/protocolbuffers/go/buf/validate"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/dynamicpb"

	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	"github.com/tremplin/tremplin/internal/apierr"
)

// celTriggers break each CEL rule of the protos, by id: set on the message that declares it
// (f nil) or on the field that does. A CEL rule added tomorrow needs its line here: the test
// fails on a rule it cannot break.
var celTriggers = map[string]func(m protoreflect.Message, f protoreflect.FieldDescriptor){
	"task.custom_subject": func(m protoreflect.Message, _ protoreflect.FieldDescriptor) {
		setNamed(m, "subject", protoreflect.ValueOfEnum(18)) // other, without a custom subject
	},
	"event.media_details": func(protoreflect.Message, protoreflect.FieldDescriptor) {}, // no media: details needed
	"thresholds.order": func(m protoreflect.Message, _ protoreflect.FieldDescriptor) {
		setNamed(m, "new_contact_low", protoreflect.ValueOfInt32(5))
		setNamed(m, "new_contact_medium", protoreflect.ValueOfInt32(1))
	},
	"thresholds.range": func(m protoreflect.Message, f protoreflect.FieldDescriptor) {
		m.Set(f, protoreflect.ValueOfInt32(31))
	},
	"task.contact": func(m protoreflect.Message, _ protoreflect.FieldDescriptor) {
		setNamed(m.Mutable(m.Descriptor().Fields().ByName("task")).Message(), "subject", protoreflect.ValueOfEnum(1))
	},
	"task.media_type": func(m protoreflect.Message, _ protoreflect.FieldDescriptor) {
		setNamed(m.Mutable(m.Descriptor().Fields().ByName("task")).Message(), "contact_id", protoreflect.ValueOfString("0b7e3a52-57c4-4d39-9b38-2f0b6a1b6c11"))
	},
	"report.mood": func(m protoreflect.Message, _ protoreflect.FieldDescriptor) {
		setNamed(m, "activity_type", protoreflect.ValueOfEnum(2)) // an event, without a mood
	},
	"password.format": func(m protoreflect.Message, f protoreflect.FieldDescriptor) {
		m.Set(f, protoreflect.ValueOfString("court"))
	},
	"resource.url": func(m protoreflect.Message, f protoreflect.FieldDescriptor) {
		m.Set(f, protoreflect.ValueOfString("javascript:alert(1)"))
	},
	"bulk.empty": func(protoreflect.Message, protoreflect.FieldDescriptor) {}, // neither a contact nor a completion
}

func setNamed(m protoreflect.Message, name string, v protoreflect.Value) {
	m.Set(m.Descriptor().Fields().ByName(protoreflect.Name(name)), v)
}

// english spots protovalidate's own wording, in case a message slipped through untranslated.
var english = regexp.MustCompile(`(?i)\b(must|value|be|is|are|empty|length|characters|items|unique|valid|at least|at most)\b`)

// Every protovalidate rule declared on a request — on its fields, its lists' items, its
// messages at any depth, standard rules and CEL ones — is broken in turn through the
// validation interceptor, and every violation answered must be French: its rule id has a
// message in apierr's table (which the interceptor answers), and a CEL rule's declared message
// is the table's. A rule met without a way to break it, or a rule id without a French message,
// fails the test.
func TestEveryValidationRuleAnswersInFrench(t *testing.T) {
	tried := map[string]bool{}
	broken := 0
	check := func(what string, msg *dynamicpb.Message, wantRule string) {
		t.Helper()
		vs := violationsOf(t, msg)
		found := false
		for _, v := range vs {
			id, message := v.GetRuleId(), v.GetMessage()
			if id == wantRule || apierr.Supersedes(id, wantRule) {
				found = true
			}
			french, known := apierr.KnownRule(id)
			switch {
			case !known:
				t.Errorf("%s: rule %q answers %q: no French message for it in apierr", what, id, message)
			case french != "" && message != french:
				t.Errorf("%s: rule %q answers %q, want %q", what, id, message, french)
			case message == "" || english.MatchString(message):
				t.Errorf("%s: rule %q answers %q, not French", what, id, message)
			}
		}
		if !found {
			t.Errorf("%s: rule %s not broken (answered %v)", what, wantRule, vs)
		}
		broken++
	}

	for _, md := range requestTypes(t) {
		walkRules(t, md, nil, map[protoreflect.FullName]bool{md.FullName(): true}, func(where protoreflect.MessageDescriptor, way []protoreflect.FieldDescriptor, f protoreflect.FieldDescriptor, c ruleCase) {
			key := string(where.FullName()) + "." + fieldName(f) + "/" + c.rule + "/" + c.name
			if tried[key] {
				return
			}
			tried[key] = true
			var msg *dynamicpb.Message
			if f == nil && len(way) == 0 {
				msg = dynamicpb.NewMessage(md)
				c.set(msg, nil)
			} else if f == nil {
				msg, _ = build(md, way, func(m protoreflect.Message, last protoreflect.FieldDescriptor) {
					var inner protoreflect.Message
					if last.IsList() {
						inner = dynamicpb.NewMessage(last.Message())
						m.Mutable(last).List().Append(protoreflect.ValueOfMessage(inner))
					} else {
						inner = m.Mutable(last).Message()
					}
					c.set(inner, nil)
				})
			} else {
				msg, _ = build(md, append(way[:len(way):len(way)], f), c.set)
			}
			check(string(md.FullName().Name())+" "+key, msg, c.rule)
		})
	}
	if broken < 60 {
		t.Errorf("only %d rules broken", broken)
	}
}

func fieldName(f protoreflect.FieldDescriptor) string {
	if f == nil {
		return "(message)"
	}
	return string(f.Name())
}

// ruleCase is one way to break one rule.
type ruleCase struct {
	rule, name string
	set        func(m protoreflect.Message, f protoreflect.FieldDescriptor)
}

// walkRules calls visit with every way to break every rule declared in md and its messages.
func walkRules(t *testing.T, md protoreflect.MessageDescriptor, way []protoreflect.FieldDescriptor, seen map[protoreflect.FullName]bool,
	visit func(where protoreflect.MessageDescriptor, way []protoreflect.FieldDescriptor, f protoreflect.FieldDescriptor, c ruleCase)) {
	t.Helper()
	if mr, ok := proto.GetExtension(md.Options(), validate.E_Message).(*validate.MessageRules); ok && mr != nil {
		for _, cel := range mr.GetCel() {
			trigger, ok := celTriggers[cel.GetId()]
			if !ok {
				t.Errorf("%s: CEL rule %q has no trigger in celTriggers", md.FullName(), cel.GetId())
				continue
			}
			visit(md, way, nil, ruleCase{rule: cel.GetId(), name: "cel", set: trigger})
		}
		if len(mr.GetOneof()) > 0 {
			t.Errorf("%s: message oneof rules: add their cases", md.FullName())
		}
	}
	fields := md.Fields()
	for i := range fields.Len() {
		f := fields.Get(i)
		if fr, ok := proto.GetExtension(f.Options(), validate.E_Field).(*validate.FieldRules); ok && fr != nil {
			for _, c := range casesOf(t, f, fr, false) {
				visit(md, way, f, c)
			}
		}
		if m := f.Message(); m != nil && !f.IsMap() && !strings.HasPrefix(string(m.FullName()), "google.") && !seen[m.FullName()] {
			seen[m.FullName()] = true
			walkRules(t, m, append(way[:len(way):len(way)], f), seen, visit)
			delete(seen, m.FullName())
		}
	}
}

// casesOf answers the ways to break the rules fr declares on f (on one item of f when item).
func casesOf(t *testing.T, f protoreflect.FieldDescriptor, fr *validate.FieldRules, item bool) []ruleCase {
	t.Helper()
	ignoreZero := fr.GetIgnore() == validate.Ignore_IGNORE_IF_ZERO_VALUE
	// put sets one value: the field's, or one item of a list.
	put := func(v protoreflect.Value) func(m protoreflect.Message, f protoreflect.FieldDescriptor) {
		return func(m protoreflect.Message, f protoreflect.FieldDescriptor) {
			if f.IsList() {
				m.Mutable(f).List().Append(v)
			} else {
				m.Set(f, v)
			}
		}
	}
	var out []ruleCase
	if fr.GetRequired() {
		out = append(out, ruleCase{rule: "required", name: "unset", set: func(protoreflect.Message, protoreflect.FieldDescriptor) {}})
	}
	for _, cel := range fr.GetCel() {
		trigger, ok := celTriggers[cel.GetId()]
		if !ok {
			t.Errorf("%s: CEL rule %q has no trigger in celTriggers", f.FullName(), cel.GetId())
			continue
		}
		out = append(out, ruleCase{rule: cel.GetId(), name: "cel", set: trigger})
	}
	unknown := func(family string, rules proto.Message) {
		rules.ProtoReflect().Range(func(rf protoreflect.FieldDescriptor, _ protoreflect.Value) bool {
			t.Errorf("%s: rule %s.%s has no case in casesOf", f.FullName(), family, rf.Name())
			return true
		})
	}
	switch {
	case fr.GetString() != nil:
		s := fr.GetString()
		if s.HasMinLen() && s.GetMinLen() > 0 && (!ignoreZero || s.GetMinLen() != 1) {
			out = append(out, ruleCase{rule: "string.min_len", name: "short", set: put(protoreflect.ValueOfString(strings.Repeat("a", int(s.GetMinLen())-1)))})
		}
		if s.HasMaxLen() {
			out = append(out, ruleCase{rule: "string.max_len", name: "long", set: put(protoreflect.ValueOfString(strings.Repeat("a", int(s.GetMaxLen())+1)))})
		}
		if s.HasPattern() {
			re := regexp.MustCompile(s.GetPattern())
			i := slices.IndexFunc([]string{"a b", "!", "x", "12ab", "-"}, func(c string) bool { return !re.MatchString(c) })
			out = append(out, ruleCase{rule: "string.pattern", name: "unlike", set: put(protoreflect.ValueOfString([]string{"a b", "!", "x", "12ab", "-"}[i]))})
		}
		if s.GetEmail() {
			out = append(out, ruleCase{rule: "string.email", name: "malformed", set: put(protoreflect.ValueOfString("pas-un-email"))})
			if !ignoreZero {
				out = append(out, ruleCase{rule: "string.email_empty", name: "empty", set: put(protoreflect.ValueOfString(""))})
			}
		}
		if s.GetUuid() {
			out = append(out, ruleCase{rule: "string.uuid", name: "malformed", set: put(protoreflect.ValueOfString("x"))})
			if !ignoreZero && !item {
				out = append(out, ruleCase{rule: "string.uuid_empty", name: "empty", set: put(protoreflect.ValueOfString(""))})
			}
		}
		if len(s.GetIn()) > 0 {
			out = append(out, ruleCase{rule: "string.in", name: "unlisted", set: put(protoreflect.ValueOfString("/pas-dans-la-liste"))})
		}
		rest := proto.CloneOf(s)
		rest.SetIn(nil)
		rest.ClearMinLen()
		rest.ClearMaxLen()
		rest.ClearPattern()
		rest.ClearEmail()
		rest.ClearUuid()
		unknown("string", rest)
	case fr.GetInt32() != nil || fr.GetInt64() != nil:
		family, rules := "int32", proto.Message(fr.GetInt32())
		if fr.GetInt64() != nil {
			family, rules = "int64", fr.GetInt64()
		}
		val := func(n int64) protoreflect.Value {
			if family == "int32" {
				return protoreflect.ValueOfInt32(int32(n))
			}
			return protoreflect.ValueOfInt64(n)
		}
		rm := rules.ProtoReflect()
		get := func(name string) (int64, bool) {
			rf := rm.Descriptor().Fields().ByName(protoreflect.Name(name))
			if !rm.Has(rf) {
				return 0, false
			}
			return rm.Get(rf).Int(), true
		}
		gte, hasGTE := get("gte")
		lte, hasLTE := get("lte")
		id := family + "."
		switch {
		case hasGTE && hasLTE:
			id += "gte_lte"
		case hasGTE:
			id += "gte"
		case hasLTE:
			id += "lte"
		}
		if hasGTE {
			out = append(out, ruleCase{rule: id, name: "below", set: put(val(gte - 1))})
		}
		if hasLTE {
			out = append(out, ruleCase{rule: id, name: "above", set: put(val(lte + 1))})
		}
		rest := proto.Clone(rules)
		rest.ProtoReflect().Clear(rm.Descriptor().Fields().ByName("gte"))
		rest.ProtoReflect().Clear(rm.Descriptor().Fields().ByName("lte"))
		unknown(family, rest)
	case fr.GetEnum() != nil:
		e := fr.GetEnum()
		if e.GetDefinedOnly() {
			out = append(out, ruleCase{rule: "enum.defined_only", name: "undefined", set: put(protoreflect.ValueOfEnum(1000))})
		}
		if len(e.GetIn()) > 0 {
			values := f.Enum().Values()
			for i := range values.Len() {
				if n := values.Get(i).Number(); !slices.Contains(e.GetIn(), int32(n)) {
					out = append(out, ruleCase{rule: "enum.in", name: "not listed", set: put(protoreflect.ValueOfEnum(n))})
					break
				}
			}
		}
		for _, n := range e.GetNotIn() {
			out = append(out, ruleCase{rule: "enum.not_in", name: "excluded", set: put(protoreflect.ValueOfEnum(protoreflect.EnumNumber(n)))})
		}
		rest := proto.CloneOf(e)
		rest.ClearDefinedOnly()
		rest.In, rest.NotIn = nil, nil
		unknown("enum", rest)
	case fr.GetRepeated() != nil:
		r := fr.GetRepeated()
		if r.HasMaxItems() {
			n := int(r.GetMaxItems()) + 1
			out = append(out, ruleCase{rule: "repeated.max_items", name: "too many", set: func(m protoreflect.Message, f protoreflect.FieldDescriptor) {
				list := m.Mutable(f).List()
				for i := range n {
					list.Append(anItem(f, i))
				}
			}})
		}
		if r.HasMinItems() && r.GetMinItems() > 0 {
			n := int(r.GetMinItems()) - 1
			out = append(out, ruleCase{rule: "repeated.min_items", name: "too few", set: func(m protoreflect.Message, f protoreflect.FieldDescriptor) {
				list := m.Mutable(f).List()
				for i := range n {
					list.Append(anItem(f, i))
				}
			}})
		}
		if r.GetUnique() {
			out = append(out, ruleCase{rule: "repeated.unique", name: "twice", set: func(m protoreflect.Message, f protoreflect.FieldDescriptor) {
				list := m.Mutable(f).List()
				list.Append(anItem(f, 0))
				list.Append(anItem(f, 0))
			}})
		}
		if items := r.GetItems(); items != nil {
			out = append(out, casesOf(t, f, items, true)...)
		}
		rest := proto.CloneOf(r)
		rest.ClearMaxItems()
		rest.ClearMinItems()
		rest.ClearUnique()
		rest.Items = nil
		unknown("repeated", rest)
	default:
		rest := proto.CloneOf(fr)
		rest.Required, rest.Ignore, rest.Cel = nil, nil, nil
		unknown("field", rest)
	}
	return out
}

// anItem is the i-th item of a list, valid on its own.
func anItem(f protoreflect.FieldDescriptor, i int) protoreflect.Value {
	switch f.Kind() {
	case protoreflect.StringKind:
		return protoreflect.ValueOfString("0b7e3a52-57c4-4d39-9b38-2f0b6a1b6c1" + string(rune('0'+i%10)) + "")
	case protoreflect.EnumKind:
		return protoreflect.ValueOfEnum(1)
	case protoreflect.MessageKind:
		return protoreflect.ValueOfMessage(dynamicpb.NewMessage(f.Message()))
	}
	return f.Default()
}

// The spec's messages (section 5), word for word, where its rules apply.
func TestFieldRulesAnswerTheSpecsMessages(t *testing.T) {
	find := func(name string) protoreflect.MessageDescriptor {
		t.Helper()
		for _, md := range requestTypes(t) {
			if string(md.FullName()) == name {
				return md
			}
		}
		t.Fatalf("no request %s", name)
		return nil
	}
	str := func(s string) protoreflect.Value { return protoreflect.ValueOfString(s) }
	for _, c := range []struct {
		request, path string
		value         protoreflect.Value
		want          string
	}{
		{"tremplin.network.v1.CreateContactRequest", "contact.email", str("lea@"), apierr.EmailFormat},
		{"tremplin.network.v1.CreateContactRequest", "contact.mobile_number", str("06 12 ab"), apierr.PhoneFormat},
		{"tremplin.network.v1.CreateContactRequest", "contact.phone_number", str("+33 1 2x"), apierr.PhoneFormat},
		{"tremplin.auth.v1.UpdateProfileRequest", "mobile_number", str("appelez-moi"), apierr.PhoneFormat},
		{"tremplin.auth.v1.NewPasswordRequest", "password", str("motdepasse"), apierr.PasswordFormat},
		{"tremplin.opportunity.v1.CreateApplicationRequest", "application.company", str(""), apierr.Required},
		{"tremplin.activity.v1.CreateTaskRequest", "task.subject", protoreflect.ValueOfEnum(0), apierr.Required},
		{"tremplin.activity.v1.UpdateDashboardSettingRequest", "dashboard_setting.first_task_high", protoreflect.ValueOfInt32(31), apierr.ThresholdsInconsistent},
		{"tremplin.activity.v1.UpdateDashboardSettingRequest", "dashboard_setting.new_contact_low", protoreflect.ValueOfInt32(-1), apierr.ThresholdsInconsistent},
	} {
		md := find(c.request)
		var way []protoreflect.FieldDescriptor
		at := md
		for name := range strings.SplitSeq(c.path, ".") {
			f := at.Fields().ByName(protoreflect.Name(name))
			if f == nil {
				t.Fatalf("%s has no %s", c.request, c.path)
			}
			way = append(way, f)
			at = f.Message()
		}
		msg, path := build(md, way, func(m protoreflect.Message, f protoreflect.FieldDescriptor) { m.Set(f, c.value) })
		if !names(violationsOf(t, msg), path, c.want) {
			t.Errorf("%s %s = %v: %v, want %q", c.request, path, c.value, violationsOf(t, msg), c.want)
		}
	}
}

// A list wrapped to tell « left out » from « empty » (tremplin.options.v1.json_list) is named
// as JSON shows it: its items are the wrapper's, with their index.
func TestListWrappersAreNamedAsJSONShowsThem(t *testing.T) {
	md := (&activityv1.UpdateTaskRequest{}).ProtoReflect().Descriptor()
	task := md.Fields().ByName("task")
	resources := task.Message().Fields().ByName("resources")
	msg, _ := build(md, []protoreflect.FieldDescriptor{task, resources}, func(m protoreflect.Message, f protoreflect.FieldDescriptor) {
		list := dynamicpb.NewMessage(f.Message())
		items := list.Mutable(f.Message().Fields().ByName("items")).List()
		for _, url := range []string{"https://exemple.fr", "javascript:alert(1)"} {
			link := dynamicpb.NewMessage(items.NewElement().Message().Descriptor())
			link.Set(link.Descriptor().Fields().ByName("label"), protoreflect.ValueOfString("Lien"))
			link.Set(link.Descriptor().Fields().ByName("url"), protoreflect.ValueOfString(url))
			items.Append(protoreflect.ValueOfMessage(link))
		}
		m.Set(f, protoreflect.ValueOfMessage(list))
	})
	if vs := violationsOf(t, msg); !names(vs, "task.resources[1].url", apierr.BadResourceURL) {
		t.Errorf("a bad link: %v", vs)
	}
}
