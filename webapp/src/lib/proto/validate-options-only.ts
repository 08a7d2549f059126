// Stand-in for the descriptor of buf/validate/validate.proto, used only as a *dependency* of
// the other generated files (see vite.config.ts, plugin "tremplin-slim-validate-dependency").
//
// Our protos import buf/validate/validate.proto for their `(buf.validate.field)` options alone:
// none of their fields has a buf.validate type. protobuf-es only needs a dependency to resolve
// field types, and keeps custom options as unknown fields, so an empty file of the same name
// and package is enough for every message and service of the app to work the same. It spares
// the login page the 70 kB descriptor of protovalidate's rules (≈12 kB gzip), which the
// browser never uses. Code that needs buf.validate messages (e.g. ViolationsSchema to read
// field violations) imports src/gen/buf/validate/validate_pb directly and gets the real one.
import type { GenFile } from "@bufbuild/protobuf/codegenv2";
import { fileDesc } from "@bufbuild/protobuf/codegenv2";

/** FileDescriptorProto { name: "buf/validate/validate.proto", package: "buf.validate" } */
export const file_buf_validate_validate: GenFile = /*@__PURE__*/ fileDesc(
  "ChtidWYvdmFsaWRhdGUvdmFsaWRhdGUucHJvdG8SDGJ1Zi52YWxpZGF0ZQ",
);
