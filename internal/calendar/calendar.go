// Package calendar writes a candidate's appointments and interviews for calendar programs:
// iCalendar (RFC 5545) files and feeds, and the "add to my calendar" links of Google Calendar
// and Outlook. An entry lasts one hour and is titled « Tremplin – <subject> – <contact> ».
package calendar

import (
	"net/url"
	"strings"
	"time"

	ics "github.com/arran4/golang-ical"

	"github.com/tremplin/tremplin/ent"
	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	"github.com/tremplin/tremplin/internal/enums"
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

// EntryOf presents e (its Contact edge loaded when it has one); publicURL prefixes its link.
func EntryOf(e *ent.Event, publicURL string) Entry {
	subject := enums.LabelOf[activityv1.EventSubject](e.Subject)
	title := "Tremplin – " + subject
	var details []string
	if c := e.Edges.Contact; c != nil {
		name := strings.TrimSpace(c.FirstName + " " + c.LastName)
		title += " – " + name
		contact := "Contact : " + name
		if c.Company != "" {
			contact += " (" + c.Company + ")"
		}
		details = append(details, contact)
	}
	details = append(details, "Moyen : "+enums.LabelOf[activityv1.MediaType](e.MediaType))
	if e.MediaDetails != "" {
		details = append(details, "Détails : "+e.MediaDetails)
	}
	return Entry{
		ID:       e.ID.String(),
		Title:    title,
		Details:  strings.Join(details, "\n"),
		Location: e.MediaDetails,
		Start:    e.Date.UTC(),
		Changed:  e.UpdatedAt.UTC(),
		Link:     strings.TrimRight(publicURL, "/") + "/event/" + e.ID.String(),
	}
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
		ev.SetSummary(e.Title)
		ev.SetDescription(e.Details)
		if e.Location != "" {
			ev.SetLocation(e.Location)
		}
		ev.SetURL(e.Link)
	}
	return []byte(cal.Serialize())
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
