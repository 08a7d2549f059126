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
  statusChip,
  statusInfo,
  tabCount,
  tickedAmong,
  toggleAll,
  UnknownStatusError,
  weekTrend,
  WEEK_FIGURES,
  GOOD_WHEN,
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
  it("say « Sans licence » of a B2B candidate without one who signed in before, never « Essai terminé »", () => {
    expect(statusChip({ status: UserStatus.WITHOUT_LICENSE_AFTER_TRIAL_PERIOD, isB2c: false })).toBe("Sans licence");
    expect(statusChip({ status: UserStatus.WITHOUT_LICENSE_AFTER_TRIAL_PERIOD, isB2c: true })).toBe("Essai terminé");
    expect(statusChip({ status: UserStatus.WITH_PENDING_LICENSE, isB2c: false })).toBe("Licence en attente");
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
    const c = candidate({ canBeDefinedAsB2c: true, canBeDefinedAsB2b: true });
    expect(candidateActions(c, "agency-admin")).toContain("progress");
    expect(candidateActions(c, "admin")).not.toContain("progress");
    expect(candidateActions(c, "agency-admin")).not.toContain("toB2C");
    expect(candidateActions(c, "agency-admin")).not.toContain("toB2B");
    expect(candidateActions(candidate({ isB2c: false, canBeDefinedAsB2c: true }), "admin")).toContain("toB2C");
    expect(candidateActions(candidate({ isB2c: true, canBeDefinedAsB2b: true }), "admin")).toContain("toB2B");
  });
  it("follow what the server says can be done, and nothing else", () => {
    expect(candidateActions(candidate(), "admin")).toEqual(["delete"]);
    expect(candidateActions(candidate(), "agency-admin")).toEqual(["progress", "delete"]);
    expect(candidateActions(candidate({ canBeReAllocatedLicense: true }), "admin")).toContain("allocate");
    expect(candidateActions(candidate({ canBeSentAgainEmailInvitation: true }), "agency-admin")).toContain("resend");
    expect(candidateActions(candidate({ canBeGrantedFreeAccess: true }), "agency-admin")).toContain("grantFree");
    // Who may get free access, B2C or B2B is the server's rule (not to a licence holder, not B2B
    // for a paying B2C candidate…), told by its flags: without them nothing is offered, even to
    // a candidate who looks eligible…
    const eligibleLooking = [candidate({ isB2c: false }), candidate({ isB2c: true }), candidate({ isB2c: true, status: UserStatus.WITHOUT_LICENSE_AFTER_TRIAL_PERIOD })];
    for (const c of eligibleLooking) {
      expect(candidateActions(c, "admin")).toEqual(["delete"]);
      expect(candidateActions(c, "agency-admin")).toEqual(["progress", "delete"]);
    }
    // …and what the flags offer is offered as it is: the screen does not apply rules of its own
    // on the status or the payment on top of the server's.
    const flagged = { canBeGrantedFreeAccess: true, canBeDefinedAsB2c: true, canBeDefinedAsB2b: true };
    expect(candidateActions(candidate({ ...flagged, status: UserStatus.WITH_VALID_LICENSE, isB2c: false }), "admin")).toEqual(["grantFree", "toB2C", "delete"]);
    expect(candidateActions(candidate({ ...flagged, isB2c: true, hasPaid: true }), "admin")).toEqual(["grantFree", "toB2B", "delete"]);
  });
  it("turn free access off when the candidate has it, and always allow deletion last", () => {
    const free = candidateActions(candidate({ hasFreeAccess: true, canBeReAllocatedLicense: true }), "admin");
    expect(free).toContain("revokeFree");
    expect(free).not.toContain("grantFree");
    expect(free.at(-1)).toBe("delete");
  });
});

