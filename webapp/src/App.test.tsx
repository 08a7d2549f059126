// The app as a whole, in jsdom, against an in-memory AuthService (src/test/harness.tsx).
import { describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type MessageInitShape } from "@bufbuild/protobuf";
import { Code, type ServiceImpl } from "@connectrpc/connect";
import { AuthService } from "./gen/tremplin/auth/v1/auth_pb";
import { Civility, Role, UserSchema, UserStatus, type User } from "./gen/tremplin/common/v1/common_pb";
import { serverError } from "./test/errors";
import { candidate, renderApp as renderAppAt } from "./test/harness";

const NO_LICENCE =
  "Votre période d'essai ou votre licence a expiré. Merci de demander une licence auprès de votre administrateur de compte.";

/** The harness's candidate, a woman. */
function user(init: MessageInitShape<typeof UserSchema> = {}): User {
  return candidate({ civility: Civility.FEMALE, ...init });
}

function renderApp(url: string, impl: Partial<ServiceImpl<typeof AuthService>>) {
  return renderAppAt({ at: url, user: null, auth: impl });
}

async function fillLogin(email = "camille@exemple.fr", password = "Tremplin-demo-2026") {
  const u = userEvent.setup();
  await u.type(await screen.findByLabelText("Adresse e-mail"), email);
  await u.type(screen.getByLabelText("Mot de passe"), password);
  await u.click(screen.getByRole("button", { name: "Se connecter" }));
  return u;
}

describe("start-up", () => {
  it("shows the public shell and the login page when nobody is signed in", async () => {
    const app = renderApp("/dashboard", {});
    expect(await screen.findByRole("heading", { name: "Bon retour parmi nous" })).toBeTruthy();
    expect(app.location()).toBe("/login");
    expect(app.search()).toBe("?next=%2Fdashboard");
    expect(screen.queryByRole("navigation", { name: "Menu principal" })).toBeNull();
  });

  it("shows the authenticated shell for the session user", async () => {
    const app = renderApp("/", { me: () => ({ user: user() }) });
    expect(await screen.findByRole("heading", { level: 1, name: "Bonjour Camille\u00a0!" })).toBeTruthy();
    const nav = screen.getByRole("navigation", { name: "Menu principal" });
    expect(within(nav).getAllByRole("link").map((a) => a.textContent)).toEqual([
      "Tableau de bord",
      "Mon réseau",
      "Activités",
      "Opportunités",
    ]);
    expect(screen.getByTestId("user-avatar").dataset.civility).toBe("female");
    expect(app.location()).toBe("/");
  });

  it("explains a licence that expired since the last visit", async () => {
    renderApp("/", {
      me: () => {
        throw serverError(Code.Unauthenticated, "ACCESS_EXPIRED");
      },
    });
    expect(await screen.findByText(NO_LICENCE)).toBeTruthy();
  });
});

