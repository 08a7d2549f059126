// The app as tests render it: the real providers (AppProviders) around a MemoryRouter, with an
// in-memory Connect router transport standing in for the server. Every screen's unit tests use it
// instead of wiring the router and the transport themselves.
import type { ReactNode } from "react";
import { render, screen } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { Code, createRouterTransport, type ConnectRouter, type ServiceImpl } from "@connectrpc/connect";
import { App } from "../App";
import { AppProviders } from "../AppProviders";
import { AuthService } from "../gen/tremplin/auth/v1/auth_pb";
import { Role, UserSchema, UserStatus, type User } from "../gen/tremplin/common/v1/common_pb";
import { createQueryClient } from "../lib/queryClient";
import { serverError } from "./errors";

/** A signed-in candidate with a valid licence and Premium; `init` overrides any field. */
export function candidate(init: MessageInitShape<typeof UserSchema> = {}): User {
  return create(UserSchema, {
    id: "5f0f7b1e-8a44-4a57-9a53-0c7d3c1b2a10",
    role: Role.CANDIDATE,
    firstName: "Camille",
    lastName: "MARTIN",
    email: "camille@exemple.fr",
    status: UserStatus.WITH_VALID_LICENSE,
    hasPremiumAccess: true,
    ...init,
  });
}

/** Shows the router's location, and writes down each one it renders (every address visited). */
function LocationProbe({ visited }: { visited: string[] }) {
  const { pathname, search } = useLocation();
  // Written while rendering, so that an address left at once (a redirection) is kept too.
  if (visited.at(-1) !== pathname + search) visited.push(pathname + search);
  return (
    <output data-testid="location" data-search={search}>
      {pathname}
    </output>
  );
}

export type Harness = {
  /** The procedures called, in order (method names: "listContacts"…). */
  calls: string[];
  queryClient: ReturnType<typeof createQueryClient>;
  /** The router's current path. */
  location: () => string | null;
  /** The router's current query ("?a=b", or ""). */
  search: () => string | undefined;
  /** Every address the router has been at, in order (path and query, repeats collapsed). */
  visited: string[];
};

/**
 * Renders `ui` (the whole app by default) at `at`, with the services `routes` registers on an
 * in-memory transport. AuthService.Me answers `user` (null: signed out); `auth` replaces or adds
 * AuthService procedures.
 */
export function renderApp({
  at = "/",
  user = candidate(),
  routes = () => {},
  auth = {},
  ui = <App />,
}: {
  at?: string | { pathname: string; state?: unknown };
  user?: User | null;
  routes?: (router: ConnectRouter) => void;
  auth?: Partial<ServiceImpl<typeof AuthService>>;
  ui?: ReactNode;
} = {}): Harness {
  const calls: string[] = [];
  const visited: string[] = [];
  const transport = createRouterTransport(
    (router) => {
      router.service(AuthService, {
        me: () => {
          if (!user) throw serverError(Code.Unauthenticated, "UNAUTHENTICATED");
          return { user };
        },
        ...auth,
      });
      routes(router);
    },
    { router: { interceptors: [(next) => (req) => (calls.push(req.method.name), next(req))] } },
  );
  const queryClient = createQueryClient();
  const Router = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[at]}>
      {children}
      <LocationProbe visited={visited} />
    </MemoryRouter>
  );
  render(
    <AppProviders transport={transport} queryClient={queryClient} Router={Router}>
      {ui}
    </AppProviders>,
  );
  return {
    calls,
    queryClient,
    location: () => screen.getByTestId("location").textContent,
    search: () => screen.getByTestId("location").dataset.search,
    visited,
  };
}
