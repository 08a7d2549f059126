import { describe, expect, it } from "vitest";
import { networkMessages } from "./network";

describe("the delete dialog", () => {
  it("agrees with the contact's civility", () => {
    expect(networkMessages.actions.deleteMessage("Léa DUBOIS", true)).toMatch(/^Léa DUBOIS sera définitivement retirée de votre réseau\./);
    expect(networkMessages.actions.deleteMessage("Hugo RENARD")).toMatch(/^Hugo RENARD sera définitivement retiré de votre réseau\./);
  });
});
