// Checks that something does NOT happen. Asserting absence right after the event that could
// cause it passes trivially when what is looked for appears a little later: a query is fetched
// after the screen's first render, and the toast stack loads lazily and React holds its
// Suspense reveal (~300 ms). These helpers watch for a while instead, and fail the moment the
// thing shows up.
import { screen, waitFor } from "@testing-library/react";
import { messages } from "../lib/messages";

/** How long a negative check watches: enough for a lazy toast or an in-memory call to show. */
const NEVER_TIMEOUT = 1000;

/**
 * Fails if `happened` stops throwing at any moment within `timeout` ms: `happened` is an
 * assertion that something took place (`expect(calls).toContain("X")`, `screen.getByText(…)`),
 * which must keep failing for the whole wait.
 */
export async function expectNever(happened: () => unknown, what: string, timeout = NEVER_TIMEOUT): Promise<void> {
  const seen = await waitFor(happened, { timeout }).then(
    () => true,
    () => false,
  );
  if (seen) throw new Error(`Expected never to see ${what} within ${timeout} ms, but it happened.`);
}

/** Fails if the app's generic error toast (« Une erreur est survenue ») shows within `timeout` ms. */
export async function expectNoGenericError(timeout = NEVER_TIMEOUT): Promise<void> {
  // The stack's code loaded before watching, so that its download is not mistaken for silence.
  await import("../components/ToastStack");
  await expectNever(() => screen.getAllByText(messages.errors.generic), `the generic error toast « ${messages.errors.generic} »`, timeout);
}
