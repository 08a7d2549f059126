// The staff screens' (agencies, candidates) shared way to read their answers again, through the
// app's one query client.
import { createConnectQueryKey } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { AgencyService } from "../gen/tremplin/agency/v1/agency_pb";

/** Refetch every answer of AgencyService in the cache (candidates, agencies, licences, progress) after a change. */
export function useRefreshAgency(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: createConnectQueryKey({ schema: AgencyService, cardinality: undefined }) }),
    [queryClient],
  );
}
