// Turning refused calls into what the user reads. Every refused call carries a
// google.rpc.ErrorInfo detail whose reason names a tremplin.common.v1.ErrorReason value without
// its ERROR_REASON_ prefix.
import { Code, ConnectError } from "@connectrpc/connect";
import { ErrorInfoSchema } from "../gen/google/rpc/error_details_pb";
import { messages } from "./messages";

export type ErrorReasonName =
  | "UNAUTHENTICATED"
  | "INVALID_CREDENTIALS"
  | "ACCESS_EXPIRED"
  | "NO_LICENSE_YET"
  | "TOO_MANY_ATTEMPTS"
  | "ROLE_NOT_ALLOWED"
  | "PREMIUM_REQUIRED"
  | "TOKEN_INVALID"
  | "INVALID_FIELDS"
  | "NOT_FOUND"
  | (string & {});

/** The machine reason of a refused call, when the server sent one. */
export function errorReason(err: unknown): ErrorReasonName | undefined {
  if (!(err instanceof ConnectError)) return undefined;
  for (const info of err.findDetails(ErrorInfoSchema)) {
    if (info.reason) return info.reason.replace(/^ERROR_REASON_/, "");
  }
  return undefined;
}

/** The server's own French message of a refusal (the service's rules carry one), if any. */
export function serverMessage(err: unknown): string | undefined {
  return err instanceof ConnectError && err.rawMessage ? err.rawMessage : undefined;
}

export function errorCode(err: unknown): Code | undefined {
  return err instanceof ConnectError ? err.code : undefined;
}

/**
 * Login outcomes (spec section 8): HTTP 401 (Connect Unauthenticated, reason ACCESS_EXPIRED)
 * is the no-licence message; a B2B candidate who holds no licence yet (NO_LICENSE_YET, also a
 * 401) is told so rather than that it expired; too many attempts has its own message; anything
 * else is the authentication error.
 */
export function loginErrorMessage(err: unknown): string {
  const reason = errorReason(err);
  const code = errorCode(err);
  if (reason === "NO_LICENSE_YET") return messages.errors.noLicenceYet;
  if (reason === "ACCESS_EXPIRED" || code === Code.Unauthenticated) {
    return messages.errors.noLicence;
  }
  if (reason === "TOO_MANY_ATTEMPTS" || code === Code.ResourceExhausted) {
    return messages.errors.tooManyAttempts;
  }
  return messages.errors.authentication;
}

/** The new-password outcomes: a used or expired link has its own message. */
export function newPasswordErrorMessage(err: unknown): string {
  const reason = errorReason(err);
  if (reason === "TOKEN_INVALID") return messages.errors.passwordLinkInvalid;
  if (reason === "INVALID_FIELDS") return messages.validation.password;
  return messages.errors.passwordSave;
}

/** PREMIUM_REQUIRED anywhere sends the user to the subscription page. */
export function isPremiumRequired(err: unknown): boolean {
  return errorReason(err) === "PREMIUM_REQUIRED";
}

/** The session is gone (expired, logged out elsewhere, or the access ended). */
export function isSessionLost(err: unknown): boolean {
  return errorCode(err) === Code.Unauthenticated;
}

/** The thing asked for does not exist (any more) for this user: reason NOT_FOUND or code NotFound. */
export function isNotFound(err: unknown): boolean {
  return errorReason(err) === "NOT_FOUND" || errorCode(err) === Code.NotFound;
}

/** The entities a save may name and find gone: the ErrorInfo metadata "entity" of a NOT_FOUND. */
const LINKED_ENTITIES = ["contact", "application", "task", "event"] as const;
export type LinkedEntity = (typeof LINKED_ENTITIES)[number];

/**
 * The not-found entity the server's refusal names, in its ErrorInfo's metadata "entity"
 * (internal/apierr.NotFound): a save that names a contact or an application of the user's
 * tells which one is gone this way. Undefined for any other refusal, or another entity.
 */
export function missingEntity(err: unknown): LinkedEntity | undefined {
  if (!isNotFound(err) || !(err instanceof ConnectError)) return undefined;
  const entity = err.findDetails(ErrorInfoSchema).find((info) => info.metadata.entity)?.metadata.entity;
  return LINKED_ENTITIES.find((e) => e === entity);
}

/**
 * A details page's "no such thing for you": unknown, deleted, someone else's (NotFound), or an
 * address whose id is not one (INVALID_ARGUMENT). The page says « … introuvable »; any other
 * failure is a load error it offers to retry.
 */
export function isMissing(err: unknown): boolean {
  return isNotFound(err) || errorReason(err) === "INVALID_FIELDS" || errorCode(err) === Code.InvalidArgument;
}
