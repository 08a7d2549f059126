// What /contacts needs from the server before it can show anything: the list of contacts. The
// router (pages.tsx) starts this request together with the screen's code, so the two download
// side by side instead of the request waiting for a dozen files. Kept apart from the screen so
// that its chunk holds only this and the service's descriptors.
import type { Transport } from "@connectrpc/connect";
import { createQueryOptions } from "@connectrpc/connect-query";
import type { QueryClient } from "@tanstack/react-query";
import { NetworkService } from "../../gen/tremplin/network/v1/network_pb";

export function prefetch(queryClient: QueryClient, transport: Transport): Promise<void> {
  // The same query (method, input, transport) as ContactsPage's useQuery, so the page finds it.
  return queryClient.prefetchQuery(createQueryOptions(NetworkService.method.listContacts, {}, { transport }));
}
