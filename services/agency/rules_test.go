package agency_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/google/uuid"
	"google.golang.org/protobuf/proto"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/license"
	agencyv1 "github.com/tremplin/tremplin/gen/tremplin/agency/v1"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/testserver"
)

// A candidate in one of the states the candidates screen meets, made by make in an agency
// with licences left (ag) or none (empty).
type candidateState struct {
	name string
	// offers: the actions the candidate's menu offers in this state (the server's flags).
	offers []string
	make   func(t *testing.T, srv *testserver.Start, email string, ag, empty *ent.Agency) *ent.User
}

// The staff actions of the candidates screen.
const (
	actAllocate   = "allocate"
	actGrantFree  = "grantFree"
	actRevokeFree = "revokeFree"
	actToB2C      = "toB2C"
	actToB2B      = "toB2B"
	actResend     = "resend"
)

var staffActions = []string{actAllocate, actGrantFree, actRevokeFree, actToB2C, actToB2B, actResend}

// offered reads the flag of the listing that offers action.
func offered(c *commonv1.User, action string) bool {
	switch action {
	case actAllocate:
		return c.GetCanBeReAllocatedLicense()
	case actGrantFree:
		return c.GetCanBeGrantedFreeAccess()
	case actRevokeFree:
		return c.GetHasFreeAccess()
	case actToB2C:
		return c.GetCanBeDefinedAsB2C()
	case actToB2B:
		return c.GetCanBeDefinedAsB2B()
	case actResend:
		return c.GetCanBeSentAgainEmailInvitation()
	}
	panic(action)
}

// perform calls the action as the screen does (the platform admin; a candidate of no agency
// made B2B goes to ag).
func perform(c *testserver.Session, action string, u *commonv1.User, ag *ent.Agency) error {
	var err error
	switch action {
	case actAllocate:
		_, err = agencyOf(c).AllocateLicenseToCandidate(bg, &agencyv1.AllocateLicenseToCandidateRequest{Id: u.GetAgency().GetId(), CandidateId: u.GetId()})
	case actGrantFree, actRevokeFree:
		_, err = agencyOf(c).SetFreeAccess(bg, &agencyv1.SetFreeAccessRequest{Id: u.GetId(), HasFreeAccess: action == actGrantFree})
	case actToB2C:
		_, err = agencyOf(c).DefineAsB2C(bg, &agencyv1.DefineAsB2CRequest{Id: u.GetId()})
	case actToB2B:
		req := &agencyv1.DefineAsB2BRequest{Id: u.GetId()}
		if u.GetAgency() == nil {
			req.AgencyId = ag.ID.String()
		}
		_, err = agencyOf(c).DefineAsB2B(bg, req)
	case actResend:
		_, err = agencyOf(c).SendNewEmailInvitation(bg, &agencyv1.SendNewEmailInvitationRequest{CandidateId: u.GetId()})
	}
	return err
}

func signedInBefore(t *testing.T, srv *testserver.Start, u *ent.User) *ent.User {
	t.Helper()
	return srv.Client.User.UpdateOne(u).SetFirstLoginAt(srv.Clock.Now().AddDate(-1, -1, 0)).SaveX(sys)
}

