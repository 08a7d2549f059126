package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/genproto/googleapis/api/annotations"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/descriptorpb"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/ent/license"
	optionsv1 "github.com/tremplin/tremplin/gen/tremplin/options/v1"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/testserver"
	"github.com/tremplin/tremplin/internal/viewer"
)

// A read's answer, kept or not, follows everything it depends on. For every RPC without side
// effects (walked from the descriptors: a new read without a case fails here), each case
// builds a fresh world, reads, changes one thing the answer depends on — the data read, whose
// data it is, the account, the access that lets the reader read it, the clock — and reads
// again with the first ETag: the answer must change, or the read must be refused, never a 304
// or a kept copy of the old answer. Reads of the candidate's own data must still be kept while
// nothing changed (a 304 before the change), so the keeping is proven, not switched off; every
// other read carries no ETag and is not stored.
func TestKeptAnswersFollowEverythingTheyDependOn(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	start := srv.Clock.Now()
	cases := keptAnswerCases()
	maps.Copy(cases, webhookKeptAnswerCases())
	maps.Copy(cases, insightKeptAnswerCases())
	for _, m := range tremplinMethods(t) {
		opts, _ := m.Options().(*descriptorpb.MethodOptions)
		if opts.GetIdempotencyLevel() != descriptorpb.MethodOptions_NO_SIDE_EFFECTS {
			continue
		}
		proc := procedure(m)
		list, ok := cases[proc]
		if !ok {
			t.Errorf("%s is a read without a case here: say what its answer depends on", proc)
			continue
		}
		delete(cases, proc)
		ownData := false
		if r, ok := proto.GetExtension(m.Options(), optionsv1.E_Revalidation).(*optionsv1.Revalidation); ok {
			ownData = r.GetOwnData()
		}
		for i, c := range list {
			t.Run(fmt.Sprintf("%s/%d", m.Name(), i), func(t *testing.T) {
				if len(c.changes) == 0 {
					t.Fatal("a case without a change proves nothing")
				}
				for _, ch := range c.changes {
					t.Run(ch.name, func(t *testing.T) {
						t.Cleanup(func() { srv.Clock.Set(start) })
						w := &world{srv: srv}
						f := c.setup(t, w)
						before := w.read(t, m, f, "")
						for _, r := range before {
							if r.status != http.StatusOK {
								t.Fatalf("%s before the change: %d %s", r.route, r.status, r.body)
							}
							if ownData != (r.etag != "") {
								t.Errorf("%s: ETag %q, own data %v: only reads of the caller's own data carry one", r.route, r.etag, ownData)
							}
							if !ownData && r.cacheControl != "no-store" {
								t.Errorf("%s: Cache-Control %q, want no-store for an answer made afresh", r.route, r.cacheControl)
							}
						}
						if ownData {
							for _, r := range w.read(t, m, f, before[0].etag) {
								if r.status != http.StatusNotModified {
									t.Fatalf("%s unchanged: %d, want 304 (the answer is not kept at all)", r.route, r.status)
								}
							}
						}
						ch.apply(t, w, f)
						after := w.read(t, m, f, before[0].etag)
						for i, r := range after {
							switch {
							case ch.refused && (r.status == http.StatusOK || r.status == http.StatusNotModified):
								t.Errorf("%s after %q: %d %s, want a refusal", r.route, ch.name, r.status, r.body)
							case ch.refused:
							case r.status != http.StatusOK:
								t.Errorf("%s after %q: %d %s, want the new answer", r.route, ch.name, r.status, r.body)
							case bytes.Equal(r.body, before[i].body):
								t.Errorf("%s after %q: the same answer as before: %s", r.route, ch.name, r.body)
							}
						}
					})
				}
			})
		}
	}
	for proc := range cases {
		t.Errorf("a case for %s, which is not a read", proc)
	}
}

// readCase is how to read an RPC and what its answer depends on.
type readCase struct {
	// setup builds the world the read happens in: its reader and its request.
	setup func(t *testing.T, w *world) *reading
	// changes are the inputs of the answer, each tried on a fresh world.
	changes []change
}

// change changes one input of the answer. refused: after it the reader may not read it.
type change struct {
	name    string
	apply   func(t *testing.T, w *world, f *reading)
	refused bool
}

// reading is a reader and a request.
type reading struct {
	reader  *testserver.Session // nil: anonymous
	request string              // the request message in JSON
}

