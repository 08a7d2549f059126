import { describe, expect, it } from "vitest";
import { quotes, randomQuote } from "./quotes";

describe("randomQuote", () => {
  it("draws across the whole list", () => {
    expect(randomQuote(() => 0)).toBe(quotes[0]);
    expect(randomQuote(() => 0.999999)).toBe(quotes[quotes.length - 1]);
    expect(randomQuote(() => 0.5)).toBe(quotes[Math.floor(quotes.length / 2)]);
  });
  it("varies from one visit to the next", () => {
    const seen = new Set(Array.from({ length: 50 }, () => randomQuote().text));
    expect(seen.size).toBeGreaterThan(10);
  });
});
