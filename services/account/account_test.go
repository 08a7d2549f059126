package account_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"maps"
	"net/http"
	"strings"
	"testing"

	"connectrpc.com/connect"

	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/ent/user"
	accountv1 "github.com/tremplin/tremplin/gen/tremplin/account/v1"
	"github.com/tremplin/tremplin/gen/tremplin/account/v1/accountv1connect"
	"github.com/tremplin/tremplin/internal/demo"
	"github.com/tremplin/tremplin/internal/testserver"
	"github.com/tremplin/tremplin/internal/viewer"
)

var (
	bg  = context.Background()
	sys = viewer.SystemContext(bg)
)

const thomasEmail = "candidat@demo.tremplin.fr"

func seeded(t *testing.T, srv *testserver.Start) {
	t.Helper()
	if err := demo.Seed(bg, srv.Client, demo.DefaultPassword, srv.Clock.Now()); err != nil {
		t.Fatal(err)
	}
}

// The copy: a zip of donnees.json (everything Thomas owns, nothing of another candidate's, no
// secret) and contacts.csv (byte for byte the network's own export), over JSON and Connect.
func TestACandidateDownloadsEverythingTheyOwn(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		seeded(t, srv)
		thomas := srv.SignInExisting(t, thomasEmail, demo.DefaultPassword)
		me := srv.Client.User.Query().Where(user.Email(thomasEmail)).OnlyX(sys)
		lea := srv.Client.User.Query().Where(user.Email("essai@demo.tremplin.fr")).OnlyX(sys)

		res, err := thomas.HTTP.Get(srv.URL + "/api/users/me/export")
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(res.Body)
		_ = res.Body.Close()
		if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "application/zip" {
			t.Fatalf("GET /api/users/me/export: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
		}
		wantName := `attachment; filename="tremplin-mes-donnees-` + srv.Clock.Now().Format("2006-01-02") + `.zip"`
		if got := res.Header.Get("Content-Disposition"); got != wantName {
			t.Errorf("Content-Disposition %q, want %q", got, wantName)
		}
		files := unzip(t, data)
		if len(files) != 2 || files["donnees.json"] == nil || files["contacts.csv"] == nil {
			t.Fatalf("the zip holds %d files", len(files))
		}

		var mine struct {
			Account struct {
				Email string `json:"email"`
			} `json:"account"`
			Contacts     []struct{ ID string } `json:"contacts"`
			Applications []struct{ ID string } `json:"applications"`
			Tasks        []struct{ ID string } `json:"tasks"`
			Events       []struct{ ID string } `json:"events"`
		}
		if err := json.Unmarshal(files["donnees.json"], &mine); err != nil {
			t.Fatal(err)
		}
		if mine.Account.Email != thomasEmail {
			t.Errorf("the account in the copy: %q", mine.Account.Email)
		}
		owned := srv.Owned(t, me.ID)
		for what, got := range map[string]int{"contacts": len(mine.Contacts), "applications": len(mine.Applications), "tasks": len(mine.Tasks), "events": len(mine.Events)} {
			if want := owned[what]; got != want || want == 0 {
				t.Errorf("%s in the copy: %d, Thomas owns %d", what, got, want)
			}
		}
		text := string(files["donnees.json"])
		for _, c := range srv.Client.Contact.Query().Where(contact.OwnerID(lea.ID)).AllX(sys) {
			if strings.Contains(text, c.ID.String()) {
				t.Fatalf("Léa's contact %s is in Thomas's copy", c.ID)
			}
		}
		if strings.Contains(text, "argon2") || strings.Contains(text, "password") || strings.Contains(text, "token") {
			t.Error("the copy holds a secret (a password hash or a token)")
		}

		// contacts.csv is what the network's export answers.
		res, err = thomas.HTTP.Get(srv.URL + "/api/contacts/export")
		if err != nil {
			t.Fatal(err)
		}
		network, _ := io.ReadAll(res.Body)
		_ = res.Body.Close()
		if res.StatusCode != http.StatusOK || !bytes.Equal(network, files["contacts.csv"]) {
			t.Errorf("contacts.csv differs from the network's export (%d):\n%s\n---\n%s", res.StatusCode, files["contacts.csv"], network)
		}

		// Over Connect: the same download.
		api := testserver.Connect(thomas, accountv1connect.NewAccountServiceClient)
		got, err := api.ExportMyData(bg, &accountv1.ExportMyDataRequest{})
		if err != nil {
			t.Fatal(err)
		}
		if got.GetFilename() != "tremplin-mes-donnees-"+srv.Clock.Now().Format("2006-01-02")+".zip" || len(unzip(t, got.GetFile().GetData())) != 2 {
			t.Errorf("ExportMyData over Connect: %q", got.GetFilename())
		}

		// An agency admin has no copy of their own to take here.
		boss := srv.SignInExisting(t, "agence@demo.tremplin.fr", demo.DefaultPassword)
		if status, _ := boss.JSON(t, http.MethodGet, "/api/users/me/export", nil); status != http.StatusForbidden {
			t.Errorf("an agency admin's export: %d", status)
		}
	})
}

