package testserver

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"buf.build/gen/go/bufbuild/protovalidate/protocolbuffers/go/buf/validate"
	"connectrpc.com/connect"
	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/authn"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/viewer"
)

// EachDialect runs fn as a subtest (a sub-benchmark, for a *testing.B) against a fresh server
// on every dialect of the run (SQLite, and PostgreSQL when TEST_DATABASE_URL is set).
func EachDialect[T testdb.Runner[T]](t T, fn func(t T, srv *Start)) {
	t.Helper()
	for _, dia := range testdb.Dialects() {
		t.Run(string(dia), func(t T) { fn(t, New(t, dia)) })
	}
}

// Persona is a kind of caller, as the demo accounts show them (README): each test signs in as
// the ones its rules are about.
type Persona string

const (
	// TrialCandidate is a B2C candidate in her trial: premium (essai@demo).
	TrialCandidate Persona = "trial-candidate"
	// EndedTrialCandidate is a B2C candidate whose trial ended: signed in, without premium
	// (expire@demo).
	EndedTrialCandidate Persona = "ended-trial-candidate"
	// LicensedCandidate is a B2B candidate with a valid licence of an agency: premium
	// (candidat@demo).
	LicensedCandidate Persona = "licensed-candidate"
	// AgencyAdmin administers an agency (agence@demo).
	AgencyAdmin Persona = "agency-admin"
	// Admin is the platform administrator (admin@demo).
	Admin Persona = "admin"
)

// Personas are every persona that can sign in.
var Personas = []Persona{TrialCandidate, EndedTrialCandidate, LicensedCandidate, AgencyAdmin, Admin}

// Session is a signed-in caller: their account and an HTTP client carrying the session
// cookie, for the JSON routes and for Connect clients (see Connect).
type Session struct {
	User *ent.User
	HTTP *http.Client
	srv  *Start
}

// SignInAs creates an account of the persona with this e-mail (and, for agency personas, an
// agency of its own unless one is given) and signs it in through POST /api/auth/login.
func (s *Start) SignInAs(t testing.TB, p Persona, email string, agency ...*ent.Agency) *Session {
	t.Helper()
	return s.SignIn(t, email, s.specOf(t, p, email, agency...))
}

// SignIn creates an account from spec and signs it in.
func (s *Start) SignIn(t testing.TB, email string, spec UserSpec) *Session {
	t.Helper()
	u := s.CreateUser(t, email, spec)
	c := s.WebClient(t)
	status, body := s.JSON(t, c, http.MethodPost, "/api/auth/login", map[string]string{"email": email, "password": Password})
	if status != http.StatusOK {
		t.Fatalf("signing in %s: %d %v", email, status, body)
	}
	return &Session{User: u, HTTP: c, srv: s}
}

// OpenSession signs an existing account in without its password: a session is opened in the
// store as a successful sign-in opens one, none of a first sign-in's effects included
// (a pending licence activated, a trial started). For tests that need many people signed in
// and are not about signing in: under the race detector, the argon2id check of one sign-in
// costs about a second.
func (s *Start) OpenSession(t testing.TB, u *ent.User) *Session {
	t.Helper()
	sessions := &authn.Sessions{Client: s.Client, Clock: s.Clock, Idle: s.Config.SessionIdle, Max: s.Config.SessionMax}
	cookie, err := sessions.Create(context.Background(), u.ID, "127.0.0.1", "testserver")
	if err != nil {
		t.Fatal(err)
	}
	c := s.WebClient(t)
	base, err := url.Parse(s.URL)
	if err != nil {
		t.Fatal(err)
	}
	c.Jar.SetCookies(base, []*http.Cookie{cookie})
	return &Session{User: u, HTTP: c, srv: s}
}

// SignInExisting signs in an account that exists already (the demo's, one created by a
// test through the API) with its password.
func (s *Start) SignInExisting(t testing.TB, email, password string) *Session {
	t.Helper()
	sys := viewer.SystemContext(context.Background())
	u, err := s.Client.User.Query().Where(user.Email(strings.ToLower(email))).Only(sys)
	if err != nil {
		t.Fatalf("signing in %s: %v", email, err)
	}
	c := HTTPClient(t)
	status, body := s.JSON(t, c, http.MethodPost, "/api/auth/login", map[string]string{"email": email, "password": password})
	if status != http.StatusOK {
		t.Fatalf("signing in %s: %d %v", email, status, body)
	}
	return &Session{User: u, HTTP: c, srv: s}
}

func (s *Start) specOf(t testing.TB, p Persona, email string, agency ...*ent.Agency) UserSpec {
	t.Helper()
	agencyID := func() *uuid.UUID {
		if len(agency) > 0 && agency[0] != nil {
			return &agency[0].ID
		}
		a := s.CreateAgency(t, "Agence de "+strings.Split(email, "@")[0], 10)
		return &a.ID
	}
	now := s.Clock.Now()
	switch p {
	case TrialCandidate:
		end := now.AddDate(0, 0, 10)
		return UserSpec{IsB2C: true, TrialEnd: &end, FirstName: "Alice"}
	case EndedTrialCandidate:
		end := now.AddDate(0, 0, -1)
		return UserSpec{IsB2C: true, TrialEnd: &end, FirstName: "Bruno"}
	case LicensedCandidate:
		return UserSpec{AgencyID: agencyID(), License: "valid", FirstName: "Chloé"}
	case AgencyAdmin:
		return UserSpec{Role: user.RoleAgencyAdmin, AgencyID: agencyID(), FirstName: "Damien"}
	case Admin:
		return UserSpec{Role: user.RoleAdmin, FirstName: "Eva"}
	}
	t.Fatalf("unknown persona %q", p)
	return UserSpec{}
}

