package mail

import (
	"bytes"
	"encoding/base64"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	netmail "net/mail"
	"strings"
)

// Read decodes a message as it went out (an outbox file, what an SMTP server received): its
// recipients, its subject and its text/plain part. The tests' SMTP server and the load
// scripts, which follow the invitations of the candidates they make, read mail with it.
func Read(raw []byte) (to []string, subject, text string, err error) {
	msg, err := netmail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return nil, "", "", err
	}
	if list, err := msg.Header.AddressList("To"); err == nil {
		for _, a := range list {
			to = append(to, a.Address)
		}
	}
	subject, _ = new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject"))
	text, err = plainText(msg.Header, msg.Body)
	return to, subject, text, err
}

// plainText finds and decodes the text/plain part of a message.
func plainText(h interface{ Get(string) string }, body io.Reader) (string, error) {
	mediaType, params, err := mime.ParseMediaType(h.Get("Content-Type"))
	if err != nil {
		return "", err
	}
	if strings.HasPrefix(mediaType, "multipart/") {
		mr := multipart.NewReader(body, params["boundary"])
		for {
			part, err := mr.NextPart()
			if err != nil {
				return "", err
			}
			if text, err := plainText(part.Header, part); err == nil && text != "" {
				return text, nil
			}
		}
	}
	if mediaType != "text/plain" {
		return "", errors.New("not text/plain")
	}
	reader := io.Reader(body)
	switch strings.ToLower(h.Get("Content-Transfer-Encoding")) {
	case "quoted-printable":
		reader = quotedprintable.NewReader(body)
	case "base64":
		reader = base64Reader(body)
	}
	data, err := io.ReadAll(reader)
	return string(data), err
}

// base64Reader decodes a base64 body whose lines are wrapped.
func base64Reader(r io.Reader) io.Reader {
	data, err := io.ReadAll(r)
	if err != nil {
		return strings.NewReader("")
	}
	clean := strings.NewReplacer("\r", "", "\n", "").Replace(string(data))
	return base64.NewDecoder(base64.StdEncoding, strings.NewReader(clean))
}
