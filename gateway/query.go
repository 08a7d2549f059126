package gateway

import (
	"net/http"
	"net/url"
	"strings"

	"buf.build/gen/go/bufbuild/protovalidate/protocolbuffers/go/buf/validate"
	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/rpc/status"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/known/anypb"

	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/jsonin"
)

// Query parameters of GET routes (filters such as ?statuses=new&statuses=engaged) are read by
// vanguard itself, which knows enum values by name or number only, and refuses a value it
// cannot read with an English message naming no field. specQuery reads them first, for the
// method the path routes to: the spec's strings become value names, and a value of the wrong
// type (or a word of no value) is refused as a body's is, INVALID_FIELDS naming the field.
//
// A parameter that names no field of the request is dropped, on every route, as an unknown
// field of a JSON body is: vanguard would answer it with an internal error (a cache-busting
// "?_=…" some clients add, or "?ownerId=…" on a DELETE), and it sets nothing either way.

// route is the input message of a route, with its path template split in segments ("{…}"
// matches any one segment).
type route struct {
	segments []string
	input    protoreflect.MessageDescriptor
}

// find answers the route path matches, if any.
func find(routes []route, path string) (route, bool) {
	segments := pathSegments(path)
	for _, r := range routes {
		if r.matches(segments) {
			return r, true
		}
	}
	return route{}, false
}

// pathSegments splits a request's path as the router does: a trailing slash leaves an empty
// last segment, which a parameter matches ("/api/event/" is GET /api/event/{id} with no id).
func pathSegments(path string) []string {
	return strings.Split(strings.TrimPrefix(path, "/"), "/")
}

func (r route) matches(segments []string) bool {
	if len(segments) != len(r.segments) {
		return false
	}
	for i, s := range r.segments {
		if !strings.HasPrefix(s, "{") && s != segments[i] {
			return false
		}
	}
	return true
}

// specQuery reads the query of requests (routes by verb): spec strings to enum value names,
// values of the wrong type refused, parameters of no field dropped.
func specQuery(routes map[string][]route, next http.Handler) http.Handler {
	errors := newSpecJSON(protoregistry.GlobalTypes).(*specJSON)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.RawQuery != "" {
			if route, ok := find(routes[r.Method], r.URL.Path); ok {
				query, violations := readQuery(r.URL.Query(), route.input)
				if len(violations) > 0 {
					errors.write(w, apierr.InvalidFields(violations...))
					return
				}
				r.URL.RawQuery = query.Encode()
			}
		}
		next.ServeHTTP(w, r)
	})
}

// readQuery checks and rewrites the values of the query's parameters that name a field of
// input, and drops the others.
func readQuery(query url.Values, input protoreflect.MessageDescriptor) (url.Values, []*validate.Violation) {
	var violations []*validate.Violation
	for key, values := range query {
		path := fieldsAt(input, key)
		if path == nil {
			delete(query, key)
			continue
		}
		f := path[len(path)-1].Field
		for i, v := range values {
			at := path
			if f.IsList() {
				at = append(path[:len(path)-1:len(path)-1], apierr.Step{Field: f, Index: i})
			}
			read, found := jsonin.Param(v, f, at, jsonin.Options{Spec: true})
			values[i] = read
			violations = append(violations, found...)
		}
	}
	return query, violations
}

// fieldsAt resolves a dotted query key ("range.startDate", JSON or proto names) in md: the
// steps to its field, or nil.
func fieldsAt(md protoreflect.MessageDescriptor, key string) []apierr.Step {
	var path []apierr.Step
	for _, name := range strings.Split(key, ".") {
		if md == nil {
			return nil
		}
		f := md.Fields().ByJSONName(name)
		if f == nil {
			if f = md.Fields().ByName(protoreflect.Name(name)); f == nil {
				return nil
			}
		}
		path = append(path, apierr.At(f))
		md = f.Message()
	}
	return path
}

// write answers err as the transcoded errors are: its HTTP status, and the JSON body of its
// google.rpc.Status with its "type".
func (c *specJSON) write(w http.ResponseWriter, err *connect.Error) {
	st := &status.Status{Code: int32(err.Code()), Message: err.Message()} //nolint:gosec // a Connect code is small
	for _, d := range err.Details() {
		st.Details = append(st.Details, &anypb.Any{TypeUrl: "type.googleapis.com/" + d.Type(), Value: d.Bytes()})
	}
	body, marshalErr := c.errorBody(nil, st)
	if marshalErr != nil {
		writeError(w, http.StatusInternalServerError, connect.CodeInternal, "INTERNAL", "Une erreur est survenue")
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(httpStatusOf(err.Code()))
	_, _ = w.Write(body)
}

// httpStatusOf is the HTTP status of the codes answered here.
func httpStatusOf(code connect.Code) int {
	if code == connect.CodeInvalidArgument {
		return http.StatusBadRequest
	}
	return http.StatusInternalServerError
}
