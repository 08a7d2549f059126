package handler_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/clock"
	"github.com/tremplin/tremplin/internal/handler"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/viewer"
)

// The callers a handler can meet: people of each role, API keys (no person behind them), an
// agency admin without an agency, and nobody.
var (
	candidate   = &viewer.Viewer{UserID: uuid.New(), Role: viewer.RoleCandidate}
	agencyAdmin = &viewer.Viewer{UserID: uuid.New(), Role: viewer.RoleAgencyAdmin, AgencyID: uuid.New()}
	agencyKey   = &viewer.Viewer{Role: viewer.RoleAgencyAdmin, AgencyID: uuid.New(), APIKeyID: uuid.New()}
	admin       = &viewer.Viewer{UserID: uuid.New(), Role: viewer.RoleAdmin}
	platformKey = &viewer.Viewer{Role: viewer.RoleAdmin, APIKeyID: uuid.New()}
	noAgency    = &viewer.Viewer{UserID: uuid.New(), Role: viewer.RoleAgencyAdmin}
)

// Each prologue admits exactly its callers and refuses the others with ROLE_NOT_ALLOWED, so a
// policy widened by mistake never hands one role's rules to another.
func TestEachPrologueAdmitsItsCallersOnly(t *testing.T) {
	all := map[string]*viewer.Viewer{
		"candidate": candidate, "agency admin": agencyAdmin, "agency key": agencyKey,
		"admin": admin, "platform key": platformKey, "agency admin without agency": noAgency, "nobody": nil,
	}
	prologues := []struct {
		name   string
		call   func(context.Context) (*viewer.Viewer, error)
		admits []string
	}{
		{"Candidate", handler.Candidate, []string{"candidate"}},
		{"AgencyAdmin", handler.AgencyAdmin, []string{"agency admin", "agency key"}},
		{"Admin", handler.Admin, []string{"admin", "platform key"}},
		{"Manager", handler.Manager, []string{"agency admin", "agency key", "admin", "platform key"}},
		{"Person", handler.Person, []string{"candidate", "agency admin", "admin", "agency admin without agency"}},
	}
	for _, p := range prologues {
		for who, v := range all {
			ctx := context.Background()
			if v != nil {
				ctx = viewer.NewContext(ctx, v)
			}
			got, err := p.call(ctx)
			admitted := false
			for _, a := range p.admits {
				admitted = admitted || a == who
			}
			switch {
			case admitted && (err != nil || got != v):
				t.Errorf("%s refused the %s: %v", p.name, who, err)
			case !admitted && (err == nil || connect.CodeOf(err) != connect.CodePermissionDenied || apierr.ReasonOf(err) != "ROLE_NOT_ALLOWED"):
				t.Errorf("%s answered the %s %v, %v; want PERMISSION_DENIED/ROLE_NOT_ALLOWED", p.name, who, got, err)
			}
		}
	}
	if !handler.ManagesAll(admin) || !handler.ManagesAll(platformKey) || handler.ManagesAll(agencyAdmin) || handler.ManagesAll(agencyKey) {
		t.Error("ManagesAll: only the platform admin acts for every agency")
	}
}

// CallerTime is the service's clock and the caller's own zone ("today" for them); a user
// without a zone, or with one unknown, is in Europe/Paris.
func TestCallerTime(t *testing.T) {
	d := testdb.New(t, testdb.SQLite)
	ctx := viewer.SystemContext(context.Background())
	now := time.Date(2026, 11, 27, 23, 30, 0, 0, time.UTC)
	base := &handler.Base{Client: d.Client, Clock: clock.NewFake(now)}
	for zone, want := range map[string]string{"America/Montreal": "America/Montreal", "": "Europe/Paris", "Mars/Olympus": "Europe/Paris"} {
		u := d.Client.User.Create().SetEmail(uuid.NewString() + "@exemple.fr").SetFirstName("Léa").SetLastName("DUBOIS").
			SetRole("candidate").SetTimeZone(zone).SaveX(ctx)
		got, loc, err := base.CallerTime(ctx, &viewer.Viewer{UserID: u.ID, Role: viewer.RoleCandidate})
		if err != nil {
			t.Fatal(err)
		}
		if !got.Equal(now) || loc.String() != want {
			t.Errorf("zone %q: %v in %v, want %v in %s", zone, got, loc, now, want)
		}
	}
	// CandidateAndTime: the candidate's own zone; another role is refused before any read.
	u := d.Client.User.Create().SetEmail(uuid.NewString() + "@exemple.fr").SetFirstName("Léa").SetLastName("DUBOIS").
		SetRole("candidate").SetTimeZone("America/Montreal").SaveX(ctx)
	v := &viewer.Viewer{UserID: u.ID, Role: viewer.RoleCandidate}
	if got, at, loc, err := base.CandidateAndTime(viewer.NewContext(ctx, v)); err != nil || got != v || !at.Equal(now) || loc.String() != "America/Montreal" {
		t.Errorf("CandidateAndTime: %v, %v in %v, %v", got, at, loc, err)
	}
	if _, _, _, err := base.CandidateAndTime(viewer.NewContext(ctx, admin)); apierr.ReasonOf(err) != "ROLE_NOT_ALLOWED" {
		t.Errorf("CandidateAndTime for an admin: %v; want ROLE_NOT_ALLOWED", err)
	}
	// Someone whose account is gone: NotFound, not a zone.
	if _, _, err := base.CallerTime(ctx, &viewer.Viewer{UserID: uuid.New(), Role: viewer.RoleCandidate}); connect.CodeOf(apierr.From(err)) != connect.CodeNotFound {
		t.Errorf("a caller without an account: %v", err)
	}
}