// world holds what a case made, for its changes.
type world struct {
	srv    *testserver.Start
	owner  *testserver.Session // the candidate whose data is read
	staff  *testserver.Session // an agency admin or the platform admin reading
	agency *ent.Agency
	ids    map[string]string
}

var emails atomic.Int64

// email answers a new address.
func email(who string) string {
	return fmt.Sprintf("%s-%d@exemple.fr", who, emails.Add(1))
}

func sys() context.Context { return viewer.SystemContext(context.Background()) }

// call calls a procedure with a JSON request as s and answers the decoded answer, failing
// unless it succeeds.
func (w *world) call(t *testing.T, s *testserver.Session, procedure, request string) map[string]any {
	t.Helper()
	status, body := w.srv.ConnectJSON(t, s.HTTP, procedure, request)
	if status != http.StatusOK {
		t.Fatalf("%s %s: %d %v", procedure, request, status, body)
	}
	return body
}

// idOf reads "<entity>.id" of an answer.
func idOf(t *testing.T, body map[string]any, entity string) string {
	t.Helper()
	e, _ := body[entity].(map[string]any)
	id, _ := e["id"].(string)
	if id == "" {
		t.Fatalf("no %s id in %v", entity, body)
	}
	return id
}

// candidate signs in a candidate of the persona with a network, a task, an event, an
// application and a calendar feed, as the owner of the world.
func (w *world) candidate(t *testing.T, p testserver.Persona) *world {
	t.Helper()
	w.owner = w.srv.SignInAs(t, p, email("candidat"))
	w.ids = map[string]string{"me": w.owner.User.ID.String()}
	if id := w.owner.User.AgencyID; id != nil {
		w.agency = w.srv.Client.Agency.GetX(sys(), *id)
	}
	o := w.owner
	w.ids["contact"] = idOf(t, w.call(t, o, "/tremplin.network.v1.NetworkService/CreateContact",
		`{"contact":{"firstName":"Léa","lastName":"Dubois","email":"lea@exemple.fr","company":"Acme","tags":["lyon"]}}`), "contact")
	w.ids["child"] = idOf(t, w.call(t, o, "/tremplin.network.v1.NetworkService/CreateContact",
		`{"contact":{"firstName":"Marc","lastName":"Petit","email":"marc@exemple.fr","parentId":"`+w.ids["contact"]+`"}}`), "contact")
	w.ids["task"] = idOf(t, w.call(t, o, "/tremplin.activity.v1.ActivityService/CreateTask",
		`{"task":{"subject":"TASK_SUBJECT_FIRST_CONTACT","mediaType":"MEDIA_TYPE_EMAIL","priority":"TASK_PRIORITY_NORMAL","deadline":"2026-11-20T09:00:00Z","contactId":"`+w.ids["contact"]+`"}}`), "task")
	w.ids["event"] = idOf(t, w.call(t, o, "/tremplin.activity.v1.ActivityService/CreateEvent", w.eventJSON("2026-11-19T10:00:00Z", "Visio Teams")), "event")
	w.ids["application"] = idOf(t, w.call(t, o, "/tremplin.opportunity.v1.OpportunityService/CreateApplication",
		`{"application":{"company":"Acme","job":"Chargée de projet","source":"APPLICATION_SOURCE_JOB_BOARD","contactIds":["`+w.ids["contact"]+`"]}}`), "application")
	feed := w.call(t, o, "/tremplin.activity.v1.ActivityService/ResetCalendarFeed", `{}`)
	u, _ := feed["url"].(string)
	w.ids["feed"] = strings.TrimSuffix(u[strings.LastIndex(u, "/")+1:], ".ics")
	return w
}

func (w *world) eventJSON(date, details string) string {
	return `{"event":{"type":"EVENT_TYPE_INTERVIEW","subject":"EVENT_SUBJECT_RECRUITMENT","mediaType":"MEDIA_TYPE_VIDEO_CONFERENCING","mediaDetails":"` + details + `","date":"` + date + `","contactId":"` + w.ids["contact"] + `"}}`
}

// ownerReads: the owner reads request (a format string given the world's ids by name).
func ownerReads(p testserver.Persona, request string) func(t *testing.T, w *world) *reading {
	return func(t *testing.T, w *world) *reading {
		w.candidate(t, p)
		return &reading{reader: w.owner, request: w.expand(request)}
	}
}

var idName = regexp.MustCompile(`\$([a-z]+)`)

// expand replaces $name by the world's id of that name.
func (w *world) expand(s string) string {
	return idName.ReplaceAllStringFunc(s, func(m string) string { return w.ids[m[1:]] })
}

