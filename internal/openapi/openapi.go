// Package openapi writes the OpenAPI 3.1 document of the documented JSON routes from the
// services' descriptors: each google.api.http binding is an operation (its path parameters,
// its query parameters, its body), each message a JSON Schema in the JSON the gateway speaks
// (lowerCamelCase names, enums as the spec's strings, 64-bit integers as strings, Timestamp as
// a date-time string), with the protos' comments as descriptions and the access policy as
// security. Nothing is written by hand: `make generate` runs cmd/openapi-gen, and a test in
// gateway/ checks the committed document against a fresh one and against the routes served.
package openapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"google.golang.org/genproto/googleapis/api/annotations"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	optionsv1 "github.com/tremplin/tremplin/gen/tremplin/options/v1"
	"github.com/tremplin/tremplin/internal/access"
	"github.com/tremplin/tremplin/internal/credentials"
	"github.com/tremplin/tremplin/internal/enums"
	"github.com/tremplin/tremplin/internal/httprule"
	"github.com/tremplin/tremplin/internal/protosource"
)

// Comments answers a descriptor's leading comment ("" when none).
type Comments func(protoreflect.Descriptor) string

type object = map[string]any

// Route is one documented route: its method and path template ("/api/agency/{id}").
type Route struct {
	Method, Path string
	RPC          protoreflect.MethodDescriptor
}

// Routes answers the google.api.http bindings of the services, in declaration order.
func Routes(services []protoreflect.ServiceDescriptor) []Route {
	var out []Route
	for _, s := range services {
		for i := range s.Methods().Len() {
			m := s.Methods().Get(i)
			for _, r := range httprule.Of(m) {
				if verb, path := httprule.VerbAndPath(r); path != "" {
					out = append(out, Route{Method: verb, Path: path, RPC: m})
				}
			}
		}
	}
	return out
}

// Build writes the document of the services' routes.
func Build(services []protoreflect.ServiceDescriptor, comments Comments) ([]byte, error) {
	policies, err := access.PoliciesOf(services...)
	if err != nil {
		return nil, err
	}
	b := &builder{comments: comments, schemas: object{}}
	paths := object{}
	var tags []any
	for _, s := range services {
		tag := object{"name": string(s.Name())}
		if c := comments(s); c != "" {
			tag["description"] = c
		}
		tags = append(tags, tag)
		for i := range s.Methods().Len() {
			m := s.Methods().Get(i)
			policy := policies["/"+string(s.FullName())+"/"+string(m.Name())]
			for n, r := range httprule.Of(m) {
				verb, path := httprule.VerbAndPath(r)
				if path == "" {
					continue
				}
				op, err := b.operation(m, r, policy, path)
				if err != nil {
					return nil, fmt.Errorf("%s %s: %w", verb, path, err)
				}
				op["operationId"] = string(s.Name()) + "_" + string(m.Name())
				if n > 0 {
					op["operationId"] = fmt.Sprintf("%s_%d", op["operationId"], n+1)
				}
				item, _ := paths[path].(object)
				if item == nil {
					item = object{}
					paths[path] = item
				}
				if _, dup := item[strings.ToLower(verb)]; dup {
					return nil, fmt.Errorf("%s %s is bound twice", verb, path)
				}
				item[strings.ToLower(verb)] = op
			}
		}
	}
	b.schemas["Error"] = errorSchema()
	doc := object{
		"openapi": "3.1.0",
		"info": object{
			"title":   "Tremplin API",
			"version": "1",
			"description": "The documented JSON routes of Tremplin, generated from the protos " +
				"(google.api.http bindings). The same RPCs answer over Connect, gRPC and gRPC-Web " +
				"at /<package>.<Service>/<Method>. Errors answer the Error schema with the HTTP " +
				"status of their code.",
		},
		"tags":  tags,
		"paths": paths,
		"components": object{
			"schemas": b.schemas,
			"securitySchemes": object{
				"session": object{
					"type": "apiKey", "in": "cookie", "name": credentials.CookieName,
					"description": "The browser session, set by POST /api/auth/login.",
				},
				"apiKey": object{
					"type": "http", "scheme": "bearer",
					"description": "An API key of an agency or of the platform: 'Authorization: Bearer <key>'.",
				},
			},
		},
		"security": []any{object{"session": []any{}}, object{"apiKey": []any{}}},
	}
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false) // "<key>" stays readable
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

