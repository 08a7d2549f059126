// Package handler is the prologue of every service handler: who is calling (one call per
// role, refusing the others), the caller's account, the clock, and transactions (the ids of
// the request: apierr.ID). Handlers return plain errors after it: the rpc error interceptor
// maps them all in one place (apierr.From), so a handler only builds the refusals of its own
// rules.
//
// docs/adding-a-service.md shows a whole RPC written with it.
package handler

import (
	"context"
	"time"

	"github.com/google/uuid"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/authn"
	"github.com/tremplin/tremplin/internal/clock"
	"github.com/tremplin/tremplin/internal/db"
	"github.com/tremplin/tremplin/internal/users"
	"github.com/tremplin/tremplin/internal/viewer"
)

// Base is embedded by every service: its database and its clock.
type Base struct {
	Client *ent.Client
	// Clock tells the time of the service's rules (default: the system clock).
	Clock clock.Clock
}

// Now is the service's current time, in UTC.
func (b *Base) Now() time.Time {
	if b.Clock == nil {
		return clock.Real{}.Now()
	}
	return b.Clock.Now()
}

// Tx runs fn in one transaction (db.WithTx): committed when fn succeeds, rolled back when it
// fails or panics. Its errors go out as they are; the error interceptor names a not-found
// after the entity whose query found nothing, so a task's transaction answers « Tâche
// introuvable » for the task and « Contact introuvable » for a contact it names.
func (b *Base) Tx(ctx context.Context, fn func(ctx context.Context, tx *ent.Tx) error) error {
	return db.WithTx(ctx, b.Client, fn)
}

// InTx is Base.Tx for a write that answers what it wrote: fn's answer once the transaction
// committed, or fn's error (the transaction rolled back). It spares each write the variable
// it would otherwise set from inside the transaction.
func InTx[T any](ctx context.Context, b *Base, fn func(ctx context.Context, tx *ent.Tx) (T, error)) (T, error) {
	var out T
	err := b.Tx(ctx, func(ctx context.Context, tx *ent.Tx) error {
		var err error
		out, err = fn(ctx, tx)
		return err
	})
	if err != nil {
		var none T
		return none, err
	}
	return out, nil
}

// CurrentUser answers the caller's account: the one authentication loaded with the session,
// or a read for calls made with an API key.
func (b *Base) CurrentUser(ctx context.Context, v *viewer.Viewer) (*ent.User, error) {
	if u := authn.UserFrom(ctx); u != nil && u.ID == v.UserID {
		return u, nil
	}
	return b.Client.User.Query().Where(user.ID(v.UserID)).Only(ctx)
}

// CallerTime answers the service's time and the caller's time zone (users.LocationOf), which
// decide "today" for the caller: a task's deadline, the day of an event, the week of the
// dashboard, the date in a file's name.
func (b *Base) CallerTime(ctx context.Context, v *viewer.Viewer) (time.Time, *time.Location, error) {
	u, err := b.CurrentUser(ctx, v)
	if err != nil {
		return time.Time{}, nil, err
	}
	return b.Now(), users.LocationOf(u), nil
}

// CandidateAndTime is the prologue of a candidate's RPC that depends on their "today" (a
// week, a deadline): the signed-in candidate (Candidate), then CallerTime.
func (b *Base) CandidateAndTime(ctx context.Context) (*viewer.Viewer, time.Time, *time.Location, error) {
	v, err := Candidate(ctx)
	if err != nil {
		return nil, time.Time{}, nil, err
	}
	now, loc, err := b.CallerTime(ctx, v)
	if err != nil {
		return nil, time.Time{}, nil, err
	}
	return v, now, loc, nil
}

// Candidate answers the signed-in candidate, and refuses any other caller. The access policy
// of the RPC has admitted the role already; this is the handler's own check, so a policy
// widened by mistake does not hand a candidate's rules to another role.
func Candidate(ctx context.Context) (*viewer.Viewer, error) {
	return signedIn(ctx, viewer.RoleCandidate)
}

