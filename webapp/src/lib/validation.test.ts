import { describe, expect, it } from "vitest";
import {
  candidatesSelected,
  email,
  isStrongPassword,
  normalizeLastName,
  password,
  passwordConfirmation,
  phone,
  required,
  termsAccepted,
  thresholds,
} from "./validation";

describe("required", () => {
  it.each([[""], ["   "], [undefined], [null], [false], [[]]])("refuses %j", (value) => {
    expect(required(value)).toBe("Ce champ est obligatoire");
  });
  it.each([["a"], [0], [true], [["x"]]])("accepts %j", (value) => {
    expect(required(value)).toBe(true);
  });
});

describe("email", () => {
  it.each(["camille.martin@exemple.fr", "a.b-c+tag@sous.domaine.fr", " espace-autour@exemple.com "])("accepts %s", (v) => {
    expect(email(v)).toBe(true);
  });
  it.each(["camille", "camille@", "@exemple.fr", "camille@exemple", "ca mille@exemple.fr", "camille@@exemple.fr", "camille@exemple.f"])(
    "refuses %s",
    (v) => {
      expect(email(v)).toBe("Le format de l'email est incorrect");
    },
  );
  it("lets an empty value through (required is a separate rule)", () => {
    expect(email("")).toBe(true);
  });
});

describe("password format", () => {
  it.each(["Tremplin-demo-2026", "Abcdef1!", "Mot#De#Passe9", "Été-2026-X"])("accepts %s", (v) => {
    expect(password(v)).toBe(true);
  });
  it.each([
    ["Abcde1!", "7 characters"],
    ["abcdefg1!", "no upper-case letter"],
    ["ABCDEFG1!", "no lower-case letter"],
    ["Abcdefgh!", "no digit"],
    ["Abcdefgh1", "no special character"],
    ["Abcd efg1!", "a space"],
    ["Abcdefg1!\t", "a tab"],
    ["Abcdefg_1", "only the underscore, a word character"],
  ])("refuses %s (%s)", (v) => {
    expect(password(v)).toBe("Le format du mot de passe est incorrect");
    expect(isStrongPassword(v)).toBe(false);
  });
});

describe("password confirmation", () => {
  it("must equal the new password", () => {
    expect(passwordConfirmation("Abcdef1!", "Abcdef1!")).toBe(true);
    expect(passwordConfirmation("Abcdef1?", "Abcdef1!")).toBe("Les 2 mots de passe ne sont pas identiques");
  });
});

describe("phone", () => {
  it.each(["0612345678", "06 12 34 56 78", "06-12-34-56-78", "+33 6 12 34 56 78", "0033612345678", "12345678901234567890"])(
    "accepts %s",
    (v) => {
      expect(phone(v)).toBe(true);
    },
  );
  it.each(["06.12.34.56.78", "+33 (0)6 12", "06  12", "123456789012345678901", "téléphone", "++33612345678", "06-"])(
    "refuses %s",
    (v) => {
      expect(phone(v)).toBe("Le format du numéro de téléphone est incorrect");
    },
  );
  it("is optional", () => {
    expect(phone("")).toBe(true);
  });
});

describe("terms of use", () => {
  it("must be accepted to create a password", () => {
    expect(termsAccepted(true)).toBe(true);
    expect(termsAccepted(false)).toBe(
      "Vous devez accepter les conditions générales d'utilisation pour créer votre mot de passe",
    );
  });
});

describe("candidate deletion", () => {
  it("needs at least one ticked candidate", () => {
    expect(candidatesSelected([])).toBe("Cochez d'abord les candidats à supprimer");
    expect(candidatesSelected(["id"])).toBe(true);
  });
});

describe("dashboard thresholds", () => {
  it.each([
    { low: 0, medium: 1, high: 2 },
    { low: 2, medium: 4, high: 6 },
    { low: 8, medium: 12, high: 15 },
    { low: 0, medium: 0, high: 0 },
    { low: 30, medium: 30, high: 30 },
  ])("accepts %j", (t) => {
    expect(thresholds(t)).toBe(true);
  });
  it.each([
    { low: -1, medium: 1, high: 2 },
    { low: 3, medium: 2, high: 4 },
    { low: 1, medium: 5, high: 4 },
    { low: 1, medium: 2, high: 31 },
    { low: 1.5, medium: 2, high: 3 },
  ])("refuses %j", (t) => {
    expect(thresholds(t)).toBe("Seuils paramétrés incohérents");
  });
});

describe("last name", () => {
  it("is upper-cased, keeps letters, accents, spaces, apostrophes and hyphens, collapses spaces", () => {
    expect(normalizeLastName("de  la   Fontaine")).toBe("DE LA FONTAINE");
    expect(normalizeLastName("d'Alembert-Léon")).toBe("D'ALEMBERT-LÉON");
    expect(normalizeLastName("Müller2 (ext.)")).toBe("MÜLLER EXT");
    expect(normalizeLastName("  Zoé ")).toBe("ZOÉ ");
  });
});
