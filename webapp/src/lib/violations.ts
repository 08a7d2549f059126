// Field violations of a refused call (reason INVALID_FIELDS): the server answers a
// buf.validate.Violations detail naming each field by its path in the request
// ("contact.last_name", "contacts[3].first_name").
//
// The detail is decoded here by hand, with the protobuf runtime's wire reader, rather than with
// the generated ViolationsSchema: protovalidate's descriptor (≈12 kB gzip) and the well-known
// types it pulls in would otherwise ship with every form, some of it in the chunk the login page
// loads. Only the fields read below are decoded; the others are skipped.
import { ConnectError } from "@connectrpc/connect";
import { BinaryReader, WireType } from "@bufbuild/protobuf/wire";

export const VIOLATIONS_TYPE = "buf.validate.Violations";

export type FieldViolation = {
  /** Dotted path in proto field names, with [i] for list items: "contact.task.deadline". */
  path: string;
  /** The rule broken: "string.email", "contact.last_name.chars"… */
  ruleId: string;
  /** The server's message, in French (protovalidate's rules too: internal/apierr/rules.go). */
  message: string;
};

// Field numbers of buf/validate/validate.proto.
const VIOLATIONS_VIOLATIONS = 1;
const VIOLATION_RULE_ID = 2;
const VIOLATION_MESSAGE = 3;
const VIOLATION_FIELD = 5;
const PATH_ELEMENTS = 1;
const ELEMENT_FIELD_NAME = 2;
const ELEMENT_INDEX = 6;
const ELEMENT_BOOL_KEY = 7;
const ELEMENT_INT_KEY = 8;
const ELEMENT_UINT_KEY = 9;
const ELEMENT_STRING_KEY = 10;

function readElement(bytes: Uint8Array): string {
  const r = new BinaryReader(bytes);
  let name = "";
  let key: string | undefined;
  while (r.pos < r.len) {
    const [no, wt] = r.tag();
    if (no === ELEMENT_FIELD_NAME && wt === WireType.LengthDelimited) name = r.string();
    else if (no === ELEMENT_INDEX && wt === WireType.Varint) key = String(r.uint64());
    else if (no === ELEMENT_BOOL_KEY && wt === WireType.Varint) key = String(r.bool());
    else if (no === ELEMENT_INT_KEY && wt === WireType.Varint) key = String(r.int64());
    else if (no === ELEMENT_UINT_KEY && wt === WireType.Varint) key = String(r.uint64());
    else if (no === ELEMENT_STRING_KEY && wt === WireType.LengthDelimited) key = JSON.stringify(r.string());
    else r.skip(wt, no);
  }
  return key === undefined ? name : `${name}[${key}]`;
}

function readPath(bytes: Uint8Array): string {
  const r = new BinaryReader(bytes);
  const parts: string[] = [];
  while (r.pos < r.len) {
    const [no, wt] = r.tag();
    if (no === PATH_ELEMENTS && wt === WireType.LengthDelimited) parts.push(readElement(r.bytes()));
    else r.skip(wt, no);
  }
  return parts.join(".");
}

function readViolation(bytes: Uint8Array): FieldViolation {
  const r = new BinaryReader(bytes);
  const v: FieldViolation = { path: "", ruleId: "", message: "" };
  while (r.pos < r.len) {
    const [no, wt] = r.tag();
    if (no === VIOLATION_RULE_ID && wt === WireType.LengthDelimited) v.ruleId = r.string();
    else if (no === VIOLATION_MESSAGE && wt === WireType.LengthDelimited) v.message = r.string();
    else if (no === VIOLATION_FIELD && wt === WireType.LengthDelimited) v.path = readPath(r.bytes());
    else r.skip(wt, no);
  }
  return v;
}

/** The violations of a buf.validate.Violations message in its binary form. */
export function decodeViolations(bytes: Uint8Array): FieldViolation[] {
  const r = new BinaryReader(bytes);
  const out: FieldViolation[] = [];
  while (r.pos < r.len) {
    const [no, wt] = r.tag();
    if (no === VIOLATIONS_VIOLATIONS && wt === WireType.LengthDelimited) out.push(readViolation(r.bytes()));
    else r.skip(wt, no);
  }
  return out;
}

/** Every field violation a refused call carries (none when it carries no Violations detail). */
export function fieldViolations(err: unknown): FieldViolation[] {
  if (!(err instanceof ConnectError)) return [];
  const out: FieldViolation[] = [];
  for (const detail of err.details) {
    if (!("type" in detail) || detail.type !== VIOLATIONS_TYPE || !(detail.value instanceof Uint8Array)) continue;
    try {
      out.push(...decodeViolations(detail.value));
    } catch {
      // A detail that does not decode names no field.
    }
  }
  return out;
}
