// Package credentials reads what a request carries to say who sends it — the browser's
// session cookie, a partner's bearer key — without judging it: whether a token is anyone's is
// internal/authn's work, against the database. Reading headers needs no database, so the
// packages that only ask whether a request could be signed in (the body caps of every
// protocol, the web app's shell) link no database driver.
package credentials

import (
	"net/http"
	"strings"
)

// CookieName is the browser session cookie.
const CookieName = "tremplin_session"

// Session reads the session token from a request's Cookie header ("" without one).
func Session(h http.Header) string {
	r := http.Request{Header: h}
	c, err := r.Cookie(CookieName)
	if err != nil {
		return ""
	}
	return c.Value
}

// Bearer reads "Authorization: Bearer …" (over gRPC, the "authorization" metadata).
func Bearer(h http.Header) string {
	auth := h.Get("Authorization")
	if len(auth) > 7 && strings.EqualFold(auth[:7], "bearer ") {
		return strings.TrimSpace(auth[7:])
	}
	return ""
}

// Carried reports whether a request carries a session cookie or a bearer key, valid or not:
// without either it can only be anonymous.
func Carried(h http.Header) bool {
	return Bearer(h) != "" || Session(h) != ""
}