// ownerCalls is a change the owner makes through the API.
func ownerCalls(name, procedure, request string) change {
	return change{name: name, apply: func(t *testing.T, w *world, _ *reading) {
		w.call(t, w.owner, procedure, w.expand(request))
	}}
}

// Changes every candidate's world offers.
var (
	newContact = ownerCalls("a contact is added", "/tremplin.network.v1.NetworkService/CreateContact",
		`{"contact":{"firstName":"Inès","lastName":"Amrani","email":"ines@exemple.fr","tags":["lyonnais"]}}`)
	newChild = ownerCalls("a contact it introduced is added", "/tremplin.network.v1.NetworkService/CreateContact",
		`{"contact":{"firstName":"Yann","lastName":"Roux","email":"yann@exemple.fr","parentId":"$contact"}}`)
	newGrandChild = ownerCalls("a contact introduced further down is added", "/tremplin.network.v1.NetworkService/CreateContact",
		`{"contact":{"firstName":"Yann","lastName":"Roux","email":"yann@exemple.fr","parentId":"$child"}}`)
	contactEdited = ownerCalls("the contact is edited", "/tremplin.network.v1.NetworkService/UpdateContact",
		`{"id":"$contact","contact":{"firstName":"Léa","lastName":"Dubois-Martin","email":"lea@exemple.fr","company":"Acme","tags":["lyon"]}}`)
	newTask = ownerCalls("a task is added", "/tremplin.activity.v1.ActivityService/CreateTask",
		`{"task":{"subject":"TASK_SUBJECT_INTERNET_SEARCHES","priority":"TASK_PRIORITY_HIGH","deadline":"2026-11-21T09:00:00Z"}}`)
	taskEdited = ownerCalls("the task is edited", "/tremplin.activity.v1.ActivityService/UpdateTask",
		`{"id":"$task","task":{"subject":"TASK_SUBJECT_FIRST_CONTACT","mediaType":"MEDIA_TYPE_EMAIL","priority":"TASK_PRIORITY_URGENT","deadline":"2026-11-20T09:00:00Z","contactId":"$contact","comments":"Relancer"}}`)
	taskDeleted = change{name: "the task is deleted", refused: true, apply: func(t *testing.T, w *world, _ *reading) {
		w.call(t, w.owner, "/tremplin.activity.v1.ActivityService/DeleteTask", w.expand(`{"id":"$task"}`))
	}}
	newEvent = change{name: "an appointment is added", apply: func(t *testing.T, w *world, _ *reading) {
		w.call(t, w.owner, "/tremplin.activity.v1.ActivityService/CreateEvent", w.eventJSON("2026-11-21T14:00:00Z", "Salle 2"))
	}}
	eventEdited = change{name: "the appointment is edited", apply: func(t *testing.T, w *world, _ *reading) {
		w.call(t, w.owner, "/tremplin.activity.v1.ActivityService/UpdateEvent", `{"id":"`+w.ids["event"]+`",`+strings.TrimPrefix(w.eventJSON("2026-11-19T11:00:00Z", "Visio Zoom"), "{"))
	}}
	eventDeleted = change{name: "the appointment is deleted", refused: true, apply: func(t *testing.T, w *world, _ *reading) {
		w.call(t, w.owner, "/tremplin.activity.v1.ActivityService/DeleteEvent", w.expand(`{"id":"$event"}`))
	}}
	newApplication = ownerCalls("an application is added", "/tremplin.opportunity.v1.OpportunityService/CreateApplication",
		`{"application":{"company":"Globex","job":"Analyste","source":"APPLICATION_SOURCE_MY_NETWORK"}}`)
	applicationEdited = ownerCalls("the application is edited", "/tremplin.opportunity.v1.OpportunityService/UpdateApplication",
		`{"id":"$application","application":{"company":"Acme","job":"Cheffe de projet","source":"APPLICATION_SOURCE_JOB_BOARD","contactIds":["$contact"]}}`)
	zoneMoved = ownerCalls("the time zone changes", "/tremplin.auth.v1.AuthService/UpdateProfile",
		`{"id":"$me","timeZone":"America/New_York"}`)
	// From Wednesday to Monday: a new week (within the session's idle time).
	nextWeek = change{name: "a new week starts", apply: func(_ *testing.T, w *world, _ *reading) {
		w.srv.Clock.Advance(5 * 24 * time.Hour)
	}}
	nextDay = change{name: "a day passes", apply: func(_ *testing.T, w *world, _ *reading) {
		w.srv.Clock.Advance(24 * time.Hour)
	}}
	trialEnds = change{name: "the trial ends", refused: true, apply: func(t *testing.T, w *world, _ *reading) {
		w.srv.Client.User.UpdateOneID(w.owner.User.ID).SetTrialEndAt(w.srv.Clock.Now().Add(-time.Minute)).ExecX(sys())
	}}
	licenceExpires = change{name: "the licence expires", refused: true, apply: func(t *testing.T, w *world, _ *reading) {
		w.srv.Client.License.Update().Where(license.CandidateID(w.owner.User.ID)).
			SetExpirationDate(w.srv.Clock.Now().Add(-time.Minute)).ExecX(sys())
	}}
	accountDeleted = change{name: "the account is deleted", refused: true, apply: func(t *testing.T, w *world, _ *reading) {
		admin := w.srv.SignInAs(t, testserver.Admin, email("admin"))
		w.call(t, admin, "/tremplin.agency.v1.AgencyService/DeleteCandidate", w.expand(`{"id":"$me"}`))
	}}
)

