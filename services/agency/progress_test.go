package agency_test

import (
	"net/http"
	"testing"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/tremplin/tremplin/ent/application"
	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	"github.com/tremplin/tremplin/gen/tremplin/activity/v1/activityv1connect"
	agencyv1 "github.com/tremplin/tremplin/gen/tremplin/agency/v1"
	authv1 "github.com/tremplin/tremplin/gen/tremplin/auth/v1"
	"github.com/tremplin/tremplin/gen/tremplin/auth/v1/authv1connect"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/gen/tremplin/network/v1/networkv1connect"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/testserver"
)

// share turns the candidate's consent on or off through their own profile.
func share(t *testing.T, s *testserver.Session, on bool) {
	t.Helper()
	_, err := testserver.Connect(s, authv1connect.NewAuthServiceClient).UpdateProfile(bg,
		&authv1.UpdateProfileRequest{Id: s.User.ID.String(), ShareProgressWithAgency: &on})
	if err != nil {
		t.Fatalf("sharing %v: %v", on, err)
	}
}

// busyWeek gives the candidate a network, applications in every status and this week's work:
// two contacts, one first contact by e-mail completed and one not started, an application of each status.
func busyWeek(t *testing.T, srv *testserver.Start, s *testserver.Session) {
	t.Helper()
	net := testserver.Connect(s, networkv1connect.NewNetworkServiceClient)
	act := testserver.Connect(s, activityv1connect.NewActivityServiceClient)
	var ids []string
	for _, name := range []string{"Durand", "Petit"} {
		res, err := net.CreateContact(bg, &networkv1.CreateContactRequest{Contact: &networkv1.ContactDraft{
			FirstName: "Claire", LastName: name, Company: "Airbus", Email: name + "@exemple.fr", MobileNumber: "06 12 34 56 78",
		}})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, res.GetContact().GetId())
	}
	owner := s.Context()
	for _, status := range []application.Status{application.StatusNew, application.StatusNew, application.StatusEngaged, application.StatusLost, application.StatusWin} {
		srv.Client.Application.Create().SetOwnerID(s.User.ID).SetCompany("Airbus").SetJob("Acheteuse").
			SetSource(application.SourceJobBoard).SetStatus(status).SetCreatedAt(srv.Clock.Now()).SaveX(owner)
	}
	for i, id := range ids {
		res, err := act.CreateTask(bg, &activityv1.CreateTaskRequest{Task: &activityv1.TaskDraft{
			Subject: activityv1.TaskSubject_TASK_SUBJECT_FIRST_CONTACT, ContactId: id, MediaType: activityv1.MediaType_MEDIA_TYPE_EMAIL,
			Deadline: timestamppb.New(srv.Clock.Now().Add(time.Hour)), Priority: activityv1.TaskPriority_TASK_PRIORITY_NORMAL,
		}})
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			if _, err := act.AddReport(bg, &activityv1.AddReportRequest{ActivityType: activityv1.ActivityType_ACTIVITY_TYPE_TASK, Id: res.GetTask().GetId()}); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// The coach view: the agency admin sees a consenting candidate's figures and counts, nothing
// while the candidate does not share (before consent and after it is withdrawn), and never
// another agency's candidate, consenting or not.
func TestCoachViewNeedsTheCandidatesConsent(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		ag, boss := agencyRunBy(t, srv, "agence@horizon.fr", 3)
		_, stranger := agencyRunBy(t, srv, "agence@ailleurs.fr", 3)
		claire := srv.SignInAs(t, testserver.LicensedCandidate, "claire@horizon.fr", ag)
		busyWeek(t, srv, claire)
		req := &agencyv1.GetCandidateProgressRequest{Id: claire.User.ID.String()}

		res, err := agencyOf(boss).GetCandidateProgress(bg, req)
		if err != nil || res.GetShared() || res.GetProgress() != nil {
			t.Fatalf("before consent: %v, %v; want shared=false and nothing else", res, err)
		}

		share(t, claire, true)
		res, err = agencyOf(boss).GetCandidateProgress(bg, req)
		if err != nil || !res.GetShared() {
			t.Fatalf("after consent: %v, %v", res, err)
		}
		p := res.GetProgress()
		if p.GetFirstName() == "" || p.GetContacts() != 2 || p.GetNewApplications() != 2 || p.GetEngagedApplications() != 1 ||
			p.GetLostApplications() != 1 || p.GetWinApplications() != 1 || p.GetLastLoginDate() == nil {
			t.Errorf("counts: %v", p)
		}
		week := p.GetThisWeek()
		if week.GetCompletedTasks() != 1 || week.GetNotStartedTasks() < 1 || week.GetNewContacts() != 2 || week.GetNewApplications() != 5 {
			t.Errorf("this week: %v", week)
		}
		if last := p.GetLastWeek(); last.GetCompletedTasks() != 0 || last.GetNewContacts() != 0 ||
			!last.GetEnd().AsTime().Equal(week.GetStart().AsTime()) {
			t.Errorf("last week: %v (this week starts %v)", last, week.GetStart().AsTime())
		}

		// The JSON route answers the same, in the contract's names.
		status, body := boss.JSON(t, http.MethodGet, "/api/candidates/"+claire.User.ID.String()+"/progress", nil)
		if progress, _ := body["progress"].(map[string]any); status != http.StatusOK || body["shared"] != true || progress["contacts"] != 2.0 {
			t.Errorf("JSON route: %d %v", status, body)
		}

		// Another agency's admin: the candidate does not exist for them, consent or not.
		_, err = agencyOf(stranger).GetCandidateProgress(bg, req)
		testserver.WantNotFound(t, "another agency's candidate", err, apierr.Candidate)
		// The platform admin and the candidate themself cannot open the coach view.
		_, err = agencyOf(srv.SignInAs(t, testserver.Admin, "admin@tremplin.fr")).GetCandidateProgress(bg, req)
		testserver.WantRefusal(t, "platform admin", err, connect.CodePermissionDenied, "ROLE_NOT_ALLOWED")
		_, err = agencyOf(claire).GetCandidateProgress(bg, req)
		testserver.WantRefusal(t, "the candidate", err, connect.CodePermissionDenied, "ROLE_NOT_ALLOWED")

		share(t, claire, false)
		res, err = agencyOf(boss).GetCandidateProgress(bg, req)
		if err != nil || res.GetShared() || res.GetProgress() != nil {
			t.Errorf("after withdrawal: %v, %v; want shared=false and nothing else", res, err)
		}
	})
}