type builder struct {
	comments Comments
	schemas  object
}

func (b *builder) operation(m protoreflect.MethodDescriptor, r *annotations.HttpRule, policy access.Policy, path string) (object, error) {
	comment := b.comments(m)
	op := object{"tags": []any{string(m.Parent().Name())}}
	if comment != "" {
		op["summary"] = protosource.Summary(comment)
		op["description"] = comment
	}
	if policy.Public {
		op["security"] = []any{}
	} else {
		op["x-roles"] = policy.Roles
	}
	input := m.Input()
	inPath := map[string]bool{}
	var params []any
	for _, name := range pathParams(path) {
		f := input.Fields().ByName(protoreflect.Name(name))
		if f == nil || f.IsList() || f.IsMap() || (f.Message() != nil && !isWellKnown(f.Message())) {
			return nil, fmt.Errorf("path parameter %s is no scalar field of %s", name, input.FullName())
		}
		inPath[name] = true
		params = append(params, b.parameter(name, "path", f, true))
	}
	body := r.GetBody()
	switch body {
	case "*":
		op["requestBody"] = object{
			"required": true,
			"content":  object{"application/json": object{"schema": b.messageSchema(input, inPath)}},
		}
	case "":
		// Every field the path does not bind is a query parameter.
		params = append(params, b.queryParams(input, "", inPath, nil)...)
	default:
		f := input.Fields().ByName(protoreflect.Name(body))
		if f == nil || f.Message() == nil {
			return nil, fmt.Errorf("body %s is no message field of %s", body, input.FullName())
		}
		op["requestBody"] = object{"required": true, "content": b.bodyContent(f.Message())}
		skip := map[string]bool{body: true}
		for k := range inPath {
			skip[k] = true
		}
		params = append(params, b.queryParams(input, "", skip, nil)...)
	}
	if len(params) > 0 {
		op["parameters"] = params
	}
	answer := object{"description": "OK"}
	output := m.Output()
	if rb := r.GetResponseBody(); rb != "" {
		f := output.Fields().ByName(protoreflect.Name(rb))
		if f == nil {
			return nil, fmt.Errorf("response_body %s is no field of %s", rb, output.FullName())
		}
		if f.Message() != nil && f.Message().FullName() == httpBody {
			answer["content"] = object{"*/*": object{"schema": object{"type": "string", "description": "The file, of the type its Content-Type header names."}}}
		} else {
			answer["content"] = object{"application/json": object{"schema": b.fieldSchema(f)}}
		}
	} else {
		answer["content"] = object{"application/json": object{"schema": b.ref(output)}}
	}
	op["responses"] = object{
		"200":     answer,
		"default": object{"description": "A refusal or an error", "content": object{"application/json": object{"schema": object{"$ref": "#/components/schemas/Error"}}}},
	}
	return op, nil
}

const httpBody = "google.api.HttpBody"

// bodyContent is a body field's media types: a file is posted as multipart (its "file" part)
// or as the CSV itself, any other message as JSON.
func (b *builder) bodyContent(md protoreflect.MessageDescriptor) object {
	if md.FullName() == httpBody {
		return object{
			"multipart/form-data": object{"schema": object{
				"type": "object", "required": []any{"file"},
				"properties": object{"file": object{"type": "string", "contentMediaType": "application/octet-stream"}},
			}},
			"text/csv": object{"schema": object{"type": "string"}},
		}
	}
	return object{"application/json": object{"schema": b.ref(md)}}
}

