import { describe, expect, it } from "vitest";
import { Code, ConnectError } from "@connectrpc/connect";
import { notFoundError, serverError } from "../test/errors";
import { errorReason, isNotFound, isPremiumRequired, isSessionLost, loginErrorMessage, missingEntity, newPasswordErrorMessage, serverMessage } from "./errors";

const NO_LICENCE =
  "Votre période d'essai ou votre licence a expiré. Merci de demander une licence auprès de votre administrateur de compte.";

describe("errorReason", () => {
  it("reads the reason of the ErrorInfo detail sent by the server", () => {
    expect(errorReason(serverError(Code.PermissionDenied, "INVALID_CREDENTIALS"))).toBe("INVALID_CREDENTIALS");
  });
  it("accepts a reason written with its ERROR_REASON_ prefix", () => {
    expect(errorReason(serverError(Code.PermissionDenied, "ERROR_REASON_PREMIUM_REQUIRED"))).toBe("PREMIUM_REQUIRED");
  });
  it("is undefined without details or for other errors", () => {
    expect(errorReason(serverError(Code.Internal))).toBeUndefined();
    expect(errorReason(new Error("boom"))).toBeUndefined();
  });
});

describe("missingEntity", () => {
  it("names the linked thing a save found gone, from the ErrorInfo's metadata", () => {
    expect(missingEntity(notFoundError("contact"))).toBe("contact");
    expect(missingEntity(notFoundError("application"))).toBe("application");
    expect(missingEntity(notFoundError("task"))).toBe("task");
  });
  it("does not read the French message: without the metadata, nothing is named", () => {
    expect(missingEntity(serverError(Code.NotFound, "NOT_FOUND", "Contact introuvable"))).toBeUndefined();
  });
  it("names nothing for an entity a save does not link, nor for another refusal", () => {
    expect(missingEntity(serverError(Code.NotFound, "NOT_FOUND", "Agence introuvable", { entity: "agency" }))).toBeUndefined();
    expect(missingEntity(serverError(Code.PermissionDenied, "ROLE_NOT_ALLOWED", "refusé", { entity: "contact" }))).toBeUndefined();
  });
});

describe("login error messages (spec section 8)", () => {
  it("maps the 401 no-licence outcome to the no-licence message", () => {
    expect(loginErrorMessage(serverError(Code.Unauthenticated, "ACCESS_EXPIRED"))).toBe(NO_LICENCE);
    // 401 even without a reason
    expect(loginErrorMessage(serverError(Code.Unauthenticated))).toBe(NO_LICENCE);
  });
  it("tells a candidate who holds no licence yet that they have none, not that it expired", () => {
    expect(loginErrorMessage(serverError(Code.Unauthenticated, "NO_LICENSE_YET"))).toBe(
      "Votre compte n'a pas encore de licence. Merci de demander une licence auprès de votre administrateur de compte.",
    );
  });
  it("maps wrong credentials to the authentication error", () => {
    expect(loginErrorMessage(serverError(Code.PermissionDenied, "INVALID_CREDENTIALS"))).toBe(
      "Erreur lors de l'authentification",
    );
  });
  it("has its own message for too many attempts", () => {
    const message = loginErrorMessage(serverError(Code.ResourceExhausted, "TOO_MANY_ATTEMPTS"));
    expect(message).toMatch(/^Trop de tentatives de connexion/);
  });
  it("maps anything else to the authentication error", () => {
    expect(loginErrorMessage(serverError(Code.Internal))).toBe("Erreur lors de l'authentification");
    expect(loginErrorMessage(new ConnectError("network", Code.Unavailable))).toBe("Erreur lors de l'authentification");
    expect(loginErrorMessage(new TypeError("Failed to fetch"))).toBe("Erreur lors de l'authentification");
  });
});

describe("new-password error messages", () => {
  it("explains a used or expired link", () => {
    expect(newPasswordErrorMessage(serverError(Code.FailedPrecondition, "TOKEN_INVALID"))).toMatch(
      /^Ce lien n'est plus valide/,
    );
    expect(newPasswordErrorMessage(serverError(Code.InvalidArgument, "TOKEN_INVALID"))).toMatch(/^Ce lien n'est plus valide/);
  });
  it("shows the password format message for refused fields", () => {
    expect(newPasswordErrorMessage(serverError(Code.InvalidArgument, "INVALID_FIELDS"))).toBe(
      "Le format du mot de passe est incorrect",
    );
  });
  it("falls back to the new-password error", () => {
    expect(newPasswordErrorMessage(serverError(Code.Internal))).toBe("Erreur lors de l'enregistrement du mot de passe");
  });
});

describe("app-wide reasons", () => {
  it("recognises PREMIUM_REQUIRED", () => {
    expect(isPremiumRequired(serverError(Code.PermissionDenied, "PREMIUM_REQUIRED"))).toBe(true);
    expect(isPremiumRequired(serverError(Code.PermissionDenied, "ROLE_NOT_ALLOWED"))).toBe(false);
  });
  it("recognises a lost session", () => {
    expect(isSessionLost(serverError(Code.Unauthenticated, "UNAUTHENTICATED"))).toBe(true);
    expect(isSessionLost(serverError(Code.PermissionDenied, "ROLE_NOT_ALLOWED"))).toBe(false);
  });
});

describe("isNotFound", () => {
  it("recognises the NOT_FOUND reason and the NotFound code", () => {
    expect(isNotFound(serverError(Code.NotFound, "NOT_FOUND"))).toBe(true);
    expect(isNotFound(serverError(Code.NotFound))).toBe(true);
    expect(isNotFound(serverError(Code.FailedPrecondition, "NOT_FOUND"))).toBe(true);
    expect(isNotFound(serverError(Code.InvalidArgument, "INVALID_FIELDS"))).toBe(false);
    expect(isNotFound(new Error("boom"))).toBe(false);
  });
});

describe("serverMessage", () => {
  it("is the server's own French message of a refusal", () => {
    expect(serverMessage(serverError(Code.FailedPrecondition, "FREE_ACCESS_WITH_LICENSE", "Impossible de donner un accès gratuit."))).toBe(
      "Impossible de donner un accès gratuit.",
    );
  });
  it("is undefined without a message or for other errors", () => {
    expect(serverMessage(new ConnectError("", Code.Internal))).toBeUndefined();
    expect(serverMessage(new Error("boom"))).toBeUndefined();
  });
});
