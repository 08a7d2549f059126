package gateway

import (
	"net/http"
	"net/url"
	"strings"

	"google.golang.org/genproto/googleapis/api/annotations"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/tremplin/tremplin/internal/enums"
)

// Query parameters of GET routes (filters such as ?statuses=new&statuses=engaged) are read by
// vanguard itself, which knows enum values by name or number only. specQuery rewrites the
// spec's strings to value names first, for the method the path routes to.

// getRoute is the input message of a GET route, with its path template split in segments
// ("{…}" matches any one segment).
type getRoute struct {
	segments []string
	input    protoreflect.MessageDescriptor
}

// getRoutesOf reads the GET bindings of the services' methods.
func getRoutesOf(services []protoreflect.ServiceDescriptor) []getRoute {
	var routes []getRoute
	for _, s := range services {
		for i := range s.Methods().Len() {
			m := s.Methods().Get(i)
			rule, _ := proto.GetExtension(m.Options(), annotations.E_Http).(*annotations.HttpRule)
			if rule == nil {
				continue
			}
			for _, r := range append([]*annotations.HttpRule{rule}, rule.GetAdditionalBindings()...) {
				if get := r.GetGet(); get != "" {
					routes = append(routes, getRoute{segments: strings.Split(strings.Trim(get, "/"), "/"), input: m.Input()})
				}
			}
		}
	}
	return routes
}

func (r getRoute) matches(segments []string) bool {
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

// specQuery rewrites spec strings in the query of GET requests to enum value names.
func specQuery(routes []getRoute, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet && r.URL.RawQuery != "" {
			segments := strings.Split(strings.Trim(r.URL.Path, "/"), "/")
			for _, route := range routes {
				if route.matches(segments) {
					r.URL.RawQuery = rewriteQuery(r.URL.Query(), route.input).Encode()
					break
				}
			}
		}
		next.ServeHTTP(w, r)
	})
}

func rewriteQuery(query url.Values, input protoreflect.MessageDescriptor) url.Values {
	for key, values := range query {
		f := fieldAt(input, key)
		if f == nil || f.Enum() == nil {
			continue
		}
		for i, v := range values {
			if n, ok := enums.NumberOf(f.Enum(), v); ok {
				values[i] = string(f.Enum().Values().ByNumber(n).Name())
			}
		}
	}
	return query
}

// fieldAt resolves a dotted query key ("range.startDate", JSON or proto names) in md.
func fieldAt(md protoreflect.MessageDescriptor, path string) protoreflect.FieldDescriptor {
	var f protoreflect.FieldDescriptor
	for _, name := range strings.Split(path, ".") {
		if md == nil {
			return nil
		}
		if f = md.Fields().ByJSONName(name); f == nil {
			if f = md.Fields().ByName(protoreflect.Name(name)); f == nil {
				return nil
			}
		}
		md = f.Message()
	}
	return f
}
