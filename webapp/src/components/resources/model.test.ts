import { describe, expect, it } from "vitest";
import { keptResources, resourceValues } from "./model";

describe("resources in forms", () => {
  it("keeps only links with both a label and an address, trimmed", () => {
    expect(
      keptResources([
        { label: " Annonce ", url: " https://exemple.fr/offre " },
        { label: "Sans adresse", url: "  " },
        { label: "", url: "https://exemple.fr" },
      ]),
    ).toEqual([{ label: "Annonce", url: "https://exemple.fr/offre" }]);
  });

  it("copies saved links into plain form values", () => {
    const saved = [{ label: "Profil", url: "https://linkedin.com/in/claire", $typeName: "tremplin.common.v1.Resource" }];
    expect(resourceValues(saved)).toEqual([{ label: "Profil", url: "https://linkedin.com/in/claire" }]);
  });
});
