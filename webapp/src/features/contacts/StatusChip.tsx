import type { ContactStatus } from "../../gen/tremplin/common/v1/common_pb";
import { StatusColourChip } from "../../components/StatusColourChip";
import { statusInfo } from "./status";

export function StatusChip({ status }: { status: ContactStatus }) {
  return <StatusColourChip look={statusInfo(status)} />;
}