var candidateStates = []candidateState{
	{"pending licence", []string{actToB2C, actResend}, func(t *testing.T, srv *testserver.Start, email string, ag, _ *ent.Agency) *ent.User {
		return srv.CreateUser(t, email, testserver.UserSpec{AgencyID: &ag.ID, License: "pending"})
	}},
	{"valid licence", nil, func(t *testing.T, srv *testserver.Start, email string, ag, _ *ent.Agency) *ent.User {
		return signedInBefore(t, srv, srv.CreateUser(t, email, testserver.UserSpec{AgencyID: &ag.ID, License: "valid"}))
	}},
	{"expired licence", []string{actAllocate, actGrantFree, actToB2C}, func(t *testing.T, srv *testserver.Start, email string, ag, _ *ent.Agency) *ent.User {
		return signedInBefore(t, srv, srv.CreateUser(t, email, testserver.UserSpec{AgencyID: &ag.ID, License: "expired"}))
	}},
	{"expired licence, free access", []string{actAllocate, actRevokeFree, actToB2C}, func(t *testing.T, srv *testserver.Start, email string, ag, _ *ent.Agency) *ent.User {
		return signedInBefore(t, srv, srv.CreateUser(t, email, testserver.UserSpec{AgencyID: &ag.ID, License: "expired", FreeAccess: true}))
	}},
	{"no licence", []string{actAllocate, actGrantFree, actToB2C}, func(t *testing.T, srv *testserver.Start, email string, ag, _ *ent.Agency) *ent.User {
		return srv.CreateUser(t, email, testserver.UserSpec{AgencyID: &ag.ID})
	}},
	{"no licence, none left in the agency", []string{actGrantFree, actToB2C}, func(t *testing.T, srv *testserver.Start, email string, _, empty *ent.Agency) *ent.User {
		return srv.CreateUser(t, email, testserver.UserSpec{AgencyID: &empty.ID})
	}},
	{"no licence, free access", []string{actAllocate, actRevokeFree, actToB2C, actResend}, func(t *testing.T, srv *testserver.Start, email string, ag, _ *ent.Agency) *ent.User {
		return srv.CreateUser(t, email, testserver.UserSpec{AgencyID: &ag.ID, FreeAccess: true})
	}},
	{"no licence, signed in before", []string{actAllocate, actGrantFree, actToB2C}, func(t *testing.T, srv *testserver.Start, email string, ag, _ *ent.Agency) *ent.User {
		return signedInBefore(t, srv, srv.CreateUser(t, email, testserver.UserSpec{AgencyID: &ag.ID}))
	}},
	{"B2C in trial", []string{actGrantFree, actToB2B}, func(t *testing.T, srv *testserver.Start, email string, ag, _ *ent.Agency) *ent.User {
		end := srv.Clock.Now().AddDate(0, 0, 5)
		return srv.CreateUser(t, email, testserver.UserSpec{IsB2C: true, AgencyID: &ag.ID, TrialEnd: &end})
	}},
	{"B2C of no agency, trial ended", []string{actGrantFree, actToB2B}, func(t *testing.T, srv *testserver.Start, email string, _, _ *ent.Agency) *ent.User {
		end := srv.Clock.Now().AddDate(0, 0, -5)
		return srv.CreateUser(t, email, testserver.UserSpec{IsB2C: true, TrialEnd: &end})
	}},
	{"B2C of no agency, never signed in", []string{actGrantFree, actToB2B, actResend}, func(t *testing.T, srv *testserver.Start, email string, _, _ *ent.Agency) *ent.User {
		return srv.CreateUser(t, email, testserver.UserSpec{IsB2C: true})
	}},
	{"B2C paying", []string{actGrantFree}, func(t *testing.T, srv *testserver.Start, email string, ag, _ *ent.Agency) *ent.User {
		end := srv.Clock.Now().AddDate(0, 0, -5)
		u := srv.CreateUser(t, email, testserver.UserSpec{IsB2C: true, AgencyID: &ag.ID, TrialEnd: &end})
		return srv.Client.User.UpdateOne(u).SetHasPaid(true).SaveX(sys)
	}},
	{"B2C with free access", []string{actRevokeFree, actToB2B}, func(t *testing.T, srv *testserver.Start, email string, _, empty *ent.Agency) *ent.User {
		end := srv.Clock.Now().AddDate(0, 0, -5)
		return srv.CreateUser(t, email, testserver.UserSpec{IsB2C: true, AgencyID: &empty.ID, TrialEnd: &end, FreeAccess: true})
	}},
	{"B2C of an agency with no licence left", []string{actGrantFree}, func(t *testing.T, srv *testserver.Start, email string, _, empty *ent.Agency) *ent.User {
		end := srv.Clock.Now().AddDate(0, 0, -5)
		return srv.CreateUser(t, email, testserver.UserSpec{IsB2C: true, AgencyID: &empty.ID, TrialEnd: &end})
	}},
}

// listed reads the candidates as the platform admin's screen does, by e-mail.
func listed(t *testing.T, c *testserver.Session) map[string]*commonv1.User {
	t.Helper()
	res, err := agencyOf(c).ListCandidates(bg, &agencyv1.ListCandidatesRequest{})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*commonv1.User{}
	for _, u := range res.GetCandidates() {
		out[u.GetEmail()] = u
	}
	return out
}

