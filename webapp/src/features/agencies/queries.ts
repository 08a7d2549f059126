// The calls of the agencies screen, through the app's one transport and query client.
import { ConnectError } from "@connectrpc/connect";
import { createConnectQueryKey } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { AgencyService } from "../../gen/tremplin/agency/v1/agency_pb";

/** Refetch every answer of AgencyService in the cache (the agencies and their counts). */
export function useRefreshAgencies(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: createConnectQueryKey({ schema: AgencyService, cardinality: undefined }) }),
    [queryClient],
  );
}

/** The server's own French message of a refusal (the service's rules carry one), if any. */
export function serverMessage(err: unknown): string | undefined {
  return err instanceof ConnectError && err.rawMessage ? err.rawMessage : undefined;
}
