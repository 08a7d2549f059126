// The rules of the candidates screen that do not draw anything: status labels and colours, the
// actions a candidate offers to whom, the licence line, the ticks, and the weekly figures of
// the coach view.
import type { MessageInitShape } from "@bufbuild/protobuf";
import { UserStatus, type User } from "../../gen/tremplin/common/v1/common_pb";
import { EMPTY_PERSON, type PersonValues } from "../../components/form/person";
import type { CandidateStatusCounts, CreateCandidateRequestSchema, ProgressWeek } from "../../gen/tremplin/agency/v1/agency_pb";
import { agencyMessages } from "../../lib/messages/agency";
import { formatDate, toJsDate } from "../../lib/format";
import { personName } from "../../lib/names";

const s = agencyMessages.statuses;
const l = agencyMessages.candidates.licence;

export type KnownStatus = Exclude<UserStatus, UserStatus.UNSPECIFIED>;

/** The status tabs, in the lifecycle's order (spec section 3). */
export const STATUS_ORDER: readonly KnownStatus[] = [
  UserStatus.JUST_CREATED,
  UserStatus.WITH_PENDING_LICENSE,
  UserStatus.WITH_VALID_LICENSE,
  UserStatus.WITH_EXPIRED_LICENSE,
  UserStatus.IN_TRIAL_PERIOD,
  UserStatus.WITHOUT_LICENSE_AFTER_TRIAL_PERIOD,
];

type StatusInfo = { key: string; tab: string; chip: string; color: string; bg: string };

const INFO: Record<KnownStatus, StatusInfo> = {
  [UserStatus.JUST_CREATED]: { key: "just-created", ...s.justCreated, color: "#475569", bg: "#F1F5F9" },
  [UserStatus.WITH_PENDING_LICENSE]: { key: "with-pending-license", ...s.withPendingLicense, color: "#B45309", bg: "#FEF3C7" },
  [UserStatus.WITH_VALID_LICENSE]: { key: "with-valid-license", ...s.withValidLicense, color: "#15803D", bg: "#DCFCE7" },
  [UserStatus.WITH_EXPIRED_LICENSE]: { key: "with-expired-license", ...s.withExpiredLicense, color: "#B91C1C", bg: "#FEE2E2" },
  [UserStatus.IN_TRIAL_PERIOD]: { key: "in-trial-period", ...s.inTrialPeriod, color: "#0369A1", bg: "#E0F2FE" },
  [UserStatus.WITHOUT_LICENSE_AFTER_TRIAL_PERIOD]: {
    key: "without-license-after-trial-period",
    ...s.withoutLicenseAfterTrialPeriod,
    color: "#9A3412",
    bg: "#FFEDD5",
  },
};

export class UnknownStatusError extends Error {
  constructor(status: unknown) {
    super(`Statut de candidat inconnu (${String(status)})`);
    this.name = "UnknownStatusError";
  }
}

/** How a status shows. An unknown value is an internal error (spec section 8). */
export function statusInfo(status: UserStatus): StatusInfo {
  const info = INFO[status as KnownStatus];
  if (!info) throw new UnknownStatusError(status);
  return info;
}

/**
 * The chip of a candidate's status. A B2B candidate without a licence who signed in before (their
 * licence taken back) has had no trial: « Sans licence », not « Essai terminé ».
 */
export function statusChip(c: Pick<User, "status" | "isB2c">): string {
  if (c.status === UserStatus.WITHOUT_LICENSE_AFTER_TRIAL_PERIOD && !c.isB2c) return s.withoutLicenseB2B;
  return statusInfo(c.status).chip;
}

/** Which count each status tab shows; "all" for the first tab. */
const TAB_COUNTS: Partial<Record<UserStatus, keyof Omit<CandidateStatusCounts, "$typeName" | "$unknown">>> = {
  [UserStatus.UNSPECIFIED]: "all",
  [UserStatus.JUST_CREATED]: "justCreated",
  [UserStatus.IN_TRIAL_PERIOD]: "inTrialPeriod",
  [UserStatus.WITHOUT_LICENSE_AFTER_TRIAL_PERIOD]: "withoutLicenseAfterTrialPeriod",
  [UserStatus.WITH_PENDING_LICENSE]: "withPendingLicense",
  [UserStatus.WITH_VALID_LICENSE]: "withValidLicense",
  [UserStatus.WITH_EXPIRED_LICENSE]: "withExpiredLicense",
};

