package mail

import (
	"bytes"
	"embed"
	"fmt"
	htmltemplate "html/template"
	texttemplate "text/template"
)

//go:embed templates/*
var templateFS embed.FS

var (
	textTemplates = texttemplate.Must(texttemplate.ParseFS(templateFS, "templates/*.txt"))
	htmlTemplates = htmltemplate.Must(htmltemplate.ParseFS(templateFS, "templates/*.html"))
)

// Render fills the French template name (e.g. "reset-password") with data and returns the
// message for to, with subject.
func Render(name, to, subject string, data any) (Message, error) {
	var text, html bytes.Buffer
	if err := textTemplates.ExecuteTemplate(&text, name+".txt", data); err != nil {
		return Message{}, fmt.Errorf("mail template %s: %w", name, err)
	}
	if err := htmlTemplates.ExecuteTemplate(&html, name+".html", data); err != nil {
		return Message{}, fmt.Errorf("mail template %s: %w", name, err)
	}
	return Message{To: to, Subject: subject, Text: text.String(), HTML: html.String()}, nil
}