// One rule for the menu and the server: the flags of the listing offer an action exactly when
// the server accepts it. For every action, in every state: offered, it succeeds; not offered,
// it is refused — or it asks for what is already so (free access for a candidate who has it, B2C
// for a B2C candidate), which changes nothing. And no action ever leaves a candidate with both
// free access and a pending or valid licence.
func TestTheMenuOffersExactlyWhatTheServerAccepts(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		admin := srv.SignInAs(t, testserver.Admin, "admin@tremplin.fr")
		for _, action := range staffActions {
			ag := srv.CreateAgency(t, "Agence "+action, 30)
			empty := srv.CreateAgency(t, "Agence vide "+action, 0)
			for i, st := range candidateStates {
				st.make(t, srv, strings.ToLower(action)+"."+string(rune('a'+i))+"@exemple.fr", ag, empty)
			}
			before := listed(t, admin)
			for i, st := range candidateStates {
				email := strings.ToLower(action) + "." + string(rune('a'+i)) + "@exemple.fr"
				u := before[email]
				if u == nil {
					t.Fatalf("%s: %s not listed", action, email)
				}
				if got, want := offered(u, action), slices.Contains(st.offers, action); got != want {
					t.Errorf("%s, %s: offered %v, want %v", st.name, action, got, want)
				}
				err := perform(admin, action, u, ag)
				after := listed(t, admin)[email]
				switch {
				case offered(u, action) && err != nil:
					t.Errorf("%s, %s: offered, then refused: %v", st.name, action, err)
				case !offered(u, action) && err == nil && !proto.Equal(u, after):
					t.Errorf("%s, %s: not offered, yet done:\n before %v\n after  %v", st.name, action, u, after)
				case !offered(u, action) && err != nil && connect.CodeOf(err) != connect.CodeFailedPrecondition &&
					connect.CodeOf(err) != connect.CodeInvalidArgument: // a licence of no agency cannot even be asked for
					t.Errorf("%s, %s: refused with %v", st.name, action, err)
				}
				if after.GetHasFreeAccess() && after.GetLicense() != nil &&
					(after.GetStatus() == commonv1.UserStatus_USER_STATUS_WITH_PENDING_LICENSE || after.GetStatus() == commonv1.UserStatus_USER_STATUS_WITH_VALID_LICENSE) {
					t.Errorf("%s, %s: free access and a licence: %v", st.name, action, after)
				}
			}
		}
	})
}

// A licence ends free access: given to a candidate with free access, it replaces it (the
// answer says so); free access cannot be given back while the licence is pending or valid. A
// B2C candidate with free access made B2B keeps it and takes no licence; one without takes one.
func TestALicenceEndsFreeAccess(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		admin := srv.SignInAs(t, testserver.Admin, "admin@tremplin.fr")
		ag, boss := agencyRunBy(t, srv, "agence@horizon.fr", 0)
		c := createCandidate(t, boss, ag.ID, "libre@exemple.fr", "Lina", "Libre")
		if res, err := agencyOf(boss).SetFreeAccess(bg, &agencyv1.SetFreeAccessRequest{Id: c.GetId(), HasFreeAccess: true}); err != nil ||
			res.GetCandidate().GetCanBeReAllocatedLicense() {
			t.Fatalf("free access, no licence left to give: %v %v", res, err)
		}
		if _, err := agencyOf(admin).AllocateLicenses(bg, &agencyv1.AllocateLicensesRequest{Id: ag.ID.String(), NumLicensesToAllocate: 2}); err != nil {
			t.Fatal(err)
		}
		status, body := boss.JSON(t, http.MethodPost, "/api/agency/"+ag.ID.String()+"/allocate-license-to-candidate", map[string]any{"candidateId": c.GetId()})
		got, _ := body["candidate"].(map[string]any)
		if status != http.StatusOK || got["hasFreeAccess"] != false || got["status"] != "with-pending-license" ||
			body["freeAccessEnded"] != true || body["invitationSent"] != true {
			t.Errorf("a licence for a candidate with free access: %d %v", status, body)
		}
		if srv.Client.User.GetX(sys, uuid.MustParse(c.GetId())).HasFreeAccess {
			t.Error("free access still stored")
		}
		wantCounts(t, "the licence given", boss, ag.ID, counts{2, 0, 1, 1})
		_, err := agencyOf(boss).SetFreeAccess(bg, &agencyv1.SetFreeAccessRequest{Id: c.GetId(), HasFreeAccess: true})
		testserver.WantRefusal(t, "free access with a pending licence", err, connect.CodeFailedPrecondition, "FREE_ACCESS_WITH_LICENSE")

		// B2C with free access, made B2B: no licence taken.
		end := srv.Clock.Now().AddDate(0, 0, -3)
		free := srv.CreateUser(t, "b2c.libre@exemple.fr", testserver.UserSpec{IsB2C: true, AgencyID: &ag.ID, TrialEnd: &end, FreeAccess: true})
		res, err := agencyOf(admin).DefineAsB2B(bg, &agencyv1.DefineAsB2BRequest{Id: free.ID.String()})
		if err != nil || res.GetCandidate().GetLicense() != nil || !res.GetCandidate().GetHasFreeAccess() || res.GetCandidate().GetIsB2C() {
			t.Errorf("B2B with free access: %v %v", res, err)
		}
		wantCounts(t, "no licence taken for free access", boss, ag.ID, counts{2, 0, 1, 1})
		// B2C without: one taken, and the candidate, who signed in before, is told.
		paying := srv.CreateUser(t, "b2c.essai@exemple.fr", testserver.UserSpec{IsB2C: true, AgencyID: &ag.ID, TrialEnd: &end, FirstName: "Basile"})
		res, err = agencyOf(admin).DefineAsB2B(bg, &agencyv1.DefineAsB2BRequest{Id: paying.ID.String()})
		if err != nil || res.GetCandidate().GetStatus() != commonv1.UserStatus_USER_STATUS_WITH_PENDING_LICENSE || !res.GetCandidateNotified() ||
			res.GetCandidate().GetLicense().GetInvitationDate() == nil {
			t.Errorf("B2B taking a licence: %v %v", res, err)
		}
		wantCounts(t, "a licence taken by B2B", boss, ag.ID, counts{2, 0, 2, 0})
		if msg := srv.Mail.WaitFor(t, "b2c.essai@exemple.fr"); !strings.Contains(msg.Text, ag.Name) {
			t.Errorf("the B2B candidate's mail:\n%s", msg.Text)
		}
	})
}

