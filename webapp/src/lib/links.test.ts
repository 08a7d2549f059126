import { describe, expect, it } from "vitest";
import { mailtoHref, safeExternalHref, telHref } from "./links";

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

describe("call and write links", () => {
  it("makes a tel: link a phone can dial and a mailto: link", () => {
    expect(telHref("06 12-34.56 78")).toBe("tel:0612345678");
    expect(telHref("+33 6 12 34 56 78")).toBe("tel:+33612345678");
    expect(mailtoHref(" claire@bnp.example ")).toBe("mailto:claire@bnp.example");
  });
});
