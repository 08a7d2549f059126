// Field violations of a refused call (src/lib/violations.ts) placed on a form: one mapping for
// every form. `violationErrors` turns them into French messages keyed by the form's field names;
// `useServerViolations` sets them on a react-hook-form form and focuses the first.
import { useCallback } from "react";
import type { FieldPath, FieldValues, UseFormGetValues, UseFormSetError } from "react-hook-form";
import { messages } from "./messages";
import { fieldViolations, type FieldViolation } from "./violations";

export type ViolationMapping<N extends string> = {
  /**
   * The form field a violation's path names ("contact.last_name"), or undefined when it names
   * none of this form's. Default: the path's last element in camelCase, its index dropped
   * ("contacts[3].first_name" → "firstName").
   */
  field?: (path: string) => N | undefined;
  /** The service's own rules (by rule id), whose messages are French: shown as they come. */
  ownRules?: RegExp;
  /** A message of the form's own for a violation; undefined gives the default below. */
  message?: (field: N, v: FieldViolation) => string | undefined;
  /** The message of a violation the rules below do not name, when the server sent none. */
  fallback?: string;
};

const snakeToCamel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** "contact.task.media_type" → "mediaType", "contacts[3].first_name" → "firstName". */
export function lastFieldOf(path: string): string {
  const last = path.split(".").pop() ?? "";
  return snakeToCamel(last.replace(/\[[^\]]*\]$/, ""));
}

/** Rules that mean « nothing was given » (protovalidate's and the services' own). */
const REQUIRED_RULE = /required|min_len|min_items|not_in|\.in$/;

/**
 * The French message of a violation on `field`: the service's own message for its own rules;
 * otherwise the catalogue's for a missing value, an e-mail or a phone field; otherwise what the
 * server said (protovalidate's English as a last resort) or the fallback.
 */
export function violationMessage(field: string, v: FieldViolation, ownRules?: RegExp, fallback: string = messages.errors.generic): string {
  if (ownRules?.test(v.ruleId) && v.message) return v.message;
  if (REQUIRED_RULE.test(v.ruleId)) return messages.validation.required;
  if (/email/i.test(field)) return messages.validation.email;
  if (/phone|mobile/i.test(field)) return messages.validation.phone;
  return v.message || fallback;
}

/**
 * The field errors a refused call carries, keyed by the form's field names, in the server's
 * order (the first violation of a field wins); undefined when none names a field of the form.
 */
export function violationErrors<N extends string>(err: unknown, mapping: ViolationMapping<N> = {}): Partial<Record<N, string>> | undefined {
  const fieldOf = mapping.field ?? ((path: string) => (lastFieldOf(path) || undefined) as N | undefined);
  const out: Partial<Record<N, string>> = {};
  let any = false;
  for (const v of fieldViolations(err)) {
    const field = fieldOf(v.path);
    if (!field || out[field] !== undefined) continue;
    out[field] = mapping.message?.(field, v) ?? violationMessage(field, v, mapping.ownRules, mapping.fallback);
    any = true;
  }
  return any ? out : undefined;
}

/**
 * Places the field violations of a refused call on a react-hook-form form: each field the
 * server names gets its French message, and the first one (in the server's order) takes the
 * focus. Without `mapping.field`, a violation names the form's field of the same name (the
 * path's last element in camelCase), if the form has one. The returned function answers
 * whether it placed any: when not, the refusal is the form's to show otherwise.
 */
export function useServerViolations<F extends FieldValues>(
  form: { setError: UseFormSetError<F>; getValues: UseFormGetValues<F> },
  mapping: ViolationMapping<FieldPath<F>> = {},
): (err: unknown) => boolean {
  const { setError, getValues } = form;
  const { field, ownRules, message, fallback } = mapping;
  return useCallback(
    (err: unknown) => {
      const sameName = (path: string) => {
        const name = lastFieldOf(path);
        return name && name in (getValues() as object) ? (name as FieldPath<F>) : undefined;
      };
      const errors = violationErrors<FieldPath<F>>(err, { field: field ?? sameName, ownRules, message, fallback });
      if (!errors) return false;
      let first = true;
      for (const [name, text] of Object.entries(errors) as [FieldPath<F>, string][]) {
        setError(name, { type: "server", message: text }, { shouldFocus: first });
        first = false;
      }
      return true;
    },
    [setError, getValues, field, ownRules, message, fallback],
  );
}
