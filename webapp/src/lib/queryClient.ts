// The query client, with one place where refused calls are handled for the whole app:
// PREMIUM_REQUIRED sends the user to the subscription page, a lost session signs them out, any
// other refusal shows the generic toast. A call may take some refusals on itself with
// `meta.handlesErrors` (see ErrorHandling).
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { isPremiumRequired, isSessionLost } from "./errors";

export type GlobalErrorHandler = (error: unknown) => void;

/**
 * `meta.handlesErrors` of a query or mutation:
 * - absent: every refusal goes to the app's handling;
 * - `true`: the call deals with its refusals itself (a form's field errors, its own toast)…
 * - a predicate: …or with those it accepts only (a "not found" state), the others going to the
 *   app;
 * - in both cases PREMIUM_REQUIRED and a lost session still go to the app (see handledByApp);
 * - `"all"` (handlesAllErrors): the call deals with every refusal, a lost session included:
 *   the calls of signing in and out (the session check, login, logout, password links), for
 *   which Unauthenticated is an answer, not a session that was lost.
 */
export type ErrorHandling = true | "all" | ((error: unknown) => boolean);

/** The meta of the calls of signing in and out, which handle every refusal themselves. */
export const handlesAllErrors = { handlesErrors: "all" } as const;

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: { handlesErrors?: ErrorHandling };
    mutationMeta: { handlesErrors?: ErrorHandling };
  }
}

let handler: GlobalErrorHandler = () => {};

export function setGlobalErrorHandler(next: GlobalErrorHandler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = () => {};
  };
}

/**
 * The refusals the app handles for every call, even one that handles its own errors: the
 * subscription page for PREMIUM_REQUIRED, the sign-out for a lost session. A call's own error
 * handling skips them.
 */
export function handledByApp(error: unknown): boolean {
  return isPremiumRequired(error) || isSessionLost(error);
}

/** Hands a refused call over to the app's handling unless the call takes it on itself. */
function report(error: unknown, handling: ErrorHandling | undefined): void {
  if (handling === "all") return;
  const takenOn = handling === true || (typeof handling === "function" && handling(error));
  if (handledByApp(error) || !takenOn) handler(error);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => report(error, query.meta?.handlesErrors) }),
    mutationCache: new MutationCache({ onError: (error, _variables, _context, mutation) => report(error, mutation.meta?.handlesErrors) }),
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