// Deleting one's account: a wrong password deletes nothing; the right one deletes everything
// owned in one go, ends every session (this one's cookie is cleared), keeps every other
// candidate's data, and sends the confirmation.
func TestACandidateDeletesTheirAccount(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		seeded(t, srv)
		thomas := srv.SignInExisting(t, thomasEmail, demo.DefaultPassword)
		otherDevice := srv.SignInExisting(t, thomasEmail, demo.DefaultPassword)
		me := srv.Client.User.Query().Where(user.Email(thomasEmail)).OnlyX(sys)
		lea := srv.Client.User.Query().Where(user.Email("essai@demo.tremplin.fr")).OnlyX(sys)
		leaContacts := srv.Client.Contact.Query().Where(contact.OwnerID(lea.ID)).CountX(sys)
		before := srv.Owned(t, me.ID)

		api := testserver.Connect(thomas, accountv1connect.NewAccountServiceClient)
		_, err := api.DeleteMyAccount(bg, &accountv1.DeleteMyAccountRequest{Password: "pas-le-bon"})
		testserver.WantRefusal(t, "a wrong password", err, connect.CodePermissionDenied, "INVALID_CREDENTIALS")
		if got := srv.Owned(t, me.ID); !maps.Equal(got, before) {
			t.Fatalf("a refused deletion changed %v into %v", before, got)
		}
		status, body := thomas.JSON(t, http.MethodPost, "/api/users/me/delete", map[string]string{})
		if status != http.StatusBadRequest {
			t.Errorf("no password: %d %v", status, body)
		}

		// A reset link outstanding ends with the account.
		if status, _ := srv.JSON(t, testserver.HTTPClient(t), http.MethodPost, "/api/users/reset-password", map[string]string{"email": thomasEmail}); status != http.StatusOK {
			t.Fatal("reset link")
		}
		srv.Mail.WaitFor(t, thomasEmail)

		req, _ := http.NewRequest(http.MethodPost, srv.URL+"/api/users/me/delete", strings.NewReader(`{"password": "`+demo.DefaultPassword+`"}`))
		req.Header.Set("Content-Type", "application/json")
		res, err := thomas.HTTP.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_ = res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Fatalf("POST /api/users/me/delete: %d", res.StatusCode)
		}
		if cleared := res.Header.Get("Set-Cookie"); !strings.Contains(cleared, "Max-Age=0") {
			t.Errorf("the session cookie is not cleared: %q", cleared)
		}
		for what, n := range srv.Owned(t, me.ID) {
			if n != 0 {
				t.Errorf("%d %s left after the deletion", n, what)
			}
		}
		if status, _ := otherDevice.JSON(t, http.MethodGet, "/api/auth/me", nil); status != http.StatusUnauthorized {
			t.Errorf("the session on another device still works: %d", status)
		}
		if n := srv.Client.Contact.Query().Where(contact.OwnerID(lea.ID)).CountX(sys); n != leaContacts {
			t.Errorf("another candidate's network: %d contacts, was %d", n, leaContacts)
		}
		if m := srv.Mail.WaitForSubject(t, thomasEmail, "Votre compte Tremplin a été supprimé"); !strings.Contains(m.Text, "Vous avez supprimé votre compte Tremplin.") {
			t.Errorf("the confirmation says:\n%s", m.Text)
		}
	})
}

func unzip(t *testing.T, data []byte) map[string][]byte {
	t.Helper()
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatalf("not a zip: %v", err)
	}
	files := map[string][]byte{}
	for _, f := range z.File {
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		files[f.Name], _ = io.ReadAll(r)
		_ = r.Close()
	}
	return files
}
