// Package tenancy holds the ent privacy policies that keep each user inside their own rows.
// Services scope their queries too; these rules make a forgotten filter an empty result (a
// NotFound), never a leak. Only trusted server code running under viewer.SystemContext
// bypasses them.
package tenancy

import (
	"context"
	"fmt"

	"entgo.io/ent"
	"entgo.io/ent/entql"
	"github.com/google/uuid"

	entgen "github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/privacy"
	"github.com/tremplin/tremplin/internal/viewer"
)

// allowSystem lets trusted server code through.
var allowSystem = privacy.ContextQueryMutationRule(func(ctx context.Context) error {
	if viewer.FromContext(ctx).IsSystem() {
		return privacy.Allow
	}
	return privacy.Skip
})

// allowAdmin lets the platform admin through.
var allowAdmin = privacy.ContextQueryMutationRule(func(ctx context.Context) error {
	if v := viewer.FromContext(ctx); v != nil && v.Role == viewer.RoleAdmin {
		return privacy.Allow
	}
	return privacy.Skip
})

// filter adds a predicate to a query or to an update/delete, then lets later rules decide.
func filter(f privacy.Filter, p entql.P) error {
	f.Where(p)
	return privacy.Skip
}

func requireViewer(ctx context.Context) (*viewer.Viewer, error) {
	v := viewer.FromContext(ctx)
	if v == nil {
		return nil, privacy.Denyf("tenancy: no viewer in context")
	}
	return v, nil
}

// byViewer makes a rule of decide, which rules by the caller's viewer: a filter (of a query or
// a mutation) or a mutation rule. A call without a viewer is refused.
func byViewer[T any](decide func(v *viewer.Viewer, x T) error) func(context.Context, T) error {
	return func(ctx context.Context, x T) error {
		v, err := requireViewer(ctx)
		if err != nil {
			return err
		}
		return decide(v, x)
	}
}

// uuidField reads a UUID field value being set by a mutation.
func uuidField(m ent.Mutation, name string) (uuid.UUID, bool) {
	value, ok := m.Field(name)
	if !ok {
		return uuid.Nil, false
	}
	id, ok := value.(uuid.UUID)
	return id, ok
}

// OwnedPolicy guards a candidate's own data: a candidate reads and changes only rows whose
// owner_id is theirs and creates rows only for themselves; other roles have no access.
func OwnedPolicy() ent.Policy {
	owned := privacy.FilterFunc(byViewer(func(v *viewer.Viewer, f privacy.Filter) error {
		if v.Role != viewer.RoleCandidate {
			return privacy.Denyf("tenancy: only candidates own network and activity data")
		}
		return filter(f, entql.FieldEQ("owner_id", v.UserID))
	}))
	createOwn := privacy.MutationRuleFunc(func(ctx context.Context, m entgen.Mutation) error {
		if !m.Op().Is(ent.OpCreate) {
			return privacy.Skip
		}
		v, err := requireViewer(ctx)
		if err != nil {
			return err
		}
		if owner, ok := uuidField(m, "owner_id"); !ok || v.Role != viewer.RoleCandidate || owner != v.UserID {
			return privacy.Denyf("tenancy: a candidate creates rows only for themselves")
		}
		return privacy.Allow
	})
	return privacy.Policy{
		Query:    privacy.QueryPolicy{allowSystem, owned},
		Mutation: privacy.MutationPolicy{allowSystem, managerDeletes, createOwn, owned},
	}
}

// managerDeletes lets the people who delete candidates delete what those candidates own
// (DeleteCandidate): the platform admin any candidate's rows, an agency admin only the rows of
// their agency's candidates. Nobody but the owner reads or changes them otherwise.
var managerDeletes = privacy.MutationRuleFunc(func(ctx context.Context, m entgen.Mutation) error {
	if !m.Op().Is(ent.OpDelete | ent.OpDeleteOne) {
		return privacy.Skip
	}
	v, err := requireViewer(ctx)
	if err != nil {
		return err
	}
	switch v.Role {
	case viewer.RoleAdmin:
		return privacy.Allow
	case viewer.RoleAgencyAdmin:
		if v.AgencyID == uuid.Nil {
			return privacy.Denyf("tenancy: an agency admin without an agency")
		}
		ofTheirCandidates := privacy.FilterFunc(func(_ context.Context, f privacy.Filter) error {
			f.Where(entql.HasEdgeWith("owner",
				entql.FieldEQ("agency_id", v.AgencyID), entql.FieldEQ("role", string(viewer.RoleCandidate))))
			return privacy.Allow
		})
		return ofTheirCandidates.EvalMutation(ctx, m)
	}
	return privacy.Skip
})