// CandidateAndID is the prologue of a candidate's RPC about one of their objects: the
// signed-in candidate (Candidate), then the id of the object the request names (apierr.ID: a
// malformed one is NotFound « e introuvable »). The caller comes first, so that another role
// is refused before anything is said of the id.
func CandidateAndID(ctx context.Context, raw string, e apierr.Entity) (*viewer.Viewer, uuid.UUID, error) {
	return callerAndID(ctx, Candidate, raw, e)
}

// ManagerAndID is CandidateAndID for the RPCs both staff roles call (Manager).
func ManagerAndID(ctx context.Context, raw string, e apierr.Entity) (*viewer.Viewer, uuid.UUID, error) {
	return callerAndID(ctx, Manager, raw, e)
}

func callerAndID(ctx context.Context, caller func(context.Context) (*viewer.Viewer, error), raw string, e apierr.Entity) (*viewer.Viewer, uuid.UUID, error) {
	v, err := caller(ctx)
	if err != nil {
		return nil, uuid.Nil, err
	}
	id, err := apierr.ID(raw, e)
	if err != nil {
		return nil, uuid.Nil, err
	}
	return v, id, nil
}

// AgencyAdmin answers the agency administrator (a person or an agency API key), with the
// agency they act for.
func AgencyAdmin(ctx context.Context) (*viewer.Viewer, error) {
	v := viewer.FromContext(ctx)
	if v == nil || v.Role != viewer.RoleAgencyAdmin || v.AgencyID == uuid.Nil {
		return nil, apierr.RoleNotAllowed()
	}
	return v, nil
}

// Admin answers the platform administrator (a person or a platform API key).
func Admin(ctx context.Context) (*viewer.Viewer, error) {
	v := viewer.FromContext(ctx)
	if v == nil || v.Role != viewer.RoleAdmin {
		return nil, apierr.RoleNotAllowed()
	}
	return v, nil
}

// Manager answers a caller who manages candidates — the platform admin (every agency) or an
// agency admin (their agency: v.AgencyID) — and refuses anyone else. Handlers admitting both
// scope their queries with ManagesAll: the admin's name no agency, an agency admin's name
// theirs, and the tenancy rules filter them to that agency again.
func Manager(ctx context.Context) (*viewer.Viewer, error) {
	v := viewer.FromContext(ctx)
	switch {
	case v == nil:
	case v.Role == viewer.RoleAdmin:
		return v, nil
	case v.Role == viewer.RoleAgencyAdmin && v.AgencyID != uuid.Nil:
		return v, nil
	}
	return nil, apierr.RoleNotAllowed()
}

// ManagesAll reports whether v (a Manager) acts for every agency: the platform admin.
func ManagesAll(v *viewer.Viewer) bool { return v.Role == viewer.RoleAdmin }

// ManagedAgency reads the agency a request names (raw, the request's agency_id) and checks that
// the Manager v manages it: an agency admin only their own (empty means theirs; another answers
// « Agence introuvable », as an unknown id does); the platform admin must name one (root: the
// request, for the field's path).
func ManagedAgency(v *viewer.Viewer, raw string, root protoreflect.MessageDescriptor) (uuid.UUID, error) {
	id, err := apierr.OptionalID(raw, apierr.Agency)
	if err != nil {
		return uuid.Nil, err
	}
	if !ManagesAll(v) {
		if id != nil && *id != v.AgencyID {
			return uuid.Nil, apierr.NotFound(apierr.Agency)
		}
		return v.AgencyID, nil
	}
	if id == nil {
		return uuid.Nil, apierr.InvalidField(root, "agency_id", "agency_id.required", apierr.Required)
	}
	return *id, nil
}

// Person answers the signed-in person, whatever their role (their own profile); API keys,
// which have no person behind them, are refused.
func Person(ctx context.Context) (*viewer.Viewer, error) {
	v := viewer.FromContext(ctx)
	if v == nil || v.UserID == uuid.Nil {
		return nil, apierr.RoleNotAllowed()
	}
	return v, nil
}

func signedIn(ctx context.Context, role viewer.Role) (*viewer.Viewer, error) {
	v := viewer.FromContext(ctx)
	if v == nil || v.Role != role || v.UserID == uuid.Nil {
		return nil, apierr.RoleNotAllowed()
	}
	return v, nil
}
