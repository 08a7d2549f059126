// Pieces the activity modals share: the buttons row, and the French message of a server
// refusal placed on a field.
import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import { errorReason } from "../../lib/errors";
import { messages } from "../../lib/messages";
import { activityMessages } from "../../lib/messages/activities";
import { violationErrors } from "../../lib/useServerViolations";

const f = activityMessages.form;

export function Actions({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: "flex",
        justifyContent: "flex-end",
        gap: 1.25,
        flexWrap: "wrap-reverse",
        pt: 1,
        "& > .MuiButton-root": { minWidth: 120, flex: { xs: "1 1 auto", sm: "0 0 auto" } },
      }}
    >
      {children}
    </Box>
  );
}

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
