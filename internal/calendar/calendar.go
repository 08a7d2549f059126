// Package calendar writes a candidate's appointments and interviews for calendar programs:
// iCalendar (RFC 5545) files and feeds, and the "add to my calendar" links of Google Calendar
// and Outlook. An entry lasts one hour and is titled « Tremplin – <subject> – <contact> »
// (services/activity presents an event as an Entry). It needs nothing of the database, so its
// fuzz test builds quickly.
package calendar

import (
	"net/url"
	"strings"
	"time"

	ics "github.com/arran4/golang-ical"
)

// Length is how long an entry lasts: the spec's end = start + 1 hour.
const Length = time.Hour

// Entry is one event as a calendar shows it.
type Entry struct {
	ID       string
	Title    string
	Details  string
	Location string
	Start    time.Time
	// Changed is when the event last changed (calendar programs update on it).
	Changed time.Time
	// Link opens the event in Tremplin.
	Link string
}

// ICS writes entries as one iCalendar file named name (the feed's name in calendar programs).
func ICS(name string, entries []Entry, now time.Time) []byte {
	cal := ics.NewCalendarFor("Tremplin")
	cal.SetMethod(ics.MethodPublish)
	cal.SetName(name)
	cal.SetXWRCalName(name)
	// Calendar programs that honour it poll the feed every hour.
	cal.SetRefreshInterval("PT1H")
	cal.SetXPublishedTTL("PT1H")
	for _, e := range entries {
		ev := cal.AddEvent(e.ID + "@tremplin")
		ev.SetDtStampTime(now.UTC())
		ev.SetLastModifiedAt(e.Changed)
		ev.SetStartAt(e.Start)
		ev.SetEndAt(e.Start.Add(Length))
		ev.SetSummary(Text(e.Title))
		ev.SetDescription(Text(e.Details))
		if location := Text(e.Location); location != "" {
			ev.SetLocation(location)
		}
		ev.SetURL(e.Link)
	}
	// RFC 5545 lines end with CRLF; the library ends them with LF unless told.
	return []byte(cal.Serialize(ics.WithNewLine("\r\n")))
}

// GoogleLink opens Google Calendar's "new event" page filled with e.
func GoogleLink(e Entry) string {
	const layout = "20060102T150405Z"
	q := url.Values{}
	q.Set("action", "TEMPLATE")
	q.Set("text", e.Title)
	q.Set("dates", e.Start.UTC().Format(layout)+"/"+e.Start.Add(Length).UTC().Format(layout))
	q.Set("details", e.Details)
	q.Set("location", e.Location)
	return "https://calendar.google.com/calendar/render?" + q.Encode()
}

// OutlookLink opens Outlook's "new event" page filled with e (startdt, enddt, subject, body,
// location, as the spec names them).
func OutlookLink(e Entry) string {
	q := url.Values{}
	q.Set("path", "/calendar/action/compose")
	q.Set("rru", "addevent")
	q.Set("startdt", e.Start.UTC().Format(time.RFC3339))
	q.Set("enddt", e.Start.Add(Length).UTC().Format(time.RFC3339))
	q.Set("subject", e.Title)
	q.Set("body", e.Details)
	q.Set("location", e.Location)
	return "https://outlook.live.com/calendar/0/deeplink/compose?" + q.Encode()
}

// Text is s as an iCalendar text keeps it: TEXT values hold no control character but the tab
// (RFC 5545 3.3.11), so line breaks of any kind (CRLF, a lone CR) become the one newline that
// is escaped, and the other control characters are dropped.
func Text(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\r':
			return '\n'
		case r == '\t' || r == '\n':
			return r
		case r < 0x20 || r == 0x7f:
			return -1
		}
		return r
	}, strings.ReplaceAll(s, "\r\n", "\n"))
}
