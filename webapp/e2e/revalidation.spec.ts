import { expect, login, test } from "./fixtures";

// The web app reads with HTTP GET, so the browser revalidates what it already has: coming back
// to the network costs a 304 on the wire (the browser then shows its kept copy), not the whole
// list again. The ETag is the candidate's data version, so this test runs after the others
// (playwright.config.ts, project « alone »): a neighbour's change would rightly answer 200.
test("the contact list is revalidated with its ETag when the candidate comes back", async ({ page }) => {
  // What went over the wire for each list request (Network.responseReceived reports the
  // browser's cached 200 after a revalidation; the extra-info event reports the real status).
  // Chromium may send the extra-info events before or after the request's own event, so each
  // is kept by request id and matched once both have come.
  const listRequests: string[] = [];
  const received = new Map<string, { status: number; etag?: string }>();
  const sent = new Map<string, string | undefined>();
  const header = (headers: Record<string, unknown>, name: string) =>
    Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1] as string | undefined;
  const wire = () =>
    listRequests.filter((id) => received.has(id)).map((id) => ({ ...received.get(id)!, ifNoneMatch: sent.get(id) }));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  cdp.on("Network.requestWillBeSent", (event) => {
    if (event.request.url.includes("/tremplin.network.v1.NetworkService/ListContacts")) listRequests.push(event.requestId);
  });
  cdp.on("Network.requestWillBeSentExtraInfo", (event) => {
    sent.set(event.requestId, header(event.headers, "if-none-match"));
  });
  cdp.on("Network.responseReceivedExtraInfo", (event) => {
    received.set(event.requestId, { status: event.statusCode, etag: header(event.headers, "etag") });
  });

  await login(page, "candidat@demo.tremplin.fr");
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto("/contacts");
  await expect(page.getByRole("heading", { level: 1, name: /Mon réseau/ })).toBeVisible();
  await expect.poll(() => wire().length).toBeGreaterThan(0);
  const first = wire()[0];
  expect(first.status).toBe(200);
  expect(first.etag).toMatch(/^W\/"[0-9a-f]+"$/);

  // Elsewhere, then back: the browser asks with If-None-Match and the server answers 304.
  await page.goto("/");
  const before = wire().length;
  await page.goto("/contacts");
  await expect(page.getByRole("heading", { level: 1, name: /Mon réseau/ })).toBeVisible();
  await expect.poll(() => wire().length).toBeGreaterThan(before);
  expect(wire().at(-1)).toEqual({ status: 304, etag: first.etag, ifNoneMatch: first.etag });
  // The list shown is the browser's kept copy.
  await expect(page.getByText("AMRANI").first()).toBeVisible();
});
