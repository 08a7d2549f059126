// Package mailtest runs a real SMTP server (emersion/go-smtp) in the test process and keeps
// what it receives, so tests exercise the same SMTP path as production.
package mailtest

import (
	"io"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"

	"github.com/tremplin/tremplin/internal/mail"
)

// Received is one delivered message.
type Received struct {
	From    string
	To      []string
	Subject string
	// Text is the decoded text/plain part.
	Text string
	Raw  []byte
}

// Server is an SMTP server on a loopback port.
type Server struct {
	server *smtp.Server
	addr   string
	mu     sync.Mutex
	inbox  []Received
	notify chan struct{}
}

// Start starts a server stopped at the end of t.
func Start(t testing.TB) *Server {
	t.Helper()
	s := &Server{notify: make(chan struct{}, 1000)}
	s.server = smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) {
		return &session{server: s}, nil
	}))
	s.server.Domain = "localhost"
	s.server.AllowInsecureAuth = true
	s.server.ReadTimeout = 10 * time.Second
	s.server.WriteTimeout = 10 * time.Second
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s.addr = l.Addr().String()
	go func() { _ = s.server.Serve(l) }()
	t.Cleanup(func() { _ = s.server.Close() })
	return s
}

// URL is the SMTP_URL that reaches this server (no TLS).
func (s *Server) URL() string { return "smtp://" + s.addr + "?tls=none" }

// Messages answers what was delivered so far.
func (s *Server) Messages() []Received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Received(nil), s.inbox...)
}

// WaitFor waits up to 5 s for a message to the address and answers the first one sent to it
// (WaitForNth for a later one).
func (s *Server) WaitFor(t testing.TB, to string) Received {
	t.Helper()
	return s.WaitForSubject(t, to, "")
}

// WaitForSubject waits up to 5 s for a message to the address with this subject ("": any)
// and answers the first one sent.
func (s *Server) WaitForSubject(t testing.TB, to, subject string) Received {
	t.Helper()
	return s.wait(t, to, subject, 1)
}

// Count answers how many messages went to the address so far.
func (s *Server) Count(to string) int {
	return len(s.to(to, ""))
}

// WaitForNth waits up to 5 s for the nth message (from 1) to the address and answers it: with
// n = Count(to)+1 taken before an action, the message that action sends, never an earlier one.
func (s *Server) WaitForNth(t testing.TB, to string, n int) Received {
	t.Helper()
	return s.wait(t, to, "", n)
}

func (s *Server) wait(t testing.TB, to, subject string, n int) Received {
	t.Helper()
	deadline := time.After(5 * time.Second)
	for {
		if got := s.to(to, subject); len(got) >= n {
			return got[n-1]
		}
		select {
		case <-s.notify:
		case <-deadline:
			t.Fatalf("no mail number %d to %s %q within 5 s (got %d messages)", n, to, subject, len(s.Messages()))
		}
	}
}

// to answers the messages to the address with this subject ("": any), in the order received.
func (s *Server) to(to, subject string) []Received {
	var out []Received
	for _, m := range s.Messages() {
		if subject != "" && m.Subject != subject {
			continue
		}
		for _, rcpt := range m.To {
			if strings.EqualFold(rcpt, to) {
				out = append(out, m)
				break
			}
		}
	}
	return out
}

type session struct {
	server *Server
	from   string
	to     []string
}

func (s *session) Reset()        { s.from, s.to = "", nil }
func (s *session) Logout() error { return nil }

func (s *session) Mail(from string, _ *smtp.MailOptions) error {
	s.from = from
	return nil
}

func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.to = append(s.to, to)
	return nil
}

func (s *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	received := Received{From: s.from, To: s.to, Raw: raw}
	_, received.Subject, received.Text, _ = mail.Read(raw)
	s.server.mu.Lock()
	s.server.inbox = append(s.server.inbox, received)
	s.server.mu.Unlock()
	s.server.notify <- struct{}{}
	return nil
}