describe("licence line", () => {
  it("shows the most telling date of the candidate's state", () => {
    const pending = UserStatus.WITH_PENDING_LICENSE;
    expect(licenceLine(candidate({ status: pending, license: create(LicenseSchema, { allocationDate: day("2026-11-19T10:00:00Z"), invitationDate: day("2026-11-20T10:00:00Z") }) }), NOW)).toBe("Invité le 20/11/2026");
    expect(licenceLine(candidate({ status: UserStatus.WITH_VALID_LICENSE, license: create(LicenseSchema, { invitationDate: day("2026-11-20T10:00:00Z"), expirationDate: day("2027-11-21T10:00:00Z") }) }), NOW)).toBe("Expire le 21/11/2027");
    expect(licenceLine(candidate({ status: UserStatus.WITH_EXPIRED_LICENSE, license: create(LicenseSchema, { expirationDate: day("2026-10-01T10:00:00Z") }) }), NOW)).toBe("Expirée le 01/10/2026");
    expect(licenceLine(candidate({ status: UserStatus.IN_TRIAL_PERIOD, isB2c: true, trialEndDate: day("2026-12-04T10:00:00Z") }), NOW)).toBe("Essai jusqu'au 04/12/2026");
    expect(licenceLine(candidate({ status: UserStatus.WITHOUT_LICENSE_AFTER_TRIAL_PERIOD, isB2c: true, trialEndDate: day("2026-11-01T10:00:00Z") }), NOW)).toBe("Essai terminé le 01/11/2026");
    expect(licenceLine(candidate(), NOW)).toBe("Aucune licence");
  });
  it("never says « Aucune licence » beside « Licence en attente »", () => {
    // A licence given again to a candidate whose licence expired: pending, told by e-mail.
    const back = candidate({
      status: UserStatus.WITH_PENDING_LICENSE,
      firstLoginDate: day("2025-10-01T10:00:00Z"),
      license: create(LicenseSchema, { allocationDate: day("2026-11-22T10:00:00Z"), invitationDate: day("2026-11-22T10:00:00Z") }),
    });
    expect(licenceLine(back, NOW)).toBe("Prévenu le 22/11/2026");
    // Pending, nobody told yet (given before the e-mails were sent): the day it was given.
    const given = candidate({ status: UserStatus.WITH_PENDING_LICENSE, firstLoginDate: day("2025-10-01T10:00:00Z"), license: create(LicenseSchema, { allocationDate: day("2026-11-22T10:00:00Z") }) });
    expect(licenceLine(given, NOW)).toBe("Attribuée le 22/11/2026");
  });
  it("says a B2C candidate who never signed in starts their trial then, never « Aucune licence »", () => {
    expect(licenceLine(candidate({ isB2c: true }), NOW)).toBe("Essai à la première connexion");
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

describe("the coach view's week trend", () => {
  it("colours by meaning: more tasks to do is bad news, more tasks done is good news", () => {
    expect(weekTrend("notStartedTasks", 6, 4)).toMatchObject({ text: "+50\u00a0%", tone: "bad" });
    expect(weekTrend("notStartedTasks", 2, 4)).toMatchObject({ text: "\u221250\u00a0%", tone: "good" });
    expect(weekTrend("completedTasks", 6, 4)).toMatchObject({ text: "+50\u00a0%", tone: "good" });
    expect(weekTrend("completedTasks", 2, 4)).toMatchObject({ tone: "bad" });
    expect(weekTrend("newContacts", 3, 3)).toMatchObject({ text: "0\u00a0%", tone: "neutral" });
    // Said in words too, not by colour alone.
    expect(weekTrend("notStartedTasks", 6, 4)!.spoken).toContain("à surveiller");
    expect(weekTrend("completedTasks", 6, 4)!.spoken).toContain("bon signe");
  });

  it("says which way is good for every figure", () => {
    for (const f of WEEK_FIGURES) expect(["up", "down"]).toContain(GOOD_WHEN[f]);
    expect(GOOD_WHEN.notStartedTasks).toBe("down");
  });

  it("never shows a silly percentage: « ×11 » past +999 %, a count from a zero base, nothing for two zeros", () => {
    expect(weekTrend("notStartedTasks", 11, 1)).toMatchObject({ text: "×11", tone: "bad" });
    expect(weekTrend("notStartedTasks", 11, 1)!.spoken).toContain("multiplié par 11");
    expect(weekTrend("completedTasks", 10, 1)).toMatchObject({ text: "+900\u00a0%" });
    expect(weekTrend("completedTasks", 3, 0)).toMatchObject({ text: "+3", tone: "good" });
    expect(weekTrend("completedTasks", 3, 0)!.spoken).toContain("qui était à zéro");
    expect(weekTrend("completedTasks", 0, 3)).toMatchObject({ text: "\u2212100\u00a0%", tone: "bad" });
    expect(weekTrend("completedTasks", 0, 0)).toBeUndefined();
  });
});
