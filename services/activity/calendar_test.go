package activity_test

import (
	"bytes"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	ical "github.com/emersion/go-ical"
	"google.golang.org/protobuf/types/known/timestamppb"

	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	"github.com/tremplin/tremplin/internal/testserver"
)

// parseICS reads an iCalendar file with an independent parser (emersion/go-ical), as calendar
// programs would, and checks what every one of them requires.
func parseICS(t *testing.T, data []byte) *ical.Calendar {
	t.Helper()
	cal, err := ical.NewDecoder(bytes.NewReader(data)).Decode()
	if err != nil {
		t.Fatalf("not iCalendar: %v\n%s", err, data)
	}
	// The parser takes bare LF too; RFC 5545 and strict programs want CRLF.
	if lf, crlf := bytes.Count(data, []byte("\n")), bytes.Count(data, []byte("\r\n")); lf != crlf || crlf == 0 {
		t.Errorf("%d of %d lines end with CRLF", crlf, lf)
	}
	for _, p := range []string{ical.PropVersion, ical.PropProductID} {
		if cal.Props.Get(p) == nil {
			t.Errorf("the calendar has no %s", p)
		}
	}
	for _, ev := range cal.Events() {
		for _, p := range []string{ical.PropUID, ical.PropDateTimeStamp, ical.PropDateTimeStart} {
			if ev.Props.Get(p) == nil {
				t.Errorf("an event has no %s", p)
			}
		}
	}
	return cal
}

// An event goes to any calendar: Google and Outlook links, an .ics file; and the candidate's
// upcoming events to a secret feed their calendar program subscribes to, read without a
// session, revocable.
func TestCalendars(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		lea := addContact(t, alice, "Lea", "Dubois")
		start := at(2026, 11, 24, 10, 30)
		ev := planEvent(t, alice, &activityv1.EventDraft{Subject: activityv1.EventSubject_EVENT_SUBJECT_RECRUITMENT, ContactId: lea.GetId(),
			MediaType: activityv1.MediaType_MEDIA_TYPE_FACE_TO_FACE, MediaDetails: "12 rue de la Paix, Paris", Date: timestamppb.New(start)})
		title := "Tremplin – Entretien de recrutement – Lea DUBOIS"

		links, err := actOf(alice).GetCalendarLinks(bg, &activityv1.GetCalendarLinksRequest{Id: ev.GetId()})
		if err != nil {
			t.Fatal(err)
		}
		google, _ := url.Parse(links.GetCalendarUrl())
		if g := google.Query(); google.Host != "calendar.google.com" || g.Get("text") != title ||
			g.Get("dates") != "20261124T093000Z/20261124T103000Z" || g.Get("location") != "12 rue de la Paix, Paris" ||
			!strings.Contains(g.Get("details"), "Contact : Lea DUBOIS (Airbus)") {
			t.Errorf("Google link: %s", links.GetCalendarUrl())
		}
		outlook, _ := url.Parse(links.GetMailCalendarUrl())
		if o := outlook.Query(); o.Get("subject") != title || o.Get("startdt") != "2026-11-24T09:30:00Z" || o.Get("enddt") != "2026-11-24T10:30:00Z" ||
			o.Get("location") != "12 rue de la Paix, Paris" || !strings.Contains(o.Get("body"), "En personne") {
			t.Errorf("Outlook link: %s", links.GetMailCalendarUrl())
		}

		// The .ics file of the event.
		status, raw := get(t, alice.HTTP, srv.URL+"/api/event/"+ev.GetId()+"/calendar")
		if status.StatusCode != http.StatusOK || !strings.HasPrefix(status.Header.Get("Content-Type"), "text/calendar") {
			t.Fatalf(".ics: %d %s", status.StatusCode, status.Header.Get("Content-Type"))
		}
		events := parseICS(t, raw).Events()
		if len(events) != 1 {
			t.Fatalf(".ics holds %d events", len(events))
		}
		if s, _ := events[0].Props.Text(ical.PropSummary); s != title {
			t.Errorf("summary %q", s)
		}
		if begin, _ := events[0].DateTimeStart(time.UTC); !begin.Equal(start) {
			t.Errorf("start %v, want %v", begin, start)
		}
		if end, _ := events[0].DateTimeEnd(time.UTC); !end.Equal(start.Add(time.Hour)) {
			t.Errorf("end %v", end)
		}

		// The feed: none at first, then an address readable by anyone holding it.
		feed, err := actOf(alice).GetCalendarFeed(bg, &activityv1.GetCalendarFeedRequest{})
		if err != nil || feed.GetUrl() != "" {
			t.Fatalf("a feed before asking: %v %v", feed, err)
		}
		made, err := actOf(alice).ResetCalendarFeed(bg, &activityv1.ResetCalendarFeedRequest{})
		if err != nil || !strings.HasPrefix(made.GetUrl(), srv.URL+"/api/calendar-feed/") || !strings.HasSuffix(made.GetUrl(), ".ics") {
			t.Fatalf("the feed's address: %v %v", made, err)
		}
		anonymous := &http.Client{}
		res, body := get(t, anonymous, made.GetUrl())
		if res.StatusCode != http.StatusOK {
			t.Fatalf("reading the feed without a session: %d %s", res.StatusCode, body)
		}
		cal := parseICS(t, body)
		if name, _ := cal.Props.Text("X-WR-CALNAME"); name != "Tremplin – mes rendez-vous" || len(cal.Events()) != 1 {
			t.Errorf("feed %q with %d events", name, len(cal.Events()))
		}
		// Bob's session does not make alice's feed his, nor the reverse.
		bob := srv.SignInAs(t, testserver.TrialCandidate, "bob@exemple.fr")
		if f, _ := actOf(bob).GetCalendarFeed(bg, &activityv1.GetCalendarFeedRequest{}); f.GetUrl() != "" {
			t.Errorf("bob sees a feed: %v", f)
		}
		// A new address: the old one stops working; revoked: none works.
		again, err := actOf(alice).ResetCalendarFeed(bg, &activityv1.ResetCalendarFeedRequest{})
		if err != nil || again.GetUrl() == made.GetUrl() {
			t.Fatalf("reset: %v %v", again, err)
		}
		if res, _ := get(t, anonymous, made.GetUrl()); res.StatusCode != http.StatusNotFound {
			t.Errorf("the old address answers %d", res.StatusCode)
		}
		if _, err := actOf(alice).RevokeCalendarFeed(bg, &activityv1.RevokeCalendarFeedRequest{}); err != nil {
			t.Fatal(err)
		}
		if res, _ := get(t, anonymous, again.GetUrl()); res.StatusCode != http.StatusNotFound {
			t.Errorf("a revoked address answers %d", res.StatusCode)
		}
	})
}

func get(t *testing.T, c *http.Client, rawURL string) (*http.Response, []byte) {
	t.Helper()
	res, err := c.Get(rawURL)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, body
}
