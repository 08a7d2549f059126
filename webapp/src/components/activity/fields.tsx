// Pieces the activity modals share: a local rule's message, and the French message of a
// server refusal placed on a field.
import { errorReason } from "../../lib/errors";
import { messages } from "../../lib/messages";
import { activityMessages } from "../../lib/messages/activities";
import { violationErrors } from "../../lib/useServerViolations";

const f = activityMessages.form;

/** The message shown under a field for a local rule. */
export function ruleMessage(problem: "required" | "past" | undefined): string | undefined {
  if (problem === "past") return f.deadlinePast;
  if (problem === "required") return messages.validation.required;
  return undefined;
}

/**
 * The field errors of a refused save: the server's violations (INVALID_FIELDS), named by the
 * form's field names ("task.media_type" → mediaType), with the service's French message, or the
 * catalogue's for protovalidate's own rules (the mapping of every form, src/lib/useServerViolations.ts);
 * a past date (DATE_IN_PAST) on `dateField`. Undefined when the refusal concerns no field.
 */
export function serverFieldErrors(err: unknown, dateField?: string): Record<string, string> | undefined {
  const reason = errorReason(err);
  if (reason === "DATE_IN_PAST" && dateField) return { [dateField]: f.deadlinePast };
  if (reason !== "INVALID_FIELDS") return undefined;
  return violationErrors<string>(err, { ownRules: /^(task|event|report|resource)\./ }) as Record<string, string> | undefined;
}
