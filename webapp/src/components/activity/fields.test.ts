import { describe, expect, it } from "vitest";
import { create, toBinary } from "@bufbuild/protobuf";
import { base64Encode } from "@bufbuild/protobuf/wire";
import { Code, ConnectError } from "@connectrpc/connect";
import { errorFromJson } from "@connectrpc/connect/protocol-connect";
import { ViolationsSchema } from "../../gen/buf/validate/validate_pb";
import { ErrorInfoSchema } from "../../gen/google/rpc/error_details_pb";
import { serverFieldErrors } from "./fields";

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
    expect(serverFieldErrors(err)).toEqual({ mediaType: "Ce contact n'a pas d'adresse e-mail", customSubject: "Ce champ est obligatoire" });
  });

  it("gives protovalidate's required rules the catalogue's French message", () => {
    const err = refused("ERROR_REASON_INVALID_FIELDS", [{ path: ["event", "date"], ruleId: "required", message: "value is required" }]);
    expect(serverFieldErrors(err)).toEqual({ date: "Ce champ est obligatoire" });
  });

  it("puts a past date on the date field, and leaves other refusals to the form", () => {
    expect(serverFieldErrors(refused("ERROR_REASON_DATE_IN_PAST"), "deadline")).toEqual({ deadline: "L'échéance ne peut pas être antérieure à aujourd'hui" });
    expect(serverFieldErrors(refused("ERROR_REASON_ACTIVITY_STATE"), "deadline")).toBeUndefined();
    expect(serverFieldErrors(new Error("x"))).toBeUndefined();
  });
});
