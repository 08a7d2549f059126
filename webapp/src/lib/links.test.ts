import { describe, expect, it } from "vitest";
import { safeExternalHref } from "./links";

describe("safeExternalHref (resources open in a new tab)", () => {
  it("keeps web and mail addresses", () => {
    expect(safeExternalHref("https://www.linkedin.com/in/claire")).toBe("https://www.linkedin.com/in/claire");
    expect(safeExternalHref("http://exemple.fr/offre?id=3")).toBe("http://exemple.fr/offre?id=3");
    expect(safeExternalHref("mailto:claire@exemple.fr")).toBe("mailto:claire@exemple.fr");
  });
  it("reads an address without a scheme as https", () => {
    expect(safeExternalHref("www.exemple.fr/page")).toBe("https://www.exemple.fr/page");
    expect(safeExternalHref(" exemple.fr ")).toBe("https://exemple.fr");
    expect(safeExternalHref("localhost:8080/x")).toBe("https://localhost:8080/x");
  });
  it("refuses script and data addresses, and blanks", () => {
    expect(safeExternalHref("javascript:alert(1)")).toBeUndefined();
    expect(safeExternalHref("JavaScript:alert(1)")).toBeUndefined();
    expect(safeExternalHref("data:text/html,<b>x</b>")).toBeUndefined();
    expect(safeExternalHref("   ")).toBeUndefined();
    expect(safeExternalHref("deux mots")).toBeUndefined();
  });
});