describe("login", () => {
  it.each([
    [serverError(Code.Unauthenticated, "ACCESS_EXPIRED"), NO_LICENCE],
    [serverError(Code.PermissionDenied, "INVALID_CREDENTIALS"), "Erreur lors de l'authentification"],
    [serverError(Code.ResourceExhausted, "TOO_MANY_ATTEMPTS"), "Trop de tentatives de connexion. Réessayez dans quelques minutes."],
    [serverError(Code.Internal), "Erreur lors de l'authentification"],
  ])("shows the message of a refused login (%s)", async (error, message) => {
    const app = renderApp("/login", {
      login: () => {
        throw error;
      },
    });
    await fillLogin();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(app.location()).toBe("/login");
  });

  it("does not call the server while the form is invalid", async () => {
    const login = vi.fn();
    renderApp("/login", { login });
    const u = userEvent.setup();
    await u.click(await screen.findByRole("button", { name: "Se connecter" }));
    expect(await screen.findAllByText("Ce champ est obligatoire")).toHaveLength(2);
    await u.type(screen.getByLabelText("Adresse e-mail"), "camille@exemple");
    await u.click(screen.getByRole("button", { name: "Se connecter" }));
    expect(await screen.findByText("Le format de l'email est incorrect")).toBeTruthy();
    expect(login).not.toHaveBeenCalled();
  });

  it("takes the agency admin to /candidates", async () => {
    const app = renderApp("/login", { login: () => ({ user: user({ role: Role.AGENCY_ADMIN }) }) });
    await fillLogin();
    await waitFor(() => expect(app.location()).toBe("/candidates"));
    expect(await screen.findByRole("heading", { level: 1, name: "Candidats" })).toBeTruthy();
  });

  it("offers the ask-payment page to a B2C candidate whose trial ended", async () => {
    const expired = user({
      isB2c: true,
      hasPremiumAccess: false,
      status: UserStatus.WITHOUT_LICENSE_AFTER_TRIAL_PERIOD,
      civility: Civility.MALE,
    });
    const app = renderApp("/login", { login: () => ({ user: expired }) });
    await fillLogin();
    await waitFor(() => expect(app.location()).toBe("/ask-subscription"));
    expect(await screen.findByRole("heading", { level: 1, name: "Votre période d'essai est terminée" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Je m'abonne" }).getAttribute("href")).toBe("/api/payment/session");
  });

  it("returns to the page asked for before signing in", async () => {
    const app = renderApp("/contact/42", { login: () => ({ user: user() }) });
    await fillLogin();
    await waitFor(() => expect(app.location()).toBe("/contact/42"));
  });

  // The server sends a visitor without a session cookie to /login?next=… (internal/server/spa.go).
  it("returns to the `next` the server sent the visitor with", async () => {
    const app = renderApp("/login?next=%2Factivities%3Ftype%3Devent", { login: () => ({ user: user() }) });
    await fillLogin();
    await waitFor(() => expect(app.location()).toBe("/activities"));
    expect(app.search()).toBe("?type=event");
  });

  it.each(["//evil.example/contacts", "https://evil.example/", "/\\evil.example", "javascript:alert(1)", "%2F%2Fevil.example"])(
    "never follows a `next` leading off the site (%s)",
    async (next) => {
      const login = `/login?next=${encodeURIComponent(next)}`;
      const app = renderApp(login, { login: () => ({ user: user() }) });
      await fillLogin();
      await waitFor(() => expect(app.location()).toBe("/"));
      expect(await screen.findByRole("heading", { level: 1, name: "Bonjour Camille\u00a0!" })).toBeTruthy();
      // Straight from the login to the home: the `next` was never opened, not even on the way
      // (the signed-in catch-all would bring an unknown address back home as well).
      expect(app.visited).toEqual([login, "/"]);
    },
  );

  it("does not open a `next` the signed-in user may not see", async () => {
    const app = renderApp("/login?next=%2Fagencies", { login: () => ({ user: user() }) });
    await fillLogin();
    await waitFor(() => expect(app.location()).toBe("/"));
    expect(await screen.findByRole("heading", { level: 1, name: "Bonjour Camille\u00a0!" })).toBeTruthy();
    // Never at /agencies, not even for the moment a refused address takes to be sent home.
    expect(app.visited).toEqual(["/login?next=%2Fagencies", "/"]);
  });
});

describe("reset-password modal", () => {
  it("sends the e-mail, confirms and closes", async () => {
    const resetPassword = vi.fn(() => ({}));
    renderApp("/login", { resetPassword });
    const u = userEvent.setup();
    await u.click(await screen.findByRole("button", { name: "Mot de passe oublié\u00a0?" }));
    const dialog = await screen.findByRole("dialog");
    await u.type(await within(dialog).findByLabelText("Adresse e-mail"), "camille@exemple.fr");
    await u.click(within(dialog).getByRole("button", { name: "Envoyer le lien" }));
    expect(await screen.findByText(/^C'est envoyé/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(resetPassword).toHaveBeenCalledTimes(1);
    expect((resetPassword.mock.calls[0] as unknown as [{ email: string }])[0].email).toBe("camille@exemple.fr");
  });
});

describe("logout", () => {
  it("goes to /login even when the call fails", async () => {
    let signedIn = true;
    const app = renderApp("/", {
      me: () => {
        if (signedIn) return { user: user() };
        throw serverError(Code.Unauthenticated);
      },
      logout: () => {
        signedIn = false;
        throw serverError(Code.Internal);
      },
    });
    const u = userEvent.setup();
    await u.click(await screen.findByRole("button", { name: /menu du compte$/ }));
    await u.click(await screen.findByRole("menuitem", { name: "Se déconnecter" }));
    await waitFor(() => expect(app.location()).toBe("/login"));
    expect(await screen.findByRole("heading", { name: "Bon retour parmi nous" })).toBeTruthy();
    // Signing out is leaving: the login does not offer to return to the screen.
    expect(app.search()).toBe("");
    expect(app.calls).toContain("Logout");
  });
});

describe("refused calls anywhere", () => {
  it("PREMIUM_REQUIRED sends the user to the subscription page", async () => {
    const app = renderApp("/", { me: () => ({ user: user({ hasPremiumAccess: false }) }) });
    await screen.findByRole("heading", { level: 1, name: "Bonjour Camille\u00a0!" });
    await app.queryClient
      .fetchQuery({
        queryKey: ["premium-feature"],
        queryFn: () => {
          throw serverError(Code.PermissionDenied, "PREMIUM_REQUIRED");
        },
      })
      .catch(() => {});
    await waitFor(() => expect(app.location()).toBe("/ask-subscription"));
    expect(await screen.findByRole("heading", { level: 1, name: "Passez à Tremplin Premium" })).toBeTruthy();
  });

  it("a lost session signs the user out with an explanation", async () => {
    const app = renderApp("/", { me: () => ({ user: user() }) });
    await screen.findByRole("heading", { level: 1, name: "Bonjour Camille\u00a0!" });
    await app.queryClient
      .fetchQuery({
        queryKey: ["contacts"],
        queryFn: () => {
          throw serverError(Code.Unauthenticated, "UNAUTHENTICATED");
        },
      })
      .catch(() => {});
    await waitFor(() => expect(app.location()).toBe("/login"));
    expect(await screen.findByText("Votre session a expiré. Merci de vous reconnecter.")).toBeTruthy();
  });

  it("a session lost on a screen brings the user back to it after signing in again", async () => {
    const app = renderApp("/help", { me: () => ({ user: user() }), login: () => ({ user: user() }) });
    await screen.findByRole("navigation", { name: "Menu principal" });
    await app.queryClient
      .fetchQuery({
        queryKey: ["help-lost"],
        queryFn: () => {
          throw serverError(Code.Unauthenticated, "UNAUTHENTICATED");
        },
      })
      .catch(() => {});
    await waitFor(() => expect(app.location()).toBe("/login"));
    expect(app.search()).toBe("?next=%2Fhelp");
    await fillLogin();
    await waitFor(() => expect(app.location()).toBe("/help"));
  });

  it("other failures show the generic error toast", async () => {
    const app = renderApp("/", { me: () => ({ user: user() }) });
    await screen.findByRole("heading", { level: 1, name: "Bonjour Camille\u00a0!" });
    await app.queryClient
      .fetchQuery({
        queryKey: ["tasks"],
        queryFn: () => {
          throw serverError(Code.Internal);
        },
      })
      .catch(() => {});
    expect(await screen.findByText("Une erreur est survenue")).toBeTruthy();
    expect(app.location()).toBe("/");
  });
});
