// MUI styles components through emotion, which adds <style> tags at run time. The
// Content-Security-Policy (internal/server/spa.go) allows a <style> tag only when it carries the
// response's nonce: the server writes that nonce into index.html's <meta property="csp-nonce">
// (see `html.cspNonce` in vite.config.ts), and emotion's cache puts it on every tag it adds.
import createCache, { type EmotionCache } from "@emotion/cache";

/** The nonce the server gave this page, if any (none in unit tests or under `vite dev`). */
export function cspNonce(doc: Document = document): string | undefined {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  // Browsers hide a nonce attribute's value from getAttribute once parsed; the property keeps it.
  const nonce = meta?.nonce || meta?.getAttribute("nonce") || "";
  return nonce && nonce !== "__CSP_NONCE__" ? nonce : undefined;
}

/** Emotion's cache for the app, its <style> tags carrying the page's CSP nonce. */
export function createEmotionCache(doc: Document = document): EmotionCache {
  return createCache({ key: "css", nonce: cspNonce(doc) });
}
