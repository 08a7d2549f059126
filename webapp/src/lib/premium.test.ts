import { describe, expect, it } from "vitest";
import { premiumRedirect, SUBSCRIPTION_PATH } from "./premium";

describe("premium gate", () => {
  it("lets subscribers through and sends the others to the subscription page", () => {
    expect(premiumRedirect({ hasPremiumAccess: true })).toBeUndefined();
    expect(premiumRedirect({ hasPremiumAccess: false })).toBe(SUBSCRIPTION_PATH);
    expect(SUBSCRIPTION_PATH).toBe("/ask-subscription");
  });
});
