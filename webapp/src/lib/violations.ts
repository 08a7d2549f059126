// Field violations of a refused call (reason INVALID_FIELDS): the server answers a
// buf.validate.Violations detail naming each field by its path in the request
// ("contact.last_name", "contacts[3].first_name"). Only the screens with forms import this
// module: it brings protovalidate's descriptor, which the login page must not load.
import { ViolationsSchema } from "../gen/buf/validate/validate_pb";
import { ConnectError } from "@connectrpc/connect";

export type FieldViolation = {
  /** Dotted path in proto field names, with [i] for list items: "contact.task.deadline". */
  path: string;
  /** The rule broken: "string.email", "contact.last_name.chars"… */
  ruleId: string;
  /** The server's message (French for the service's own rules, English for protovalidate's). */
  message: string;
};

export function fieldViolations(err: unknown): FieldViolation[] {
  if (!(err instanceof ConnectError)) return [];
  const out: FieldViolation[] = [];
  for (const detail of err.findDetails(ViolationsSchema)) {
    for (const v of detail.violations) {
      const path = (v.field?.elements ?? [])
        .map((e) => {
          const sub = e.subscript;
          const index = sub.case === "index" ? `[${sub.value}]` : sub.case ? `[${String(sub.value)}]` : "";
          return `${e.fieldName ?? ""}${index}`;
        })
        .join(".");
      out.push({ path, ruleId: v.ruleId ?? "", message: v.message ?? "" });
    }
  }
  return out;
}
