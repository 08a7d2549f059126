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

// WaitFor waits up to 5 s for a message to the address and answers it.
func (s *Server) WaitFor(t testing.TB, to string) Received {
	t.Helper()
	return s.WaitForSubject(t, to, "")
}

// WaitForSubject waits up to 5 s for a message to the address with this subject ("": any)
// and answers it: an address that was sent something earlier waits for the new message.
func (s *Server) WaitForSubject(t testing.TB, to, subject string) Received {
	t.Helper()
	deadline := time.After(5 * time.Second)
	for {
		for _, m := range s.Messages() {
			for _, rcpt := range m.To {
				if strings.EqualFold(rcpt, to) && (subject == "" || m.Subject == subject) {
					return m
				}
			}
		}
		select {
		case <-s.notify:
		case <-deadline:
			t.Fatalf("no mail to %s %q within 5 s (got %d messages)", to, subject, len(s.Messages()))
		}
	}
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
