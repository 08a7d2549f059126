import { describe, expect, it } from "vitest";
import { create, toBinary } from "@bufbuild/protobuf";
import { base64Encode } from "@bufbuild/protobuf/wire";
import { Code, ConnectError } from "@connectrpc/connect";
import { errorFromJson } from "@connectrpc/connect/protocol-connect";
import { ViolationsSchema } from "../../gen/buf/validate/validate_pb";
import { ErrorInfoSchema } from "../../gen/google/rpc/error_details_pb";
import { violationErrors } from "../../lib/useServerViolations";
import { activityViolations } from "./fields";

const task = activityViolations(["subject", "customSubject", "contactId", "mediaType", "deadline", "resources"]);
const event = activityViolations(["subject", "mediaType", "date", "time"]);
const report = activityViolations(["mood", "comment", "resources"], { markAsCompleteComment: "comment" });

// A refusal as the server writes it (internal/apierr): the reason, then the violations.
function refused(reason: string, violations: { path: string[]; ruleId: string; message: string }[] = []): ConnectError {
  const detail = create(ViolationsSchema, {
    violations: violations.map((v) => ({ field: { elements: v.path.map((fieldName) => ({ fieldName })) }, ruleId: v.ruleId, message: v.message })),
  });
  const info = create(ErrorInfoSchema, { reason });
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

describe("server refusals on the activity forms' fields", () => {
  it("places the service's French message on the field it names", () => {
    const err = refused("ERROR_REASON_INVALID_FIELDS", [
      { path: ["task", "media_type"], ruleId: "task.media_type.channel", message: "Ce contact n'a pas d'adresse e-mail" },
      { path: ["task", "custom_subject"], ruleId: "task.custom_subject", message: "Ce champ est obligatoire" },
    ]);
    expect(violationErrors(err, task)).toEqual({ mediaType: "Ce contact n'a pas d'adresse e-mail", customSubject: "Ce champ est obligatoire" });
  });

  it("gives protovalidate's required rules the catalogue's French message", () => {
    const err = refused("ERROR_REASON_INVALID_FIELDS", [{ path: ["event", "date"], ruleId: "required", message: "value is required" }]);
    expect(violationErrors(err, event)).toEqual({ date: "Ce champ est obligatoire" });
  });

  it("puts a link's refusal on the links, and the report's comment on its field", () => {
    const url = "L'adresse doit commencer par http://, https:// ou mailto: (ou être une adresse web comme www.exemple.fr)";
    expect(violationErrors(refused("ERROR_REASON_INVALID_FIELDS", [{ path: ["task", "resources", "url"], ruleId: "resource.url", message: url }]), task)).toEqual({ resources: url });
    const err = refused("ERROR_REASON_INVALID_FIELDS", [
      { path: ["mark_as_complete_comment"], ruleId: "report.comment.length", message: "Commentaire trop long" },
      { path: ["resources", "label"], ruleId: "resource.label", message: "Libellé trop long" },
    ]);
    expect(violationErrors(err, report)).toEqual({ comment: "Commentaire trop long", resources: "Libellé trop long" });
  });

  it("leaves to the form a refusal that names none of its fields", () => {
    expect(violationErrors(refused("ERROR_REASON_INVALID_FIELDS", [{ path: ["id"], ruleId: "string.uuid", message: "bad id" }]), task)).toBeUndefined();
    expect(violationErrors(refused("ERROR_REASON_ACTIVITY_STATE"), task)).toBeUndefined();
    expect(violationErrors(new Error("x"), task)).toBeUndefined();
  });
});
