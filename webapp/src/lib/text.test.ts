import { describe, expect, it } from "vitest";
import { fold, foldedIncludes } from "./text";

describe("fold (the server's search key form)", () => {
  it("drops case and accents, spells out the letters without a combining mark", () => {
    expect(fold("Élodie")).toBe("elodie");
    expect(fold("CŒURDACIER")).toBe("coeurdacier");
    expect(fold("Nguyễn")).toBe("nguyen");
    expect(fold("Müller")).toBe("muller");
    expect(fold("Æsir Straße Øre Łódź")).toBe("aesir strasse ore lodz");
  });
  it("straightens apostrophes and collapses spaces", () => {
    expect(fold("  O’Neil   de  La Tour ")).toBe("o'neil de la tour");
  });
  it("matches a term anywhere, ignoring case and accents", () => {
    expect(foldedIncludes(["Hélène Martin", "Société Générale"], "generale")).toBe(true);
    expect(foldedIncludes(["Hélène Martin"], "HELENE m")).toBe(true);
    expect(foldedIncludes(["Hélène Martin"], "durand")).toBe(false);
    expect(foldedIncludes(["x"], "  ")).toBe(true);
  });
});
