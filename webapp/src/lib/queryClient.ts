// The query client, with one place where refused calls are handled for the whole app:
// PREMIUM_REQUIRED sends the user to the subscription page, a lost session signs them out.
// Calls that handle their own errors (the session check, login, password links) set
// `meta: { handlesErrors: true }`.
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";

export type GlobalErrorHandler = (error: unknown) => void;

let handler: GlobalErrorHandler = () => {};

export function setGlobalErrorHandler(next: GlobalErrorHandler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = () => {};
  };
}

/**
 * Hands a refused call over to the app-wide handling (subscription page, sign-out, generic
 * toast): for calls that set `handlesErrors` to deal with some refusals themselves (a form's
 * field errors) and leave the others to the app.
 */
export function reportError(error: unknown): void {
  handler(error);
}

function handles(meta: Record<string, unknown> | undefined): boolean {
  return meta?.handlesErrors === true;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!handles(query.meta)) handler(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!handles(mutation.meta)) handler(error);
      },
    }),
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