// A licence given again to a candidate who signed in before (theirs expired) tells them by
// e-mail — French, with the way back in, no password link — and dates the licence's
// invitation; one who never signed in is invited, as before.
func TestAReallocatedLicenceTellsTheCandidate(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		ag, boss := agencyRunBy(t, srv, "agence@horizon.fr", 2)
		back := signedInBefore(t, srv, srv.CreateUser(t, "retour@exemple.fr", testserver.UserSpec{AgencyID: &ag.ID, License: "expired", FirstName: "Rémi"}))
		srv.Clock.Advance(time.Hour)
		status, body := boss.JSON(t, http.MethodPost, "/api/agency/"+ag.ID.String()+"/allocate-license-to-candidate", map[string]any{"candidateId": back.ID.String()})
		got, _ := body["candidate"].(map[string]any)
		lic, _ := got["license"].(map[string]any)
		now := srv.Clock.Now().Format(time.RFC3339)
		if status != http.StatusOK || got["status"] != "with-pending-license" || body["candidateNotified"] != true || body["invitationSent"] == true ||
			lic["invitationDate"] != now || lic["allocationDate"] != now {
			t.Fatalf("a licence given again: %d %v", status, body)
		}
		stored := srv.Client.License.Query().Where(license.CandidateID(back.ID)).OnlyX(sys)
		if stored.InvitationDate == nil || !stored.InvitationDate.Equal(srv.Clock.Now()) {
			t.Errorf("stored invitation date %v", stored.InvitationDate)
		}
		msg := srv.Mail.WaitFor(t, "retour@exemple.fr")
		for _, want := range []string{"Bonjour Rémi", ag.Name + " vous a attribué une nouvelle licence Tremplin", srv.URL + "/login", "retour@exemple.fr", "mot de passe"} {
			if !strings.Contains(msg.Text, want) {
				t.Errorf("the mail does not say %q:\n%s", want, msg.Text)
			}
		}
		if strings.Contains(msg.Text, "/new-password?") || msg.Subject != "Votre accès à Tremplin est de nouveau ouvert" {
			t.Errorf("the mail: %q\n%s", msg.Subject, msg.Text)
		}
		// They sign in with their password: the licence starts.
		if status, body := srv.JSON(t, testserver.HTTPClient(t), http.MethodPost, "/api/auth/login",
			map[string]string{"email": "retour@exemple.fr", "password": testserver.Password}); status != http.StatusOK ||
			body["user"].(map[string]any)["status"] != "with-valid-license" {
			t.Errorf("signing in with the new licence: %d %v", status, body)
		}
	})
}