/** The count of a status tab; "all" for the first tab. */
export function tabCount(counts: CandidateStatusCounts | undefined, status: UserStatus): number {
  const key = TAB_COUNTS[status];
  return counts && key ? counts[key] : 0;
}

/** « Julien MOREAU » (lib/names), or the e-mail of a candidate without a name. */
export function fullName(u: Pick<User, "firstName" | "lastName" | "email">): string {
  return personName(u) || u.email;
}

/** Who is looking: the two staff roles see different actions. */
export type Manager = "admin" | "agency-admin";

export type CandidateAction = "progress" | "allocate" | "resend" | "grantFree" | "revokeFree" | "toB2C" | "toB2B" | "delete";

/**
 * The actions a candidate's menu offers (spec section 6): the coach view for the agency admin;
 * then exactly what the server says can be done now (its can_be_… flags, which it enforces the
 * same way: an action offered succeeds, one not offered is refused) — a licence, the invitation
 * again, free access on (never to a licence holder) or off, B2C / B2B for the platform admin
 * only; delete for both.
 */
export function candidateActions(c: User, who: Manager): CandidateAction[] {
  const out: CandidateAction[] = [];
  if (who === "agency-admin") out.push("progress");
  if (c.canBeReAllocatedLicense) out.push("allocate");
  if (c.canBeSentAgainEmailInvitation) out.push("resend");
  if (c.hasFreeAccess) out.push("revokeFree");
  else if (c.canBeGrantedFreeAccess) out.push("grantFree");
  if (who === "admin" && !c.isB2c && c.canBeDefinedAsB2c) out.push("toB2C");
  if (who === "admin" && c.isB2c && c.canBeDefinedAsB2b) out.push("toB2B");
  out.push("delete");
  return out;
}

/**
 * The licence or trial line of a candidate: the date that tells most about their status, so
 * that the line and the status chip always say the same thing (an expired licence started
 * again is pending: its old dates no longer show).
 */
export function licenceLine(c: User, now: Date = new Date()): string {
  const lic = c.license;
  const trialEnd = toJsDate(c.trialEndDate);
  switch (c.status) {
    case UserStatus.WITH_PENDING_LICENSE: {
      // Told by e-mail: invited (never signed in) or told their access is open again.
      if (lic?.invitationDate) return c.firstLoginDate ? l.notified(formatDate(lic.invitationDate)) : l.invited(formatDate(lic.invitationDate));
      return lic?.allocationDate ? l.allocated(formatDate(lic.allocationDate)) : l.pending;
    }
    case UserStatus.WITH_VALID_LICENSE:
      return lic?.expirationDate ? l.expires(formatDate(lic.expirationDate)) : l.pending;
    case UserStatus.WITH_EXPIRED_LICENSE:
      return lic?.expirationDate ? l.expired(formatDate(lic.expirationDate)) : l.none;
    default:
      if (c.isB2c && trialEnd) return trialEnd < now ? l.trialEnded(formatDate(trialEnd)) : l.trialEnds(formatDate(trialEnd));
      if (c.isB2c && !c.firstLoginDate) return l.trialAtFirstSignIn;
      return l.none;
  }
}

/** The ticked candidates still listed (a search or a tab may hide some; a deletion removes them). */
export function tickedAmong(ticked: ReadonlySet<string>, shown: readonly Pick<User, "id">[]): string[] {
  return shown.filter((c) => ticked.has(c.id)).map((c) => c.id);
}

/** Ticking the header box: all shown when not all are ticked, none otherwise. */
export function toggleAll(ticked: ReadonlySet<string>, shown: readonly Pick<User, "id">[]): Set<string> {
  const allTicked = shown.length > 0 && shown.every((c) => ticked.has(c.id));
  const next = new Set(ticked);
  for (const c of shown) {
    if (allTicked) next.delete(c.id);
    else next.add(c.id);
  }
  return next;
}

export type WeekFigure = keyof typeof agencyMessages.progress.figures;

