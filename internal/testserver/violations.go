package testserver

import (
	"net/http"
	"strings"
	"testing"
)

// JSONViolations answers the field violations of a refusal's JSON body: the /api gateway's
// (google.rpc.Status, details with their @type) or Connect's (each detail's debug form).
func JSONViolations(body map[string]any) []Violation {
	var out []Violation
	details, _ := body["details"].([]any)
	for _, d := range details {
		detail, _ := d.(map[string]any)
		if debug, ok := detail["debug"].(map[string]any); ok { // Connect
			detail = debug
		}
		list, _ := detail["violations"].([]any)
		for _, one := range list {
			v, _ := one.(map[string]any)
			var path []string
			field, _ := v["field"].(map[string]any)
			elements, _ := field["elements"].([]any)
			for _, el := range elements {
				e, _ := el.(map[string]any)
				name, _ := e["fieldName"].(string)
				path = append(path, name)
			}
			rule, _ := v["ruleId"].(string)
			message, _ := v["message"].(string)
			out = append(out, Violation{Field: strings.Join(path, "."), Rule: rule, Message: message})
		}
	}
	return out
}

// JSONReason answers the machine reason of a refusal's JSON body: the gateway's "type", or
// the reason of Connect's ErrorInfo detail.
func JSONReason(body map[string]any) string {
	if kind, ok := body["type"].(string); ok {
		return kind
	}
	details, _ := body["details"].([]any)
	for _, d := range details {
		detail, _ := d.(map[string]any)
		debug, _ := detail["debug"].(map[string]any)
		if reason, ok := debug["reason"].(string); ok {
			return reason
		}
	}
	return ""
}

// WantJSONFieldViolation fails unless a JSON answer (of the gateway or of Connect) is 400,
// InvalidArgument/INVALID_FIELDS, naming field — by its path of proto names, or by its rule
// id — and, when message is not empty, saying it there.
func WantJSONFieldViolation(t testing.TB, what string, status int, body map[string]any, field, message string) {
	t.Helper()
	code := body["code"]
	if status != http.StatusBadRequest || (code != float64(3) && code != "invalid_argument") || JSONReason(body) != "INVALID_FIELDS" {
		t.Errorf("%s: %d %v, want 400 invalid_argument INVALID_FIELDS", what, status, body)
		return
	}
	wantViolation(t, what, JSONViolations(body), field, message)
}
