import { describe, expect, it } from "vitest";
import { zoneChoices, zoneLabel } from "./timeZones";

const WINTER = new Date(Date.UTC(2026, 0, 15, 12));

describe("time-zone choices", () => {
  it("offers Paris, the DOM-TOM and French-speaking neighbours first, under French names", () => {
    const labels = zoneChoices("Europe/Paris", WINTER).slice(0, 13).map((z) => z.label.split(" — ")[0]);
    expect(labels).toEqual([
      "Paris (France métropolitaine)",
      "Martinique",
      "Guadeloupe",
      "La Réunion",
      "Guyane (Cayenne)",
      "Mayotte",
      "Nouvelle-Calédonie (Nouméa)",
      "Polynésie française (Tahiti)",
      "Saint-Pierre-et-Miquelon",
      "Wallis-et-Futuna",
      "Bruxelles (Belgique)",
      "Genève, Zurich (Suisse)",
      "Montréal, Toronto (Canada)",
    ]);
  });

  it("names every zone in French with its offset, never as a raw id", () => {
    const all = zoneChoices("Europe/Paris", WINTER);
    expect(all.length).toBeGreaterThan(300);
    expect(new Set(all.map((z) => z.id)).size).toBe(all.length);
    for (const z of all) expect(z.label).not.toContain("_");
    expect(zoneLabel("Asia/Tokyo", WINTER)).toBe("Tokyo (Asie) — heure normale du Japon (UTC+9)");
    expect(zoneLabel("Europe/Paris", WINTER)).toBe("Paris (France métropolitaine) — heure d’Europe centrale (UTC+1)");
  });

  it("keeps the candidate's own zone even when the browser does not list it", () => {
    expect(zoneChoices("America/Montreal", WINTER).some((z) => z.id === "America/Montreal")).toBe(true);
  });
});
