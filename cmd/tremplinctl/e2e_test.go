package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/tremplin/tremplin/internal/credentials"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/testserver"
)

// TestMain lets the test binary be tremplinctl itself, for the tests that check what a shell
// sees: the process's exit code.
func TestMain(m *testing.M) {
	if os.Getenv("TREMPLINCTL_BE_MAIN") == "1" {
		main()
	}
	os.Exit(m.Run())
}

// cli runs tremplinctl against a server as a signed-in caller (their session cookie through
// -H, as an operator would pass any header).
type cli struct {
	t      *testing.T
	server string
	cookie string
}

func (c cli) run(args ...string) (code int, stdout, stderr string) {
	c.t.Helper()
	var out, errOut bytes.Buffer
	full := append([]string{"--server", c.server}, args...)
	if c.cookie != "" {
		full = append(full, "-H", "Cookie: "+c.cookie)
	}
	code = run(context.Background(), full, testEnv(&out, &errOut, nil))
	return code, out.String(), errOut.String()
}

func sessionCookie(t *testing.T, srv *testserver.Start, s *testserver.Session) string {
	t.Helper()
	u, _ := url.Parse(srv.URL)
	for _, c := range s.HTTP.Jar.Cookies(u) {
		if c.Name == credentials.CookieName {
			return c.Name + "=" + c.Value
		}
	}
	t.Fatal("no session cookie")
	return ""
}

// The CLI against a real server: a platform admin creates a candidate of an agency with flags
// and another with --json, lists them as JSON and as a table, and the refusals exit by class.
func TestCLIAgainstARealServer(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	admin := srv.SignInAs(t, testserver.Admin, "admin@tremplin.test")
	agency := srv.CreateAgency(t, "Agence Horizon", 5)
	c := cli{t: t, server: srv.URL, cookie: sessionCookie(t, srv, admin)}

	code, out, errOut := c.run("agency", "create-candidate", "--id", agency.ID.String(), "--email", "lea.martin@exemple.fr",
		"--first-name", "Léa", "--last-name", "Martin", "--civility", "female", "--is-b2c=false")
	if code != exitOK {
		t.Fatalf("create-candidate: exit %d: %s", code, errOut)
	}
	var created struct {
		Candidate struct {
			ID     string `json:"id"`
			Email  string `json:"email"`
			Status string `json:"status"`
		} `json:"candidate"`
		InvitationSent bool `json:"invitationSent"`
	}
	if err := json.Unmarshal([]byte(out), &created); err != nil {
		t.Fatalf("create-candidate answered %q: %v", out, err)
	}
	if created.Candidate.Email != "lea.martin@exemple.fr" || created.Candidate.ID == "" || !created.InvitationSent {
		t.Errorf("create-candidate answered %s", out)
	}

	// The whole request as protojson, a flag overriding one of its fields.
	code, _, errOut = c.run("agency", "create-candidate", "--json",
		`{"id": "`+agency.ID.String()+`", "email": "ignored@exemple.fr", "firstName": "Hugo", "lastName": "Bernard", "isB2C": false}`,
		"--email", "hugo.bernard@exemple.fr")
	if code != exitOK {
		t.Fatalf("create-candidate --json: exit %d: %s", code, errOut)
	}

	code, out, errOut = c.run("agency", "list-agency-candidates", "--id", agency.ID.String())
	if code != exitOK {
		t.Fatalf("list-agency-candidates: exit %d: %s", code, errOut)
	}
	var listed struct {
		Candidates []struct {
			Email string `json:"email"`
		} `json:"candidates"`
		Counts struct {
			All int `json:"all"`
		} `json:"counts"`
	}
	if err := json.Unmarshal([]byte(out), &listed); err != nil {
		t.Fatal(err)
	}
	var emails []string
	for _, c := range listed.Candidates {
		emails = append(emails, c.Email)
	}
	if strings.Join(emails, " ") != "hugo.bernard@exemple.fr lea.martin@exemple.fr" || listed.Counts.All != 2 {
		t.Errorf("list-agency-candidates answered %s", out)
	}

	// A table: a header, then one row per candidate, newest first.
	code, out, errOut = c.run("agency", "list-candidates", "--search", "martin", "-o", "table", "--columns", "email,firstName,agency.name,status")
	if code != exitOK {
		t.Fatalf("list-candidates -o table: exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 || strings.Join(strings.Fields(lines[0]), " ") != "EMAIL FIRSTNAME AGENCY.NAME STATUS" ||
		strings.Join(strings.Fields(lines[1]), " ") != "lea.martin@exemple.fr Léa Agence Horizon with-pending-license" {
		t.Errorf("list-candidates -o table:\n%s", out)
	}
	// The default columns of a row: its scalar fields.
	code, out, _ = c.run("agency", "list-candidates", "-o", "table")
	if code != exitOK || !strings.Contains(out, "EMAIL") || !strings.Contains(out, "hugo.bernard@exemple.fr") || strings.Count(strings.TrimSpace(out), "\n") != 2 {
		t.Errorf("list-candidates -o table (exit %d):\n%s", code, out)
	}

	// Refusals, by class.
	for _, tc := range []struct {
		what string
		cli  cli
		args []string
		want int
		says string
	}{
		{"an unknown candidate", c, []string{"agency", "get-candidate-license", "--id", "0b7e6f4e-7f0e-4c39-9b8a-3f0a4b9f2c11"}, exitNotFound, "not_found"},
		{"an e-mail in use", c, []string{"agency", "create-candidate", "--id", agency.ID.String(), "--email", "lea.martin@exemple.fr", "--is-b2c=false"}, exitInvalid, "Cette adresse e-mail est déjà utilisée"},
		{"a malformed e-mail", c, []string{"agency", "create-candidate", "--email", "pas-un-email"}, exitInvalid, "email:"},
		{"no credentials", cli{t: t, server: srv.URL}, []string{"agency", "list-candidates"}, exitDenied, "unauthenticated"},
		{"no server", cli{t: t, server: "http://127.0.0.1:1"}, []string{"agency", "list-candidates"}, exitUnavailable, "unavailable"},
	} {
		code, _, errOut := tc.cli.run(tc.args...)
		if code != tc.want || !strings.Contains(errOut, tc.says) {
			t.Errorf("%s: exit %d, want %d; stderr %q", tc.what, code, tc.want, errOut)
		}
	}

	// gRPC (h2c) reaches the same handlers.
	code, out, errOut = c.run("agency", "get-agency", "--id", agency.ID.String(), "--protocol", "grpc", "-o", "table")
	if code != exitOK || !strings.Contains(out, "agency.name") || !strings.Contains(out, "Agence Horizon") {
		t.Errorf("get-agency over gRPC (exit %d): %s %s", code, out, errOut)
	}
}

// What a shell sees: the process exits with the code of the error's class, the API key is
// read from TREMPLIN_API_KEY and sent as a bearer token.
func TestExitCodeOfTheProcess(t *testing.T) {
	var seen string
	api := http.NewServeMux()
	api.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		seen = r.Header.Get("Authorization")
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write([]byte(`{"code":"not_found","message":"Candidat introuvable"}`))
	})
	server := httptest.NewServer(api)
	t.Cleanup(server.Close)
	srv := server.URL
	cmd := exec.Command(os.Args[0], "agency", "get-candidate-license", "--server", srv, "--id", "x")
	cmd.Env = append(os.Environ(), "TREMPLINCTL_BE_MAIN=1", "TREMPLIN_API_KEY=tk_secret")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != exitNotFound {
		t.Fatalf("exit: %v (%s)", err, stderr.String())
	}
	if !strings.Contains(stderr.String(), "Candidat introuvable") {
		t.Errorf("stderr: %s", stderr.String())
	}
	if seen != "Bearer tk_secret" {
		t.Errorf("Authorization: %q", seen)
	}
}

