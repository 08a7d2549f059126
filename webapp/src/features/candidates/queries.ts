// The calls of the staff screens, through the app's one transport and query client.
import { ConnectError } from "@connectrpc/connect";
import { createConnectQueryKey } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { AgencyService } from "../../gen/tremplin/agency/v1/agency_pb";

/** Every answer of AgencyService in the cache (candidates, agencies, licences, progress). */
export const agencyQueries = createConnectQueryKey({ schema: AgencyService, cardinality: undefined });

/** Refetch what the staff screens show, after a change. */
export function useRefreshAgency(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: agencyQueries }), [queryClient]);
}

/** The server's own French message of a refusal (the service's rules carry one), if any. */
export function serverMessage(err: unknown): string | undefined {
  return err instanceof ConnectError && err.rawMessage ? err.rawMessage : undefined;
}