func pathParams(path string) []string {
	var out []string
	for _, seg := range strings.Split(path, "/") {
		if strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}") {
			name, _, _ := strings.Cut(seg[1:len(seg)-1], "=")
			out = append(out, name)
		}
	}
	return out
}

func (b *builder) parameter(name, in string, f protoreflect.FieldDescriptor, required bool) object {
	p := object{"name": name, "in": in, "schema": b.fieldSchema(f)}
	if required {
		p["required"] = true
	}
	if c := b.comments(f); c != "" {
		p["description"] = c
	}
	if f.IsList() {
		p["style"], p["explode"] = "form", true
	}
	return p
}

// queryParams are the fields of md as query parameters, nested messages' fields by their
// dotted JSON names (range.startDate).
func (b *builder) queryParams(md protoreflect.MessageDescriptor, prefix string, skip map[string]bool, seen []protoreflect.FullName) []any {
	var out []any
	for i := range md.Fields().Len() {
		f := md.Fields().Get(i)
		if skip[string(f.Name())] || f.IsMap() {
			continue
		}
		if f.Message() != nil && !isWellKnown(f.Message()) {
			if f.IsList() || slices.Contains(seen, f.Message().FullName()) {
				continue // a list of messages, or a loop, cannot be a query
			}
			out = append(out, b.queryParams(f.Message(), prefix+f.JSONName()+".", nil, append(seen, md.FullName()))...)
			continue
		}
		out = append(out, b.parameter(prefix+f.JSONName(), "query", f, false))
	}
	return out
}

func (b *builder) ref(md protoreflect.MessageDescriptor) object {
	if isWellKnown(md) || md.FullName() == httpBody {
		return wellKnown(md)
	}
	name := string(md.FullName())
	if _, done := b.schemas[name]; !done {
		b.schemas[name] = object{} // placed first: a message that holds itself refers to it
		b.schemas[name] = b.messageSchema(md, nil)
	}
	return object{"$ref": "#/components/schemas/" + name}
}

// messageSchema is md's JSON object, without the fields of skip (those a path binds).
func (b *builder) messageSchema(md protoreflect.MessageDescriptor, skip map[string]bool) object {
	properties := object{}
	for i := range md.Fields().Len() {
		f := md.Fields().Get(i)
		if skip[string(f.Name())] {
			continue
		}
		s := b.fieldSchema(f)
		if c := b.comments(f); c != "" {
			s = withDescription(s, c)
		}
		properties[f.JSONName()] = s
	}
	schema := object{"type": "object", "properties": properties}
	if c := b.comments(md); c != "" && skip == nil {
		schema["description"] = c
	}
	if on, _ := proto.GetExtension(md.Options(), optionsv1.E_JsonList).(bool); on && md.Fields().Len() == 1 && skip == nil {
		// The JSON readers take the list itself for it, as well as the object.
		only := md.Fields().Get(0)
		return object{"anyOf": []any{b.fieldSchema(only), schema}, "description": schema["description"]}
	}
	return schema
}

// withDescription adds a description; a $ref is wrapped, for a $ref's siblings were ignored
// before 3.1 and some tools still do.
func withDescription(s object, description string) object {
	if _, isRef := s["$ref"]; isRef {
		return object{"allOf": []any{s}, "description": description}
	}
	out := object{}
	for k, v := range s {
		out[k] = v
	}
	out["description"] = description
	return out
}

func (b *builder) fieldSchema(f protoreflect.FieldDescriptor) object {
	if f.IsMap() {
		return object{"type": "object", "additionalProperties": b.singleSchema(f.MapValue())}
	}
	if f.IsList() {
		return object{"type": "array", "items": b.singleSchema(f)}
	}
	return b.singleSchema(f)
}

