package server_test

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/alexedwards/argon2id"
	"github.com/google/uuid"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/apikey"
	"github.com/tremplin/tremplin/ent/personallink"
	"github.com/tremplin/tremplin/ent/predicate"
	"github.com/tremplin/tremplin/ent/user"
	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	"github.com/tremplin/tremplin/gen/tremplin/activity/v1/activityv1connect"
	agencyv1 "github.com/tremplin/tremplin/gen/tremplin/agency/v1"
	"github.com/tremplin/tremplin/gen/tremplin/agency/v1/agencyv1connect"
	authv1 "github.com/tremplin/tremplin/gen/tremplin/auth/v1"
	"github.com/tremplin/tremplin/gen/tremplin/auth/v1/authv1connect"
	billingv1 "github.com/tremplin/tremplin/gen/tremplin/billing/v1"
	"github.com/tremplin/tremplin/gen/tremplin/billing/v1/billingv1connect"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/gen/tremplin/network/v1/networkv1connect"
	opportunityv1 "github.com/tremplin/tremplin/gen/tremplin/opportunity/v1"
	"github.com/tremplin/tremplin/gen/tremplin/opportunity/v1/opportunityv1connect"
	webhookv1 "github.com/tremplin/tremplin/gen/tremplin/webhook/v1"
	"github.com/tremplin/tremplin/gen/tremplin/webhook/v1/webhookv1connect"
	"github.com/tremplin/tremplin/internal/authn"
	"github.com/tremplin/tremplin/internal/secretlinks"
	"github.com/tremplin/tremplin/internal/testserver"
	"github.com/tremplin/tremplin/internal/viewer"
)

// The fixture world of the authorization matrix (matrix_test.go): two agencies and four
// candidates, each owning one of every kind of object, and the ten callers of issue 25.
//
// Every name a party writes carries its mark, so that an answer can be searched for another
// party's data by mark as well as by id: a CSV export or a calendar file carries names, not
// ids.

// mxParty is a candidate with the agency they belong to (none for a B2C candidate): what is
// "own" or "foreign" to a caller.
type mxParty struct {
	// mark is in every name the candidate writes, agencyMark in their agency's names.
	name, mark, agencyMark string
	cand                   *testserver.Session
	spec                   testserver.UserSpec
	agency                 *ent.Agency // nil for a B2C candidate
	standIn                *mxParty    // see ag
	admin                  *testserver.Session

	net  networkv1connect.NetworkServiceClient
	act  activityv1connect.ActivityServiceClient
	opp  opportunityv1connect.OpportunityServiceClient
	auth authv1connect.AuthServiceClient

	// The candidate's objects: a contact and a contact they introduced, an open and a done
	// task, an appointment, an application, a tag, the calendar feed's and the task e-mail's
	// secret tokens.
	contact, child, task, doneTask, event, application, tag string
	feedToken, unsubscribeToken                             string
	// A Checkout session of the B2C candidates' (a made-up one for the others).
	checkout string
	// The agency's: its other candidates (a pending licence, none, an expired one), an
	// endpoint, a live and a revoked API key (and their secrets).
	pending, unlicensed, expired string
	webhook, key, revokedKey     string
	keySecret, revokedSecret     string

	// ids is every id of the party: none may show in an answer to someone the party's data is
	// foreign to.
	ids []string
}

func (p *mxParty) userID() string { return p.cand.User.ID.String() }

// ag is the party whose agency p's requests name: its own, or for a B2C candidate, who has
// none, the stand-in set by the world (the requests of the agency RPCs need one to reach their
// JSON routes; the candidates' calls are refused before it matters).
func (p *mxParty) ag() *mxParty {
	if p.agency == nil {
		return p.standIn
	}
	return p
}

func (p *mxParty) agencyID() string    { return p.ag().agency.ID.String() }
func (p *mxParty) agencyName() string  { return p.ag().agency.Name }
func (p *mxParty) agencyEmail() string { return p.ag().agency.Email }

// marks are what another party's answer must not carry.
func (p *mxParty) marks() []string {
	out := append([]string{p.mark}, p.ids...)
	if p.agencyMark != "" {
		out = append(out, p.agencyMark)
	}
	return out
}

// shows reports whether a lower-cased answer carries anything of the party's.
func (p *mxParty) shows(text string) bool {
	return slices.ContainsFunc(p.marks(), func(m string) bool { return strings.Contains(text, strings.ToLower(m)) })
}