// protectedUserFields decide access and billing: never a candidate's to change (set or
// clear), nor an agency admin's — except free access, which an agency admin grants to the
// agency's candidates (spec section 4).
var protectedUserFields = []string{"role", "is_b2c", "has_paid", "has_free_access", "agency_id", "trial_end_at"}

// changesProtectedField answers the protected field m sets or clears that v may not change.
func changesProtectedField(v *viewer.Viewer, m entgen.Mutation) (string, bool) {
	for _, name := range protectedUserFields {
		if v.Role == viewer.RoleAgencyAdmin && name == "has_free_access" {
			continue
		}
		if _, set := m.Field(name); set || m.FieldCleared(name) {
			return name, true
		}
	}
	return "", false
}

// UserPolicy: the admin sees everyone; an agency admin sees themselves and their agency's
// members, and manages the agency's candidates; a candidate sees only themselves.
func UserPolicy() ent.Policy {
	scope := privacy.FilterFunc(byViewer(func(v *viewer.Viewer, f privacy.Filter) error {
		switch v.Role {
		case viewer.RoleAgencyAdmin:
			return filter(f, entql.Or(
				entql.FieldEQ("id", v.UserID),
				entql.FieldEQ("agency_id", v.AgencyID),
			))
		case viewer.RoleCandidate:
			return filter(f, entql.FieldEQ("id", v.UserID))
		}
		return privacy.Denyf("tenancy: unknown role %q", v.Role)
	}))
	mutate := privacy.MutationRuleFunc(byViewer(func(v *viewer.Viewer, m entgen.Mutation) error {
		if m.Op().Is(ent.OpCreate) {
			// An agency admin creates candidates of their own agency.
			agency, _ := uuidField(m, "agency_id")
			role, _ := m.Field("role")
			if v.Role == viewer.RoleAgencyAdmin && agency != uuid.Nil && agency == v.AgencyID && fmt.Sprint(role) == string(viewer.RoleCandidate) {
				return privacy.Allow
			}
			return privacy.Denyf("tenancy: only admins create users outside their agency")
		}
		if v.Role == viewer.RoleCandidate || v.Role == viewer.RoleAgencyAdmin {
			if name, ok := changesProtectedField(v, m); ok {
				return privacy.Denyf("tenancy: %s is not the %s's to change", name, v.Role)
			}
		}
		return privacy.Skip
	}))
	mutationScope := privacy.FilterFunc(byViewer(func(v *viewer.Viewer, f privacy.Filter) error {
		switch v.Role {
		case viewer.RoleAgencyAdmin:
			// Their own account, or a candidate of their agency.
			return filter(f, entql.Or(
				entql.FieldEQ("id", v.UserID),
				entql.And(entql.FieldEQ("agency_id", v.AgencyID), entql.FieldEQ("role", "candidate")),
			))
		case viewer.RoleCandidate:
			return filter(f, entql.FieldEQ("id", v.UserID))
		}
		return privacy.Denyf("tenancy: unknown role %q", v.Role)
	}))
	return privacy.Policy{
		Query:    privacy.QueryPolicy{allowSystem, allowAdmin, scope},
		Mutation: privacy.MutationPolicy{allowSystem, allowAdmin, mutate, mutationScope},
	}
}

// AgencyPolicy: the admin manages agencies; an agency admin reads and updates their own; a
// candidate reads their own agency.
func AgencyPolicy() ent.Policy {
	own := privacy.FilterFunc(byViewer(func(v *viewer.Viewer, f privacy.Filter) error {
		return filter(f, entql.FieldEQ("id", v.AgencyID))
	}))
	agencyAdminUpdates := privacy.MutationRuleFunc(byViewer(func(v *viewer.Viewer, m entgen.Mutation) error {
		if v.Role == viewer.RoleAgencyAdmin && m.Op().Is(ent.OpUpdate|ent.OpUpdateOne) {
			return privacy.Skip
		}
		return privacy.Denyf("tenancy: only admins create or delete agencies")
	}))
	return privacy.Policy{
		Query:    privacy.QueryPolicy{allowSystem, allowAdmin, own},
		Mutation: privacy.MutationPolicy{allowSystem, allowAdmin, agencyAdminUpdates, own},
	}
}