// Consent is off by default, shown on the user, and only a candidate followed by an agency
// can turn it on.
func TestOnlyAnAgencysCandidateSharesProgress(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		ag, _ := agencyRunBy(t, srv, "agence@horizon.fr", 3)
		claire := srv.SignInAs(t, testserver.LicensedCandidate, "claire@horizon.fr", ag)
		me, err := testserver.Connect(claire, authv1connect.NewAuthServiceClient).Me(bg, &authv1.MeRequest{})
		if err != nil || me.GetUser().GetShareProgressWithAgency() {
			t.Fatalf("default: %v, %v; want off", me, err)
		}
		share(t, claire, true)
		if u := srv.Client.User.GetX(sys, claire.User.ID); !u.ShareProgressWithAgency {
			t.Error("consent not stored")
		}

		solo := srv.SignInAs(t, testserver.TrialCandidate, "solo@exemple.fr")
		on := true
		_, err = testserver.Connect(solo, authv1connect.NewAuthServiceClient).UpdateProfile(bg,
			&authv1.UpdateProfileRequest{Id: solo.User.ID.String(), ShareProgressWithAgency: &on})
		testserver.WantFieldViolation(t, "B2C candidate without agency", err, "share_progress_with_agency",
			"Seuls les candidats suivis par une agence peuvent partager leur progression")
		if u := srv.Client.User.GetX(sys, solo.User.ID); u.ShareProgressWithAgency {
			t.Error("a candidate without agency shares their progress")
		}
	})
}

