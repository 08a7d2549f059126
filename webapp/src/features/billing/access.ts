import { UserStatus, type User } from "../../gen/tremplin/common/v1/common_pb";
import { toJsDate } from "../../lib/format";

/** The B2C trial is over and nothing was paid: the ask-payment variant of the subscription page. */
export function trialIsOver(
  user: Pick<User, "isB2c" | "hasPremiumAccess" | "hasPaid" | "status" | "trialEndDate">,
  now = new Date(),
): boolean {
  if (!user.isB2c || user.hasPremiumAccess || user.hasPaid) return false;
  if (user.status === UserStatus.WITHOUT_LICENSE_AFTER_TRIAL_PERIOD) return true;
  const end = toJsDate(user.trialEndDate);
  return end !== undefined && end.getTime() <= now.getTime();
}

/** The profile's subscription panel (LicenceSection's anchor). */
export const SUBSCRIPTION_PANEL = "/profile#licence";
