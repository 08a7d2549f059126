// Saving a part of the profile (UpdateProfile is a partial update: what is left out is kept)
// and putting the answer in the session, so the header and every screen see the change.
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { useMutation } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { AuthService, MeResponseSchema, type UpdateProfileRequestSchema } from "../../gen/tremplin/auth/v1/auth_pb";
import type { User } from "../../gen/tremplin/common/v1/common_pb";
import { meQueryFilter, useUser } from "../../lib/session";

export type ProfileChange = Omit<MessageInitShape<typeof UpdateProfileRequestSchema>, "id" | "$typeName">;

export function useUpdateProfile() {
  const user = useUser();
  const queryClient = useQueryClient();
  const mutation = useMutation(AuthService.method.updateProfile, { meta: { handlesErrors: true } });
  const { mutateAsync } = mutation;
  const save = useCallback(
    async (change: ProfileChange): Promise<User | undefined> => {
      const res = await mutateAsync({ ...change, id: user.id });
      if (res.user) {
        queryClient.setQueriesData({ queryKey: meQueryFilter }, () => create(MeResponseSchema, { user: res.user }));
      }
      return res.user;
    },
    [mutateAsync, queryClient, user.id],
  );
  return { save, pending: mutation.isPending };
}
