import { afterEach, describe, expect, it, vi } from "vitest";
import { Code } from "@connectrpc/connect";
import { serverError } from "../test/errors";
import { createQueryClient, handledByApp, setGlobalErrorHandler, type ErrorHandling } from "./queryClient";
import { isNotFound } from "./errors";

const PREMIUM = serverError(Code.PermissionDenied, "PREMIUM_REQUIRED");
const LOST = serverError(Code.Unauthenticated, "UNAUTHENTICATED");
const MISSING = serverError(Code.NotFound, "NOT_FOUND");
const BROKEN = serverError(Code.Internal);

let stop = () => {};
afterEach(() => stop());

/** The refusals that reach the app's handler for a call with this `handlesErrors`. */
async function reported(handling: ErrorHandling | undefined): Promise<unknown[]> {
  const handler = vi.fn();
  stop = setGlobalErrorHandler(handler);
  const client = createQueryClient();
  const meta = handling === undefined ? undefined : { handlesErrors: handling };
  for (const [i, err] of [PREMIUM, LOST, MISSING, BROKEN].entries()) {
    await client
      .fetchQuery({
        queryKey: ["q", i],
        meta,
        queryFn: () => {
          throw err;
        },
      })
      .catch(() => {});
    await client
      .getMutationCache()
      .build(client, {
        meta,
        mutationFn: () => Promise.reject(err),
      })
      .execute(undefined)
      .catch(() => {});
  }
  return handler.mock.calls.map((c) => c[0]);
}

describe("the app's handling of refused calls", () => {
  it("gets every refusal of a call that handles none", async () => {
    expect(await reported(undefined)).toEqual([PREMIUM, PREMIUM, LOST, LOST, MISSING, MISSING, BROKEN, BROKEN]);
  });

  it("still gets PREMIUM_REQUIRED and a lost session from a call that handles its errors", async () => {
    expect(await reported(true)).toEqual([PREMIUM, PREMIUM, LOST, LOST]);
  });

  it("gets what a call's predicate leaves, PREMIUM_REQUIRED and a lost session always", async () => {
    expect(await reported(isNotFound)).toEqual([PREMIUM, PREMIUM, LOST, LOST, BROKEN, BROKEN]);
  });

  it("gets nothing from the calls of signing in and out", async () => {
    expect(await reported("all")).toEqual([]);
  });

  it("names the refusals a call's own handling skips", () => {
    expect([PREMIUM, LOST, MISSING, BROKEN].map(handledByApp)).toEqual([true, true, false, false]);
  });
});
