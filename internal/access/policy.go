package access

import (
	"fmt"
	"slices"
	"strings"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	optionsv1 "github.com/tremplin/tremplin/gen/tremplin/options/v1"
	"github.com/tremplin/tremplin/internal/viewer"
)

// Policy is the access policy of one RPC, read from its (tremplin.options.v1.access) option.
type Policy struct {
	Public  bool
	Roles   []viewer.Role
	Premium bool
	// PeopleOnly: callers with an API key are refused, whatever their role.
	PeopleOnly bool
}

// Allows reports whether role may call.
func (p Policy) Allows(role viewer.Role) bool { return slices.Contains(p.Roles, role) }

// Policies maps each procedure ("/tremplin.auth.v1.AuthService/Login") to its policy.
type Policies map[string]Policy

var knownRoles = []viewer.Role{viewer.RoleCandidate, viewer.RoleAgencyAdmin, viewer.RoleAdmin}

// PoliciesOf reads the policy of every method of the services. It fails when a method has no
// policy, names an unknown role, is neither public nor open to a role, or streams — so an RPC added
// without a policy stops the server (and the tests) rather than being open or closed by
// accident.
func PoliciesOf(services ...protoreflect.ServiceDescriptor) (Policies, error) {
	out := Policies{}
	var problems []string
	for _, service := range services {
		methods := service.Methods()
		for i := range methods.Len() {
			method := methods.Get(i)
			procedure := "/" + string(service.FullName()) + "/" + string(method.Name())
			if method.IsStreamingClient() || method.IsStreamingServer() {
				// The interceptors (authentication, policy, validation) are unary only.
				problems = append(problems, procedure+": streaming methods are not supported")
				continue
			}
			policy, err := policyOf(method)
			if err != nil {
				problems = append(problems, procedure+": "+err.Error())
				continue
			}
			out[procedure] = policy
		}
	}
	if len(problems) > 0 {
		return nil, fmt.Errorf("access policies: %s", strings.Join(problems, "; "))
	}
	return out, nil
}

func policyOf(method protoreflect.MethodDescriptor) (Policy, error) {
	opts := method.Options()
	if opts == nil || !proto.HasExtension(opts, optionsv1.E_Access) {
		return Policy{}, fmt.Errorf("no (tremplin.options.v1.access) option")
	}
	declared, _ := proto.GetExtension(opts, optionsv1.E_Access).(*optionsv1.AccessPolicy)
	policy := Policy{Public: declared.GetPublic(), Premium: declared.GetPremium(), PeopleOnly: declared.GetPeopleOnly()}
	for _, name := range declared.GetRoles() {
		role := viewer.Role(name)
		if !slices.Contains(knownRoles, role) {
			return Policy{}, fmt.Errorf("unknown role %q", name)
		}
		policy.Roles = append(policy.Roles, role)
	}
	if !policy.Public && len(policy.Roles) == 0 {
		return Policy{}, fmt.Errorf("neither public nor open to any role")
	}
	if policy.Public && (len(policy.Roles) > 0 || policy.Premium || policy.PeopleOnly) {
		return Policy{}, fmt.Errorf("public methods take no roles, premium or people_only")
	}
	return policy, nil
}
