package gateway

import (
	"net/http"
	"net/url"
	"strings"

	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/tremplin/tremplin/internal/enums"
)

// Query parameters of GET routes (filters such as ?statuses=new&statuses=engaged) are read by
// vanguard itself, which knows enum values by name or number only. specQuery rewrites the
// spec's strings to value names first, for the method the path routes to.

// route is the input message of a route, with its path template split in segments ("{…}"
// matches any one segment).
type route struct {
	segments []string
	input    protoreflect.MessageDescriptor
}

// find answers the route path matches, if any.
func find(routes []route, path string) (route, bool) {
	segments := strings.Split(strings.Trim(path, "/"), "/")
	for _, r := range routes {
		if r.matches(segments) {
			return r, true
		}
	}
	return route{}, false
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

// specQuery rewrites spec strings in the query of GET requests to enum value names.
func specQuery(routes []route, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet && r.URL.RawQuery != "" {
			if route, ok := find(routes, r.URL.Path); ok {
				r.URL.RawQuery = rewriteQuery(r.URL.Query(), route.input).Encode()
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