// staffOf signs in an agency admin of the world's agency.
func (w *world) staffOf(t *testing.T) *testserver.Session {
	t.Helper()
	return w.srv.SignInAs(t, testserver.AgencyAdmin, email("agence"), w.agency)
}

// licensedWorld: a licensed candidate (with its world) and an agency admin of its agency.
func licensedWorld(t *testing.T, w *world) {
	w.candidate(t, testserver.LicensedCandidate)
	w.staff = w.staffOf(t)
}

func keptAnswerCases() map[string][]readCase {
	trial, licensed := testserver.TrialCandidate, testserver.LicensedCandidate
	const (
		activity    = "/tremplin.activity.v1.ActivityService/"
		network     = "/tremplin.network.v1.NetworkService/"
		opportunity = "/tremplin.opportunity.v1.OpportunityService/"
		agency      = "/tremplin.agency.v1.AgencyService/"
	)
	feedReset := change{name: "the owner makes a new address", refused: true, apply: func(t *testing.T, w *world, _ *reading) {
		w.call(t, w.owner, activity+"ResetCalendarFeed", `{}`)
	}}
	feedRevoked := change{name: "the owner stops sharing", refused: true, apply: func(t *testing.T, w *world, _ *reading) {
		w.call(t, w.owner, activity+"RevokeCalendarFeed", `{}`)
	}}
	// Someone else reads the owner's feed by its secret address.
	feedReadBy := func(p testserver.Persona, signedIn bool) func(t *testing.T, w *world) *reading {
		return func(t *testing.T, w *world) *reading {
			w.candidate(t, p)
			r := &reading{request: w.expand(`{"token":"$feed"}`)}
			if signedIn {
				r.reader = w.srv.SignInAs(t, testserver.TrialCandidate, email("lecteur"))
			}
			return r
		}
	}
	return map[string][]readCase{
		activity + "ListTasks": {
			{setup: ownerReads(trial, `{}`), changes: []change{newTask, taskEdited}},
			{setup: ownerReads(licensed, `{}`), changes: []change{newTask, licenceExpires, accountDeleted}},
			// A premium filter: refused once premium is gone.
			{setup: ownerReads(trial, `{"search":"dubois"}`), changes: []change{taskEdited, trialEnds}},
		},
		activity + "GetTask":               {{setup: ownerReads(trial, `{"id":"$task"}`), changes: []change{taskEdited, taskDeleted}}},
		activity + "ListEvents":            {{setup: ownerReads(trial, `{}`), changes: []change{newEvent, eventEdited}}},
		activity + "GetEvent":              {{setup: ownerReads(trial, `{"id":"$event"}`), changes: []change{eventEdited, eventDeleted}}},
		activity + "GetCalendarLinks":      {{setup: ownerReads(trial, `{"id":"$event"}`), changes: []change{eventEdited, eventDeleted}}},
		activity + "DownloadEventCalendar": {{setup: ownerReads(trial, `{"id":"$event"}`), changes: []change{eventEdited, eventDeleted}}},
		activity + "GetCalendarFeed": {{setup: ownerReads(trial, `{}`), changes: []change{
			ownerCalls("the owner makes a new address", activity+"ResetCalendarFeed", `{}`),
			ownerCalls("the owner stops sharing", activity+"RevokeCalendarFeed", `{}`),
		}}},
		// The probe's leak: a signed-in candidate reading someone's feed was answered from a
		// copy kept under the reader.
		activity + "ReadCalendarFeed": {
			{setup: feedReadBy(licensed, true), changes: []change{newEvent, eventEdited, feedReset, feedRevoked, licenceExpires, accountDeleted}},
			{setup: feedReadBy(trial, false), changes: []change{newEvent, feedReset, trialEnds, accountDeleted}},
		},
		activity + "GetDashboard": {{setup: ownerReads(trial, `{}`), changes: []change{newContact, newApplication, zoneMoved, nextWeek}}},
		activity + "GetDashboardHistory": {{setup: ownerReads(trial, `{}`), changes: []change{newContact, newApplication, zoneMoved, nextWeek,
			ownerCalls("the thresholds change", activity+"UpdateDashboardSetting", `{"dashboardSetting":{"newContactLow":1,"newContactMedium":2,"newContactHigh":3,"firstTaskLow":1,"firstTaskMedium":2,"firstTaskHigh":3,"completedInterviewLow":1,"completedInterviewMedium":2,"completedInterviewHigh":3,"engagedApplicationLow":1,"engagedApplicationMedium":2,"engagedApplicationHigh":3}}`)}}},
		activity + "GetDashboardSetting": {{setup: ownerReads(trial, `{}`), changes: []change{
			ownerCalls("the thresholds change", activity+"UpdateDashboardSetting", `{"dashboardSetting":{"newContactLow":1,"newContactMedium":2,"newContactHigh":3,"firstTaskLow":1,"firstTaskMedium":2,"firstTaskHigh":3,"completedInterviewLow":1,"completedInterviewMedium":2,"completedInterviewHigh":3,"engagedApplicationLow":1,"engagedApplicationMedium":2,"engagedApplicationHigh":3}}`),
		}}},
		"/tremplin.auth.v1.AuthService/Me": {
			{setup: ownerReads(licensed, `{}`), changes: []change{
				ownerCalls("the profile changes", "/tremplin.auth.v1.AuthService/UpdateProfile", `{"id":"$me","firstName":"Chloé-Anne"}`),
				{name: "the agency is renamed", apply: func(t *testing.T, w *world, _ *reading) {
					w.srv.Client.Agency.UpdateOneID(w.agency.ID).SetName("Agence renommée").ExecX(sys())
				}},
				{name: "the licence is extended", apply: func(t *testing.T, w *world, _ *reading) {
					w.srv.Client.License.Update().Where(license.CandidateID(w.owner.User.ID)).
						SetExpirationDate(w.srv.Clock.Now().AddDate(1, 0, 0)).ExecX(sys())
				}},
				licenceExpires,
			}},
			{setup: func(t *testing.T, w *world) *reading {
				w.staff = w.srv.SignInAs(t, testserver.AgencyAdmin, email("agence"))
				w.agency = w.srv.Client.Agency.GetX(sys(), *w.staff.User.AgencyID)
				return &reading{reader: w.staff, request: `{}`}
			}, changes: []change{{name: "the agency is renamed", apply: func(t *testing.T, w *world, _ *reading) {
				w.srv.Client.Agency.UpdateOneID(w.agency.ID).SetName("Agence renommée").ExecX(sys())
			}}}},
		},
		"/tremplin.billing.v1.BillingService/GetSubscription": {{setup: ownerReads(trial, `{}`), changes: []change{
			{name: "the subscription starts", apply: func(t *testing.T, w *world, _ *reading) {
				w.srv.Client.User.UpdateOneID(w.owner.User.ID).SetHasPaid(true).SetSubscriptionStatus("active").
					SetSubscriptionPeriodEnd(w.srv.Clock.Now().AddDate(0, 1, 0)).ExecX(sys())
			}},
		}}},
		network + "ListContacts": {
			{setup: ownerReads(trial, `{}`), changes: []change{newContact, contactEdited}},
			{setup: ownerReads(trial, `{"search":"dub"}`), changes: []change{contactEdited, trialEnds}},
		},
		// The contact a contact introduced names its intermediary.
		network + "GetContact": {{setup: ownerReads(trial, `{"id":"$child"}`), changes: []change{contactEdited,
			ownerCalls("the contact is deleted", network+"DeleteContact", `{"id":"$child"}`).refusing()}}},
		network + "ListRecommendedContacts": {{setup: ownerReads(trial, `{"id":"$contact"}`), changes: []change{newChild}}},
		network + "ListDescendants":         {{setup: ownerReads(trial, `{"id":"$contact"}`), changes: []change{newGrandChild}}},
		network + "SearchTags":              {{setup: ownerReads(trial, `{"term":"ly"}`), changes: []change{newContact, trialEnds}}},
		network + "ExportContacts":          {{setup: ownerReads(trial, `{}`), changes: []change{newContact, contactEdited, nextDay}}},
		network + "ExportVCards": {
			{setup: ownerReads(trial, `{}`), changes: []change{newContact, contactEdited, nextDay, trialEnds}},
			{setup: ownerReads(trial, `{"contactId":"$contact"}`), changes: []change{contactEdited, trialEnds}},
		},
		// A homonym of the world's contact makes a pair.
		network + "ListDuplicates": {{setup: ownerReads(trial, `{}`), changes: []change{
			ownerCalls("a homonym is added", network+"CreateContact", `{"contact":{"firstName":"Léa","lastName":"Dubois","email":"lea.dubois@exemple.fr"}}`),
			trialEnds,
		}}},
		// An engaged contact silent for three months is due; planning a task with it ends that.
		network + "ListCallBacks": {{setup: func(t *testing.T, w *world) *reading {
			r := ownerReads(trial, `{}`)(t, w)
			c := w.srv.Client.Contact.Create().SetOwnerID(w.owner.User.ID).SetFirstName("Paul").SetLastName("LAMBERT").SetEmail("paul@exemple.fr").
				SetStatus(contact.StatusEngaged).SetCreatedAt(w.srv.Clock.Now().AddDate(0, -3, 0)).SaveX(sys())
			w.ids["silent"] = c.ID.String()
			return r
		}, changes: []change{
			ownerCalls("a follow-up is planned with it", activity+"CreateTask",
				`{"task":{"subject":"TASK_SUBJECT_REMINDER","mediaType":"MEDIA_TYPE_EMAIL","priority":"TASK_PRIORITY_NORMAL","deadline":"2026-12-20T09:00:00Z","contactId":"$silent"}}`),
			trialEnds,
		}}},
		// The copy of everything the candidate owns follows all of it, and the day (its name).
		"/tremplin.account.v1.AccountService/ExportMyData": {{setup: ownerReads(trial, `{}`), changes: []change{
			newContact, contactEdited, newApplication, applicationEdited, zoneMoved, nextDay}}},
		opportunity + "ListApplications": {{setup: ownerReads(trial, `{}`), changes: []change{newApplication, applicationEdited}}},
		opportunity + "GetApplication":   {{setup: ownerReads(trial, `{"id":"$application"}`), changes: []change{applicationEdited, contactEdited}}},
		opportunity + "ListKnownContacts": {{setup: ownerReads(trial, `{"id":"$application"}`), changes: []change{contactEdited,
			ownerCalls("someone at the company is met", network+"CreateContact",
				`{"contact":{"firstName":"Zoé","lastName":"Blanc","email":"zoe@exemple.fr","company":"ACME","parentId":"$child"}}`)}}},

		// Staff reads span other people's data: answered afresh every time.
		agency + "ListAgencies": {{setup: func(t *testing.T, w *world) *reading {
			w.staff = w.srv.SignInAs(t, testserver.Admin, email("admin"))
			return &reading{reader: w.staff, request: `{}`}
		}, changes: []change{
			{name: "an agency is created", apply: func(t *testing.T, w *world, _ *reading) { w.srv.CreateAgency(t, "Agence "+email("x"), 2) }},
			{name: "a candidate signs in for the first time", apply: func(t *testing.T, w *world, _ *reading) {
				a := w.srv.CreateAgency(t, "Agence "+email("y"), 2)
				w.srv.SignInAs(t, licensed, email("candidat"), a)
			}},
		}}},
		agency + "GetAgency": {{setup: func(t *testing.T, w *world) *reading {
			licensedWorld(t, w)
			return &reading{reader: w.staff, request: `{"id":"` + w.agency.ID.String() + `"}`}
		}, changes: []change{
			{name: "licences are added", apply: func(t *testing.T, w *world, _ *reading) {
				admin := w.srv.SignInAs(t, testserver.Admin, email("admin"))
				w.call(t, admin, agency+"AllocateLicenses", `{"id":"`+w.agency.ID.String()+`","numLicensesToAllocate":3}`)
			}},
			{name: "the agency is renamed", apply: func(t *testing.T, w *world, _ *reading) {
				w.srv.Client.Agency.UpdateOneID(w.agency.ID).SetName("Agence renommée").ExecX(sys())
			}},
		}}},
		agency + "ListCandidates": {{setup: func(t *testing.T, w *world) *reading {
			w.candidate(t, licensed)
			w.staff = w.srv.SignInAs(t, testserver.Admin, email("admin"))
			return &reading{reader: w.staff, request: `{}`}
		}, changes: []change{licenceExpiresSeen, accountDeletedSeen, newCandidateOfAgency}}},
		agency + "ListAgencyCandidates": {{setup: func(t *testing.T, w *world) *reading {
			licensedWorld(t, w)
			return &reading{reader: w.staff, request: `{"id":"` + w.agency.ID.String() + `"}`}
		}, changes: []change{licenceExpiresSeen, accountDeletedSeen, newCandidateOfAgency}}},
		agency + "GetCandidateLicense": {{setup: func(t *testing.T, w *world) *reading {
			licensedWorld(t, w)
			return &reading{reader: w.staff, request: `{"id":"` + w.owner.User.ID.String() + `"}`}
		}, changes: []change{licenceExpiresSeen, {name: "the licence is extended", apply: func(t *testing.T, w *world, _ *reading) {
			w.srv.Client.License.Update().Where(license.CandidateID(w.owner.User.ID)).
				SetExpirationDate(w.srv.Clock.Now().AddDate(1, 0, 0)).ExecX(sys())
		}}}}},
		// The coach view: another person's data, with their consent.
		agency + "GetCandidateProgress": {{setup: func(t *testing.T, w *world) *reading {
			licensedWorld(t, w)
			w.call(t, w.owner, "/tremplin.auth.v1.AuthService/UpdateProfile", w.expand(`{"id":"$me","shareProgressWithAgency":true}`))
			return &reading{reader: w.staff, request: `{"id":"` + w.owner.User.ID.String() + `"}`}
		}, changes: []change{
			newContact, newApplication,
			ownerCalls("the candidate stops sharing", "/tremplin.auth.v1.AuthService/UpdateProfile", `{"id":"$me","shareProgressWithAgency":false}`),
			{name: "the candidate moves to another agency", apply: func(t *testing.T, w *world, _ *reading) {
				other := w.srv.CreateAgency(t, "Agence "+email("autre"), 2)
				w.srv.Client.User.UpdateOneID(w.owner.User.ID).SetAgencyID(other.ID).ExecX(sys())
				w.srv.Client.License.Update().Where(license.CandidateID(w.owner.User.ID)).SetAgencyID(other.ID).ExecX(sys())
			}, refused: true},
			accountDeleted,
		}}},
		// It names the agency and the keys' uses: never kept.
		agency + "ListApiKeys": {{setup: func(t *testing.T, w *world) *reading {
			w.agency = w.srv.CreateAgency(t, "Agence "+email("cles"), 2)
			w.staff = w.staffOf(t)
			created := w.call(t, w.staff, agency+"CreateApiKey", `{"name":"ATS"}`)
			w.ids = map[string]string{"key": idOf(t, created, "apiKey"), "secret": created["secret"].(string)}
			return &reading{reader: w.staff, request: `{}`}
		}, changes: append(slices.Clone(apiKeyChanges), readerMovesAgency)}, {setup: func(t *testing.T, w *world) *reading {
			w.agency = w.srv.CreateAgency(t, "Agence "+email("cles"), 2)
			w.staff = w.srv.SignInAs(t, testserver.Admin, email("admin"))
			created := w.call(t, w.staff, agency+"CreateApiKey", `{"name":"ATS","agencyId":"`+w.agency.ID.String()+`"}`)
			w.ids = map[string]string{"key": idOf(t, created, "apiKey"), "secret": created["secret"].(string)}
			return &reading{reader: w.staff, request: `{"agencyId":"` + w.agency.ID.String() + `"}`}
		}, changes: append(slices.Clone(apiKeyChanges), agencyDeleted)}},
	}
}

