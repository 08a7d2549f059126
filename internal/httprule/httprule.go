// Package httprule reads the google.api.http options of the RPCs: the routes of the JSON
// gateway and of the OpenAPI document both come from them.
package httprule

import (
	"net/http"

	"google.golang.org/genproto/googleapis/api/annotations"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// Of answers the HTTP rules of an RPC: its google.api.http option, then its additional
// bindings; none when the RPC has no route.
func Of(m protoreflect.MethodDescriptor) []*annotations.HttpRule {
	rule, _ := proto.GetExtension(m.Options(), annotations.E_Http).(*annotations.HttpRule)
	if rule == nil {
		return nil
	}
	return append([]*annotations.HttpRule{rule}, rule.GetAdditionalBindings()...)
}

// VerbAndPath answers a rule's HTTP method and path template ("/api/agency/{id}"), or two
// empty strings for a rule of another kind (custom).
func VerbAndPath(r *annotations.HttpRule) (string, string) {
	switch {
	case r.GetGet() != "":
		return http.MethodGet, r.GetGet()
	case r.GetPost() != "":
		return http.MethodPost, r.GetPost()
	case r.GetPut() != "":
		return http.MethodPut, r.GetPut()
	case r.GetPatch() != "":
		return http.MethodPatch, r.GetPatch()
	case r.GetDelete() != "":
		return http.MethodDelete, r.GetDelete()
	}
	return "", ""
}
