package jobs

import (
	"testing"
	"time"
)

// The stretches of a day that move by one amount to the next day (or ten days later, for a task
// carried over after a long stop) are exact: checked every quarter of an hour (every offset of
// these zones is a multiple of it) and on both sides of each cut against moving each instant
// on its own, every day of 2026, in zones with daylight saving changes at 02:00 or 03:00
// (Paris, Montreal), at midnight (Santiago), of half an hour (Lord Howe), and none (Kolkata).
func TestMovesBringEveryInstantToTheSameTimeOnTheTargetDay(t *testing.T) {
	for _, name := range []string{"Europe/Paris", "America/Montreal", "America/Santiago", "Australia/Lord_Howe", "Asia/Kolkata"} {
		loc, err := time.LoadLocation(name)
		if err != nil {
			t.Fatal(err)
		}
		for day := (Day{Date: time.Date(2026, 1, 1, 0, 0, 0, 0, loc)}); day.Date.Year() < 2027; day = day.AddDays(1) {
			for _, later := range []int{1, 10} {
				checkMoves(t, name, day, day.AddDays(later))
			}
		}
	}
}

func checkMoves(t *testing.T, name string, day, target Day) {
	t.Helper()
	loc := day.Date.Location()
	moves := day.movesTo(target)
	start, end := day.Bounds()
	if len(moves) == 0 || !moves[0].from.Equal(start) || !moves[len(moves)-1].to.Equal(end) {
		t.Fatalf("%s %s: %v do not cover [%v, %v)", name, day, moves, start, end)
	}
	var instants []time.Time
	for at := start; at.Before(end); at = at.Add(15 * time.Minute) {
		instants = append(instants, at)
	}
	for _, s := range moves[1:] {
		instants = append(instants, s.from.Add(-time.Nanosecond), s.from)
	}
	for _, at := range instants {
		i := 0
		for !at.Before(moves[i].to) {
			i++
		}
		moved := at.Add(moves[i].by)
		if want := target.at(at); !moved.Equal(want) {
			t.Fatalf("%s %s: %s moves to %s, want %s", name, day, at.In(loc), moved.In(loc), want.In(loc))
		}
		if DayOf(moved, loc) != target {
			t.Fatalf("%s %s: %s moves to %s, not on %s", name, day, at.In(loc), moved.In(loc), target)
		}
	}
}