// CandidateAndID and ManagerAndID check the caller before the id: another role is refused
// whatever the id, a malformed id from the right caller is NotFound naming the entity.
func TestCallerAndID(t *testing.T) {
	id := uuid.New()
	for _, c := range []struct {
		name        string
		call        func(context.Context, string, apierr.Entity) (*viewer.Viewer, uuid.UUID, error)
		admitted    *viewer.Viewer
		notAdmitted *viewer.Viewer
	}{
		{"CandidateAndID", handler.CandidateAndID, candidate, agencyAdmin},
		{"ManagerAndID", handler.ManagerAndID, agencyKey, candidate},
	} {
		in := func(v *viewer.Viewer) context.Context { return viewer.NewContext(context.Background(), v) }
		if v, got, err := c.call(in(c.admitted), id.String(), apierr.Task); err != nil || v != c.admitted || got != id {
			t.Errorf("%s: %v, %v, %v; want the caller and %v", c.name, v, got, err, id)
		}
		if _, _, err := c.call(in(c.notAdmitted), "not-an-id", apierr.Task); apierr.ReasonOf(err) != "ROLE_NOT_ALLOWED" {
			t.Errorf("%s, another role with a malformed id: %v; want ROLE_NOT_ALLOWED", c.name, err)
		}
		_, _, err := c.call(in(c.admitted), "not-an-id", apierr.Task)
		if connect.CodeOf(err) != connect.CodeNotFound || !strings.Contains(err.Error(), "Tâche introuvable") {
			t.Errorf("%s, a malformed id: %v; want NotFound « Tâche introuvable »", c.name, err)
		}
	}
}

// InTx answers what the write answers once it committed; a write that fails leaves nothing
// behind and answers the zero value with its error.
func TestInTxAnswersTheCommittedWrite(t *testing.T) {
	d := testdb.New(t, testdb.SQLite)
	ctx := viewer.SystemContext(context.Background())
	base := &handler.Base{Client: d.Client}
	create := func(ctx context.Context, tx *ent.Tx, email string) (*ent.User, error) {
		return tx.User.Create().SetEmail(email).SetFirstName("Léa").SetLastName("DUBOIS").SetRole("candidate").Save(ctx)
	}

	saved, err := handler.InTx(ctx, base, func(ctx context.Context, tx *ent.Tx) (*ent.User, error) {
		return create(ctx, tx, "lea@exemple.fr")
	})
	if err != nil || saved == nil || saved.Email != "lea@exemple.fr" {
		t.Fatalf("a write that succeeds: %v, %v", saved, err)
	}
	if got, err := d.Client.User.Get(ctx, saved.ID); err != nil || got.Email != saved.Email {
		t.Errorf("the answered user is not committed: %v, %v", got, err)
	}

	refused := errors.New("refused")
	got, err := handler.InTx(ctx, base, func(ctx context.Context, tx *ent.Tx) (*ent.User, error) {
		u, err := create(ctx, tx, "bruno@exemple.fr")
		if err != nil {
			return nil, err
		}
		return u, refused
	})
	if !errors.Is(err, refused) || got != nil {
		t.Errorf("a write that fails: %v, %v; want nil and its error", got, err)
	}
	if n := d.Client.User.Query().Where(user.Email("bruno@exemple.fr")).CountX(ctx); n != 0 {
		t.Errorf("the failed write left %d user behind", n)
	}
}
