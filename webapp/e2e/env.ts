// What the global setup hands to the tests (through environment variables, which the test
// workers inherit).
export const ENV = {
  baseURL: "TREMPLIN_E2E_BASE_URL",
  serverLog: "TREMPLIN_E2E_SERVER_LOG",
  outbox: "TREMPLIN_E2E_OUTBOX",
  /** The invitation link of each of INVITED_ADMINS, as a JSON object by e-mail address. */
  invitationLinks: "TREMPLIN_E2E_INVITATION_LINKS",
  stripeDouble: "TREMPLIN_E2E_STRIPE_DOUBLE",
} as const;

export const DEMO_PASSWORD = "Tremplin-demo-2026";

export const DEMO = {
  admin: "admin@demo.tremplin.fr",
  agency: "agence@demo.tremplin.fr",
  candidate: "candidat@demo.tremplin.fr",
  expiredLicence: "licence-expiree@demo.tremplin.fr",
  trial: "essai@demo.tremplin.fr",
  trialOver: "expire@demo.tremplin.fr",
} as const;

/**
 * The Stripe settings of the server under test; its Stripe API is the double of
 * internal/stripetest (bin/stripe-double), whose address is in ENV.stripeDouble.
 */
export const STRIPE = {
  secretKey: "sk_test_tremplin",
  webhookSecret: "whsec_tremplin_test",
  priceId: "price_premium_monthly",
} as const;

/**
 * B2C candidates whose trial has ended, made by the global setup for e2e/billing.spec.ts alone
 * (it pays for them: the demo's expire@ and fin-essai@ must stay without premium for the other
 * specs). One per width, as the spec runs both side by side, and per attempt (attempt()): a
 * first try that failed after paying leaves its candidate with Premium.
 */
export const BILLING_CANDIDATES = {
  mobile: ["abonnement-375@demo.tremplin.fr", "abonnement-375-reprise@demo.tremplin.fr"],
  desktop: ["abonnement-1280@demo.tremplin.fr", "abonnement-1280-reprise@demo.tremplin.fr"],
} as const;

/** Platform admins created by the global setup for the password-link tests: the invited ones
 * (no password yet; an invitation link works once, so one per attempt), and one with a password. */
export const INVITED_ADMINS = ["invitation-e2e@demo.tremplin.fr", "invitation-e2e-reprise@demo.tremplin.fr"] as const;
export const RESET_ADMIN = "oubli-e2e@demo.tremplin.fr";

export function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: the global setup did not run`);
  return value;
}
