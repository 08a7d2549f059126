// The lint configuration's own rule (eslint.config.js): features never import each other, and
// components/ and lib/ never import a feature.
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

describe("components/ and lib/ never import a feature", () => {
  it("refuses a shared component or module importing a feature, statically or lazily", async () => {
    const fromComponent = await lint(
      "src/components/Example.tsx",
      'import { LoginPage } from "../features/auth/LoginPage";\nexport { LoginPage };\n',
    );
    expect(fromComponent).toEqual([
      expect.stringMatching(/^tremplin\/features-stay-apart: src\/components imports src\/features\/auth: shared code never depends on a feature/),
    ]);
    const fromLib = await lint(
      "src/lib/deep/example.ts",
      'export const lazy = () => import("../../features/dashboard/DashboardPage");\nexport { model } from "../../features/contacts/model";\n',
    );
    expect(fromLib).toEqual([
      expect.stringMatching(/^tremplin\/features-stay-apart: src\/lib imports src\/features\/dashboard/),
      expect.stringMatching(/^tremplin\/features-stay-apart: src\/lib imports src\/features\/contacts/),
    ]);
  });

  it("lets shared code import shared code, and the app's root import the features", async () => {
    expect(await lint("src/components/Example.tsx", 'import { messages } from "../lib/messages";\nexport { messages };\n')).toEqual([]);
    expect(await lint("src/AppRoutes.tsx", 'export const lazy = () => import("./features/dashboard/DashboardPage");\n')).toEqual([]);
  });
});
