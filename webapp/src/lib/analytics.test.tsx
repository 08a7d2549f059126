import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, useNavigate } from "react-router";
import { beaconSink, setPageViewSink, trackPageView, usePageViews, type PageViewSink } from "./analytics";
import type { Audience } from "./routes";

const CONTACT_ID = "0192f3a4-7b1c-7def-8123-456789abcdef";

let sent: string[];
let previous: PageViewSink;
beforeEach(() => {
  sent = [];
  previous = setPageViewSink((route) => sent.push(route));
});
afterEach(() => {
  setPageViewSink(previous);
  vi.unstubAllGlobals();
});

/** The hook mounted at `url`, with a way to navigate as a link would. */
function browse(audience: Audience, url: string, ready = true) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
  const hook = renderHook(
    ({ ready: isReady }: { ready: boolean }) => {
      usePageViews(audience, isReady);
      return useNavigate();
    },
    { wrapper, initialProps: { ready } },
  );
  return {
    go: (to: string) => act(() => void hook.result.current(to)),
    setReady: () => hook.rerender({ ready: true }),
  };
}

describe("page views", () => {
  it("send the route pattern of a details page, never its id", () => {
    browse("candidate", `/contact/${CONTACT_ID}`);
    expect(sent).toEqual(["/contact/:id"]);
    expect(sent.join()).not.toContain(CONTACT_ID);
  });

  it("send neither the query nor the fragment", () => {
    const view = browse("candidate", "/activities?type=task&overdue=1");
    view.go("/profile#dashboardTresholds");
    expect(sent).toEqual(["/activities", "/profile"]);
  });

  it("count each new address, and not a change of query alone", () => {
    const view = browse("candidate", "/contacts");
    view.go("/contacts?tag=rh");
    view.go(`/contact/${CONTACT_ID}`);
    view.go("/contact/another-one");
    expect(sent).toEqual(["/contacts", "/contact/:id", "/contact/:id"]);
  });

  it("send nothing for a path the audience cannot open", () => {
    const view = browse("candidate", "/agencies/ag-1/insight");
    view.go("/inconnu");
    expect(sent).toEqual([]);
  });

  it("use the audience's own map", () => {
    browse("admin", "/agencies/ag-1/insight");
    expect(sent).toEqual(["/agencies/:id/insight"]);
  });

  it("wait for the session before counting, and count the screen once", () => {
    const view = browse("candidate", "/dashboard", false);
    expect(sent).toEqual([]);
    view.setReady();
    expect(sent).toEqual(["/dashboard"]);
  });

  it("never break the screen when the sink throws", () => {
    setPageViewSink(() => {
      throw new Error("blocked");
    });
    expect(() => trackPageView("/contacts")).not.toThrow();
  });
});

/** A Blob's text (jsdom's Blob has no text()). */
function readText(blob: Blob): Promise<string> {
  return new Promise((done, fail) => {
    const reader = new FileReader();
    reader.onload = () => done(String(reader.result));
    reader.onerror = () => fail(reader.error);
    reader.readAsText(blob);
  });
}

describe("the beacon", () => {
  it("posts {route} as JSON to /api/page-views", async () => {
    const sendBeacon = vi.fn((_url: string, _data: Blob) => true);
    vi.stubGlobal("navigator", { ...navigator, sendBeacon });
    beaconSink("/contact/:id");
    expect(sendBeacon).toHaveBeenCalledOnce();
    const [url, blob] = sendBeacon.mock.calls[0]!;
    expect(url).toBe("/api/page-views");
    expect(blob.type).toBe("application/json");
    expect(JSON.parse(await readText(blob))).toEqual({ route: "/contact/:id" });
  });

  it("falls back to a keepalive fetch when the beacon is refused", () => {
    vi.stubGlobal("navigator", { ...navigator, sendBeacon: () => false });
    const fetch = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal("fetch", fetch);
    beaconSink("/insight");
    expect(fetch).toHaveBeenCalledWith("/api/page-views", expect.objectContaining({ method: "POST", keepalive: true, body: JSON.stringify({ route: "/insight" }) }));
  });

  it("neither throws nor rejects when both fail", async () => {
    vi.stubGlobal("navigator", {
      ...navigator,
      sendBeacon: () => {
        throw new TypeError("not allowed");
      },
    });
    const fetch = vi.fn(() => Promise.reject(new TypeError("offline")));
    vi.stubGlobal("fetch", fetch);
    expect(() => beaconSink("/insight")).not.toThrow();
    await Promise.resolve();
    expect(fetch).toHaveBeenCalledOnce();
  });
});
