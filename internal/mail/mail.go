// Package mail sends Tremplin's e-mails: through SMTP when SMTP_URL is set (go-mail), else
// into an outbox folder on disk, readable by the server's user only, so every flow works on a
// laptop.
package mail

import (
	"context"
	"crypto/rand"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// Message is one e-mail.
type Message struct {
	To      string
	Subject string
	Text    string
	HTML    string
}

// Sender delivers messages.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// New returns the SMTP sender for smtpURL, or the outbox sender when it is empty.
func New(smtpURL, from, outboxDir string, log *slog.Logger) (Sender, error) {
	if smtpURL == "" {
		return &Outbox{Dir: outboxDir, From: from, Log: log}, nil
	}
	return newSMTP(smtpURL, from)
}

// SMTP sends through an SMTP server. URL forms: smtp://[user:pass@]host[:port] (STARTTLS when
// offered; ?tls=none to disable, ?tls=required to insist) and smtps://… (implicit TLS).
type SMTP struct {
	from    string
	host    string
	options []gomail.Option
}

func newSMTP(raw, from string) (*SMTP, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return nil, fmt.Errorf("SMTP_URL %q is not smtp://host:port", raw)
	}
	opts := []gomail.Option{gomail.WithTimeout(20 * time.Second)}
	switch u.Scheme {
	case "smtp":
		policy := gomail.TLSOpportunistic
		switch u.Query().Get("tls") {
		case "none":
			policy = gomail.NoTLS
		case "required":
			policy = gomail.TLSMandatory
		}
		opts = append(opts, gomail.WithTLSPolicy(policy))
	case "smtps":
		opts = append(opts, gomail.WithSSL())
	default:
		return nil, fmt.Errorf("SMTP_URL scheme must be smtp or smtps, got %q", u.Scheme)
	}
	if p := u.Port(); p != "" {
		port, err := strconv.Atoi(p)
		if err != nil {
			return nil, fmt.Errorf("SMTP_URL port %q", p)
		}
		opts = append(opts, gomail.WithPort(port))
	}
	if u.User != nil {
		pass, _ := u.User.Password()
		opts = append(opts,
			gomail.WithSMTPAuth(gomail.SMTPAuthPlain),
			gomail.WithUsername(u.User.Username()),
			gomail.WithPassword(pass))
	}
	return &SMTP{from: from, host: u.Hostname(), options: opts}, nil
}

// Send delivers m.
func (s *SMTP) Send(ctx context.Context, m Message) error {
	msg, err := build(s.from, m)
	if err != nil {
		return err
	}
	client, err := gomail.NewClient(s.host, s.options...)
	if err != nil {
		return fmt.Errorf("smtp client: %w", err)
	}
	if err := client.DialAndSendWithContext(ctx, msg); err != nil {
		return fmt.Errorf("sending mail to %s: %w", m.To, err)
	}
	return nil
}

// Outbox writes each message as an .eml file, and logs that it did (recipient, subject and
// file, never the text: its links carry secrets). The folder and the files are the server
// user's only.
type Outbox struct {
	Dir  string
	From string
	Log  *slog.Logger
}

// Send writes m to the outbox.
func (o *Outbox) Send(ctx context.Context, m Message) error {
	msg, err := build(o.From, m)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(o.Dir, 0o700); err != nil {
		return err
	}
	if err := os.Chmod(o.Dir, 0o700); err != nil { // made by an older version, more open
		return err
	}
	name := time.Now().UTC().Format("20060102-150405") + "-" + strings.ToLower(rand.Text()[:6]) + ".eml"
	f, err := os.OpenFile(filepath.Join(o.Dir, name), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := msg.WriteTo(f); err != nil {
		_ = f.Close()
		return err
	}
	// A full disk shows at Close: the mail is not written.
	if err := f.Close(); err != nil {
		return err
	}
	if o.Log != nil {
		o.Log.InfoContext(ctx, "mail written to the outbox (no SMTP_URL)", "to", m.To, "subject", m.Subject, "file", f.Name())
	}
	return nil
}

func build(from string, m Message) (*gomail.Msg, error) {
	msg := gomail.NewMsg()
	if err := msg.From(from); err != nil {
		return nil, fmt.Errorf("mail sender %q: %w", from, err)
	}
	if err := msg.To(m.To); err != nil {
		return nil, fmt.Errorf("mail recipient %q: %w", m.To, err)
	}
	msg.Subject(m.Subject)
	msg.SetDate()
	msg.SetMessageID()
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	if m.HTML != "" {
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	}
	return msg, nil
}