// What a list of API keys follows: the keys, their uses and revocations, the agency's name,
// and whether the reader still manages the agency.
var apiKeyChanges = []change{
	{name: "a key is created", apply: func(t *testing.T, w *world, _ *reading) {
		w.call(t, w.staff, "/tremplin.agency.v1.AgencyService/CreateApiKey", `{"name":"Autre","agencyId":"`+w.agency.ID.String()+`"}`)
	}},
	{name: "the key is used", apply: func(t *testing.T, w *world, _ *reading) {
		w.srv.Clock.Advance(2 * time.Minute)
		if status, body := w.srv.KeySession(w.ids["secret"]).JSON(t, http.MethodGet, "/api/auth/me", nil); status != http.StatusOK {
			t.Fatalf("using the key: %d %v", status, body)
		}
	}},
	{name: "the key is revoked", apply: func(t *testing.T, w *world, _ *reading) {
		w.call(t, w.staff, "/tremplin.agency.v1.AgencyService/RevokeApiKey", `{"id":"`+w.ids["key"]+`"}`)
	}},
	{name: "the agency is renamed", apply: func(t *testing.T, w *world, _ *reading) {
		w.srv.Client.Agency.UpdateOneID(w.agency.ID).SetName("Agence renommée " + email("x")).ExecX(sys())
	}},
}

