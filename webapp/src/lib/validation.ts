// Validation rules of the specification (section 5). Each rule answers `true` when the value is
// acceptable, otherwise the French message to show under the field (react-hook-form's
// `validate` contract).
import { messages } from "./messages";

const v = messages.validation;

export type RuleResult = true | string;

export function required(value: unknown): RuleResult {
  if (value === undefined || value === null) return v.required;
  if (typeof value === "string" && value.trim() === "") return v.required;
  if (typeof value === "boolean" && !value) return v.required;
  if (Array.isArray(value) && value.length === 0) return v.required;
  return true;
}

// One "@", something before it, a domain with at least one dot and a 2+ letter ending,
// no whitespace anywhere.
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)*\.[^\s@.]{2,}$/;

/** E-mail format; an empty value passes (combine with `required`). */
export function email(value: string): RuleResult {
  if (!value) return true;
  return EMAIL.test(value.trim()) ? true : v.email;
}

/**
 * Password format: at least 8 characters, no whitespace, one upper-case letter, one
 * lower-case letter, one digit and one special (non-word) character. The character classes
 * are those of the server's RE2 rule (ASCII letters, digits and whitespace), so that both sides
 * agree on every password.
 */
export function isStrongPassword(value: string): boolean {
  return (
    [...value].length >= 8 &&
    !/[\t\n\f\r ]/.test(value) &&
    /[A-Z]/.test(value) &&
    /[a-z]/.test(value) &&
    /[0-9]/.test(value) &&
    /[^0-9A-Za-z_\t\n\f\r ]/.test(value)
  );
}

export function password(value: string): RuleResult {
  if (!value) return true;
  return isStrongPassword(value) ? true : v.password;
}

export function passwordConfirmation(value: string, newPassword: string): RuleResult {
  return value === newPassword ? true : v.passwordConfirm;
}

// Optional "+" or "00", then up to 20 digits, optionally separated by single spaces or dashes.
const PHONE = /^(?:\+|00)?[0-9](?:[ -]?[0-9]){0,19}$/;

/** Phone and mobile numbers; an empty value passes (the fields are optional). */
export function phone(value: string): RuleResult {
  if (!value) return true;
  return PHONE.test(value.trim()) ? true : v.phone;
}

/** The terms-of-use checkbox of the new-password page. */
export function termsAccepted(value: boolean): RuleResult {
  return value ? true : v.terms;
}

/** Candidate deletion needs at least one ticked candidate. */
export function candidatesSelected(ids: readonly string[]): RuleResult {
  return ids.length > 0 ? true : v.candidatesToDelete;
}

export type Thresholds = { low: number; medium: number; high: number };

/**
 * Dashboard thresholds: whole numbers, low ≥ 0, low ≤ medium ≤ high, high ≤ 30.
 */
export function thresholds(t: Thresholds): RuleResult {
  const values = [t.low, t.medium, t.high];
  if (values.some((x) => !Number.isInteger(x))) return v.thresholds;
  if (t.low < 0 || t.low > t.medium || t.medium > t.high || t.high > 30) return v.thresholds;
  return true;
}

/**
 * Last names are upper-cased, keep only letters (accents included), spaces, apostrophes and
 * hyphens, and have their spaces collapsed.
 */
export function normalizeLastName(value: string): string {
  return value
    .replace(/[^\p{L}\s'’-]/gu, "")
    .replace(/\s+/g, " ")
    .trimStart()
    .toLocaleUpperCase("fr-FR");
}
