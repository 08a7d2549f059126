import { describe, expect, it } from "vitest";
import { dayIn, neighbourTime, timeFromSearch, weekLabel, withWeek } from "./week";

// The week of Monday 26 October 2026 in Europe/Paris: summer time ended on Sunday the 25th,
// so the week before has 169 hours... and this one starts at 23:00 UTC on Sunday.
const PARIS_WEEK = { startMs: Date.UTC(2026, 9, 25, 23), endMs: Date.UTC(2026, 10, 1, 23) };
// The week before: Monday 19 October 00:00 (summer time, 22:00 UTC) to Monday 26 October.
const SUMMER_WEEK = { startMs: Date.UTC(2026, 9, 18, 22), endMs: Date.UTC(2026, 9, 25, 23) };

describe("week picker", () => {
  it("reads the week asked for by the address, ignoring what is not a moment", () => {
    expect(timeFromSearch(new URLSearchParams("time=1793574000000"))).toBe(1793574000000n);
    expect(timeFromSearch(new URLSearchParams(""))).toBeUndefined();
    expect(timeFromSearch(new URLSearchParams("time=abc"))).toBeUndefined();
    expect(timeFromSearch(new URLSearchParams("time=-5"))).toBeUndefined();
    expect(timeFromSearch(new URLSearchParams("time=99999999999999"))).toBeUndefined();
  });

  it("names the current week « cette semaine » and the others from Monday to Sunday", () => {
    expect(weekLabel(PARIS_WEEK, true, "Europe/Paris")).toBe("cette semaine");
    expect(weekLabel(PARIS_WEEK, false, "Europe/Paris")).toBe("du 26/10/2026 au 01/11/2026");
    expect(weekLabel(SUMMER_WEEK, false, "Europe/Paris")).toBe("du 19/10/2026 au 25/10/2026");
  });

  it("shows the days in the candidate's time zone, not the browser's", () => {
    // Monday 00:00 in Montréal is 04:00 UTC on Monday (summer time); Sunday in Tokyo.
    const montreal = { startMs: Date.UTC(2026, 5, 15, 4), endMs: Date.UTC(2026, 5, 22, 4) };
    expect(weekLabel(montreal, false, "America/Montreal")).toBe("du 15/06/2026 au 21/06/2026");
    expect(dayIn(montreal.startMs, "Pacific/Kiritimati")).toBe("15/06/2026");
    expect(dayIn(Date.UTC(2026, 5, 14, 23), "Europe/Paris")).toBe("15/06/2026");
  });

  it("asks for a moment well inside the neighbour week, across the daylight-saving change", () => {
    const before = neighbourTime(PARIS_WEEK, -1);
    expect(before).toBeGreaterThan(SUMMER_WEEK.startMs);
    expect(before).toBeLessThan(SUMMER_WEEK.endMs);
    const after = neighbourTime(SUMMER_WEEK, 1);
    expect(after).toBeGreaterThan(PARIS_WEEK.startMs);
    expect(after).toBeLessThan(PARIS_WEEK.endMs);
  });

  it("adds the week's start to links only when it is not the current week", () => {
    expect(withWeek("/activities", PARIS_WEEK, true)).toBe("/activities");
    expect(withWeek("/activities", PARIS_WEEK, false)).toBe(`/activities?time=${PARIS_WEEK.startMs}`);
    expect(withWeek("/activities", PARIS_WEEK, true, { type: "event" })).toBe("/activities?type=event");
    expect(withWeek("/activities", PARIS_WEEK, false, { type: "event" })).toBe(`/activities?type=event&time=${PARIS_WEEK.startMs}`);
  });
});