// The keys of an agency admin's agency follow the agency they are in.
var readerMovesAgency = change{name: "the reader moves to another agency", apply: func(t *testing.T, w *world, _ *reading) {
	other := w.srv.CreateAgency(t, "Agence "+email("autre"), 1)
	w.srv.Client.User.UpdateOneID(w.staff.User.ID).SetAgencyID(other.ID).ExecX(sys())
}}

// The keys of an agency the platform admin names are gone with it.
var agencyDeleted = change{name: "the agency is deleted", refused: true, apply: func(t *testing.T, w *world, _ *reading) {
	w.srv.Client.Agency.DeleteOneID(w.agency.ID).ExecX(sys())
}}

// refusing marks a change after which the read is refused.
func (c change) refusing() change {
	c.refused = true
	return c
}

// Staff see a candidate's state change in their lists.
var (
	licenceExpiresSeen = change{name: "a candidate's licence expires", apply: func(t *testing.T, w *world, f *reading) {
		licenceExpires.apply(t, w, f)
	}}
	accountDeletedSeen = change{name: "a candidate is deleted", apply: func(t *testing.T, w *world, f *reading) {
		accountDeleted.apply(t, w, f)
	}}
	newCandidateOfAgency = change{name: "a candidate joins the agency", apply: func(t *testing.T, w *world, _ *reading) {
		w.srv.CreateUser(t, email("nouveau"), testserver.UserSpec{AgencyID: &w.agency.ID})
	}}
)

