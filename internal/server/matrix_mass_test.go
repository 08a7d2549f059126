package server_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/descriptorpb"
)

// Mass assignment (issue 25): a body carrying what is not the caller's to set — a role, an
// agency, an owner, payment, a status, a licence, a trial, free access — changes nothing,
// whatever the RPC and the protocol. In the matrix, every own cell that changes something and
// is answered OK is called again with these fields added at every level of the body (Connect
// JSON, and every JSON route: in the body, or in the query string of a route without one).
// Both decoders ignore unknown fields (and the JSON routes drop unknown query parameters).
// The call with the fields must be answered as the one without; the caller's access (role,
// agency, kind, payment, trial, free access, licence) must be as it was; the foreign party the
// fields name — account, data, agency — is guarded by the cell; and the objects the call made
// or changed (every id its answer names, and the object it named) must be owned by, and carry
// the access of, the same people as those of the call without the fields.

// mxMassFields are the fields added to every level of a body (but where the level has a field
// of that name: then it is the request's own to set). They name the caller's foreign party.
func mxMassFields(c *mxCaller) map[string]any {
	f := c.foreign
	future := "2099-01-01T00:00:00Z"
	licence := map[string]any{"activationDate": future, "expirationDate": future, "agencyId": f.agencyID()}
	return map[string]any{
		"role": "admin", "roles": []any{"admin"}, "userRole": "admin",
		"agency": map[string]any{"id": f.agencyID()}, "agencyId": f.agencyID(), "agency_id": f.agencyID(),
		"owner": map[string]any{"id": f.userID()}, "ownerId": f.userID(), "owner_id": f.userID(),
		"user": map[string]any{"id": f.userID(), "role": "admin"}, "userId": f.userID(), "user_id": f.userID(),
		"candidateId": f.userID(), "candidate_id": f.userID(), "id": f.userID(),
		"hasPaid": true, "has_paid": true, "paid": true,
		"status": "with-valid-license", "userStatus": "with-valid-license",
		"license": licence, "licence": licence, "activationDate": future, "expirationDate": future,
		"trialEndAt": future, "trial_end_at": future, "trialEndDate": future,
		"isB2c": true, "isB2C": true, "is_b2c": true,
		"hasFreeAccess": true, "has_free_access": true,
		"subscriptionStatus": "active", "stripeCustomerId": "cus_pirate", "origin": "admin",
	}
}

// mxInject adds fields to obj, a JSON message of type md, and to the messages it holds.
func mxInject(md protoreflect.MessageDescriptor, obj map[string]any, fields map[string]any) {
	for k, v := range fields {
		if md.Fields().ByJSONName(k) == nil && md.Fields().ByName(protoreflect.Name(k)) == nil {
			obj[k] = v
		}
	}
	for i := range md.Fields().Len() {
		fd := md.Fields().Get(i)
		if fd.Message() == nil || fd.IsMap() || strings.HasPrefix(string(fd.Message().FullName()), "google.") {
			continue // well-known types and files are no place for fields
		}
		switch v := obj[fd.JSONName()].(type) {
		case map[string]any:
			mxInject(fd.Message(), v, fields)
		case []any:
			for _, item := range v {
				if m, ok := item.(map[string]any); ok {
					mxInject(fd.Message(), m, fields)
				}
			}
		}
	}
}

