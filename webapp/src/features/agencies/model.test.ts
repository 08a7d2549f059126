import { describe, expect, it } from "vitest";
import { Civility } from "../../gen/tremplin/common/v1/common_pb";
import { agencyDraft, agencyFieldOfPath, allocationKey, EMPTY_AGENCY, parseLicenceCount, randomKey } from "./model";

describe("licence allocation key", () => {
  it("is kept when the same number is sent again (a retry adds once)", () => {
    const first = allocationKey(undefined, 5, () => "key-1");
    expect(first).toEqual({ count: 5, key: "key-1" });
    expect(allocationKey(first, 5, () => "key-2")).toBe(first);
  });
  it("is new for another number (another request)", () => {
    const first = allocationKey(undefined, 5, () => "key-1");
    expect(allocationKey(first, 6, () => "key-2")).toEqual({ count: 6, key: "key-2" });
  });
  it("is random and fits the server's pattern", () => {
    const a = randomKey();
    expect(a).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(randomKey()).not.toBe(a);
  });
});

describe("licence count", () => {
  it.each([
    ["1", 1],
    [" 25 ", 25],
    ["10000", 10000],
  ])("accepts %j", (raw, n) => expect(parseLicenceCount(raw)).toBe(n));
  it.each(["", "0", "10001", "-3", "2.5", "deux", "1e3"])("refuses %j", (raw) => expect(parseLicenceCount(raw)).toBeUndefined());
});

describe("agency modal", () => {
  it("sends the agency and its admin, trimmed", () => {
    const draft = agencyDraft({ ...EMPTY_AGENCY, name: " Agence Nord ", email: "nord@exemple.fr", adminEmail: " dir@exemple.fr ", civility: Civility.FEMALE, lastName: "VASSEUR" });
    expect(draft).toMatchObject({ name: "Agence Nord", email: "nord@exemple.fr", userProfile: { email: "dir@exemple.fr", civility: Civility.FEMALE, lastName: "VASSEUR" } });
  });
  it("places the server's violations under their fields", () => {
    expect(agencyFieldOfPath("user_profile.email")).toBe("adminEmail");
    expect(agencyFieldOfPath("email")).toBe("email");
    expect(agencyFieldOfPath("user_profile.civility")).toBeUndefined();
  });
});
