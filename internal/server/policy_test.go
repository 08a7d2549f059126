package server_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/google/uuid"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/dynamicpb"

	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/internal/access"
	"github.com/tremplin/tremplin/internal/protosource"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/testserver"
	"github.com/tremplin/tremplin/internal/viewer"
)

// tremplinMethods walks every RPC of every tremplin.* service compiled into the binary, so a
// service or a method added later is covered without touching this test.
func tremplinMethods(t *testing.T) []protoreflect.MethodDescriptor {
	t.Helper()
	methods := protosource.Methods()
	if len(methods) < 60 {
		t.Fatalf("found only %d RPCs: are the services registered?", len(methods))
	}
	return methods
}

func procedure(m protoreflect.MethodDescriptor) string {
	return "/" + string(m.Parent().FullName()) + "/" + string(m.Name())
}

// Every RPC declares an access policy, and every registered service is served.
func TestEveryRPCHasAnAccessPolicy(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	served := map[string]bool{}
	for _, name := range srv.Server.ServiceNames {
		served[name] = true
	}
	for _, m := range tremplinMethods(t) {
		if !served[string(m.Parent().FullName())] {
			t.Errorf("service %s is registered but not served", m.Parent().FullName())
		}
		if _, ok := srv.Server.Policies[procedure(m)]; !ok {
			t.Errorf("%s has no access policy", procedure(m))
		}
	}
}

// An anonymous call to any non-public RPC is refused as unauthenticated, before anything
// else happens; public ones are not refused for want of a session.
func TestAnonymousCallsAreRefused(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	client := testserver.HTTPClient(t)
	for _, m := range tremplinMethods(t) {
		policy := srv.Server.Policies[procedure(m)]
		status, body := srv.ConnectJSON(t, client, procedure(m), "{}")
		if policy.Public {
			if body["code"] == "unauthenticated" {
				t.Errorf("public %s refused an anonymous caller: %v", procedure(m), body)
			}
			continue
		}
		if status != http.StatusUnauthorized || body["code"] != "unauthenticated" {
			t.Errorf("anonymous %s: got %d %v, want 401 unauthenticated", procedure(m), status, body)
		}
	}
}

// Each role is refused every RPC its role is not listed for (admin-only RPCs for candidates,
// candidate RPCs for admins…).
func TestRolesAreRefusedOtherRolesRPCs(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	agencyRow := srv.CreateAgency(t, "Agence Test", 5)
	accounts := map[viewer.Role]string{
		viewer.RoleCandidate:   "candidat@test.fr",
		viewer.RoleAgencyAdmin: "agence@test.fr",
		viewer.RoleAdmin:       "admin@test.fr",
	}
	srv.CreateUser(t, accounts[viewer.RoleCandidate], testserver.UserSpec{AgencyID: &agencyRow.ID, License: "valid"})
	srv.CreateUser(t, accounts[viewer.RoleAgencyAdmin], testserver.UserSpec{Role: user.RoleAgencyAdmin, AgencyID: &agencyRow.ID})
	srv.CreateUser(t, accounts[viewer.RoleAdmin], testserver.UserSpec{Role: user.RoleAdmin})
	for role, email := range accounts {
		client := testserver.HTTPClient(t)
		if status, body := srv.JSON(t, client, http.MethodPost, "/api/auth/login", map[string]string{"email": email, "password": testserver.Password}); status != http.StatusOK {
			t.Fatalf("login %s: %d %v", email, status, body)
		}
		refused := 0
		for _, m := range tremplinMethods(t) {
			policy := srv.Server.Policies[procedure(m)]
			if policy.Public || policy.Allows(role) {
				continue
			}
			refused++
			status, body := srv.ConnectJSON(t, client, procedure(m), "{}")
			if status != http.StatusForbidden || body["code"] != "permission_denied" || !hasReason(body, "ROLE_NOT_ALLOWED") {
				t.Errorf("%s calling %s: got %d %v, want 403 ROLE_NOT_ALLOWED", role, procedure(m), status, body)
			}
		}
		if refused == 0 {
			t.Errorf("no RPC is closed to %s: the walk checked nothing", role)
		}
	}
}