func (b *builder) singleSchema(f protoreflect.FieldDescriptor) object {
	switch f.Kind() {
	case protoreflect.BoolKind:
		return object{"type": "boolean"}
	case protoreflect.Int32Kind, protoreflect.Sint32Kind, protoreflect.Sfixed32Kind:
		return object{"type": "integer", "format": "int32"}
	case protoreflect.Uint32Kind, protoreflect.Fixed32Kind:
		return object{"type": "integer", "format": "int32", "minimum": 0}
	case protoreflect.Int64Kind, protoreflect.Sint64Kind, protoreflect.Sfixed64Kind,
		protoreflect.Uint64Kind, protoreflect.Fixed64Kind:
		// Written as a decimal string (protojson); read as a string or a number.
		return object{"type": []any{"string", "integer"}, "format": "int64"}
	case protoreflect.FloatKind, protoreflect.DoubleKind:
		return object{"type": "number"}
	case protoreflect.StringKind:
		return object{"type": "string"}
	case protoreflect.BytesKind:
		return object{"type": "string", "contentEncoding": "base64"}
	case protoreflect.EnumKind:
		return enumSchema(f.Enum())
	}
	return b.ref(f.Message())
}

// enumSchema lists an enum's words as the gateway writes them: the spec's strings (the
// unspecified value is left out of answers), or the value names for an enum without them.
func enumSchema(d protoreflect.EnumDescriptor) object {
	var words []any
	for i := range d.Values().Len() {
		v := d.Values().Get(i)
		switch {
		case enums.HasSpec(d):
			if spec := enums.SpecOf(d, v.Number()); spec != "" {
				words = append(words, spec)
			}
		default:
			words = append(words, string(v.Name()))
		}
	}
	return object{"type": "string", "enum": words}
}

func isWellKnown(md protoreflect.MessageDescriptor) bool {
	return strings.HasPrefix(string(md.FullName()), "google.protobuf.")
}

// wellKnown is the JSON of the well-known types, as protojson writes them.
func wellKnown(md protoreflect.MessageDescriptor) object {
	switch md.FullName() {
	case "google.protobuf.Timestamp":
		return object{"type": "string", "format": "date-time"}
	case "google.protobuf.Duration":
		return object{"type": "string", "pattern": `^-?[0-9]+(\.[0-9]+)?s$`}
	case "google.protobuf.FieldMask", "google.protobuf.StringValue", httpBody:
		return object{"type": "string"}
	case "google.protobuf.Struct", "google.protobuf.Empty":
		return object{"type": "object"}
	case "google.protobuf.ListValue":
		return object{"type": "array"}
	case "google.protobuf.Value":
		return object{}
	case "google.protobuf.BoolValue":
		return object{"type": "boolean"}
	case "google.protobuf.BytesValue":
		return object{"type": "string", "contentEncoding": "base64"}
	case "google.protobuf.Int32Value", "google.protobuf.UInt32Value":
		return object{"type": "integer"}
	case "google.protobuf.Int64Value", "google.protobuf.UInt64Value":
		return object{"type": []any{"string", "integer"}, "format": "int64"}
	case "google.protobuf.FloatValue", "google.protobuf.DoubleValue":
		return object{"type": "number"}
	}
	// google.protobuf.Any and anything else: an object with its @type.
	return object{"type": "object", "properties": object{"@type": object{"type": "string"}}}
}

// errorSchema is the body of every refusal (gateway/codec.go): google.rpc.Status and the
// machine reason.
func errorSchema() object {
	return object{
		"type":     "object",
		"required": []any{"code", "message", "type"},
		"properties": object{
			"code":    object{"type": "integer", "description": "The google.rpc.Code (3 invalid argument, 5 not found, 16 unauthenticated…)."},
			"message": object{"type": "string", "description": "What went wrong, in French, for a person."},
			"type":    object{"type": "string", "description": "The machine reason (ErrorInfo.reason: INVALID_FIELDS, NOT_FOUND, PREMIUM_REQUIRED…), or the code's name."},
			"details": object{
				"type":        "array",
				"description": "google.rpc.Status details: ErrorInfo, buf.validate.Violations (the fields refused), RetryInfo.",
				"items": object{
					"type":                 "object",
					"properties":           object{"@type": object{"type": "string"}},
					"additionalProperties": true,
				},
			},
		},
	}
}
