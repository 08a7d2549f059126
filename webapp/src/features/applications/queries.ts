// The calls of the application screens, through the app's one transport and query client.
import { create } from "@bufbuild/protobuf";
import { createConnectQueryKey, useTransport } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { ListApplicationsResponseSchema, OpportunityService, type Application } from "../../gen/tremplin/opportunity/v1/opportunity_pb";

/**
 * Put a saved application into the cached full list at once (the task form's application picker
 * reads it), before the refetch confirms it.
 */
export function useApplySaved(): (a: Application) => void {
  const queryClient = useQueryClient();
  const transport = useTransport();
  return useCallback(
    (saved) => {
      const key = createConnectQueryKey({ schema: OpportunityService.method.listApplications, input: {}, transport, cardinality: "finite" });
      queryClient.setQueryData(key, (old) => {
        // Not loaded yet: the form that needs it loads it from the server, new one included.
        if (!old) return old;
        const list = old.applications;
        const applications = list.some((a) => a.id === saved.id) ? list.map((a) => (a.id === saved.id ? saved : a)) : [saved, ...list];
        return create(ListApplicationsResponseSchema, { applications });
      });
    },
    [queryClient, transport],
  );
}
