// What the home needs from the server before it is shown: the contacts to call back (premium),
// started with the screen's code (pages.tsx) so that the panel is there at the first paint and
// nothing below it moves when it arrives (e2e/first-load.spec.ts measures the shift).
import type { Transport } from "@connectrpc/connect";
import { createQueryOptions } from "@connectrpc/connect-query";
import type { QueryClient } from "@tanstack/react-query";
import { NetworkService } from "../../gen/tremplin/network/v1/network_pb";
import type { User } from "../../gen/tremplin/common/v1/common_pb";

export function prefetch(queryClient: QueryClient, transport: Transport, user: User | undefined): Promise<void> {
  // Without premium the panel asks nothing; the server would refuse.
  if (!user?.hasPremiumAccess) return Promise.resolve();
  // The same query (method, input, transport) as CallBacksPanel's useQuery, so the panel finds it.
  return queryClient.prefetchQuery(createQueryOptions(NetworkService.method.listCallBacks, {}, { transport }));
}