// Context acts as this caller on the database directly (Start.Client, under the ent privacy
// layer, as the caller's requests are): for arranging what the service under test does not
// create over its API (another domain's rows, old dates), or reading what it wrote. The
// viewer is the one a request of theirs carries, without premium (the ent layer does not
// read it).
func (c *Session) Context() context.Context {
	v := &viewer.Viewer{UserID: c.User.ID, Role: viewer.Role(c.User.Role)}
	if c.User.AgencyID != nil {
		v.AgencyID = *c.User.AgencyID
	}
	return viewer.NewContext(context.Background(), v)
}

// JSON calls a documented /api route as this caller (see Start.JSON).
func (c *Session) JSON(t testing.TB, method, path string, body any) (int, map[string]any) {
	t.Helper()
	return c.srv.JSON(t, c.HTTP, method, path, body)
}

// Connect makes a Connect client of a service (networkv1connect.NewNetworkServiceClient…)
// speaking as this caller.
func Connect[T any](c *Session, newClient func(connect.HTTPClient, string, ...connect.ClientOption) T, opts ...connect.ClientOption) T {
	return newClient(c.HTTP, c.srv.URL, opts...)
}

// WantRefusal fails unless err is a refusal with this code and machine reason.
func WantRefusal(t testing.TB, what string, err error, code connect.Code, reason string) {
	t.Helper()
	if connect.CodeOf(err) != code || apierr.ReasonOf(err) != reason {
		t.Errorf("%s: got %v (reason %q), want %v/%s", what, err, apierr.ReasonOf(err), code, reason)
	}
}

// WantJSONRefusal calls a JSON route as this caller (see Session.JSON) and fails unless it is
// refused with this status and reason (the answer's type).
func (c *Session) WantJSONRefusal(t testing.TB, method, path string, body any, status int, reason string) {
	t.Helper()
	got, answer := c.JSON(t, method, path, body)
	if got != status || answer["type"] != reason {
		t.Errorf("%s %s: %d %v, want %d %s", method, path, got, answer, status, reason)
	}
}

// WantNotFound fails unless err is NotFound saying « <entity> introuvable ».
func WantNotFound(t testing.TB, what string, err error, e apierr.Entity) {
	t.Helper()
	var cerr *connect.Error
	if !errors.As(err, &cerr) || cerr.Code() != connect.CodeNotFound || cerr.Message() != string(e)+" introuvable" {
		t.Errorf("%s: got %v, want NotFound « %s introuvable »", what, err, e)
	}
}

// Violation is one field refused by the validation rules or a handler's rule.
type Violation struct {
	// Field is the dotted path of proto names ("contact.last_name"); empty for a rule across
	// fields of a message, which its Rule names ("task.media_type").
	Field   string
	Rule    string
	Message string
}

// Violations answers the field violations err carries (buf.validate.Violations detail).
func Violations(err error) []Violation {
	var cerr *connect.Error
	if !errors.As(err, &cerr) {
		return nil
	}
	var out []Violation
	for _, d := range cerr.Details() {
		v, e := d.Value()
		if e != nil {
			continue
		}
		vs, ok := v.(*validate.Violations)
		if !ok {
			continue
		}
		for _, one := range vs.GetViolations() {
			var path []string
			for _, el := range one.GetField().GetElements() {
				path = append(path, el.GetFieldName())
			}
			out = append(out, Violation{Field: strings.Join(path, "."), Rule: one.GetRuleId(), Message: one.GetMessage()})
		}
	}
	return out
}

// ViolationField answers the field named by the first violation of err, or "".
func ViolationField(err error) string {
	if vs := Violations(err); len(vs) > 0 {
		return vs[0].Field
	}
	return ""
}

// WantFieldViolation fails unless err is InvalidArgument/INVALID_FIELDS naming field — by its
// path, or, for a rule across fields, by the rule's id — and, when message is not empty,
// saying it there.
func WantFieldViolation(t testing.TB, what string, err error, field, message string) {
	t.Helper()
	WantRefusal(t, what, err, connect.CodeInvalidArgument, "INVALID_FIELDS")
	wantViolation(t, what, Violations(err), field, message)
}

// wantViolation fails unless one of vs names field (its path or its rule id) and, when message
// is not empty, says it: the check of a field violation whether it came over Connect or JSON.
func wantViolation(t testing.TB, what string, vs []Violation, field, message string) {
	t.Helper()
	i := slices.IndexFunc(vs, func(v Violation) bool { return v.Field == field || v.Rule == field })
	switch {
	case i < 0:
		t.Errorf("%s: violations %v do not name %s", what, vs, field)
	case message != "" && vs[i].Message != message:
		t.Errorf("%s: %s says %q, want %q", what, field, vs[i].Message, message)
	}
}

// Tomorrow is the test clock's next day at the same time, a valid deadline.
func (s *Start) Tomorrow() time.Time { return s.Clock.Now().Add(24 * time.Hour) }
