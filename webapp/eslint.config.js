// ESLint for the web app (`make lint-web`, part of `make test`): TypeScript's recommended rules,
// React's hook rules, jsx-a11y's accessibility rules, and the app's layout rule: a feature
// folder never imports another feature (what two features share goes to components/ or lib/),
// and components/ and lib/ never import a feature (shared code depends on no screen).
import { dirname, relative, resolve, sep } from "node:path";
import js from "@eslint/js";
import globals from "globals";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const src = resolve(import.meta.dirname, "src");
const features = resolve(src, "features");
/** The folders every feature may use, which therefore use no feature. */
const SHARED = ["components", "lib"];

/** The feature folder a file belongs to, if any. */
function featureOf(file) {
  const rel = relative(features, file);
  return rel.startsWith("..") || rel === "" ? null : rel.split(sep)[0];
}

/** The shared folder (components or lib) a file belongs to, if any. */
function sharedOf(file) {
  const top = relative(src, file).split(sep)[0];
  return SHARED.includes(top) ? top : null;
}

const tremplin = {
  rules: {
    "features-stay-apart": {
      meta: {
        type: "problem",
        docs: { description: "a feature folder never imports another feature folder; components/ and lib/ import none" },
        messages: {
          crossing:
            "src/features/{{from}} imports src/features/{{to}}: features never import each other; move what they share to src/components or src/lib.",
          shared:
            "src/{{from}} imports src/features/{{to}}: shared code never depends on a feature; move what it needs to src/components or src/lib.",
        },
        schema: [],
      },
      create(context) {
        const feature = featureOf(context.filename);
        const shared = sharedOf(context.filename);
        if (!feature && !shared) return {};
        const check = (node, source) => {
          if (typeof source !== "string" || !source.startsWith(".")) return;
          const to = featureOf(resolve(dirname(context.filename), source));
          if (!to || to === feature) return;
          if (feature) context.report({ node, messageId: "crossing", data: { from: feature, to } });
          else context.report({ node, messageId: "shared", data: { from: shared, to } });
        };
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ImportExpression: (node) => node.source.type === "Literal" && check(node, node.source.value),
        };
      },
    },
  },
};

export default tseslint.config(
  { ignores: ["dist/", "src/gen/", "node_modules/", "test-results/", "playwright-report/"] },
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    rules: {
      // French typography writes non-breaking spaces, in comments too.
      "no-irregular-whitespace": ["error", { skipComments: true, skipStrings: true, skipTemplates: true }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y, tremplin },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "tremplin/features-stay-apart": "error",
      // MUI's autoFocus moves focus into a dialog or onto a page's only form, as the spec asks;
      // it is a component prop, not the raw HTML attribute the rule is about.
      "jsx-a11y/no-autofocus": ["error", { ignoreNonDOM: true }],
    },
  },
);
