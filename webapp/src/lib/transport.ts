// The one Connect transport of the app: same origin, so the HttpOnly session cookie travels
// with every call. JSON format keeps the calls readable in the browser's network panel.
import { createConnectTransport } from "@connectrpc/connect-web";

export const transport = createConnectTransport({
  baseUrl: window.location.origin,
  useBinaryFormat: false,
  fetch: (input, init) => globalThis.fetch(input, { ...init, credentials: "same-origin" }),
});
