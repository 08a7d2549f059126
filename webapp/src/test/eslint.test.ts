// The lint configuration's own rule: features never import each other (eslint.config.js).
import { resolve } from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const webapp = resolve(import.meta.dirname, "../..");

async function lint(file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: webapp });
  const [result] = await eslint.lintText(code, { filePath: resolve(webapp, file) });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe("features never import each other", () => {
  it("refuses a feature importing another feature, statically or lazily", async () => {
    const messages = await lint(
      "src/features/contacts/Example.tsx",
      'import { LoginPage } from "../auth/LoginPage";\nexport const lazy = () => import("../../features/dashboard/DashboardPage");\nexport { LoginPage };\n',
    );
    expect(messages).toEqual([
      expect.stringMatching(/^tremplin\/features-stay-apart: src\/features\/contacts imports src\/features\/auth/),
      expect.stringMatching(/^tremplin\/features-stay-apart: src\/features\/contacts imports src\/features\/dashboard/),
    ]);
  });

  it("lets a feature import its own files and the shared modules", async () => {
    const messages = await lint(
      "src/features/contacts/Example.tsx",
      'import { messages } from "../../lib/messages";\nimport { EmptyState } from "../../components/EmptyState";\nimport { model } from "./model";\nexport const all = [messages, EmptyState, model];\n',
    );
    expect(messages).toEqual([]);
  });
});
