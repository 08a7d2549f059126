import { describe, expect, it } from "vitest";
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { CandidateStatusCountsSchema } from "../../gen/tremplin/agency/v1/agency_pb";
import { Civility, LicenseSchema, UserSchema, UserStatus, type User } from "../../gen/tremplin/common/v1/common_pb";
import {
  candidateActions,
  candidateDraft,
  EMPTY_CANDIDATE,
  fieldOfPath,
  licenceLine,
  STATUS_ORDER,
  statusInfo,
  tabCount,
  tickedAmong,
  toggleAll,
  UnknownStatusError,
} from "./model";
import { progression } from "../../lib/format";

const NOW = new Date("2026-11-23T12:00:00+01:00");
const day = (iso: string) => timestampFromDate(new Date(iso));

function candidate(init: MessageInitShape<typeof UserSchema> = {}): User {
  return create(UserSchema, { id: "c1", email: "c@exemple.fr", status: UserStatus.JUST_CREATED, ...init });
}

describe("statuses", () => {
  it("name the six statuses of the spec, each once", () => {
    const chips = STATUS_ORDER.map((s) => statusInfo(s).chip);
    expect(new Set(chips).size).toBe(6);
    expect(statusInfo(UserStatus.WITH_VALID_LICENSE).chip).toBe("Licence valide");
    expect(statusInfo(UserStatus.WITHOUT_LICENSE_AFTER_TRIAL_PERIOD).key).toBe("without-license-after-trial-period");
  });
  it("refuse an unknown value (an internal error)", () => {
    expect(() => statusInfo(UserStatus.UNSPECIFIED)).toThrow(UnknownStatusError);
    expect(() => statusInfo(42 as UserStatus)).toThrow(UnknownStatusError);
  });
  it("count each tab from the server's counts", () => {
    const counts = create(CandidateStatusCountsSchema, { all: 9, justCreated: 1, withPendingLicense: 2, withValidLicense: 3, withExpiredLicense: 1, inTrialPeriod: 1, withoutLicenseAfterTrialPeriod: 1 });
    expect(tabCount(counts, UserStatus.UNSPECIFIED)).toBe(9);
    expect(STATUS_ORDER.map((s) => tabCount(counts, s))).toEqual([1, 2, 3, 1, 1, 1]);
    expect(tabCount(undefined, UserStatus.WITH_VALID_LICENSE)).toBe(0);
  });
});

describe("candidate actions", () => {
  it("offer the coach view to the agency admin only, and B2C / B2B to the platform admin only", () => {
    const c = candidate();
    expect(candidateActions(c, "agency-admin")).toContain("progress");
    expect(candidateActions(c, "admin")).not.toContain("progress");
    expect(candidateActions(c, "agency-admin")).not.toContain("toB2C");
    expect(candidateActions(candidate({ isB2c: false }), "admin")).toContain("toB2C");
    expect(candidateActions(candidate({ isB2c: true }), "admin")).toContain("toB2B");
  });
  it("follow what the server says can be done", () => {
    expect(candidateActions(candidate(), "admin")).not.toContain("allocate");
    expect(candidateActions(candidate({ canBeReAllocatedLicense: true }), "admin")).toContain("allocate");
    expect(candidateActions(candidate(), "admin")).not.toContain("resend");
    expect(candidateActions(candidate({ canBeSentAgainEmailInvitation: true }), "agency-admin")).toContain("resend");
  });
  it("turn free access on or off, and always allow deletion last", () => {
    expect(candidateActions(candidate(), "admin")).toContain("grantFree");
    const free = candidateActions(candidate({ hasFreeAccess: true }), "admin");
    expect(free).toContain("revokeFree");
    expect(free).not.toContain("grantFree");
    expect(free.at(-1)).toBe("delete");
  });
});

describe("licence line", () => {
  it("shows the most telling date", () => {
    expect(licenceLine(candidate({ license: create(LicenseSchema, { invitationDate: day("2026-11-20T10:00:00Z") }) }), NOW)).toBe("Invité le 20/11/2026");
    expect(licenceLine(candidate({ license: create(LicenseSchema, { invitationDate: day("2026-11-20T10:00:00Z"), expirationDate: day("2027-11-21T10:00:00Z") }) }), NOW)).toBe("Expire le 21/11/2027");
    expect(licenceLine(candidate({ license: create(LicenseSchema, { expirationDate: day("2026-10-01T10:00:00Z") }) }), NOW)).toBe("Expirée le 01/10/2026");
    expect(licenceLine(candidate({ isB2c: true, trialEndDate: day("2026-12-04T10:00:00Z") }), NOW)).toBe("Essai jusqu'au 04/12/2026");
    expect(licenceLine(candidate({ isB2c: true, trialEndDate: day("2026-11-01T10:00:00Z") }), NOW)).toBe("Essai terminé le 01/11/2026");
    expect(licenceLine(candidate(), NOW)).toBe("Aucune licence");
  });
});

describe("ticks", () => {
  const shown = [{ id: "a" }, { id: "b" }];
  it("count only the ticked candidates still shown", () => {
    expect(tickedAmong(new Set(["a", "gone"]), shown)).toEqual(["a"]);
  });
  it("tick all shown, then none", () => {
    const all = toggleAll(new Set(["a"]), shown);
    expect([...all].sort()).toEqual(["a", "b"]);
    expect([...toggleAll(all, shown)]).toEqual([]);
    // A tick hidden by the search stays when the shown ones are unticked.
    expect([...toggleAll(new Set(["a", "b", "hidden"]), shown)]).toEqual(["hidden"]);
  });
});

describe("candidate modal", () => {
  const values = { ...EMPTY_CANDIDATE, email: " ines@exemple.fr ", firstName: " Inès ", lastName: "MOREL ", civility: Civility.FEMALE, agencyId: "ag-1" };
  it("is B2C by default for the platform admin", () => {
    expect(EMPTY_CANDIDATE.isB2c).toBe(true);
    expect(candidateDraft(values, "admin")).toMatchObject({ email: "ines@exemple.fr", firstName: "Inès", lastName: "MOREL", isB2c: true, id: "ag-1" });
  });
  it("sends neither agency nor B2C for an agency admin (their agency, B2B)", () => {
    const draft = candidateDraft({ ...values, isB2c: true }, "agency-admin");
    expect(draft).not.toHaveProperty("isB2c");
    expect(draft).not.toHaveProperty("id");
  });
  it("places the server's violations under their fields", () => {
    expect(fieldOfPath("email")).toBe("email");
    expect(fieldOfPath("mobile_number")).toBe("mobileNumber");
    expect(fieldOfPath("id")).toBe("agencyId");
    expect(fieldOfPath("is_b2c")).toBeUndefined();
  });
});

describe("progression", () => {
  it("is a signed whole percent, blank when a week is zero", () => {
    expect(progression(6, 4)).toBe("+50\u00a0%");
    expect(progression(2, 3)).toBe("−33\u00a0%");
    expect(progression(3, 3)).toBe("0\u00a0%");
    expect(progression(0, 3)).toBe("");
    expect(progression(3, 0)).toBe("");
  });
});
