// Refused calls exactly as the browser receives them from the server: a Connect JSON error body
// whose details carry a google.rpc.ErrorInfo (see the server's internal/apierr).
import { create, toBinary } from "@bufbuild/protobuf";
import { base64Encode } from "@bufbuild/protobuf/wire";
import { Code, ConnectError } from "@connectrpc/connect";
import { errorFromJson } from "@connectrpc/connect/protocol-connect";
import { ErrorInfoSchema } from "../gen/google/rpc/error_details_pb";

const codeNames: Partial<Record<Code, string>> = {
  [Code.Unauthenticated]: "unauthenticated",
  [Code.PermissionDenied]: "permission_denied",
  [Code.ResourceExhausted]: "resource_exhausted",
  [Code.InvalidArgument]: "invalid_argument",
  [Code.FailedPrecondition]: "failed_precondition",
  [Code.NotFound]: "not_found",
  [Code.Internal]: "internal",
};

export function serverError(code: Code, reason?: string, message = "refusé", metadata: Record<string, string> = {}): ConnectError {
  const details = reason
    ? [
        {
          type: "google.rpc.ErrorInfo",
          value: base64Encode(toBinary(ErrorInfoSchema, create(ErrorInfoSchema, { reason, domain: "tremplin.fr", metadata })), "std_raw"),
        },
      ]
    : [];
  return errorFromJson({ code: codeNames[code] ?? "unknown", message, details }, undefined, new ConnectError("fallback", Code.Unknown));
}

/**
 * A refusal with field violations, as internal/apierr.InvalidField sends it: reason
 * INVALID_FIELDS (or `reason`) and a buf.validate.Violations detail naming each field by its path.
 */
export async function invalidFields(violations: { path: string[]; ruleId: string; message: string }[], reason = "ERROR_REASON_INVALID_FIELDS"): Promise<ConnectError> {
  // The generated schema only here: the app decodes the detail by hand (src/lib/violations.ts).
  const { ViolationsSchema } = await import("../gen/buf/validate/validate_pb");
  const detail = create(ViolationsSchema, {
    violations: violations.map((v) => ({ field: { elements: v.path.map((fieldName) => ({ fieldName })) }, ruleId: v.ruleId, message: v.message })),
  });
  const info = create(ErrorInfoSchema, { reason, domain: "tremplin.fr" });
  return errorFromJson(
    {
      code: "invalid_argument",
      message: "refusé",
      details: [
        { type: "google.rpc.ErrorInfo", value: base64Encode(toBinary(ErrorInfoSchema, info), "std_raw") },
        { type: "buf.validate.Violations", value: base64Encode(toBinary(ViolationsSchema, detail), "std_raw") },
      ],
    },
    undefined,
    new ConnectError("fallback", Code.Unknown),
  );
}

const NOT_FOUND_LABELS = { contact: "Contact", application: "Opportunité", task: "Tâche", event: "Rendez-vous" } as const;

/**
 * The server's refusal of an id that names nothing (internal/apierr.NotFound): « <entité>
 * introuvable », and the entity's key in the ErrorInfo's metadata "entity".
 */
export function notFoundError(entity: keyof typeof NOT_FOUND_LABELS): ConnectError {
  return serverError(Code.NotFound, "NOT_FOUND", `${NOT_FOUND_LABELS[entity]} introuvable`, { entity });
}