// Consent to the coach view is given to one agency: it ends when the candidate's agency
// changes (define-as-B2B into another agency, over Connect or the JSON route), when the
// candidate leaves the agency's B2B arrangement (define-as-B2C), and whatever code moves
// them; the new agency's admin sees nothing until the candidate consents again.
func TestConsentEndsWhenTheAgencyChanges(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		agH, horizon := agencyRunBy(t, srv, "agence@horizon.fr", 3)
		agA, ailleurs := agencyRunBy(t, srv, "agence@ailleurs.fr", 3)
		admin := srv.SignInAs(t, testserver.Admin, "admin@tremplin.fr")
		trialEnd := srv.Tomorrow()
		// A B2C candidate followed by Horizon, with free access (so she signs in as B2B too).
		claire := srv.SignIn(t, "claire@exemple.fr", testserver.UserSpec{IsB2C: true, AgencyID: &agH.ID, TrialEnd: &trialEnd, FreeAccess: true, FirstName: "Claire"})
		id := claire.User.ID.String()
		shared := func(what string, boss *testserver.Session, want bool) {
			t.Helper()
			res, err := agencyOf(boss).GetCandidateProgress(bg, &agencyv1.GetCandidateProgressRequest{Id: id})
			if err != nil || res.GetShared() != want || (res.GetProgress() != nil) != want {
				t.Errorf("%s: shared %v (%v), want %v", what, res.GetShared(), err, want)
			}
			me, err := testserver.Connect(claire, authv1connect.NewAuthServiceClient).Me(bg, &authv1.MeRequest{})
			if err != nil || me.GetUser().GetShareProgressWithAgency() != want {
				t.Errorf("%s: the candidate sees consent %v (%v), want %v", what, me.GetUser().GetShareProgressWithAgency(), err, want)
			}
		}

		share(t, claire, true)
		shared("consent given to Horizon", horizon, true)

		// Moved to another agency: Ailleurs sees nothing.
		if _, err := agencyOf(admin).DefineAsB2B(bg, &agencyv1.DefineAsB2BRequest{Id: id, AgencyId: agA.ID.String()}); err != nil {
			t.Fatal(err)
		}
		shared("moved to Ailleurs", ailleurs, false)

		// Consent given again, to Ailleurs; leaving its B2B arrangement ends it.
		share(t, claire, true)
		shared("consent given to Ailleurs", ailleurs, true)
		if status, body := admin.JSON(t, http.MethodPost, "/api/candidates/"+id+"/define-as-b2c", map[string]any{}); status != http.StatusOK {
			t.Fatalf("define-as-b2c: %d %v", status, body)
		}
		shared("made B2C", ailleurs, false)

		// Over the JSON route, back to Horizon.
		share(t, claire, true)
		if status, body := admin.JSON(t, http.MethodPost, "/api/candidates/"+id+"/define-as-b2b", map[string]any{"agencyId": agH.ID.String()}); status != http.StatusOK {
			t.Fatalf("define-as-b2b: %d %v", status, body)
		}
		shared("back to Horizon", horizon, false)

		// Whatever code moves a candidate (here the database client itself) ends consent; a
		// change that keeps the agency keeps it.
		share(t, claire, true)
		srv.Client.User.UpdateOneID(claire.User.ID).SetAgencyID(agH.ID).SetFirstName("Claire").ExecX(sys)
		shared("the same agency written again", horizon, true)
		srv.Client.User.UpdateOneID(claire.User.ID).SetAgencyID(agA.ID).ExecX(sys)
		shared("moved by another writer", ailleurs, false)
		share(t, claire, true)
		srv.Client.User.UpdateOneID(claire.User.ID).ClearAgencyID().ExecX(sys)
		if srv.Client.User.GetX(sys, claire.User.ID).ShareProgressWithAgency {
			t.Error("consent kept by a candidate who left every agency")
		}
	})
}