// mxWho names the ten callers of the matrix.
type mxWho int

const (
	mxAnonymous mxWho = iota
	mxCandA           // licensed candidate of agency X, sharing their progress
	mxCandB           // licensed candidate of agency Y
	mxCandC           // B2C candidate in trial
	mxCandD           // B2C candidate whose trial ended: no premium
	mxAdminX
	mxAdminY
	mxPlatform
	mxKeyX     // a live API key of X
	mxRevokedX // a revoked API key of X
	mxCallers
)

var mxWhoNames = [mxCallers]string{"anonymous", "candidate A", "candidate B", "B2C candidate C", "non-premium D",
	"admin X", "admin Y", "platform admin", "API key of X", "revoked key of X"}

func (w mxWho) String() string { return mxWhoNames[w] }

// mxCaller is one of the callers, with what is its own and what is foreign to it.
type mxCaller struct {
	who mxWho
	// header authenticates a request: a session cookie, an API key, or nothing. Requests
	// carry it by hand, on a client without a cookie jar, so that an answer setting a cookie
	// (a sign-in, a sign-out) changes no caller.
	header http.Header
	// self is the caller's own account ("" for a key or nobody): what their profile RPCs name.
	self         string
	own, foreign *mxParty
}

// mxWorld is the fixture world on one test server.
type mxWorld struct {
	srv           *testserver.Start
	a, b, c, d    *mxParty
	platform      *testserver.Session
	platformAPI   agencyv1connect.AgencyServiceClient
	platformHooks webhookv1connect.WebhookServiceClient
	callers       [mxCallers]*mxCaller
	tokens        *authn.ActionTokens
	n             int // a counter, for unique names
	massChecked   int // calls made again with mass-assignment fields (matrix_mass_test.go)
	statements    map[string]*sql.Stmt
	emails        map[string]string
}

func mxSys() context.Context { return viewer.SystemContext(context.Background()) }

// unique answers a fresh number for names and addresses.
func (w *mxWorld) unique() int { w.n++; return w.n }

func newMxWorld(t *testing.T, srv *testserver.Start) *mxWorld {
	t.Helper()
	w := &mxWorld{srv: srv, tokens: &authn.ActionTokens{Client: srv.Client, Clock: srv.Clock},
		statements: map[string]*sql.Stmt{}, emails: map[string]string{}}
	t.Cleanup(func() {
		for _, s := range w.statements {
			_ = s.Close()
		}
	})
	w.platform = w.signIn(t, "plateforme@exemple.fr", testserver.UserSpec{Role: user.RoleAdmin, FirstName: "Plateforme"})
	w.platformAPI = testserver.Connect(w.platform, agencyv1connect.NewAgencyServiceClient)
	w.platformHooks = testserver.Connect(w.platform, webhookv1connect.NewWebhookServiceClient)

	w.a = w.agencyParty(t, "A", "alphamark", "xraymark")
	w.b = w.agencyParty(t, "B", "bravomark", "yankeemark")
	trialEnd, ended := srv.Clock.Now().AddDate(0, 0, 10), srv.Clock.Now().AddDate(0, 0, -1)
	w.c = w.party(t, "C", "charliemark", testserver.UserSpec{IsB2C: true, TrialEnd: &trialEnd, FirstName: "Charlie"})
	w.d = w.party(t, "D", "deltamark", testserver.UserSpec{IsB2C: true, TrialEnd: &ended, FirstName: "Delta"})
	w.c.standIn, w.d.standIn = w.a, w.b

	keyHeader := func(secret string) http.Header { return http.Header{"Authorization": {"Bearer " + secret}} }
	w.callers = [mxCallers]*mxCaller{
		mxAnonymous: {header: http.Header{}, own: w.a, foreign: w.b},
		mxCandA:     {header: mxCookie(t, srv, w.a.cand), self: w.a.userID(), own: w.a, foreign: w.b},
		mxCandB:     {header: mxCookie(t, srv, w.b.cand), self: w.b.userID(), own: w.b, foreign: w.a},
		mxCandC:     {header: mxCookie(t, srv, w.c.cand), self: w.c.userID(), own: w.c, foreign: w.d},
		mxCandD:     {header: mxCookie(t, srv, w.d.cand), self: w.d.userID(), own: w.d, foreign: w.c},
		mxAdminX:    {header: mxCookie(t, srv, w.a.admin), self: w.a.admin.User.ID.String(), own: w.a, foreign: w.b},
		mxAdminY:    {header: mxCookie(t, srv, w.b.admin), self: w.b.admin.User.ID.String(), own: w.b, foreign: w.a},
		mxPlatform:  {header: mxCookie(t, srv, w.platform), self: w.platform.User.ID.String(), own: w.a, foreign: w.b},
		mxKeyX:      {header: keyHeader(w.a.keySecret), own: w.a, foreign: w.b},
		mxRevokedX:  {header: keyHeader(w.a.revokedSecret), own: w.a, foreign: w.b},
	}
	for who, c := range w.callers {
		c.who = mxWho(who)
	}
	return w
}

