package auth_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/testserver"
)

func TestUpdateOwnProfile(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		me := srv.SignInAs(t, testserver.TrialCandidate, "moi@exemple.fr")
		other := srv.CreateUser(t, "autre@exemple.fr", testserver.UserSpec{IsB2C: true, FirstName: "Bob"})
		status, body := me.JSON(t, http.MethodPut, "/api/users/"+me.User.ID.String(), map[string]any{
			"civility": "female", "firstName": "Alice", "lastName": "Dupont", "job": "Juriste",
			"mobileNumber": "06 12 34 56 78", "taskNotifications": true,
			// Not the user's to change: ignored.
			"hasPaid": true, "status": "with-valid-license",
		})
		if status != http.StatusOK {
			t.Fatalf("update: %d %v", status, body)
		}
		u := body["user"].(map[string]any)
		if u["lastName"] != "Dupont" || u["civility"] != "female" || u["taskNotifications"] != true || u["hasPaid"] != false {
			t.Errorf("got %v", u)
		}

		// Another user's profile is not found, and stays unchanged.
		me.WantJSONRefusal(t, http.MethodPut, "/api/users/"+other.ID.String(), map[string]any{"firstName": "Pirate"}, http.StatusNotFound, "NOT_FOUND")
		if srv.Client.User.GetX(sysCtx(), other.ID).FirstName != "Bob" {
			t.Error("the other user's profile changed")
		}

		// A bad phone number is refused with its field.
		me.WantJSONRefusal(t, http.MethodPut, "/api/users/"+me.User.ID.String(), map[string]any{"mobileNumber": "06 12 ab"}, http.StatusBadRequest, "INVALID_FIELDS")
	})
}

func TestTaskNotificationsNeedPremium(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	me := srv.SignInAs(t, testserver.EndedTrialCandidate, "fin@exemple.fr")
	status, body := me.JSON(t, http.MethodPut, "/api/users/"+me.User.ID.String(), map[string]any{"firstName": "X", "taskNotifications": true})
	if status != http.StatusForbidden || body["type"] != "PREMIUM_REQUIRED" {
		t.Fatalf("got %d %v", status, body)
	}
	if status, body := me.JSON(t, http.MethodPut, "/api/users/"+me.User.ID.String(), map[string]any{"firstName": "X"}); status != http.StatusOK {
		t.Fatalf("without notifications: %d %v", status, body)
	}
}

// The morning e-mail of the day's tasks is a candidate's: staff are not offered it, and the
// server refuses to turn it on for them (turning it off stays possible).
func TestTaskNotificationsAreForCandidates(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		ag := srv.CreateAgency(t, "Agence Est", 1)
		for _, s := range []*testserver.Session{
			srv.SignInAs(t, testserver.AgencyAdmin, "agence@exemple.fr", ag),
			srv.SignInAs(t, testserver.Admin, "admin@exemple.fr"),
		} {
			path := "/api/users/" + s.User.ID.String()
			status, body := s.JSON(t, http.MethodPut, path, map[string]any{"taskNotifications": true})
			if status != http.StatusBadRequest || body["type"] != "INVALID_FIELDS" ||
				!strings.Contains(body["message"].(string), "Seuls les candidats reçoivent les tâches du jour par e-mail") {
				t.Errorf("%s turning task e-mails on: %d %v", s.User.Email, status, body)
			}
			if srv.Client.User.GetX(sysCtx(), s.User.ID).TaskNotifications {
				t.Errorf("%s: task e-mails on", s.User.Email)
			}
			if status, body := s.JSON(t, http.MethodPut, path, map[string]any{"taskNotifications": false, "job": "Direction"}); status != http.StatusOK {
				t.Errorf("%s turning them off: %d %v", s.User.Email, status, body)
			}
		}
	})
}

// Limits count characters, not bytes: 100 accented letters fit a 100-character name.
func TestProfileLimitsCountCharacters(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		me := srv.SignInAs(t, testserver.TrialCandidate, "accents@exemple.fr")
		name := strings.Repeat("é", 100)
		status, body := me.JSON(t, http.MethodPut, "/api/users/"+me.User.ID.String(), map[string]any{"firstName": name})
		if status != http.StatusOK || body["user"].(map[string]any)["firstName"] != name {
			t.Fatalf("100 accented letters: %d %v", status, body)
		}
		status, body = me.JSON(t, http.MethodPut, "/api/users/"+me.User.ID.String(), map[string]any{"firstName": name + "é"})
		if status != http.StatusBadRequest || body["type"] != "INVALID_FIELDS" {
			t.Fatalf("101 letters: %d %v", status, body)
		}
	})
}

// A long browser signature is cut without breaking a character (PostgreSQL refuses invalid
// UTF-8), and the sign-in works.
func TestLoginWithALongUserAgent(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		srv.CreateUser(t, "ua@exemple.fr", testserver.UserSpec{IsB2C: true})
		req, _ := http.NewRequest(http.MethodPost, srv.URL+"/api/auth/login",
			strings.NewReader(`{"email":"ua@exemple.fr","password":"`+pw+`"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("User-Agent", strings.Repeat("a", 299)+"éééé")
		if status, body := testserver.Do(t, http.DefaultClient, req); status != http.StatusOK {
			t.Fatalf("%d %v", status, body)
		}
	})
}

// A profile update changes only what it names: a PUT without job keeps the job; an empty
// phone clears it; the time zone is part of the profile and must be a real one.
func TestProfileUpdatesArePartial(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		path := "/api/users/" + alice.User.ID.String()
		if status, body := alice.JSON(t, http.MethodPut, path, map[string]any{"job": "Juriste", "mobileNumber": "06 12 34 56 78", "lastName": "Dupont"}); status != http.StatusOK {
			t.Fatalf("first update: %d %v", status, body)
		}
		status, body := alice.JSON(t, http.MethodPut, path, map[string]any{"firstName": "Alicia", "mobileNumber": "", "timeZone": "America/Montreal"})
		if status != http.StatusOK {
			t.Fatalf("second update: %d %v", status, body)
		}
		u := body["user"].(map[string]any)
		if u["job"] != "Juriste" || u["lastName"] != "Dupont" || u["firstName"] != "Alicia" || u["mobileNumber"] != "" || u["timeZone"] != "America/Montreal" {
			t.Errorf("after a partial update: %v", u)
		}
		status, body = alice.JSON(t, http.MethodPut, path, map[string]any{"timeZone": "Europe/Lutece"})
		if status != http.StatusBadRequest || body["type"] != "INVALID_FIELDS" || !strings.Contains(body["message"].(string), "Fuseau horaire inconnu") {
			t.Errorf("an unknown zone: %d %v", status, body)
		}
		if got := srv.Client.User.GetX(sysCtx(), alice.User.ID).TimeZone; got != "America/Montreal" {
			t.Errorf("zone kept: %q", got)
		}
	})
}
