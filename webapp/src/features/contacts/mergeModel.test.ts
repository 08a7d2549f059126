import { describe, expect, it } from "vitest";
import { create } from "@bufbuild/protobuf";
import { Civility, ContactRefSchema } from "../../gen/tremplin/common/v1/common_pb";
import { ContactSchema, TagSchema, TouchRhythm } from "../../gen/tremplin/network/v1/network_pb";
import { defaultChoices, mergeFields, mergedDraft } from "./mergeModel";

const older = create(ContactSchema, {
  id: "a",
  firstName: "Claire",
  lastName: "BERNARD",
  email: "claire@exemple.fr",
  company: "BNP Paribas",
  comments: "Rencontrée au salon.",
  civility: Civility.FEMALE,
  parent: create(ContactRefSchema, { id: "p1", firstName: "Hugo", lastName: "RENARD" }),
  tags: [create(TagSchema, { id: "t1", name: "Lyon" })],
  resources: [{ label: "LinkedIn", url: "https://www.linkedin.com/in/claire" }],
});
const newer = create(ContactSchema, {
  id: "b",
  firstName: "Claire",
  lastName: "BERNARD",
  mobileNumber: "06 11 22 33 44",
  company: "BNP",
  comments: "À rappeler en mars.",
  parent: create(ContactRefSchema, { id: "p2", firstName: "Léa", lastName: "DUBOIS" }),
  tags: [create(TagSchema, { id: "t2", name: "lyon" }), create(TagSchema, { id: "t3", name: "Banque" })],
  resources: [
    { label: "LinkedIn", url: "https://www.linkedin.com/in/claire" },
    { label: "Site", url: "https://exemple.fr" },
  ],
  touchRhythm: TouchRhythm.MONTH,
});

describe("merging two contacts", () => {
  it("asks only about what both fill differently; notes may be kept both", () => {
    const fields = mergeFields(older, newer);
    expect(fields.map((f) => [f.key, f.options.map((o) => o.label)])).toEqual([
      ["company", ["BNP Paribas", "BNP"]],
      ["comments", ["Rencontrée au salon.", "À rappeler en mars.", "Les deux"]],
      ["parentId", ["Hugo RENARD", "Léa DUBOIS"]],
    ]);
  });

  it("keeps what one of them fills, the choices made, and both contacts' tags and links", () => {
    const chosen = { ...defaultChoices(mergeFields(older, newer)), company: "BNP", comments: "Rencontrée au salon.\n\nÀ rappeler en mars." };
    expect(mergedDraft(older, newer, chosen)).toEqual({
      civility: Civility.FEMALE,
      firstName: "Claire",
      lastName: "BERNARD",
      email: "claire@exemple.fr",
      mobileNumber: "06 11 22 33 44",
      phoneNumber: "",
      company: "BNP",
      job: "",
      parentId: "p1",
      comments: "Rencontrée au salon.\n\nÀ rappeler en mars.",
      tags: ["Lyon", "Banque"],
      resources: [
        { label: "LinkedIn", url: "https://www.linkedin.com/in/claire" },
        { label: "Site", url: "https://exemple.fr" },
      ],
      touchRhythm: TouchRhythm.MONTH,
    });
  });

  it("never offers one of the two as the other's intermediary", () => {
    const child = create(ContactSchema, { ...newer, parent: create(ContactRefSchema, { id: "a", firstName: "Claire", lastName: "BERNARD" }) });
    expect(mergeFields(older, child).some((f) => f.key === "parentId")).toBe(false);
    expect(mergedDraft(older, child, {}).parentId).toBe("p1");
    const orphan = create(ContactSchema, { ...older, parent: create(ContactRefSchema, { id: "b" }) });
    expect(mergedDraft(orphan, child, {}).parentId).toBe("");
  });
});
