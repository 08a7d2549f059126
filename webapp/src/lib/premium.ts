// The premium gate of the web app (spec sections 1, 4 and 6): a non-subscriber who uses a
// premium feature (search, filters, tags, import, thresholds…) is sent to the subscription
// page before anything is called. The server refuses the same calls (PREMIUM_REQUIRED) and
// stays the authority; the gate only spares the round trip and explains.
import { useCallback } from "react";
import { useNavigate } from "react-router";
import type { User } from "../gen/tremplin/common/v1/common_pb";
import { useUser } from "./session";

export const SUBSCRIPTION_PATH = "/ask-subscription";

/** Where a premium control leads this user: nowhere (they may use it) or the subscription page. */
export function premiumRedirect(user: Pick<User, "hasPremiumAccess">): string | undefined {
  return user.hasPremiumAccess ? undefined : SUBSCRIPTION_PATH;
}

export type PremiumGate = {
  /** The user may use premium features. */
  premium: boolean;
  /**
   * Call before using a premium feature: answers true when the user may go on; otherwise
   * sends them to the subscription page and answers false.
   */
  allow: () => boolean;
};

export function usePremiumGate(): PremiumGate {
  const user = useUser();
  const navigate = useNavigate();
  const redirect = premiumRedirect(user);
  const allow = useCallback(() => {
    if (!redirect) return true;
    navigate(redirect);
    return false;
  }, [redirect, navigate]);
  return { premium: !redirect, allow };
}