export const WEEK_FIGURES: readonly WeekFigure[] = [
  "completedTasks",
  "notStartedTasks",
  "completedInterviews",
  "firstTasks",
  "newContacts",
  "newApplications",
  "engagedApplications",
];

export function weekValue(week: ProgressWeek | undefined, figure: WeekFigure): number {
  return week ? week[figure] : 0;
}

/**
 * Which way each figure should go for the week to be good news: more done, more met, more
 * engaged is good; more tasks left to do is not.
 */
export const GOOD_WHEN: Readonly<Record<WeekFigure, "up" | "down">> = {
  completedTasks: "up",
  notStartedTasks: "down",
  completedInterviews: "up",
  firstTasks: "up",
  newContacts: "up",
  newApplications: "up",
  engagedApplications: "up",
};

/** The coach view's change from last week: what is shown, what is read out, and its meaning. */
export type WeekTrend = { text: string; spoken: string; tone: "good" | "bad" | "neutral" };

/** Beyond this the percentage says nothing a reader can use: « ×11 » reads better than « +1000 % ». */
const MAX_PERCENT = 999;

/**
 * This week against last week for one figure, coloured by what the figure means (GOOD_WHEN),
 * never by its sign alone. From a zero base there is no percentage: the change is said as a
 * count (« +3 »); a figure multiplied tenfold or more is said as such (« ×11 »). Nothing when
 * both weeks are at zero.
 */
export function weekTrend(figure: WeekFigure, now: number, before: number): WeekTrend | undefined {
  const t = agencyMessages.progress.trend;
  if (now === 0 && before === 0) return undefined;
  const direction = now > before ? "up" : now < before ? "down" : "same";
  const tone = direction === "same" ? "neutral" : direction === GOOD_WHEN[figure] ? "good" : "bad";
  const meaning = tone === "neutral" ? "" : ` (${tone === "good" ? t.good : t.bad})`;
  if (before === 0) return { text: `+${now.toLocaleString("fr-FR")}`, spoken: t.fromZero(now) + meaning, tone };
  const percent = Math.round(((now - before) / before) * 100);
  if (percent > MAX_PERCENT) {
    const times = Math.round(now / before);
    return { text: `×${times.toLocaleString("fr-FR")}`, spoken: t.times(times) + meaning, tone };
  }
  const sign = percent > 0 ? "+" : percent < 0 ? "\u2212" : "";
  const text = `${sign}${Math.abs(percent)}\u00a0%`;
  return { text, spoken: text + meaning, tone };
}

/** The person (components/form/person.ts), the e-mail, and for the platform admin the kind and the agency. */
export type CandidateFormValues = PersonValues & {
  email: string;
  /** Platform admin only; B2C by default (spec section 5). */
  isB2c: boolean;
  /** Platform admin only: "" for no agency (a B2C candidate may have none). */
  agencyId: string;
};

export const EMPTY_CANDIDATE: CandidateFormValues = { ...EMPTY_PERSON, email: "", isB2c: true, agencyId: "" };

/**
 * The request of the candidate modal. An agency admin's candidate is of their agency (the
 * server's default for an empty id) and never says B2C; the platform admin's says B2C or B2B,
 * with the chosen agency.
 */
export function candidateDraft(v: CandidateFormValues, who: Manager): MessageInitShape<typeof CreateCandidateRequestSchema> {
  const draft = {
    civility: v.civility,
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    email: v.email.trim(),
    mobileNumber: v.mobileNumber.trim(),
    phoneNumber: v.phoneNumber.trim(),
    job: v.job.trim(),
  };
  if (who === "agency-admin") return draft;
  return { ...draft, id: v.agencyId, isB2c: v.isB2c };
}

const FIELD_OF_PATH: Record<string, keyof CandidateFormValues> = {
  id: "agencyId",
  first_name: "firstName",
  last_name: "lastName",
  email: "email",
  mobile_number: "mobileNumber",
  phone_number: "phoneNumber",
  job: "job",
};

/** The form field a server violation names ("email", "mobile_number"…), if the form has it. */
export function fieldOfPath(path: string): Exclude<keyof CandidateFormValues, "isB2c" | "civility"> | undefined {
  const field = FIELD_OF_PATH[path];
  return field === "isB2c" || field === "civility" ? undefined : field;
}
