import { describe, expect, it } from "vitest";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { dayValue, formatDate, formatDateTime, formatLongDate, formatTime, parseDayValue } from "./format";

describe("formatting (Europe/Paris)", () => {
  const summer = new Date("2026-07-03T07:05:00Z"); // 09:05 in Paris (UTC+2)
  const winter = new Date("2026-01-15T17:30:00Z"); // 18:30 in Paris (UTC+1)

  it("writes dates as dd/MM/yyyy", () => {
    expect(formatDate(summer)).toBe("03/07/2026");
    expect(formatDate(timestampFromDate(winter))).toBe("15/01/2026");
  });
  it("writes times as HH:mm on 24 hours", () => {
    expect(formatTime(summer)).toBe("09:05");
    expect(formatTime(timestampFromDate(winter))).toBe("18:30");
  });
  it("combines both", () => {
    expect(formatDateTime(winter)).toBe("15/01/2026 à 18:30");
  });
  it("writes long dates in French", () => {
    expect(formatLongDate(summer)).toBe("vendredi 3 juillet 2026");
  });
  it("writes nothing for a missing date", () => {
    expect(formatDate(undefined)).toBe("");
    expect(formatTime(null)).toBe("");
    expect(formatDate(new Date("nope"))).toBe("");
  });
  it("uses the day of Paris, not of UTC", () => {
    expect(formatDate(new Date("2026-03-31T22:30:00Z"))).toBe("01/04/2026");
  });
});

describe("day values of forms", () => {
  it("round-trip a day as yyyy-MM-dd in local time", () => {
    const day = new Date(2026, 0, 5, 23, 30);
    expect(dayValue(day)).toBe("2026-01-05");
    const back = parseDayValue("2026-01-05")!;
    expect([back.getFullYear(), back.getMonth(), back.getDate()]).toEqual([2026, 0, 5]);
  });
  it("read an empty or impossible value as no day", () => {
    expect(parseDayValue("")).toBeUndefined();
    expect(parseDayValue("2026-02-30")).toBeUndefined();
    expect(parseDayValue("05/01/2026")).toBeUndefined();
  });
});
