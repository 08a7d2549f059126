import { describe, expect, it } from "vitest";
import { create, toBinary } from "@bufbuild/protobuf";
import { base64Encode } from "@bufbuild/protobuf/wire";
import { Code, ConnectError } from "@connectrpc/connect";
import { errorFromJson } from "@connectrpc/connect/protocol-connect";
import { ViolationsSchema } from "../gen/buf/validate/validate_pb";
import { decodeViolations, fieldViolations } from "./violations";

// The detail exactly as the server writes it (see internal/apierr.InvalidField), encoded with
// the generated schema: the hand decoder must read the same thing.
const violations = create(ViolationsSchema, {
  violations: [
    {
      field: { elements: [{ fieldNumber: 1, fieldName: "contact" }, { fieldNumber: 3, fieldName: "last_name" }] },
      rule: { elements: [{ fieldNumber: 14, fieldName: "string" }] },
      ruleId: "contact.last_name.chars",
      message: "Le nom ne peut contenir que des lettres, des espaces, des apostrophes et des tirets",
    },
    {
      field: {
        elements: [
          { fieldNumber: 1, fieldName: "contacts", subscript: { case: "index", value: 3n } },
          { fieldNumber: 1, fieldName: "first_name" },
        ],
      },
      ruleId: "string.max_len",
      message: "value length must be at most 100 characters",
      forKey: false,
    },
    { field: { elements: [{ fieldName: "labels", subscript: { case: "stringKey", value: "ville" } }] }, ruleId: "x", message: "y" },
  ],
});

function refused(): ConnectError {
  const value = base64Encode(toBinary(ViolationsSchema, violations), "std_raw");
  return errorFromJson(
    { code: "invalid_argument", message: "refusé", details: [{ type: "google.rpc.ErrorInfo", value: "" }, { type: "buf.validate.Violations", value }] },
    undefined,
    new ConnectError("fallback", Code.Unknown),
  );
}

describe("field violations", () => {
  it("decodes the Violations detail by hand, as the generated schema writes it", () => {
    expect(decodeViolations(toBinary(ViolationsSchema, violations))).toEqual([
      {
        path: "contact.last_name",
        ruleId: "contact.last_name.chars",
        message: "Le nom ne peut contenir que des lettres, des espaces, des apostrophes et des tirets",
      },
      { path: "contacts[3].first_name", ruleId: "string.max_len", message: "value length must be at most 100 characters" },
      { path: 'labels["ville"]', ruleId: "x", message: "y" },
    ]);
  });

  it("reads them from a refused call, and nothing from other errors", () => {
    expect(fieldViolations(refused()).map((v) => v.path)).toEqual(["contact.last_name", "contacts[3].first_name", 'labels["ville"]']);
    expect(fieldViolations(new ConnectError("x", Code.InvalidArgument))).toEqual([]);
    expect(fieldViolations(new Error("x"))).toEqual([]);
  });
});
