import { describe, expect, it } from "vitest";
import { agencyTips, candidateTips } from "./content/help";
import { cgu, legalNotice } from "./content/legal";
import { quotes } from "./content/quotes";
import { messages } from "./messages";
import { activityMessages } from "./messages/activities";
import { chartMessages } from "./messages/charts";
import { historyMessages } from "./messages/history";
import { insightMessages } from "./messages/insight";
import { networkMessages } from "./messages/network";
import { resetPasswordMessages } from "./messages/resetPassword";
import { screenMessages } from "./messages/screens";
import { frenchSpacing } from "./typography";

function strings(value: unknown, path = ""): [string, string][] {
  if (typeof value === "string") return [[path, value]];
  if (typeof value === "function") {
    const out = (value as (...a: unknown[]) => unknown)("Camille", 2);
    return typeof out === "string" ? [[path, out]] : [];
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${path}[${i}]`));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => strings(v, path ? `${path}.${k}` : k));
  return [];
}

describe("the messages of the specification, word for word", () => {
  it.each([
    [messages.validation.required, "Ce champ est obligatoire"],
    [messages.validation.email, "Le format de l'email est incorrect"],
    [messages.validation.password, "Le format du mot de passe est incorrect"],
    [messages.validation.passwordConfirm, "Les 2 mots de passe ne sont pas identiques"],
    [messages.validation.phone, "Le format du numéro de téléphone est incorrect"],
    [messages.validation.terms, "Vous devez accepter les conditions générales d'utilisation pour créer votre mot de passe"],
    [messages.validation.candidatesToDelete, "Cochez d'abord les candidats à supprimer"],
    [messages.validation.thresholds, "Seuils paramétrés incohérents"],
    [messages.errors.authentication, "Erreur lors de l'authentification"],
    [
      messages.errors.noLicence,
      "Votre période d'essai ou votre licence a expiré. Merci de demander une licence auprès de votre administrateur de compte.",
    ],
    [messages.errors.generic, "Une erreur est survenue"],
  ])("%s", (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe("French typography of the catalogue", () => {
  const all = [...strings(messages, "messages"), ...strings(screenMessages, "screens"), ...strings(networkMessages, "network"), ...strings(resetPasswordMessages, "resetPassword"), ...strings(activityMessages, "activities"), ...strings(insightMessages, "insight"), ...strings(chartMessages, "charts"), ...strings(historyMessages, "history")];
  it.each(all)("%s has a non-breaking space before « : ; ! ? » and inside « »", (_path, text) => {
    expect(text).not.toMatch(/ [:;!?»]/);
    expect(text).not.toMatch(/« /);
    expect(text).not.toMatch(/\S[;!?]/u); // no sign glued to the previous word either
  });
});

describe("long-form texts", () => {
  it("state the 2-year retention after the last login", () => {
    const cguText = strings(cgu).map(([, t]) => t).join(" ");
    const noticeText = strings(legalNotice).map(([, t]) => t).join(" ");
    expect(cguText).toMatch(/2 ans après la dernière connexion/);
    expect(noticeText).toMatch(/2 ans après votre dernière connexion/);
  });
  it("say that the only cookie is the session cookie", () => {
    const cookies = legalNotice.sections.find((s) => s.id === "cookies");
    expect(strings(cookies).map(([, t]) => t).join(" ")).toMatch(/un seul cookie : le cookie de session/);
  });
  it("explain the first-party audience measurement, exempt from consent", () => {
    const audience = legalNotice.sections.find((s) => s.id === "mesure-audience");
    const text = strings(audience).map(([, t]) => t).join(" ");
    expect(audience?.title).toBe("Mesure d'audience");
    expect(text).toMatch(/aucun cookie/);
    expect(text).toMatch(/13 mois/);
    expect(text).toMatch(/exemption de consentement prévue par la CNIL/);
  });
  it("have French spacing once shown", () => {
    for (const [, text] of [...strings(cgu), ...strings(legalNotice), ...strings(candidateTips), ...strings(agencyTips)]) {
      expect(frenchSpacing(text)).not.toMatch(/ [:;!?»]/);
    }
  });
});

describe("motivational quotes", () => {
  it("are about a hundred, each with a text and an author, without duplicates", () => {
    expect(quotes.length).toBeGreaterThanOrEqual(95);
    expect(quotes.length).toBeLessThanOrEqual(120);
    for (const q of quotes) {
      expect(q.text.trim().length).toBeGreaterThan(10);
      expect(q.author.trim().length).toBeGreaterThan(2);
    }
    expect(new Set(quotes.map((q) => q.text)).size).toBe(quotes.length);
  });
  it("use French spacing", () => {
    for (const q of quotes) expect(q.text).not.toMatch(/ [:;!?]/);
  });
});
