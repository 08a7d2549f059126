// Links typed by users (resources): opened in a new tab, and only as web or mail addresses.

/**
 * The address to open for a resource URL as typed: http(s) and mailto addresses as they are,
 * an address without a scheme ("www.exemple.fr", "exemple.fr/page") as https, anything else
 * (javascript:, data:…) refused (undefined).
 */
export function safeExternalHref(raw: string): string | undefined {
  const value = raw.trim();
  if (!value) return undefined;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (scheme === undefined || /^[^/:]+:\d+(\/|$)/.test(value)) {
    // No scheme (a host with a port is not a scheme either).
    if (/\s/.test(value)) return undefined;
    return `https://${value.replace(/^\/\//, "")}`;
  }
  if (scheme === "http" || scheme === "https") {
    try {
      return new URL(value).href;
    } catch {
      return undefined;
    }
  }
  if (scheme === "mailto") return value;
  return undefined;
}

/** A tel: link for a phone number as typed (spaces, dots and dashes dropped). */
export function telHref(number: string): string {
  return `tel:${number.replace(/[\s.-]/g, "")}`;
}

/** A mailto: link for an e-mail address. */
export function mailtoHref(email: string): string {
  return `mailto:${email.trim()}`;
}