// A partner's operator with their agency's API key: the CLI creates a candidate of the
// agency and lists it over Connect and gRPC; the key reaches nothing of another agency
// (exit 4, not found) and cannot create keys (exit 3, denied).
func TestCLIWithAnAgencyAPIKey(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	ours := srv.CreateAgency(t, "Agence Horizon", 5)
	theirs := srv.CreateAgency(t, "Agence Littoral", 5)
	key := srv.APIKey(t, ours.ID.String())
	c := cli{t: t, server: srv.URL}
	withKey := func(args ...string) (int, string, string) {
		return c.run(append([]string{"--api-key", key}, args...)...)
	}

	code, out, errOut := withKey("agency", "create-candidate", "--id", ours.ID.String(), "--email", "ines.petit@exemple.fr",
		"--first-name", "Inès", "--last-name", "Petit", "--is-b2c=false")
	if code != exitOK || !strings.Contains(out, "ines.petit@exemple.fr") {
		t.Fatalf("create-candidate with a key: exit %d: %s %s", code, out, errOut)
	}
	for _, protocol := range []string{"connect", "grpc"} {
		code, out, errOut = withKey("agency", "list-agency-candidates", "--id", ours.ID.String(), "--protocol", protocol, "-o", "table", "--columns", "email,status")
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if code != exitOK || len(lines) != 2 || strings.Join(strings.Fields(lines[1]), " ") != "ines.petit@exemple.fr with-pending-license" {
			t.Errorf("list-agency-candidates over %s with a key (exit %d):\n%s%s", protocol, code, out, errOut)
		}
	}

	for _, tc := range []struct {
		what string
		args []string
		want int
	}{
		{"another agency's candidates", []string{"agency", "list-agency-candidates", "--id", theirs.ID.String()}, exitNotFound},
		{"a candidate in another agency", []string{"agency", "create-candidate", "--id", theirs.ID.String(), "--email", "x@exemple.fr", "--is-b2c=false"}, exitNotFound},
		{"a new key", []string{"agency", "create-api-key", "--agency-id", ours.ID.String(), "--name", "Encore"}, exitDenied},
	} {
		code, out, errOut := withKey(tc.args...)
		if code != tc.want {
			t.Errorf("%s with a key: exit %d, want %d (%s%s)", tc.what, code, tc.want, out, errOut)
		}
	}
}
