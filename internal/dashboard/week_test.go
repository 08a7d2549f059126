package dashboard_test

import (
	"testing"
	"time"

	"github.com/tremplin/tremplin/internal/dashboard"
)

func mustZone(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

// A candidate's week is Monday 00:00 to the next Monday 00:00 on their own clock: Sunday 23:30
// in Paris is still the week before, whatever UTC says, and the weeks of the clock changes last
// 167 and 169 hours.
func TestWeekIsTheCandidatesMondayToMonday(t *testing.T) {
	paris := mustZone(t, "Europe/Paris")
	montreal := mustZone(t, "America/Montreal")
	at := func(loc *time.Location, y int, m time.Month, d, h, min int) time.Time {
		return time.Date(y, m, d, h, min, 0, 0, loc)
	}
	cases := []struct {
		name       string
		t          time.Time
		loc        *time.Location
		start, end time.Time
		hours      float64
	}{
		{"a Wednesday", at(paris, 2026, 11, 25, 12, 0), paris, at(paris, 2026, 11, 23, 0, 0), at(paris, 2026, 11, 30, 0, 0), 168},
		{"Monday 00:00 opens the week", at(paris, 2026, 11, 23, 0, 0), paris, at(paris, 2026, 11, 23, 0, 0), at(paris, 2026, 11, 30, 0, 0), 168},
		{"Sunday 23:30 in Paris (Sunday 22:30 UTC)", at(paris, 2026, 11, 29, 23, 30), paris, at(paris, 2026, 11, 23, 0, 0), at(paris, 2026, 11, 30, 0, 0), 168},
		{"Monday 00:30 in Paris (Sunday 23:30 UTC)", at(paris, 2026, 11, 30, 0, 30), paris, at(paris, 2026, 11, 30, 0, 0), at(paris, 2026, 12, 7, 0, 0), 168},
		{"the same instant in Montreal is still Sunday", at(paris, 2026, 11, 30, 0, 30), montreal, at(montreal, 2026, 11, 23, 0, 0), at(montreal, 2026, 11, 30, 0, 0), 168},
		{"the week clocks go forward", at(paris, 2026, 3, 27, 9, 0), paris, at(paris, 2026, 3, 23, 0, 0), at(paris, 2026, 3, 30, 0, 0), 167},
		{"the week clocks go back", at(paris, 2026, 10, 25, 23, 0), paris, at(paris, 2026, 10, 19, 0, 0), at(paris, 2026, 10, 26, 0, 0), 169},
	}
	for _, c := range cases {
		start, end := dashboard.Week(c.t, c.loc)
		if !start.Equal(c.start) || !end.Equal(c.end) {
			t.Errorf("%s: [%v, %v), want [%v, %v)", c.name, start.In(c.loc), end.In(c.loc), c.start, c.end)
		}
		if h := end.Sub(start).Hours(); h != c.hours {
			t.Errorf("%s: %v hours, want %v", c.name, h, c.hours)
		}
		if start.Location() != time.UTC || end.Location() != time.UTC {
			t.Errorf("%s: bounds not in UTC (the database compares UTC times)", c.name)
		}
	}
}

// "Today" (overdue tasks, today's tasks) is the candidate's calendar day, 23 to 25 hours long.
func TestDayBoundsAreTheCandidatesDay(t *testing.T) {
	paris := mustZone(t, "Europe/Paris")
	for _, c := range []struct {
		now        time.Time
		start, end time.Time
	}{
		{time.Date(2026, 11, 27, 23, 30, 0, 0, time.UTC), time.Date(2026, 11, 27, 23, 0, 0, 0, time.UTC), time.Date(2026, 11, 28, 23, 0, 0, 0, time.UTC)},
		{time.Date(2026, 11, 27, 22, 59, 0, 0, time.UTC), time.Date(2026, 11, 26, 23, 0, 0, 0, time.UTC), time.Date(2026, 11, 27, 23, 0, 0, 0, time.UTC)},
		{time.Date(2026, 3, 29, 12, 0, 0, 0, time.UTC), time.Date(2026, 3, 28, 23, 0, 0, 0, time.UTC), time.Date(2026, 3, 29, 22, 0, 0, 0, time.UTC)},
	} {
		start, end := dashboard.DayBounds(c.now, paris)
		if !start.Equal(c.start) || !end.Equal(c.end) {
			t.Errorf("DayBounds(%v) = [%v, %v), want [%v, %v)", c.now, start, end, c.start, c.end)
		}
	}
}
