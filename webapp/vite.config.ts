/// <reference types="vitest/config" />
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";

// The Go binary embeds webapp/dist; the repository keeps dist/.gitkeep so that the embed
// directive always has a folder to read. Vite empties dist before each build: put it back.
function keepDistPlaceholder(): Plugin {
  return {
    name: "tremplin-keep-dist-placeholder",
    apply: "build",
    closeBundle() {
      writeFileSync(resolve(import.meta.dirname, "dist/.gitkeep"), "");
    },
  };
}

// Generated files import buf/validate/validate_pb only to register it as a dependency of
// their descriptors (for the `buf.validate` options). Inside src/gen, resolve that import to
// a descriptor-only stand-in; see src/lib/proto/validate-options-only.ts for why this is safe.
// Imports of validate_pb from the app's own code are left alone.
function slimValidateDependency(): Plugin {
  const stub = resolve(import.meta.dirname, "src/lib/proto/validate-options-only.ts");
  const gen = resolve(import.meta.dirname, "src/gen") + "/";
  const validateDir = resolve(gen, "buf/validate") + "/";
  return {
    name: "tremplin-slim-validate-dependency",
    enforce: "pre",
    resolveId(source, importer) {
      if (!importer || !importer.startsWith(gen) || importer.startsWith(validateDir)) return null;
      return /(^|\/)buf\/validate\/validate_pb(\.ts|\.js)?$/.test(source) ? stub : null;
    },
  };
}

// Everything the entry needs before the first screen (React, MUI's core, the router,
// react-query, Connect, the protobuf runtime, the shell) goes into one "core" chunk, and what
// the login screen adds into one "login" chunk: a few well-compressed files instead of a score
// of small shared chunks. A module belongs to a group when it is reachable from the group's
// root through static imports only; lazy screens keep their own chunks.
// A package's root barrel (`@mui/system`'s index) re-exports all of the package; core modules
// import it for a few names. Reaching a module only through such a barrel does not make the entry
// need it: without this, whatever a lazy screen uses of @mui/system (useMediaQuery for the date
// pickers) would be pulled into core.
const PACKAGE_BARREL = /\/node_modules\/@mui\/[^/]+\/index\.mjs$/;
function staticGraphGroup(root: string, within: (id: string) => boolean = () => true) {
  const memo = new Map<string, boolean>();
  return (id: string, ctx: { getModuleInfo(id: string): { importers: readonly string[] } | null }) => {
    const reach = (m: string, seen: Set<string>): boolean => {
      if (m === root) return true;
      const known = memo.get(m);
      if (known !== undefined) return known;
      if (seen.has(m)) return false;
      seen.add(m);
      const result = (ctx.getModuleInfo(m)?.importers ?? []).some((i) => !PACKAGE_BARREL.test(i) && reach(i, seen));
      memo.set(m, result);
      return result;
    };
    return within(id) && reach(id, new Set());
  };
}

const srcDir = resolve(import.meta.dirname, "src");
const inCore = staticGraphGroup(resolve(srcDir, "main.tsx"));
const inLogin = staticGraphGroup(resolve(srcDir, "features/auth/LoginPage.tsx"));

// Preload the Latin subset of Inter: the login page's largest text is painted in it, and a
// late font swap would push the largest contentful paint back.
function preloadMainFont(): Plugin {
  return {
    name: "tremplin-preload-main-font",
    apply: "build",
    transformIndexHtml(_html, ctx) {
      const font = Object.keys(ctx.bundle ?? {}).find((f) => /inter-latin-wght-normal-[^/]*\.woff2$/.test(f));
      if (!font) return [];
      return [
        {
          tag: "link",
          attrs: { rel: "preload", href: `/${font}`, as: "font", type: "font/woff2", crossorigin: "" },
          injectTo: "head",
        },
      ];
    },
  };
}

const backend = process.env.TREMPLIN_BACKEND ?? "http://localhost:8080";

export default defineConfig({
  plugins: [slimValidateDependency(), react(), preloadMainFont(), keepDistPlaceholder()],
  server: {
    proxy: {
      "/tremplin.": { target: backend, changeOrigin: false },
      "/api": { target: backend, changeOrigin: false },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
    // Every browser the app supports knows <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: (id, ctx) => (inCore(id, ctx) ? "core" : null), priority: 2 },
            { name: (id, ctx) => (inLogin(id, ctx) ? "login" : null), priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test/setup.ts"],
    restoreMocks: true,
    testTimeout: 20_000,
  },
});