// LicensePolicy: the admin sees every licence; an agency admin their agency's; a candidate
// their own, read-only.
func LicensePolicy() ent.Policy {
	scope := privacy.FilterFunc(byViewer(func(v *viewer.Viewer, f privacy.Filter) error {
		switch v.Role {
		case viewer.RoleAgencyAdmin:
			return filter(f, entql.FieldEQ("agency_id", v.AgencyID))
		case viewer.RoleCandidate:
			return filter(f, entql.FieldEQ("candidate_id", v.UserID))
		}
		return privacy.Denyf("tenancy: unknown role %q", v.Role)
	}))
	mutate := privacy.MutationRuleFunc(byViewer(func(v *viewer.Viewer, m entgen.Mutation) error {
		if v.Role != viewer.RoleAgencyAdmin {
			return privacy.Denyf("tenancy: licences are managed by agencies")
		}
		if m.Op().Is(ent.OpCreate) {
			if agency, ok := uuidField(m, "agency_id"); !ok || agency != v.AgencyID {
				return privacy.Denyf("tenancy: a licence of another agency")
			}
			return privacy.Allow
		}
		return privacy.Skip
	}))
	return privacy.Policy{
		Query:    privacy.QueryPolicy{allowSystem, allowAdmin, scope},
		Mutation: privacy.MutationPolicy{allowSystem, allowAdmin, mutate, scope},
	}
}

// LicenseBatchPolicy: the admin adds licences to agencies; an agency admin reads the batches
// of their agency.
func LicenseBatchPolicy() ent.Policy {
	scope := ofTheirAgency("tenancy: licence batches belong to agencies")
	return privacy.Policy{
		Query:    privacy.QueryPolicy{allowSystem, allowAdmin, scope},
		Mutation: privacy.MutationPolicy{allowSystem, allowAdmin, privacy.AlwaysDenyRule()},
	}
}

// denyAPIKeys refuses callers authenticated by an API key: keys are managed by people only
// (the access policy's people_only refuses them first; this stops a handler that forgets).
var denyAPIKeys = privacy.ContextQueryMutationRule(func(ctx context.Context) error {
	if v := viewer.FromContext(ctx); v != nil && v.APIKeyID != uuid.Nil {
		return privacy.Denyf("tenancy: API keys do not manage API keys")
	}
	return privacy.Skip
})

// APIKeyPolicy: the admin manages every key; an agency admin the keys of their agency; a
// caller using an API key none.
func APIKeyPolicy() ent.Policy {
	scope := ofTheirAgency("tenancy: API keys belong to agencies and the platform")
	create := createdForTheirAgency("tenancy: an API key for another agency")
	return privacy.Policy{
		Query:    privacy.QueryPolicy{allowSystem, denyAPIKeys, allowAdmin, scope},
		Mutation: privacy.MutationPolicy{allowSystem, denyAPIKeys, allowAdmin, create, scope},
	}
}

// SystemOnlyPolicy guards plumbing (sessions, tokens, job runs, Stripe events) that only
// server code touches.
func SystemOnlyPolicy() ent.Policy {
	return privacy.Policy{
		Query:    privacy.QueryPolicy{allowSystem, privacy.AlwaysDenyRule()},
		Mutation: privacy.MutationPolicy{allowSystem, privacy.AlwaysDenyRule()},
	}
}

// AgencyOwnedPolicy guards rows that belong to one agency (its webhook endpoints, events and
// deliveries): the admin reaches every agency's, an agency admin their own agency's only, and
// nobody else any. Server code writes events and deliveries as the system.
func AgencyOwnedPolicy() ent.Policy {
	scope := ofTheirAgency("tenancy: these rows belong to agencies")
	create := createdForTheirAgency("tenancy: a row of another agency")
	return privacy.Policy{
		Query:    privacy.QueryPolicy{allowSystem, allowAdmin, scope},
		Mutation: privacy.MutationPolicy{allowSystem, allowAdmin, create, scope},
	}
}

// ofTheirAgency scopes an agency's rows (agency_id) to an agency admin's own agency and
// refuses every other role, saying refusal.
func ofTheirAgency(refusal string) privacy.FilterFunc {
	return privacy.FilterFunc(byViewer(func(v *viewer.Viewer, f privacy.Filter) error {
		if v.Role != viewer.RoleAgencyAdmin {
			return privacy.Denyf("%s", refusal)
		}
		return filter(f, entql.FieldEQ("agency_id", v.AgencyID))
	}))
}

// createdForTheirAgency lets an agency admin create a row of their own agency (agency_id)
// and refuses any other creation, saying refusal; other operations are for later rules.
func createdForTheirAgency(refusal string) privacy.MutationRuleFunc {
	return func(ctx context.Context, m entgen.Mutation) error {
		if !m.Op().Is(ent.OpCreate) {
			return privacy.Skip
		}
		v, err := requireViewer(ctx)
		if err != nil {
			return err
		}
		if agency, ok := uuidField(m, "agency_id"); v.Role == viewer.RoleAgencyAdmin && ok && agency == v.AgencyID {
			return privacy.Allow
		}
		return privacy.Denyf("%s", refusal)
	}
}
