import { describe, expect, it } from "vitest";
import { firstNameCase, initials, lastNameCase, personName, personNameLastFirst } from "./names";

describe("person names", () => {
  it("writes the first name with a capital and the last name upper-case, whatever was typed", () => {
    expect(personName({ firstName: "julien", lastName: "Moreau" })).toBe("Julien MOREAU");
    expect(personName({ firstName: "Julien", lastName: "MOREAU" })).toBe("Julien MOREAU");
    expect(personName({ firstName: "jean-luc", lastName: "d'Arcy" })).toBe("Jean-Luc D'ARCY");
    expect(personName({ firstName: "élodie", lastName: "lefèvre" })).toBe("Élodie LEFÈVRE");
    // The rest of the first name is kept as typed (« McKenzie », « DeShawn »).
    expect(firstNameCase("mcKenzie")).toBe("McKenzie");
    expect(lastNameCase(" van der berg ")).toBe("VAN DER BERG");
  });

  it("leaves out a missing part", () => {
    expect(personName({ firstName: "", lastName: "Moreau" })).toBe("MOREAU");
    expect(personName({ firstName: "julien", lastName: "" })).toBe("Julien");
    expect(personName({ firstName: "", lastName: "" })).toBe("");
    expect(personNameLastFirst({ firstName: "julien", lastName: "moreau" })).toBe("MOREAU Julien");
    expect(initials({ firstName: "julien", lastName: "moreau" })).toBe("JM");
  });
});