// hasReason reports whether a Connect JSON error body carries the ErrorInfo reason.
func hasReason(body map[string]any, reason string) bool {
	details, _ := body["details"].([]any)
	for _, d := range details {
		detail, _ := d.(map[string]any)
		debug, _ := detail["debug"].(map[string]any)
		if detail["type"] == "google.rpc.ErrorInfo" && debug["reason"] == reason {
			return true
		}
	}
	return false
}

// The spec's premium features, declared field by field on the requests: search and filters
// of every list. A field dropped from the contract fails here.
var specPremiumFields = map[string][]string{
	"/tremplin.network.v1.NetworkService/ListContacts":             {"search", "statuses", "tags"},
	"/tremplin.opportunity.v1.OpportunityService/ListApplications": {"search", "statuses"},
	"/tremplin.activity.v1.ActivityService/ListTasks":              {"search", "statuses", "media_types", "priorities"},
	"/tremplin.activity.v1.ActivityService/ListEvents":             {"search", "statuses", "media_types"},
}

// Every premium field of every request, set alone, is refused to a candidate without premium
// before the handler runs, and let through for a premium one.
func TestPremiumFieldsAreRefusedWithoutPremium(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	free := srv.SignInAs(t, testserver.EndedTrialCandidate, "bruno@test.fr")
	premium := srv.SignInAs(t, testserver.TrialCandidate, "alice@test.fr")
	declared := map[string][]string{}
	for _, m := range tremplinMethods(t) {
		paths := access.PremiumFieldPaths(m.Input())
		if len(paths) == 0 {
			continue
		}
		declared[procedure(m)] = paths
		policy := srv.Server.Policies[procedure(m)]
		if !policy.Allows(viewer.RoleCandidate) {
			t.Errorf("%s declares premium fields %v but candidates may not call it", procedure(m), paths)
			continue
		}
		for _, path := range paths {
			body := requestSetting(t, m.Input(), path)
			status, res := srv.ConnectJSON(t, free.HTTP, procedure(m), body)
			if status != http.StatusForbidden || !hasReason(res, "PREMIUM_REQUIRED") {
				t.Errorf("%s with %s, without premium: got %d %v, want 403 PREMIUM_REQUIRED", procedure(m), path, status, res)
			}
			if _, res := srv.ConnectJSON(t, premium.HTTP, procedure(m), body); hasReason(res, "PREMIUM_REQUIRED") {
				t.Errorf("%s with %s refused to a premium candidate: %v", procedure(m), path, res)
			}
		}
		// The same call without the premium fields is not refused for want of premium.
		if _, res := srv.ConnectJSON(t, free.HTTP, procedure(m), "{}"); hasReason(res, "PREMIUM_REQUIRED") {
			t.Errorf("%s without premium fields refused: %v", procedure(m), res)
		}
	}
	for proc, want := range specPremiumFields {
		for _, f := range want {
			if !slices.Contains(declared[proc], f) {
				t.Errorf("%s: %s is premium in the spec but not declared (declared: %v)", proc, f, declared[proc])
			}
		}
	}
}

