package server_test

import (
	"net/http"
	"strings"
	"testing"

	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"

	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/testserver"
	"github.com/tremplin/tremplin/internal/viewer"
)

// tremplinMethods walks every RPC of every tremplin.* service compiled into the binary, so a
// service or a method added later is covered without touching this test.
func tremplinMethods(t *testing.T) []protoreflect.MethodDescriptor {
	t.Helper()
	var methods []protoreflect.MethodDescriptor
	protoregistry.GlobalFiles.RangeFiles(func(f protoreflect.FileDescriptor) bool {
		if !strings.HasPrefix(string(f.Package()), "tremplin.") {
			return true
		}
		for i := range f.Services().Len() {
			s := f.Services().Get(i)
			for j := range s.Methods().Len() {
				methods = append(methods, s.Methods().Get(j))
			}
		}
		return true
	})
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