// people are the addresses of the world's accounts.
func (w *mxWorld) people() []string {
	out := []string{w.platform.User.Email}
	for _, p := range []*mxParty{w.a, w.b, w.c, w.d} {
		out = append(out, p.cand.User.Email)
		if p.agency != nil {
			out = append(out, p.admin.User.Email)
			for _, id := range []string{p.pending, p.unlicensed, p.expired} {
				out = append(out, w.emailOf(id))
			}
		}
	}
	return out
}

// mxCookie answers the session cookie of a signed-in session, to send by hand.
func mxCookie(t *testing.T, srv *testserver.Start, s *testserver.Session) http.Header {
	t.Helper()
	u, err := url.Parse(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	var pairs []string
	for _, c := range s.HTTP.Jar.Cookies(u) {
		pairs = append(pairs, c.Name+"="+c.Value)
	}
	if len(pairs) == 0 {
		t.Fatalf("no session cookie for %s", s.User.Email)
	}
	return http.Header{"Cookie": {strings.Join(pairs, "; ")}}
}

// agencyParty makes an agency (marked agencyMark) with its admin, its candidate (a valid
// licence, sharing their progress), its other candidates, an endpoint and two API keys.
func (w *mxWorld) agencyParty(t *testing.T, name, mark, agencyMark string) *mxParty {
	t.Helper()
	srv := w.srv
	ag := srv.CreateAgency(t, "Agence "+agencyMark, 1000)
	p := w.party(t, name, mark, testserver.UserSpec{AgencyID: &ag.ID, License: "valid", FirstName: name + " " + mark})
	p.agency, p.agencyMark = ag, agencyMark
	p.admin = w.signIn(t, "admin."+agencyMark+"@exemple.fr", testserver.UserSpec{Role: user.RoleAgencyAdmin, AgencyID: &ag.ID, FirstName: "Admin " + agencyMark})
	p.pending = srv.CreateUser(t, "attente."+agencyMark+"@exemple.fr", testserver.UserSpec{AgencyID: &ag.ID, License: "pending", NoTerms: true}).ID.String()
	p.unlicensed = srv.CreateUser(t, "rien."+agencyMark+"@exemple.fr", testserver.UserSpec{AgencyID: &ag.ID, NoTerms: true}).ID.String()
	p.expired = srv.CreateUser(t, "expiree."+agencyMark+"@exemple.fr", testserver.UserSpec{AgencyID: &ag.ID, License: "expired"}).ID.String()

	api := testserver.Connect(p.admin, agencyv1connect.NewAgencyServiceClient)
	hooks := testserver.Connect(p.admin, webhookv1connect.NewWebhookServiceClient)
	key, err := api.CreateApiKey(bg, &agencyv1.CreateApiKeyRequest{Name: "ATS " + agencyMark})
	if err != nil {
		t.Fatal(err)
	}
	revoked, err := api.CreateApiKey(bg, &agencyv1.CreateApiKeyRequest{Name: "Ancien ATS " + agencyMark})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := api.RevokeApiKey(bg, &agencyv1.RevokeApiKeyRequest{Id: revoked.GetApiKey().GetId()}); err != nil {
		t.Fatal(err)
	}
	p.key, p.keySecret = key.GetApiKey().GetId(), key.GetSecret()
	p.revokedKey, p.revokedSecret = revoked.GetApiKey().GetId(), revoked.GetSecret()
	p.webhook = w.newWebhook(t, hooks, p)
	// The coach view shows a candidate who consents only.
	if _, err := p.auth.UpdateProfile(bg, &authv1.UpdateProfileRequest{Id: p.userID(), ShareProgressWithAgency: mxPtr(true)}); err != nil {
		t.Fatal(err)
	}
	p.ids = append(p.ids, ag.ID.String(), p.admin.User.ID.String(), p.pending, p.unlicensed, p.expired,
		p.webhook, p.key, p.revokedKey)
	return p
}

func mxPtr[T any](v T) *T { return &v }

// party signs a candidate in and gives them one of each object.
func (w *mxWorld) party(t *testing.T, name, mark string, spec testserver.UserSpec) *mxParty {
	t.Helper()
	srv := w.srv
	p := &mxParty{name: name, mark: mark, spec: spec}
	p.cand = w.signIn(t, mark+"@exemple.fr", spec)
	p.net = testserver.Connect(p.cand, networkv1connect.NewNetworkServiceClient)
	p.act = testserver.Connect(p.cand, activityv1connect.NewActivityServiceClient)
	p.opp = testserver.Connect(p.cand, opportunityv1connect.NewOpportunityServiceClient)
	p.auth = testserver.Connect(p.cand, authv1connect.NewAuthServiceClient)
	if _, err := p.auth.UpdateProfile(bg, &authv1.UpdateProfileRequest{Id: p.userID(), LastName: mxPtr(mark)}); err != nil {
		t.Fatal(err)
	}
	p.tag = "tag-" + mark
	p.contact = w.newContact(t, p, "")
	p.child = w.newContact(t, p, p.contact)
	p.task = w.newTask(t, p)
	p.doneTask = w.newDoneTask(t, p)
	p.event = w.newEvent(t, p)
	p.application = w.newApplication(t, p)
	var err error
	sys := mxSys()
	if _, err = p.act.ResetCalendarFeed(bg, &activityv1.ResetCalendarFeedRequest{}); err != nil {
		t.Fatal(err)
	}
	if p.feedToken, err = secretlinks.Get(sys, srv.Client, p.cand.User.ID, personallink.KindCalendarFeed); err != nil {
		t.Fatal(err)
	}
	p.feedToken += ".ics" // as the feed's address ends
	if p.unsubscribeToken, err = secretlinks.Ensure(sys, srv.Client, p.cand.User.ID, personallink.KindUnsubscribe); err != nil {
		t.Fatal(err)
	}
	p.checkout = "cs_none_" + mark
	if spec.IsB2C {
		billing := testserver.Connect(p.cand, billingv1connect.NewBillingServiceClient)
		if _, err := billing.CreateCheckoutSession(bg, &billingv1.CreateCheckoutSessionRequest{}); err != nil {
			t.Fatal(err)
		}
		for _, c := range srv.Stripe.Checkouts() {
			if c.ClientReferenceID == p.userID() {
				p.checkout = c.ID
			}
		}
	}
	p.ids = append(p.ids, p.userID(), p.contact, p.child, p.task, p.doneTask, p.event, p.application,
		strings.TrimSuffix(p.feedToken, ".ics"), p.unsubscribeToken)
	return p
}

// The objects a party owns, made as its candidate makes them. Each is new: the rows that
// change or destroy their object get one of their own (see mxRow.fresh).

func (w *mxWorld) newContact(t *testing.T, p *mxParty, parent string) string {
	t.Helper()
	n := w.unique()
	draft := &networkv1.ContactDraft{
		FirstName: fmt.Sprintf("Léa%d", n), LastName: p.mark, Company: "Société " + p.mark,
		Email: fmt.Sprintf("lea%d.%s@exemple.fr", n, p.mark), ParentId: parent,
	}
	if p.spec.TrialEnd == nil || p.spec.TrialEnd.After(w.srv.Clock.Now()) {
		draft.Tags = []string{p.tag} // tags are premium
	}
	res, err := p.net.CreateContact(bg, &networkv1.CreateContactRequest{Contact: draft})
	if err != nil {
		t.Fatalf("a contact of %s: %v", p.name, err)
	}
	return res.GetContact().GetId()
}

func (w *mxWorld) taskDraft(p *mxParty) *activityv1.TaskDraft {
	return &activityv1.TaskDraft{
		Subject: activityv1.TaskSubject_TASK_SUBJECT_FIRST_CONTACT, MediaType: activityv1.MediaType_MEDIA_TYPE_EMAIL,
		Priority: activityv1.TaskPriority_TASK_PRIORITY_NORMAL, Deadline: timestamppb.New(w.srv.Tomorrow()),
		ContactId: p.contact, Comments: mxPtr("Relancer " + p.mark),
	}
}

func (w *mxWorld) newTask(t *testing.T, p *mxParty) string {
	t.Helper()
	res, err := p.act.CreateTask(bg, &activityv1.CreateTaskRequest{Task: w.taskDraft(p)})
	if err != nil {
		t.Fatalf("a task of %s: %v", p.name, err)
	}
	return res.GetTask().GetId()
}

func (w *mxWorld) newDoneTask(t *testing.T, p *mxParty) string {
	t.Helper()
	id := w.newTask(t, p)
	if _, err := p.act.AddReport(bg, &activityv1.AddReportRequest{ActivityType: activityv1.ActivityType_ACTIVITY_TYPE_TASK, Id: id,
		MarkAsCompleteComment: "Fait " + p.mark}); err != nil {
		t.Fatalf("a done task of %s: %v", p.name, err)
	}
	return id
}

func (w *mxWorld) eventDraft(p *mxParty) *activityv1.EventDraft {
	return &activityv1.EventDraft{
		Type: activityv1.EventType_EVENT_TYPE_INTERVIEW, Subject: activityv1.EventSubject_EVENT_SUBJECT_RECRUITMENT,
		MediaType: activityv1.MediaType_MEDIA_TYPE_FACE_TO_FACE, MediaDetails: "Bureau " + p.mark,
		Date: timestamppb.New(w.srv.Clock.Now().Add(48 * time.Hour)), ContactId: p.contact, Comments: mxPtr("Entretien " + p.mark),
	}
}

func (w *mxWorld) newEvent(t *testing.T, p *mxParty) string {
	t.Helper()
	res, err := p.act.CreateEvent(bg, &activityv1.CreateEventRequest{Event: w.eventDraft(p)})
	if err != nil {
		t.Fatalf("an appointment of %s: %v", p.name, err)
	}
	return res.GetEvent().GetId()
}

func (w *mxWorld) applicationDraft(p *mxParty) *opportunityv1.ApplicationDraft {
	return &opportunityv1.ApplicationDraft{Company: "Entreprise " + p.mark, Job: "Acheteuse " + p.mark,
		Source: opportunityv1.ApplicationSource_APPLICATION_SOURCE_JOB_BOARD, ContactIds: []string{p.contact}}
}

func (w *mxWorld) newApplication(t *testing.T, p *mxParty) string {
	t.Helper()
	res, err := p.opp.CreateApplication(bg, &opportunityv1.CreateApplicationRequest{Application: w.applicationDraft(p)})
	if err != nil {
		t.Fatalf("an application of %s: %v", p.name, err)
	}
	return res.GetApplication().GetId()
}

func (w *mxWorld) newWebhook(t *testing.T, hooks webhookv1connect.WebhookServiceClient, p *mxParty) string {
	t.Helper()
	res, err := hooks.CreateWebhookEndpoint(bg, &webhookv1.CreateWebhookEndpointRequest{
		AgencyId: p.agencyID(),
		// Nothing listens there: deliveries fail, which is no concern here.
		Url:    fmt.Sprintf("http://127.0.0.1:9/%s/%d", p.mark, w.unique()),
		Events: []webhookv1.WebhookEventType{webhookv1.WebhookEventType_WEBHOOK_EVENT_TYPE_CANDIDATE_CREATED},
	})
	if err != nil {
		t.Fatalf("an endpoint of %s: %v", p.name, err)
	}
	return res.GetEndpoint().GetId()
}

// newCandidate makes a candidate of p's agency: B2B with this licence ("valid", "pending",
// "expired" or none), or B2C.
func (w *mxWorld) newCandidate(t *testing.T, p *mxParty, license string, b2c bool) string {
	t.Helper()
	spec := testserver.UserSpec{AgencyID: &p.agency.ID, License: license, IsB2C: b2c, FirstName: "Nouveau " + p.mark}
	if license == "pending" || license == "" {
		spec.NoTerms = true // never signed in
	}
	return w.srv.CreateUser(t, fmt.Sprintf("nouveau%d.%s@exemple.fr", w.unique(), p.mark), spec).ID.String()
}

// mxCheapHash is testserver.Password hashed with argon2id's smallest parameters. The
// accounts people sign in with in the matrix carry it: a sign-in reads the parameters from the
// stored hash (as for an account hashed before the parameters last grew), so Login, and the
// password DeleteMyAccount asks again, are checked as in production, at a thousandth of the
// cost — forty sign-ins would otherwise take a minute under the race detector.
var mxCheapHash = sync.OnceValues(func() (string, error) {
	return argon2id.CreateHash(testserver.Password, &argon2id.Params{Memory: 8, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32})
})

// account makes an account whose password is checked cheaply (mxCheapHash).
func (w *mxWorld) account(t *testing.T, email string, spec testserver.UserSpec) *ent.User {
	t.Helper()
	hash, err := mxCheapHash()
	if err != nil {
		t.Fatal(err)
	}
	u := w.srv.CreateUser(t, email, spec)
	if u, err = w.srv.Client.User.UpdateOne(u).SetPasswordHash(hash).Save(mxSys()); err != nil {
		t.Fatal(err)
	}
	return u
}

// signIn makes an account (see account) and opens a session for it: the matrix is not about
// signing in (its Login row is).
func (w *mxWorld) signIn(t *testing.T, email string, spec testserver.UserSpec) *testserver.Session {
	t.Helper()
	return w.srv.OpenSession(t, w.account(t, email, spec))
}

// newPerson makes a new account of p's kind (a candidate of the same agency and access).
func (w *mxWorld) newPerson(t *testing.T, p *mxParty) string {
	t.Helper()
	return w.account(t, fmt.Sprintf("personne%d.%s@exemple.fr", w.unique(), p.mark), p.spec).ID.String()
}

// emailOf answers the address of user id (accounts keep theirs in the matrix).
func (w *mxWorld) emailOf(id string) string {
	if e, ok := w.emails[id]; ok {
		return e
	}
	e := w.srv.Client.User.GetX(mxSys(), uuid.MustParse(id)).Email
	w.emails[id] = e
	return e
}

// contactOf answers p's first contact as stored.
func (w *mxWorld) contactOf(p *mxParty) *ent.Contact {
	return w.srv.Client.Contact.GetX(mxSys(), uuid.MustParse(p.contact))
}

// newAPIKey makes a live key of p's agency.
func (w *mxWorld) newAPIKey(t *testing.T, p *mxParty) string {
	t.Helper()
	secret := w.srv.APIKey(t, p.agencyID())
	k, err := w.srv.Client.APIKey.Query().Where(apikeyPrefixOf(secret)).Only(mxSys())
	if err != nil {
		t.Fatal(err)
	}
	return k.ID.String()
}

// apikeyPrefixOf finds the key of a secret by its visible prefix ("tpk_1a2b3c4d").
func apikeyPrefixOf(secret string) predicate.APIKey {
	return apikey.Prefix(secret[:len(authn.APIKeyPrefix)+8])
}

// resetToken issues a password link for user id, as ResetPassword would e-mail it.
func (w *mxWorld) resetToken(t *testing.T, id string) string {
	t.Helper()
	token, err := w.tokens.Issue(context.Background(), uuid.MustParse(id), authn.KindReset, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	return token
}

// clone answers a new caller of the same kind as c — a new candidate of the same kind and
// agency, a new admin, a new key — with the same own and foreign parties: for the rows whose
// call ends what it is made with (a sign-out, an account deleted, a calendar feed reset).
func (w *mxWorld) clone(t *testing.T, c *mxCaller) *mxCaller {
	t.Helper()
	out := *c
	email := func() string { return fmt.Sprintf("clone%d.%s@exemple.fr", w.unique(), c.own.mark) }
	var s *testserver.Session
	switch c.who {
	case mxAnonymous:
		return &out
	case mxCandA, mxCandB, mxCandC, mxCandD:
		s = w.signIn(t, email(), c.own.spec)
	case mxAdminX, mxAdminY:
		s = w.signIn(t, email(), testserver.UserSpec{Role: user.RoleAgencyAdmin, AgencyID: &c.own.agency.ID})
	case mxPlatform:
		s = w.signIn(t, email(), testserver.UserSpec{Role: user.RoleAdmin})
	case mxKeyX:
		out.header = http.Header{"Authorization": {"Bearer " + w.srv.APIKey(t, c.own.agencyID())}}
		return &out
	case mxRevokedX:
		secret := w.srv.APIKey(t, c.own.agencyID())
		if _, err := w.srv.Client.APIKey.Update().Where(apikeyPrefixOf(secret)).SetRevokedAt(w.srv.Clock.Now()).Save(mxSys()); err != nil {
			t.Fatal(err)
		}
		out.header = http.Header{"Authorization": {"Bearer " + secret}}
		return &out
	}
	out.header, out.self = mxCookie(t, w.srv, s), s.User.ID.String()
	return &out
}
