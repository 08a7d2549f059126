import { describe, expect, it } from "vitest";
import { agencyMessages } from "./agency";

/** Every text of the catalogue, functions called with sample arguments. */
function strings(value: unknown, path = ""): [string, string][] {
  if (typeof value === "string") return [[path, value]];
  if (typeof value === "function") {
    const fn = value as (...a: unknown[]) => unknown;
    // As many arguments as the function takes: all numbers (1, then 2: both agreements), or
    // all text.
    const samples: unknown[][] = [1, 2, "Camille"].map((x) => Array.from({ length: fn.length }, () => x));
    return samples.flatMap((args, i) => {
      const out = fn(...args);
      return typeof out === "string" ? [[`${path}(${i})`, out] as [string, string]] : [];
    });
  }
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => strings(v, path ? `${path}.${k}` : k));
  return [];
}

describe("the staff screens' catalogue", () => {
  it.each(strings(agencyMessages))("%s has a non-breaking space before « : ; ! ? »", (_path, text) => {
    expect(text).not.toMatch(/ [:;!?»]/);
    expect(text).not.toMatch(/\S[;!?]/u);
    expect(text).not.toMatch(/undefined|NaN/);
  });
  it("agrees in number", () => {
    expect(agencyMessages.candidates.count(1)).toBe("1\u00a0candidat");
    expect(agencyMessages.candidates.count(12)).toBe("12\u00a0candidats");
    expect(agencyMessages.deleteModal.title(1)).toBe("Supprimer ce candidat\u00a0?");
    expect(agencyMessages.deleteModal.title(3)).toBe("Supprimer 3 candidats\u00a0?");
    expect(agencyMessages.candidates.progressLink("MOREL Inès")).toBe("MOREL Inès, voir sa progression");
    expect(agencyMessages.licenseForm.summary("Agence Nord", 10, 1)).toBe("Agence Nord\u00a0: 10\u00a0licences au total, dont 1 disponible.");
  });
});
