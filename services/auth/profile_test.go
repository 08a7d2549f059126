package auth_test

import (
	"net/http"
	"testing"

	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/testserver"
)

func TestUpdateOwnProfile(t *testing.T) {
	eachDialect(t, func(t *testing.T, srv *testserver.Start) {
		me := srv.CreateUser(t, "moi@exemple.fr", testserver.UserSpec{IsB2C: true, FirstName: "Alice"})
		other := srv.CreateUser(t, "autre@exemple.fr", testserver.UserSpec{IsB2C: true, FirstName: "Bob"})
		c := testserver.HTTPClient(t)
		if status, _ := login(t, srv, c, "moi@exemple.fr", pw); status != http.StatusOK {
			t.Fatal("login")
		}
		status, body := srv.JSON(t, c, http.MethodPut, "/api/users/"+me.ID.String(), map[string]any{
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
		status, body = srv.JSON(t, c, http.MethodPut, "/api/users/"+other.ID.String(), map[string]any{"firstName": "Pirate"})
		if status != http.StatusNotFound || body["type"] != "NOT_FOUND" {
			t.Errorf("foreign profile: %d %v", status, body)
		}
		if srv.Client.User.GetX(sysCtx(), other.ID).FirstName != "Bob" {
			t.Error("the other user's profile changed")
		}

		// A bad phone number is refused with its field.
		status, body = srv.JSON(t, c, http.MethodPut, "/api/users/"+me.ID.String(), map[string]any{"mobileNumber": "06 12 ab"})
		if status != http.StatusBadRequest || body["type"] != "INVALID_FIELDS" {
			t.Errorf("bad phone: %d %v", status, body)
		}
	})
}

func TestTaskNotificationsNeedPremium(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	ended := srv.Clock.Now().AddDate(0, 0, -1)
	me := srv.CreateUser(t, "fin@exemple.fr", testserver.UserSpec{IsB2C: true, TrialEnd: &ended})
	c := testserver.HTTPClient(t)
	login(t, srv, c, "fin@exemple.fr", pw)
	status, body := srv.JSON(t, c, http.MethodPut, "/api/users/"+me.ID.String(), map[string]any{"firstName": "X", "taskNotifications": true})
	if status != http.StatusForbidden || body["type"] != "PREMIUM_REQUIRED" {
		t.Fatalf("got %d %v", status, body)
	}
	if status, body := srv.JSON(t, c, http.MethodPut, "/api/users/"+me.ID.String(), map[string]any{"firstName": "X"}); status != http.StatusOK {
		t.Fatalf("without notifications: %d %v", status, body)
	}
}
