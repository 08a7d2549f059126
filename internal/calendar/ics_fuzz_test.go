package calendar_test

import (
	"bytes"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	ical "github.com/emersion/go-ical"

	"github.com/tremplin/tremplin/internal/calendar"
)

// The dates a request may carry (internal/rpc): 1900-01-01 to 2200-12-31, UTC.
var (
	firstDate = time.Date(1900, 1, 1, 0, 0, 0, 0, time.UTC)
	lastDate  = time.Date(2200, 12, 31, 23, 59, 59, 0, time.UTC)
)

// FuzzICS writes an event of any title, details, place, time and time zone — text as the API
// admits it: UTF-8 without NUL — and reads the file back with an independent parser
// (emersion/go-ical, as calendar programs would): the file is CRLF lines of at most 75 octets,
// folded between characters, and each text comes back as written (calendar.Text), the times
// to the second.
//
//	go test -run '^$' -fuzz '^FuzzICS$' -fuzztime 30s ./internal/calendar
func FuzzICS(f *testing.F) {
	// Real events as EntryOf presents them, and the texts that exercised the writer.
	f.Add("Tremplin – Entretien d'embauche – Jean Dupont",
		"Contact : Jean Dupont (Acme)\nMoyen : Téléphone\nDétails : 01 23 45 67 89", "01 23 45 67 89",
		int64(1795080600), 60)
	f.Add("Tremplin – Rendez-vous réseau – Zoé Lefèvre-Château",
		"Contact : Zoé Lefèvre-Château (Société Générale; DSI, équipe « data »)\nMoyen : Visio\nDétails : https://meet.exemple.fr/abc?x=1;y=2",
		"https://meet.exemple.fr/abc?x=1;y=2", int64(1800000000), 120)
	f.Add("Tremplin – Café – "+strings.Repeat("é", 40), strings.Repeat("Détails : 🎉 emoji, virgules; points-virgules \\ antislash ", 6),
		"Salle 3, bâtiment B; 2e étage", int64(-2208988800), -300)
	f.Add("Ligne\r\nWindows", "Retour\rchariot seul\r\n et\ttabulation", "Lieu\n", int64(7258118399), 840)
	f.Add(strings.Repeat("a", 74)+"é", strings.Repeat(" ", 200), "<https://exemple.fr>", int64(0), 0)
	f.Add("\x01\x1f\x7f contrôles", "\u2028 séparateur \u0085 NEL", "\ufeffBOM", int64(1700000000), 330)
	f.Fuzz(func(t *testing.T, title, details, location string, start int64, offsetMinutes int) {
		for _, s := range []string{title, details, location} {
			if !utf8.ValidString(s) || strings.ContainsRune(s, 0) {
				t.Skip("the API admits UTF-8 text without NUL only")
			}
		}
		span := lastDate.Unix() - firstDate.Unix()
		at := time.Unix(firstDate.Unix()+((start%span)+span)%span, int64(offsetMinutes%1000)*1e6)
		zone := time.FixedZone("fuzz", (offsetMinutes%(14*60))*60)
		entry := calendar.Entry{
			ID: "0b7e3a52-57c4-4d39-9b38-2f0b6a1b6c11", Title: title, Details: details, Location: location,
			Start: at.In(zone), Changed: at.In(zone), Link: "https://tremplin.exemple.fr/event/0b7e3a52-57c4-4d39-9b38-2f0b6a1b6c11",
		}
		now := time.Date(2026, 11, 18, 9, 30, 0, 0, time.UTC)
		data := calendar.ICS("Tremplin – mes rendez-vous", []calendar.Entry{entry}, now)

		checkLines(t, data)
		cal, err := ical.NewDecoder(bytes.NewReader(data)).Decode()
		if err != nil {
			t.Fatalf("the file does not parse: %v\n%s", err, data)
		}
		events := cal.Events()
		if len(events) != 1 {
			t.Fatalf("%d events read back, want 1\n%s", len(events), data)
		}
		ev := events[0]
		for prop, want := range map[string]string{
			ical.PropSummary: title, ical.PropDescription: details, ical.PropLocation: location,
		} {
			got, err := ev.Props.Text(prop)
			switch {
			case err != nil:
				t.Errorf("%s: %v\n%s", prop, err, data)
			case got != calendar.Text(want):
				t.Errorf("%s reads back %q, written %q (want %q)\n%s", prop, got, want, calendar.Text(want), data)
			}
		}
		want := at.Truncate(time.Second).UTC()
		if got, err := ev.DateTimeStart(time.UTC); err != nil || !got.Equal(want) {
			t.Errorf("DTSTART reads back %v (%v), written %v", got, err, at)
		}
		if got, err := ev.DateTimeEnd(time.UTC); err != nil || !got.Equal(want.Add(calendar.Length)) {
			t.Errorf("DTEND reads back %v (%v), want %v", got, err, want.Add(calendar.Length))
		}
	})
}

// checkLines fails unless data is UTF-8 made of CRLF-ended lines of at most 75 octets, none
// holding a lone CR or LF, none cut inside a character (RFC 5545 3.1).
func checkLines(t *testing.T, data []byte) {
	t.Helper()
	if !bytes.HasSuffix(data, []byte("\r\n")) {
		t.Fatalf("the file does not end with CRLF:\n%q", data)
	}
	for i, line := range strings.Split(strings.TrimSuffix(string(data), "\r\n"), "\r\n") {
		switch {
		case len(line) > 75:
			t.Fatalf("line %d is %d octets: %q", i+1, len(line), line)
		case strings.ContainsAny(line, "\r\n"):
			t.Fatalf("line %d holds a lone CR or LF: %q", i+1, line)
		case !utf8.ValidString(line):
			t.Fatalf("line %d is cut inside a character: %q", i+1, line)
		}
	}
}
