import { describe, expect, it } from "vitest";
import { cspNonce, createEmotionCache } from "./emotionCache";

function page(head: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><html><head>${head}</head><body></body></html>`, "text/html");
}

describe("the emotion cache and the CSP nonce", () => {
  it("gives emotion's style tags the nonce the server wrote into the page", () => {
    const doc = page('<meta property="csp-nonce" nonce="r4nd0m">');
    expect(cspNonce(doc)).toBe("r4nd0m");
    expect(createEmotionCache(doc).nonce).toBe("r4nd0m");
  });

  it("has no nonce when the page was not served by the Go server", () => {
    expect(cspNonce(page('<meta property="csp-nonce" nonce="__CSP_NONCE__">'))).toBeUndefined();
    expect(cspNonce(page(""))).toBeUndefined();
  });
});