// result is one read's answer over one route.
type result struct {
	route        string
	status       int
	etag         string
	cacheControl string
	body         []byte
}

// read reads f's request over Connect GET and, when the RPC has one whose path the request
// fills, its JSON GET route, with ifNoneMatch.
func (w *world) read(t *testing.T, m protoreflect.MethodDescriptor, f *reading, ifNoneMatch string) []result {
	t.Helper()
	client := testserver.HTTPClient(t)
	if f.reader != nil {
		client = f.reader.HTTP
	}
	routes := []string{w.srv.URL + procedure(m) + "?connect=v1&encoding=json&message=" + url.QueryEscape(f.request)}
	if route := jsonRoute(t, m, f.request); route != "" {
		routes = append(routes, w.srv.URL+route)
	}
	var out []result
	for _, route := range routes {
		res, body := get(t, client, route, ifNoneMatch)
		// A file's name is part of its answer.
		body = append(stripDates(body), res.Header.Get("Content-Disposition")...)
		out = append(out, result{
			route: strings.TrimPrefix(route, w.srv.URL), status: res.StatusCode, etag: res.Header.Get("ETag"),
			cacheControl: res.Header.Get("Cache-Control"), body: body,
		})
	}
	return out
}

// dtstamp is when an .ics file was written: it moves with every answer made afresh.
var dtstamp = regexp.MustCompile(`DTSTAMP:[0-9TZ]+\r?\n`)

func stripDates(body []byte) []byte { return dtstamp.ReplaceAll(body, nil) }

var pathVar = regexp.MustCompile(`\{([a-z_]+)\}`)

// jsonRoute answers the GET route of m filled from request, or "" when m has none or the
// request sets a field its path does not carry.
func jsonRoute(t *testing.T, m protoreflect.MethodDescriptor, request string) string {
	t.Helper()
	rule, _ := proto.GetExtension(m.Options(), annotations.E_Http).(*annotations.HttpRule)
	path := rule.GetGet()
	if path == "" {
		return ""
	}
	var fields map[string]any
	if err := json.Unmarshal([]byte(request), &fields); err != nil {
		t.Fatal(err)
	}
	used := 0
	path = pathVar.ReplaceAllStringFunc(path, func(v string) string {
		name := strings.Trim(v, "{}")
		value, _ := fields[name].(string)
		if value != "" {
			used++
		}
		return url.PathEscape(value)
	})
	if used != len(fields) || strings.Contains(path, "//") || strings.HasSuffix(path, "/") {
		return ""
	}
	return path
}
