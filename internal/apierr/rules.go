package apierr

import (
	"fmt"
	"strings"

	"buf.build/gen/go/bufbuild/protovalidate/protocolbuffers/go/buf/validate"
	"buf.build/go/protovalidate"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// The French message of every field rule a request may break, by the rule's id: the
// protovalidate rules the protos declare (protovalidate answers them in English: « value must
// be a valid email address »), the CEL rules they declare (whose message, written in the
// proto, must be the one here), and the rules every request meets (internal/rpc/rules.go,
// internal/jsonin), which answer in French themselves. The validation interceptor answers
// each protovalidate violation with its message here (RuleMessage); a test walks every rule
// of every request and fails on a rule id missing here.
var ruleMessages = map[string]ruleMessage{
	"required": fixed(Required),

	"string.min_len": {build: minLen},
	"string.max_len": {build: func(v *protovalidate.Violation) string { return TooLong(v.RuleValue.Uint()) }},
	"string.len": {build: func(v *protovalidate.Violation) string {
		return fmt.Sprintf("Ce champ doit contenir exactement %d caractères", v.RuleValue.Uint())
	}},
	"string.pattern":     {build: pattern},
	"string.email":       fixed(EmailFormat),
	"string.email_empty": fixed(EmailFormat),
	"string.uuid":        fixed(BadID),
	"string.uuid_empty":  fixed(BadID),
	"string.in":          fixed(UnknownValue),
	"string.not_in":      fixed(UnknownValue),
	"string.const":       fixed(UnknownValue),

	"enum.defined_only": fixed(UnknownValue),
	"enum.in":           {build: enumChoice},
	"enum.not_in":       {build: enumChoice},
	"enum.const":        {build: enumChoice},

	"repeated.max_items": {build: func(v *protovalidate.Violation) string { return TooMany(v.RuleValue.Uint()) }},
	"repeated.min_items": {build: func(v *protovalidate.Violation) string {
		if v.RuleValue.Uint() == 1 {
			return Required
		}
		return TooFew(v.RuleValue.Uint())
	}},
	"repeated.unique": fixed(Duplicate),

	// CEL rules of the protos.
	"task.custom_subject": fixed(Required),
	"task.contact":        fixed(Required),
	"task.media_type":     fixed(Required),
	"event.media_details": fixed(Required),
	"report.mood":         fixed(Required),
	"thresholds.order":    fixed(ThresholdsInconsistent),
	"thresholds.range":    fixed(ThresholdsInconsistent),
	"password.format":     fixed(PasswordFormat),
	"resource.url":        fixed(BadResourceURL),
	"bulk.empty":          fixed(Required),

	// The rules of every request (internal/rpc/rules.go), French already.
	"text.no_nul":                     {},
	"timestamp.between_1900_and_2200": fixed(DateOutOfRange),
	"timestamp.valid":                 fixed(BadDate),
	"resources.max_items":             {},
}

// ruleMessage is the French message of a rule: fixed, or built from the rule's values.
type ruleMessage struct {
	fixed string
	build func(*protovalidate.Violation) string
}

func fixed(message string) ruleMessage { return ruleMessage{fixed: message} }

func init() {
	// The bounds of numbers, for every kind of number protovalidate knows.
	for _, kind := range []string{"int32", "int64", "uint32", "uint64", "sint32", "sint64", "fixed32", "fixed64", "sfixed32", "sfixed64", "float", "double"} {
		for _, op := range []string{"gt", "gte", "lt", "lte", "gt_lt", "gt_lte", "gte_lt", "gte_lte"} {
			ruleMessages[kind+"."+op] = ruleMessage{build: bounds}
			ruleMessages[kind+"."+op+"_exclusive"] = fixed(NumberOutOfRange)
		}
		for _, op := range []string{"const", "in", "not_in"} {
			ruleMessages[kind+"."+op] = fixed(UnknownValue)
		}
	}
}

// RuleMessage answers the French message of a protovalidate violation; ok is false for a rule
// with none (the violation then keeps protovalidate's).
func RuleMessage(v *protovalidate.Violation) (string, bool) {
	m, ok := ruleMessages[v.Proto.GetRuleId()]
	switch {
	case !ok:
		return "", false
	case m.build != nil:
		return m.build(v), true
	case m.fixed != "":
		return m.fixed, true
	}
	return v.Proto.GetMessage(), true
}

// KnownRule reports whether the rule id has a French message, and answers it when it does not
// depend on the rule's values or the field.
func KnownRule(id string) (message string, ok bool) {
	m, ok := ruleMessages[id]
	return m.fixed, ok
}

// Supersedes reports whether the violation of rule answered stands for the declared rule:
// the rules every request meets (internal/rpc/rules.go) answer in place of protovalidate's
// same rule on a list of links, or on an enum.
func Supersedes(answered, declared string) bool {
	return answered == "resources.max_items" && declared == "repeated.max_items"
}

// minLen: a minimum of one character is the spec's « required ».
func minLen(v *protovalidate.Violation) string {
	if v.RuleValue.Uint() == 1 {
		return Required
	}
	return TooShort(v.RuleValue.Uint())
}

// pattern: the phone rule's pattern answers the spec's phone message, any other the format's.
func pattern(v *protovalidate.Violation) string {
	if strings.Contains(v.RuleValue.String(), `(?:\+|00)?[0-9]`) {
		return PhoneFormat
	}
	return BadFormat
}

// enumChoice: no value at all (0, unspecified) is a missing field; another one not allowed is a
// wrong value.
func enumChoice(v *protovalidate.Violation) string {
	if v.FieldValue.IsValid() && v.FieldValue.Enum() == 0 {
		return Required
	}
	return UnknownValue
}

// bounds says the limits of a number, read from the rules declared on the field.
func bounds(v *protovalidate.Violation) string {
	rules := numberRules(v)
	if rules == nil {
		return NumberOutOfRange
	}
	value := func(name string) (string, bool) {
		f := rules.Descriptor().Fields().ByName(protoreflect.Name(name))
		if f == nil || !rules.Has(f) {
			return "", false
		}
		return fmt.Sprint(rules.Get(f).Interface()), true
	}
	gt, hasGT := value("gt")
	gte, hasGTE := value("gte")
	lt, hasLT := value("lt")
	lte, hasLTE := value("lte")
	if hasGTE && hasLTE {
		return fmt.Sprintf("La valeur doit être comprise entre %s et %s", gte, lte)
	}
	var parts []string
	switch {
	case hasGT:
		parts = append(parts, "supérieure à "+gt)
	case hasGTE:
		parts = append(parts, "supérieure ou égale à "+gte)
	}
	switch {
	case hasLT:
		parts = append(parts, "inférieure à "+lt)
	case hasLTE:
		parts = append(parts, "inférieure ou égale à "+lte)
	}
	if len(parts) == 0 {
		return NumberOutOfRange
	}
	return "La valeur doit être " + strings.Join(parts, " et ")
}

// numberRules answers the rules message (Int32Rules…) that holds the broken rule: the field's
// rules, followed along the violation's rule path (["int32", "gte"], ["repeated", "items",
// "int32", "gte"]) but for its last step.
func numberRules(v *protovalidate.Violation) protoreflect.Message {
	if v.FieldDescriptor == nil {
		return nil
	}
	fr, ok := proto.GetExtension(v.FieldDescriptor.Options(), validate.E_Field).(*validate.FieldRules)
	if !ok || fr == nil {
		return nil
	}
	m := fr.ProtoReflect()
	steps := v.Proto.GetRule().GetElements()
	for i := 0; i < len(steps)-1; i++ {
		f := m.Descriptor().Fields().ByName(protoreflect.Name(steps[i].GetFieldName()))
		if f == nil || f.Message() == nil || !m.Has(f) {
			return nil
		}
		m = m.Get(f).Message()
	}
	return m
}
