// Stand-ins for the descriptors of the protos our files import for their *options* alone, used
// only as dependencies of the other generated files (see vite.config.ts, plugin
// "tremplin-slim-option-dependencies"):
// - buf/validate/validate.proto, for `(buf.validate.field)` rules (the server checks them);
// - tremplin/options/v1/options.proto, for `(tremplin.options.v1.access)` and the other
//   server-side policies;
// - google/api/annotations.proto, for `(google.api.http)` routes (the JSON gateway's).
//
// None of our fields has a type from these files. protobuf-es only needs a dependency to
// resolve field types, and keeps custom options as unknown fields, so an empty file of the same
// name and package is enough for every message and service of the app to work the same. It
// spares the login page the descriptors of protovalidate's rules (70 kB, ≈12 kB gzip) and of
// google/protobuf/descriptor.proto that the option files extend (46 kB, ≈8 kB gzip), which the
// browser never uses. Code that needs buf.validate messages (e.g. ViolationsSchema to read
// field violations) imports src/gen/buf/validate/validate_pb directly and gets the real one.
import type { GenFile } from "@bufbuild/protobuf/codegenv2";
import { fileDesc } from "@bufbuild/protobuf/codegenv2";

/** FileDescriptorProto { name: "buf/validate/validate.proto", package: "buf.validate" } */
export const file_buf_validate_validate: GenFile = /*@__PURE__*/ fileDesc(
  "ChtidWYvdmFsaWRhdGUvdmFsaWRhdGUucHJvdG8SDGJ1Zi52YWxpZGF0ZQ",
);

/** FileDescriptorProto { name: "tremplin/options/v1/options.proto", package: "tremplin.options.v1" } */
export const file_tremplin_options_v1_options: GenFile = /*@__PURE__*/ fileDesc(
  "CiF0cmVtcGxpbi9vcHRpb25zL3YxL29wdGlvbnMucHJvdG8SE3RyZW1wbGluLm9wdGlvbnMudjE",
);

/** FileDescriptorProto { name: "google/api/annotations.proto", package: "google.api" } */
export const file_google_api_annotations: GenFile = /*@__PURE__*/ fileDesc(
  "Chxnb29nbGUvYXBpL2Fubm90YXRpb25zLnByb3RvEgpnb29nbGUuYXBp",
);