// mxWithFields answers body (JSON of md) with fields added.
func mxWithFields(t *testing.T, md protoreflect.MessageDescriptor, body []byte, fields map[string]any) []byte {
	t.Helper()
	var obj map[string]any
	if err := json.Unmarshal(body, &obj); err != nil {
		t.Fatal(err)
	}
	mxInject(md, obj, fields)
	out, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// mxQueryWithFields adds the scalar fields to the query string of a route without a body.
func mxQueryWithFields(t *testing.T, md protoreflect.MessageDescriptor, path string, fields map[string]any) string {
	t.Helper()
	u, err := url.Parse(path)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	for k, v := range fields {
		if md.Fields().ByJSONName(k) != nil || md.Fields().ByName(protoreflect.Name(k)) != nil {
			continue
		}
		switch v.(type) {
		case string, bool:
			q.Set(k, fmt.Sprint(v))
		}
	}
	u.RawQuery = q.Encode()
	return u.String()
}

func mxReadOnly(m protoreflect.MethodDescriptor) bool {
	opts, _ := m.Options().(*descriptorpb.MethodOptions)
	return opts.GetIdempotencyLevel() == descriptorpb.MethodOptions_NO_SIDE_EFFECTS
}

// massCheck calls c's own call of row again over protocol via (0: Connect, n: the n-th JSON
// route) with the mass fields, after the call without them answered clean, whose objects are
// cleanObjects.
func (w *mxWorld) massCheck(t *testing.T, m protoreflect.MethodDescriptor, row mxRow, c *mxCaller, via int, clean mxAnswer, cleanObjects []string) {
	t.Helper()
	caller := c
	if row.clone {
		caller = w.clone(t, c)
	}
	p := c.own
	id := row.kind.of(p)[0]
	switch {
	case row.kind.self && caller.self != "":
		id = caller.self
	case row.fresh && row.kind.fresh != nil:
		id = row.kind.fresh(t, w, p)
	}
	msg := row.req(t, w, caller, p, id)
	fields := mxMassFields(c)
	client := mxClient
	if row.spread {
		client = mxClientFrom(w.unique())
	}
	before := w.access(t, caller.self)
	var a mxAnswer
	what := fmt.Sprintf("%s, own, with extra fields, via Connect", c.who)
	if via == 0 {
		a = w.callConnect(t, client, caller, procedure(m), mxWithFields(t, m.Input(), mxJSON(t, msg), fields))
	} else {
		r := mxRoutes(t, m, msg)[via-1]
		switch {
		case r.bodyType != nil:
			r.body = mxWithFields(t, r.bodyType, r.body, fields)
		case len(r.body) == 0:
			r.path = mxQueryWithFields(t, m.Input(), r.path, fields)
		}
		what = fmt.Sprintf("%s, own, with extra fields, via %s %s", c.who, r.method, r.path)
		a = w.callRoute(t, client, caller, r)
	}
	if a.status != clean.status || a.code != clean.code {
		t.Errorf("%s: %d %v %s %q, without them %d %v", what, a.status, a.code, a.reason, a.message, clean.status, clean.code)
	}
	if after := w.access(t, caller.self); after != "" && after != before {
		t.Errorf("%s: the caller's access changed:\n%s\n%s", what, before, after)
	}
	if objects := w.objects(t, caller, a, id); !slices.Equal(objects, cleanObjects) {
		t.Errorf("%s: the call made\n%v\nwithout the fields\n%v", what, objects, cleanObjects)
	}
	if row.undo != nil && a.code == 0 {
		row.undo(t, w, a.body)
	}
	w.massChecked++
}

// objects are what an answer names and the object the call named (see summary).
func (w *mxWorld) objects(t *testing.T, caller *mxCaller, a mxAnswer, id string) []string {
	t.Helper()
	ids := mxIDs.FindAllString(a.text, -1)
	if mxIDs.MatchString(id) { // not a secret token
		ids = append(ids, id)
	}
	return w.summary(t, caller, ids)
}

var mxIDs = regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`)

// access is what decides what a user may do: their role, agency, kind, payment, trial, free
// access, subscription and licence ("" for no user).
func (w *mxWorld) access(t *testing.T, id string) string {
	t.Helper()
	if id == "" {
		return ""
	}
	_, v := w.values(t, `SELECT u.role, u.agency_id, u.is_b2c, u.has_paid, u.trial_end_at, u.has_free_access,
		u.subscription_status, u.stripe_customer_id, l.agency_id, l.activation_date, l.expiration_date
		FROM users u LEFT JOIN licenses l ON l.candidate_id = u.id WHERE u.id = {id}`, id)
	if v == nil {
		return ""
	}
	label := func(x any) string {
		if x == nil {
			return "none"
		}
		return w.label(fmt.Sprint(x), nil)
	}
	licence := "none"
	if v[8] != nil {
		expiry, _ := v[10].(time.Time)
		switch {
		case v[9] == nil:
			licence = "pending"
		case v[10] != nil && expiry.Before(w.srv.Clock.Now()):
			licence = "expired"
		default:
			licence = "valid"
		}
		licence += " of " + label(v[8])
	}
	return fmt.Sprintf("role=%v agency=%s b2c=%v paid=%v trial=%v free=%v subscription=%v/%v licence=%s",
		v[0], label(v[1]), v[2], v[3], v[4], v[5], v[6], v[7] != nil, licence)
}

// label names an id of the world ("X", "A", "caller"), or "new" for one made by the calls.
func (w *mxWorld) label(id string, caller *mxCaller) string {
	if caller != nil && id == caller.self {
		return "caller"
	}
	for _, p := range []*mxParty{w.a, w.b, w.c, w.d} {
		if id == p.userID() {
			return p.name
		}
		if p.agency != nil && id == p.agencyID() {
			return p.agencyMark
		}
		if slices.Contains(p.ids, id) {
			return "of " + p.name
		}
	}
	return "new"
}

// summary says, of each id, what it is and whose: the owner of a contact, task, appointment or
// application; the agency of an endpoint or a key; the access of a user. One statement an id.
func (w *mxWorld) summary(t *testing.T, caller *mxCaller, ids []string) []string {
	t.Helper()
	const query = `SELECT 'user', NULL, NULL FROM users WHERE id = {id}
		UNION ALL SELECT 'contact', owner_id, NULL FROM contacts WHERE id = {id}
		UNION ALL SELECT 'task', owner_id, NULL FROM tasks WHERE id = {id}
		UNION ALL SELECT 'appointment', owner_id, NULL FROM events WHERE id = {id}
		UNION ALL SELECT 'application', owner_id, NULL FROM applications WHERE id = {id}
		UNION ALL SELECT 'endpoint', agency_id, NULL FROM webhook_endpoints WHERE id = {id}
		UNION ALL SELECT 'key', agency_id, role FROM api_keys WHERE id = {id}`
	var out []string
	seen := map[string]bool{}
	for _, id := range ids {
		if seen[id] {
			continue
		}
		seen[id] = true
		_, v := w.values(t, query, id)
		switch {
		case v == nil: // an agency, a licence…: what owns them is checked elsewhere
		case v[0] == "user":
			out = append(out, fmt.Sprintf("user %s %s", w.label(id, caller), w.access(t, id)))
		default:
			owner := "the platform"
			if v[1] != nil {
				owner = w.label(fmt.Sprint(v[1]), caller)
			}
			out = append(out, fmt.Sprintf("%s %s of %s %v", v[0], w.label(id, caller), owner, v[2]))
		}
	}
	return out
}

// mxSensitive are the names of what decides who may do what: a request field of such a name
// is one a body may set, so each is declared below with why it is the caller's to set.
var mxSensitive = regexp.MustCompile(`^(role|roles|agency|agency_id|owner|owner_id|user|user_id|candidate|candidate_id|has_paid|paid|status|is_b2c|has_free_access|origin|share_progress_with_agency|accept_terms)$|^(licen|trial|subscription|stripe|premium)`)

// mxSettable are the request fields of sensitive names, each with why the caller may set it
// (the matrix checks whose objects they reach).
var mxSettable = map[protoreflect.FullName]string{
	"tremplin.agency.v1.CreateCandidateRequest.is_b2c":                  "the platform admin's choice; an agency admin is refused a B2C candidate",
	"tremplin.agency.v1.AllocateLicenseToCandidateRequest.candidate_id": "the candidate acted on, within the caller's agencies (matrix)",
	"tremplin.agency.v1.SendNewEmailInvitationRequest.candidate_id":     "the candidate acted on, within the caller's agencies (matrix)",
	"tremplin.agency.v1.ListCandidatesRequest.status":                   "a filter of the list",
	"tremplin.agency.v1.ListAgencyCandidatesRequest.status":             "a filter of the list",
	"tremplin.agency.v1.DefineAsB2BRequest.agency_id":                   "the platform admin's alone",
	"tremplin.agency.v1.SetFreeAccessRequest.has_free_access":           "what the RPC sets, for staff within their agencies (matrix)",
	"tremplin.agency.v1.CreateApiKeyRequest.agency_id":                  "the agency acted for, within the caller's (matrix)",
	"tremplin.agency.v1.ListApiKeysRequest.agency_id":                   "the agency read, within the caller's (matrix)",
	"tremplin.opportunity.v1.MarkApplicationAsCompleteRequest.status":   "the candidate's own application's status",
	"tremplin.opportunity.v1.MoveApplicationRequest.status":             "the candidate's own application's status",
	"tremplin.webhook.v1.CreateWebhookEndpointRequest.agency_id":        "the agency acted for, within the caller's (matrix)",
	"tremplin.webhook.v1.ListWebhookEndpointsRequest.agency_id":         "the agency read, within the caller's (matrix)",
	"tremplin.insight.v1.GetAgencyInsightRequest.agency_id":             "the agency read, within the caller's (matrix)",
	"tremplin.webhook.v1.UpdateWebhookEndpointRequest.agency_id":        "the agency acted for, within the caller's (matrix)",
	"tremplin.webhook.v1.DeleteWebhookEndpointRequest.agency_id":        "the agency acted for, within the caller's (matrix)",
	"tremplin.webhook.v1.ListWebhookDeliveriesRequest.agency_id":        "the agency read, within the caller's (matrix)",
	"tremplin.webhook.v1.SendTestEventRequest.agency_id":                "the agency acted for, within the caller's (matrix)",
	"tremplin.network.v1.ContactDraft.origin":                           "where the contact comes from, not the account",
	"tremplin.auth.v1.NewPasswordRequest.accept_terms":                  "the person's own acceptance, on their own link",
	"tremplin.auth.v1.UpdateProfileRequest.share_progress_with_agency":  "the candidate's own consent",
}

// A field that decides who may do what cannot join a request unnoticed: every request field
// of such a name (at any depth) is declared in mxSettable, and every declaration names one.
// A new one (a role on the profile, an owner on a draft) fails here until it is reviewed —
// the fields TestMatrixMassAssignmentIsIgnored adds are then the request's own, and no longer
// checked as extra.
func TestMatrixSettableFieldsAreDeclared(t *testing.T) {
	found := map[protoreflect.FullName]bool{}
	seen := map[protoreflect.FullName]bool{}
	var walk func(md protoreflect.MessageDescriptor)
	walk = func(md protoreflect.MessageDescriptor) {
		if seen[md.FullName()] || !strings.HasPrefix(string(md.FullName()), "tremplin.") {
			return
		}
		seen[md.FullName()] = true
		for i := range md.Fields().Len() {
			f := md.Fields().Get(i)
			if mxSensitive.MatchString(string(f.Name())) {
				found[f.FullName()] = true
				if _, ok := mxSettable[f.FullName()]; !ok {
					t.Errorf("%s may be set by a request: declare why in mxSettable, or remove it", f.FullName())
				}
			}
			if f.Message() != nil {
				walk(f.Message())
			}
		}
	}
	for _, m := range tremplinMethods(t) {
		walk(m.Input())
	}
	for name := range mxSettable {
		if !found[name] {
			t.Errorf("mxSettable declares %s, which no request has", name)
		}
	}
}
