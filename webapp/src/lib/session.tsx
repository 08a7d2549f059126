// The session: who is signed in, read once from `Me` at start-up. A refused `Me`
// (Unauthenticated, or any failure) means nobody is signed in.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { create } from "@bufbuild/protobuf";
import { createConnectQueryKey, createQueryOptions, useMutation, useQuery, useTransport } from "@connectrpc/connect-query";
import type { Transport } from "@connectrpc/connect";
import { matchQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { flushSync } from "react-dom";
import { useNavigate } from "react-router";
import { AuthService, MeResponseSchema } from "../gen/tremplin/auth/v1/auth_pb";
import type { User } from "../gen/tremplin/common/v1/common_pb";
import { errorReason } from "./errors";
import { messages } from "./messages";
import { handlesAllErrors } from "./queryClient";
import { audienceOf, type Audience } from "./routes";

export type Session = {
  /** "loading" until the start-up `Me` call has answered. */
  status: "loading" | "ready";
  user: User | undefined;
  audience: Audience;
  /** A message for the login page explaining why the visitor was signed out, if any. */
  notice: string | undefined;
  /**
   * Records the signed-in user; the app then goes to `landing` once the signed-in routes are
   * in place (navigating earlier would let the anonymous routes send the visitor back to
   * /login). Waits first for what the landing needs (see `prepareSignIn`), so that the login
   * page gives way to a complete screen in one step; resolves once the user is recorded.
   */
  signIn: (user: User, landing: string) => Promise<void>;
  /** Where to go right after signing in, until the app has gone there. */
  landing: string | undefined;
  landingDone: () => void;
  /**
   * Forget the session locally (the cookie is the server's business). `leaving`: the user
   * signed out, so the login does not offer to return to the screen they left.
   */
  forget: (notice?: string, leaving?: boolean) => void;
  /** The user signed out (rather than lost the session): the login keeps no `next`. */
  leaving: boolean;
  clearNotice: () => void;
};

const SessionContext = createContext<Session | null>(null);

/**
 * What signing in waits for: the app registers (main.tsx) a function downloading the signed-in
 * shell and the landing screen, and one started as soon as the form is sent (the shell and the
 * most likely landing) so that the two downloads overlap the login call.
 */
type SignInPreparation = {
  warmUp: () => void;
  ready: (user: User, landing: string) => Promise<unknown>;
};

let preparation: SignInPreparation | undefined;

export function prepareSignIn(next: SignInPreparation | undefined): void {
  preparation = next;
}

/** Called by the login form when it sends valid credentials. */
export function warmUpSignIn(): void {
  preparation?.warmUp();
}

/** Matches the session query whatever the transport (for invalidation). */
export const meQueryFilter = createConnectQueryKey({ schema: AuthService.method.me, cardinality: undefined });

function meQueryKey(transport: Transport) {
  return createConnectQueryKey({ schema: AuthService.method.me, transport, input: {}, cardinality: "finite" });
}

// One answer per page load: a refused `Me` is not asked again when the provider mounts. A
// refused `Me` means "nobody is signed in", not a lost session: it handles all its errors.
const meOptions = {
  retry: false,
  retryOnMount: false,
  staleTime: Infinity,
  gcTime: Infinity,
  meta: handlesAllErrors,
} as const;

/** Starts the session check before React renders (see main.tsx); never rejects. */
export function prefetchSession(queryClient: QueryClient, transport: Transport): Promise<void> {
  return queryClient.prefetchQuery({
    ...createQueryOptions(AuthService.method.me, {}, { transport }),
    ...meOptions,
  });
}

/** The signed-in user the session check found, once it has answered (see main.tsx). */
export function sessionUser(queryClient: QueryClient, transport: Transport): User | undefined {
  return queryClient.getQueryData(meQueryKey(transport))?.user;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const transport = useTransport();
  const me = useQuery(AuthService.method.me, {}, meOptions);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const [landing, setLanding] = useState<string | undefined>(undefined);
  const [leaving, setLeaving] = useState(false);

  const user = me.data?.user;
  const startupNotice =
    me.isError && errorReason(me.error) === "ACCESS_EXPIRED" ? messages.errors.noLicence : undefined;

  const commitSignIn = useCallback(
    (next: User, to: string) => {
      // The landing must be committed before the user appears: react-query re-renders its
      // readers synchronously (useSyncExternalStore), ahead of ordinary state updates, and the
      // signed-in routes would otherwise redirect /login to the start page first.
      flushSync(() => {
        setNotice(undefined);
        setLeaving(false);
        setLanding(to);
      });
      queryClient.setQueryData(meQueryKey(transport), create(MeResponseSchema, { user: next }));
    },
    [queryClient, transport],
  );

  const signIn = useCallback(
    async (next: User, to: string) => {
      if (preparation) await preparation.ready(next, to).catch(() => {});
      commitSignIn(next, to);
    },
    [commitSignIn],
  );

  const forget = useCallback(
    (why?: string, signedOut = false) => {
      setLeaving(signedOut);
      // Drop every cached answer of the previous user, then record "nobody".
      queryClient.removeQueries({ predicate: (q) => !matchQuery({ queryKey: meQueryFilter }, q) });
      queryClient.setQueryData(meQueryKey(transport), create(MeResponseSchema, {}));
      setNotice(why);
    },
    [queryClient, transport],
  );

  const clearNotice = useCallback(() => setNotice(undefined), []);
  const landingDone = useCallback(() => setLanding(undefined), []);

  const value = useMemo<Session>(
    () => ({
      status: me.isPending ? "loading" : "ready",
      user,
      audience: audienceOf(user),
      notice: notice ?? (user ? undefined : startupNotice),
      signIn,
      landing: user ? landing : undefined,
      landingDone,
      forget,
      leaving,
      clearNotice,
    }),
    [me.isPending, user, notice, startupNotice, signIn, landing, landingDone, forget, leaving, clearNotice],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession must be used inside <SessionProvider>");
  return session;
}

/** The signed-in user; only for screens of the authenticated shell. */
export function useUser(): User {
  const { user } = useSession();
  if (!user) throw new Error("useUser needs a signed-in user");
  return user;
}

/**
 * Logout: ends the session server-side, then — whether or not the call succeeded — forgets it
 * locally and goes to /login.
 */
export function useLogout(): { logout: () => void; pending: boolean } {
  const { forget } = useSession();
  const navigate = useNavigate();
  const mutation = useMutation(AuthService.method.logout, { meta: handlesAllErrors });
  const logout = useCallback(() => {
    mutation.mutate(
      {},
      {
        onSettled: () => {
          forget(undefined, true);
          navigate("/login", { replace: true });
        },
      },
    );
  }, [mutation, forget, navigate]);
  return { logout, pending: mutation.isPending };
}
