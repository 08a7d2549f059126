package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tremplin/tremplin/internal/testdb"
)

// asCommand: when set, the test binary behaves as the tremplin command (see TestMain), so that
// a test can run `tremplin serve` in its own process and send it real signals.
const asCommand = "TREMPLIN_TEST_RUN_COMMAND"

func TestMain(m *testing.M) {
	if os.Getenv(asCommand) == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// SIGTERM stops `tremplin serve` cleanly: a request already being received is finished and
// answered, new connections are refused, and the process exits with status 0.
func TestServeFinishesInFlightRequestsOnSIGTERM(t *testing.T) {
	setEnv(t, testdb.SQLite)
	cmd := exec.Command(os.Args[0], "serve", "--demo")
	cmd.Env = append(os.Environ(), asCommand+"=1", "LISTEN_ADDR=127.0.0.1:0")
	logs, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout = io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill() })

	lines := bufio.NewScanner(logs)
	addr := readyAddress(t, lines)
	var rest strings.Builder
	logsDone := make(chan struct{})
	go func() {
		for lines.Scan() {
			rest.WriteString(lines.Text() + "\n")
		}
		close(logsDone)
	}()

	// A sign-in whose body is still on its way when the signal arrives.
	body := `{"email":"candidat@demo.tremplin.fr","password":"Tremplin-demo-2026"}`
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /api/auth/login HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", addr, len(body), body[:10])
	time.Sleep(100 * time.Millisecond) // let the server start reading the request

	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	waitForRefusal(t, addr)
	exited := make(chan error, 1)
	go func() { <-logsDone; exited <- cmd.Wait() }()
	select {
	case err := <-exited:
		t.Fatalf("the server exited before answering the request in flight (%v)", err)
	case <-time.After(200 * time.Millisecond):
	}

	fmt.Fprint(conn, body[10:])
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("in-flight sign-in: %v", err)
	}
	defer res.Body.Close()
	var answer struct {
		User struct{ Email string } `json:"user"`
	}
	if err := json.NewDecoder(res.Body).Decode(&answer); err != nil || res.StatusCode != http.StatusOK || answer.User.Email != "candidat@demo.tremplin.fr" {
		t.Fatalf("in-flight sign-in: status %d, user %q, err %v", res.StatusCode, answer.User.Email, err)
	}

	select {
	case err := <-exited:
		if err != nil {
			t.Fatalf("tremplin serve exited with %v after SIGTERM; logs:\n%s", err, rest.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("tremplin serve did not exit after SIGTERM")
	}
	if !strings.Contains(rest.String(), "shutting down") {
		t.Errorf("no shutdown line in the logs:\n%s", rest.String())
	}
}

// readyAddress reads the logs up to the "ready" line and answers the address it listens on.
func readyAddress(t *testing.T, lines *bufio.Scanner) string {
	t.Helper()
	for lines.Scan() {
		var entry struct {
			Msg    string `json:"msg"`
			Listen string `json:"listen"`
		}
		if json.Unmarshal(lines.Bytes(), &entry) == nil && entry.Msg == "tremplin is ready" {
			return entry.Listen
		}
	}
	t.Fatalf("tremplin serve ended before it was ready: %v", lines.Err())
	return ""
}

// waitForRefusal waits until the server no longer accepts connections.
func waitForRefusal(t *testing.T, addr string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err != nil {
			var opErr *net.OpError
			if errors.As(err, &opErr) {
				return
			}
			t.Fatalf("dial: %v", err)
		}
		c.Close()
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("the server still accepts connections after SIGTERM")
}