// requestSetting answers the JSON of a request of type md whose field at path (dotted proto
// names) holds one non-zero value, and nothing else.
func requestSetting(t *testing.T, md protoreflect.MessageDescriptor, path string) string {
	t.Helper()
	root := dynamicpb.NewMessage(md)
	msg := protoreflect.Message(root)
	names := strings.Split(path, ".")
	for i, name := range names {
		fd := msg.Descriptor().Fields().ByName(protoreflect.Name(name))
		if fd == nil {
			t.Fatalf("%s has no field %s", md.FullName(), path)
		}
		last := i == len(names)-1
		switch {
		case !last && fd.IsList():
			elem := msg.Mutable(fd).List().NewElement()
			msg.Mutable(fd).List().Append(elem)
			msg = elem.Message()
		case !last:
			msg = msg.Mutable(fd).Message()
		case fd.IsList():
			list := msg.Mutable(fd).List()
			list.Append(sampleValue(fd, list.NewElement()))
		case fd.Message() != nil:
			msg.Mutable(fd)
		default:
			msg.Set(fd, sampleValue(fd, msg.NewField(fd)))
		}
	}
	data, err := protojson.Marshal(root)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// sampleValue is a valid non-zero value of a scalar field (elem for messages).
func sampleValue(fd protoreflect.FieldDescriptor, elem protoreflect.Value) protoreflect.Value {
	switch fd.Kind() {
	case protoreflect.StringKind:
		return protoreflect.ValueOfString("premium")
	case protoreflect.EnumKind:
		return protoreflect.ValueOfEnum(1)
	case protoreflect.BoolKind:
		return protoreflect.ValueOfBool(true)
	case protoreflect.Int32Kind:
		return protoreflect.ValueOfInt32(1)
	case protoreflect.Int64Kind:
		return protoreflect.ValueOfInt64(1)
	}
	return elem
}

// An id that names nothing never leads to an internal error: every RPC taking an id answers
// NotFound naming what it looked for (or refuses the rest of the request), for every role it
// admits.
func TestUnknownIDsAnswerNotFound(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	callers := map[viewer.Role]*testserver.Session{
		viewer.RoleCandidate:   srv.SignInAs(t, testserver.TrialCandidate, "alice@test.fr"),
		viewer.RoleAgencyAdmin: srv.SignInAs(t, testserver.AgencyAdmin, "agence@test.fr"),
		viewer.RoleAdmin:       srv.SignInAs(t, testserver.Admin, "admin@test.fr"),
	}
	checked := 0
	for _, m := range tremplinMethods(t) {
		if m.Input().Fields().ByName("id") == nil {
			continue
		}
		for role, caller := range callers {
			if !srv.Server.Policies[procedure(m)].Allows(role) {
				continue
			}
			status, res := srv.ConnectJSON(t, caller.HTTP, procedure(m), `{"id":"`+uuid.NewString()+`"}`)
			switch {
			case res["code"] == "unimplemented":
				continue
			case status >= 500:
				t.Errorf("%s as %s with an unknown id: %d %v", procedure(m), role, status, res)
			case status < 300:
				t.Errorf("%s as %s answered an unknown id as if it named something: %d %v", procedure(m), role, status, res)
			case res["code"] != "not_found" && res["code"] != "invalid_argument":
				t.Errorf("%s as %s with an unknown id: %d %v, want not_found (or the rest of the request refused)", procedure(m), role, status, res)
			case res["code"] == "not_found" && !strings.HasSuffix(res["message"].(string), " introuvable"),
				res["message"] == "Élément introuvable":
				t.Errorf("%s as %s: not-found names nothing: %v", procedure(m), role, res)
			}
			checked++
		}
	}
	if checked < 5 {
		t.Fatalf("only %d calls checked", checked)
	}
}

// An API key acts with its role's rights, except on the RPCs for people only (the keys' own
// management), which refuse every key with API_KEY_NOT_ALLOWED before anything is done.
func TestAPIKeysAreRefusedTheRPCsForPeopleOnly(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	agencyRow := srv.CreateAgency(t, "Agence Test", 5)
	keys := map[string]*testserver.Session{
		"agency key":   srv.KeySession(srv.APIKey(t, agencyRow.ID.String())),
		"platform key": srv.KeySession(srv.APIKey(t, "")),
	}
	refused := 0
	for _, m := range tremplinMethods(t) {
		policy := srv.Server.Policies[procedure(m)]
		if !policy.PeopleOnly {
			continue
		}
		refused++
		for name, key := range keys {
			status, body := srv.ConnectJSON(t, key.HTTP, procedure(m), "{}")
			if status != http.StatusForbidden || !hasReason(body, "API_KEY_NOT_ALLOWED") {
				t.Errorf("%s calling %s: %d %v, want 403 API_KEY_NOT_ALLOWED", name, procedure(m), status, body)
			}
		}
	}
	if refused < 3 {
		t.Errorf("%d RPCs for people only, want at least the 3 of API keys", refused)
	}
}
