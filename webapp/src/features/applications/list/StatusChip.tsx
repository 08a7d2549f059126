import type { ApplicationStatus } from "../../../gen/tremplin/opportunity/v1/opportunity_pb";
import { StatusColourChip } from "../../../components/StatusColourChip";
import { statusInfo } from "./model";

/** The status of an application, in the colours of the list, the board and the details page. */
export function StatusChip({ status, testId }: { status: ApplicationStatus; testId?: string }) {
  return <StatusColourChip look={statusInfo(status)} testId={testId} />;
}
