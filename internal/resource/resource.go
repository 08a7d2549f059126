// Package resource is the link (label + url) that contacts, tasks, events and applications
// carry, stored on each item as a JSON list.
package resource

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Resource is one link.
type Resource struct {
	Label string `json:"label"`
	URL   string `json:"url"`
}

// Clean trims the links and keeps only those with both a label and a url, as the spec asks,
// and with a web or mail address (see SafeURL), written as it will be opened.
func Clean(in []Resource) []Resource {
	out := make([]Resource, 0, len(in))
	for _, r := range in {
		r.Label = strings.TrimSpace(r.Label)
		url, ok := SafeURL(r.URL)
		if r.Label != "" && ok {
			r.URL = url
			out = append(out, r)
		}
	}
	return out
}

var (
	webOrMail = regexp.MustCompile(`^(?i)(https?://|mailto:)`)
	scheme    = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`)
	hostPort  = regexp.MustCompile(`^[^/:]+:[0-9]+(/|$)`)
	blank     = regexp.MustCompile(`\s`)
	control   = regexp.MustCompile(`[[:cntrl:]]`)
)

// SafeURL answers the address to store and show for a link as typed: an http(s) or mailto
// address as it is, an address without a scheme ("www.exemple.fr/page", "localhost:8080") as
// https, as the web app opens it. Anything else — javascript:, data:, control characters,
// blanks — is not a link (ok false). Requests are refused with the same rule first (the
// resource.url rule of tremplin.common.v1.Resource); links stored before it are dropped when
// read.
func SafeURL(raw string) (url string, ok bool) {
	url = strings.TrimSpace(raw)
	switch {
	case url == "" || control.MatchString(url):
		return "", false
	case webOrMail.MatchString(url):
		return url, true
	case scheme.MatchString(url) && !hostPort.MatchString(url), blank.MatchString(url):
		return "", false
	}
	return "https://" + strings.TrimPrefix(url, "//"), true
}

// Max is the most links an item (a contact, a task, an event, an application) keeps.
const Max = 50

// TooMany refuses a list of links past Max, on the field that would hold them.
var TooMany = fmt.Sprintf("Pas plus de %d liens par élément", Max)

// Add answers the links of have with those of added that are not there yet (by address), and
// whether they fit: links added past Max in all do not (an item already past it, from before
// the cap, may still be written with no new link).
func Add(have, added []Resource) ([]Resource, bool) {
	out := append([]Resource{}, have...)
	for _, r := range added {
		if !slices.ContainsFunc(out, func(h Resource) bool { return h.URL == r.URL }) {
			out = append(out, r)
		}
	}
	return out, len(out) <= Max || len(out) == len(have)
}