// The invitation can be sent again to any candidate the caller manages, of an agency or of
// none (a B2C candidate the platform admin created has none): POST
// /api/candidates/{candidateId}/send-new-email-invitation. The spec's route, which names the
// agency, still works, for that agency's candidates.
func TestResendingAnInvitationToACandidateOfNoAgency(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		admin := srv.SignInAs(t, testserver.Admin, "admin@tremplin.fr")
		ag, boss := agencyRunBy(t, srv, "agence@horizon.fr", 1)
		solo, err := agencyOf(admin).CreateCandidate(bg, &agencyv1.CreateCandidateRequest{Email: "solo@exemple.fr", FirstName: "Solène"})
		if err != nil || solo.GetCandidate().GetAgency() != nil || !solo.GetCandidate().GetCanBeSentAgainEmailInvitation() {
			t.Fatalf("a B2C candidate of no agency: %v %v", solo, err)
		}
		id := solo.GetCandidate().GetId()
		status, body := admin.JSON(t, http.MethodPost, "/api/candidates/"+id+"/send-new-email-invitation", map[string]any{})
		if status != http.StatusOK || body["candidate"].(map[string]any)["id"] != id {
			t.Fatalf("resending to a candidate of no agency: %d %v", status, body)
		}
		mailsTo(t, srv, "solo@exemple.fr", 2)

		// The agency admin: their candidate by either route; not the admin's B2C candidate.
		lea := createCandidate(t, boss, ag.ID, "lea@exemple.fr", "Léa", "Dubois")
		for _, path := range []string{"/api/candidates/" + lea.GetId() + "/send-new-email-invitation", "/api/agency/" + ag.ID.String() + "/send-new-email-invitation"} {
			if status, body := boss.JSON(t, http.MethodPost, path, map[string]any{"candidateId": lea.GetId()}); status != http.StatusOK {
				t.Errorf("%s: %d %v", path, status, body)
			}
		}
		mailsTo(t, srv, "lea@exemple.fr", 3)
		status, body = boss.JSON(t, http.MethodPost, "/api/candidates/"+id+"/send-new-email-invitation", map[string]any{})
		if status != http.StatusNotFound || body["message"] != string(apierr.Candidate)+" introuvable" {
			t.Errorf("an agency admin resending to another's candidate: %d %v", status, body)
		}
		// The spec's route with another agency's id than the candidate's: not found.
		other := srv.CreateAgency(t, "Agence Voisine", 0)
		status, _ = admin.JSON(t, http.MethodPost, "/api/agency/"+other.ID.String()+"/send-new-email-invitation", map[string]any{"candidateId": lea.GetId()})
		if status != http.StatusNotFound {
			t.Errorf("the spec's route naming another agency: %d", status)
		}
		mailsTo(t, srv, "solo@exemple.fr", 2)
	})
}

// Free access granted and a licence given at the same moment, many times over: both lock the
// candidate, so one waits for the other — whichever wins, the candidate never ends with both,
// and the pool gives out exactly the licences held.
func TestFreeAccessAndALicenceAtOnceNeverBoth(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		ag, boss := agencyRunBy(t, srv, "agence@horizon.fr", 8)
		for i := range 8 {
			email := "duo" + string(rune('a'+i)) + "@exemple.fr"
			u := signedInBefore(t, srv, srv.CreateUser(t, email, testserver.UserSpec{AgencyID: &ag.ID}))
			parallel(2, func(j int) error {
				if j == 0 {
					_, err := agencyOf(boss).SetFreeAccess(bg, &agencyv1.SetFreeAccessRequest{Id: u.ID.String(), HasFreeAccess: true})
					return err
				}
				_, err := agencyOf(boss).AllocateLicenseToCandidate(bg, &agencyv1.AllocateLicenseToCandidateRequest{Id: ag.ID.String(), CandidateId: u.ID.String()})
				return err
			})
			stored := srv.Client.User.GetX(sys, u.ID)
			held := srv.Client.License.Query().Where(license.CandidateID(u.ID)).ExistX(sys)
			if stored.HasFreeAccess && held {
				t.Errorf("%s: free access and a licence", email)
			}
			if !stored.HasFreeAccess && !held {
				t.Errorf("%s: neither", email)
			}
		}
		held := srv.Client.License.Query().Where(license.AgencyID(ag.ID)).CountX(sys)
		if got := allocatedOf(t, srv, ag.ID); got != held {
			t.Errorf("%d licences allocated, %d held", got, held)
		}
		countsOf(t, boss, ag.ID)
	})
}
