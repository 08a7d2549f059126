// The messages of the activity forms' fields: a local rule's, as react-hook-form checks it, and
// where the server's refusals go (the mapping of every form, src/lib/useServerViolations.ts).
import { messages } from "../../lib/messages";
import { activityMessages } from "../../lib/messages/activities";
import { lastFieldOf, type ViolationMapping } from "../../lib/useServerViolations";
import type { FieldProblem, FormErrors } from "./subjects";

const f = activityMessages.form;

/** The message shown under a field for a local rule. */
export function ruleMessage(problem: FieldProblem | undefined): string | undefined {
  if (problem === "past") return f.deadlinePast;
  if (problem === "required") return messages.validation.required;
  if (problem === "date") return messages.validation.date;
  if (problem === "time") return messages.validation.time;
  return undefined;
}

/**
 * A field's rule for react-hook-form, from the form's pure rules (validateTask, validateEvent):
 * checked on the whole form's values, since a field's rule may depend on another field (the
 * subject makes the contact required).
 */
export function ruleOf<V>(check: (values: V) => FormErrors<V>, name: keyof V) {
  return { validate: (_: unknown, values: V) => ruleMessage(check(values)[name]) ?? true };
}

/**
 * A modal's rules for react-hook-form, from its empty values and its pure rules (emptyTask() and
 * validateTask…): where the server's refusals go (`violations`, a stable value: build it at the
 * module's level) and each field's `rule`.
 */
export function modalRules<V extends object>(empty: V, check: (values: V) => FormErrors<V>) {
  return {
    violations: activityViolations(Object.keys(empty) as Extract<keyof V, string>[]),
    rule: (name: keyof V) => ruleOf(check, name),
  };
}

/** The service's own rules, whose messages are French. */
const OWN_RULES = /^(task|event|report|resource)\./;

/** A link's path: "task.resources[2].url", "inputs.resources", "resources[0].label". */
const LINK = /(^|\.)resources(\[|\.|$)/;

/**
 * Where the server's refusals go on an activity form whose fields are `names`: a link's on the
 * links (shown under the form), any other on the field of the same name ("task.media_type" →
 * mediaType) or the one `aliases` names it by ("mark_as_complete_comment" → the report's comment);
 * the service's French message, or the catalogue's for protovalidate's own rules.
 */
export function activityViolations<N extends string>(names: readonly N[], aliases: Partial<Record<string, N>> = {}): Required<Pick<ViolationMapping<N>, "field" | "ownRules">> {
  const field = (path: string): N | undefined => {
    if (LINK.test(path)) return names.find((n) => n === "resources");
    const name = lastFieldOf(path);
    return aliases[name] ?? names.find((n) => n === name);
  };
  return { field, ownRules: OWN_RULES };
}
