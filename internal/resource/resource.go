// Package resource is the link (label + url) that contacts, tasks, events and applications
// carry, stored on each item as a JSON list.
package resource

import "strings"

// Resource is one link.
type Resource struct {
	Label string `json:"label"`
	URL   string `json:"url"`
}

// Clean trims the links and keeps only those with both a label and a url, as the spec asks.
func Clean(in []Resource) []Resource {
	out := make([]Resource, 0, len(in))
	for _, r := range in {
		r.Label, r.URL = strings.TrimSpace(r.Label), strings.TrimSpace(r.URL)
		if r.Label != "" && r.URL != "" {
			out = append(out, r)
		}
	}
	return out
}
