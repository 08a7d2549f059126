// The calls of the network screens, through the app's one transport and query client.
import { create } from "@bufbuild/protobuf";
import type { DescMessage, DescMethodUnary, MessageInitShape, MessageShape } from "@bufbuild/protobuf";
import { Code } from "@connectrpc/connect";
import { callUnaryMethod, createConnectQueryKey, useTransport } from "@connectrpc/connect-query";
import { useQuery as useTanstackQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { ListContactsResponseSchema, NetworkService, type Contact, type UpdateContactResponse } from "../../gen/tremplin/network/v1/network_pb";
import { errorCode } from "../../lib/errors";

/**
 * Apply an update's answer to the cached list at once (the edited contact, and the new ranks
 * of its descendants when its intermediary changed), before the refetch confirms it.
 */
export function useApplyUpdate(): (res: UpdateContactResponse) => void {
  const queryClient = useQueryClient();
  const transport = useTransport();
  return useCallback(
    (res) => {
      const key = createConnectQueryKey({ schema: NetworkService.method.listContacts, input: {}, transport, cardinality: "finite" });
      const updated = res.updatedContact;
      queryClient.setQueryData(key, (old) => {
        if (!old) return old;
        const ranks = new Map(res.updatedRanks.map((r) => [r.id, r.rank]));
        const contacts = old.contacts.map((c): Contact => {
          if (updated && c.id === updated.id) return { ...updated, comments: c.comments, resources: c.resources };
          const rank = ranks.get(c.id);
          return rank === undefined ? c : { ...c, rank };
        });
        return create(ListContactsResponseSchema, { contacts });
      });
    },
    [queryClient, transport],
  );
}

/**
 * A list from a service whose feature arrives with a later issue: an Unimplemented answer is
 * an empty list (the panel shows its empty state); other refusals are the panel's to show
 * (LoadError), PREMIUM_REQUIRED and a lost session the app's.
 */
export function useListOrEmpty<I extends DescMessage, O extends DescMessage>(
  method: DescMethodUnary<I, O>,
  input: MessageInitShape<I>,
  enabled = true,
) {
  const transport = useTransport();
  return useTanstackQuery({
    queryKey: createConnectQueryKey({ schema: method, input, transport, cardinality: "finite" }),
    enabled,
    meta: { handlesErrors: true },
    queryFn: async ({ signal }): Promise<MessageShape<O>> => {
      try {
        return await callUnaryMethod(transport, method, input, { signal });
      } catch (err) {
        if (errorCode(err) === Code.Unimplemented) return create(method.output);
        throw err;
      }
    },
  });
}
