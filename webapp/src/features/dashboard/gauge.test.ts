import { describe, expect, it } from "vitest";
import { progression } from "../../lib/format";
import { gaugeModel } from "./gauge";

describe("gauge bands and needle", () => {
  const contacts = { low: 8, medium: 12, high: 15 };

  it("puts a figure in the band whose threshold it reaches", () => {
    const band = (v: number) => {
      const g = gaugeModel(v, contacts);
      return g.kind === "scale" ? g.band : "none";
    };
    expect(band(0)).toBe("low");
    expect(band(8)).toBe("low");
    expect(band(9)).toBe("medium");
    expect(band(12)).toBe("medium");
    expect(band(13)).toBe("high");
    expect(band(15)).toBe("high");
  });

  it("scales to the high threshold and stops the needle at its top", () => {
    const g = gaugeModel(40, contacts);
    expect(g).toMatchObject({ kind: "scale", max: 15, needle: 15, band: "high" });
    expect(gaugeModel(5, contacts)).toMatchObject({ needle: 5, max: 15 });
  });

  it("colours each band up to its threshold", () => {
    const g = gaugeModel(3, contacts);
    expect(g.kind === "scale" && g.stops).toEqual([8 / 15, 12 / 15, 1]);
    // Engaged applications by default: 0 / 1 / 2, the low band is empty.
    const apps = gaugeModel(0, { low: 0, medium: 1, high: 2 });
    expect(apps).toMatchObject({ kind: "scale", band: "low", stops: [0, 0.5, 1] });
    expect(gaugeModel(1, { low: 0, medium: 1, high: 2 })).toMatchObject({ band: "medium" });
  });

  it("has no scale when no threshold exceeds zero", () => {
    expect(gaugeModel(3, { low: 0, medium: 0, high: 0 })).toEqual({ kind: "none" });
  });
});

describe("progression from the previous week", () => {
  it("is a signed whole-number percent", () => {
    expect(progression(6, 4)).toBe("+50\u00a0%");
    expect(progression(2, 3)).toBe("\u221233\u00a0%");
    expect(progression(4, 4)).toBe("0\u00a0%");
  });

  it("is blank when either week is at zero", () => {
    expect(progression(0, 4)).toBe("");
    expect(progression(4, 0)).toBe("");
  });
});
