/// <reference types="vitest/config" />
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { availableParallelism } from "node:os";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
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

/** The files below a folder of the web app, at any depth, as paths from the web app's root. */
function filesUnder(folder: string): string[] {
  return readdirSync(resolve(import.meta.dirname, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(import.meta.dirname, join(entry.parentPath, entry.name)));
}

// Every text asset is written twice more, brotli (.br) and gzip (.gz) at their best levels, so
// that the server sends bytes compressed once at build time (internal/server/spa.go picks one by
// Accept-Encoding). index.html is left alone: the server writes a fresh CSP nonce into each copy.
// Fonts, images and videos are compressed formats already.
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|vtt|txt|webmanifest)$/;
function precompress(): Plugin {
  return {
    name: "tremplin-precompress",
    apply: "build",
    closeBundle() {
      for (const name of filesUnder("dist").filter((f) => COMPRESSIBLE.test(f))) {
        const file = resolve(import.meta.dirname, name);
        const raw = readFileSync(file);
        const br = brotliCompressSync(raw, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length },
        });
        const gz = gzipSync(raw, { level: 9 });
        // A variant that is no smaller is not worth a second request path.
        if (br.length < raw.length) writeFileSync(`${file}.br`, br);
        if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

// Generated files import buf/validate/validate_pb, tremplin/options/v1/options_pb and
// google/api/annotations_pb only to register them as dependencies of their descriptors (for
// options the server reads). Inside src/gen, resolve those imports to descriptor-only
// stand-ins; see src/lib/proto/option-dependencies.ts for why this is safe. Imports from the
// app's own code (validate_pb's ViolationsSchema) are left alone.
const OPTION_DEPENDENCY = /(^|\/)(validate\/validate|options\/v1\/options|api\/annotations)_pb(\.ts|\.js)?$/;
function slimOptionDependencies(): Plugin {
  const stub = resolve(import.meta.dirname, "src/lib/proto/option-dependencies.ts");
  const gen = resolve(import.meta.dirname, "src/gen") + "/";
  return {
    name: "tremplin-slim-option-dependencies",
    enforce: "pre",
    resolveId(source, importer) {
      if (!importer || !importer.startsWith(gen)) return null;
      return OPTION_DEPENDENCY.test(source) ? stub : null;
    },
  };
}

// MUI's createTheme imports the machinery of CSS-variable themes (createThemeWithVars, 23 kB) for
// themes the app never builds. Inside @mui/material/styles, resolve it to the app's
// src/lib/mui/createTheme.ts, which builds the theme without it (and refuses the other kind);
// its test checks it builds the same theme as MUI's. Build only: Vitest runs MUI's own.
function themeWithoutVars(): Plugin {
  const stub = resolve(import.meta.dirname, "src/lib/mui/createTheme.ts");
  return {
    name: "tremplin-theme-without-vars",
    apply: "build",
    enforce: "pre",
    resolveId(source, importer) {
      if (!importer || !/\/node_modules\/@mui\/material\/styles\/[^/]+$/.test(importer)) return null;
      return /^\.\/createTheme(\.mjs|\.js)?$/.test(source) ? stub : null;
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
const authDir = resolve(srcDir, "features/auth") + "/";
const inCore = staticGraphGroup(resolve(srcDir, "main.tsx"));
const inLoginGraph = staticGraphGroup(resolve(srcDir, "features/auth/LoginPage.tsx"));

/**
 * The chunk of a module the login screen loads beyond core. Signed-in screens must never need
 * the login screen's own chunk, so what it shares with them goes elsewhere:
 * - the app's own shared modules (usePageTitle, the validation rules, Logo, Notice: a few
 *   hundred bytes each, used by most screens) go into core;
 * - react-hook-form and MUI's form controls into chunks of their own, which screens with forms
 *   load too;
 * - the rest (the screen, the auth fields) into "login".
 */
function loginChunk(id: string): "core" | "forms" | "react-hook-form" | "login" {
  if (id.startsWith(srcDir + "/") && !id.startsWith(authDir)) return "core";
  if (id.includes("/node_modules/react-hook-form/")) return "react-hook-form";
  if (id.includes("/node_modules/")) return "forms";
  return "login";
}

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

// The unit tests (vitest, below), and those among them that change what other files would see.
const TESTS = "src/**/*.test.{ts,tsx}";
const CHANGES_SHARED_STATE = /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(/;
const ISOLATED_TESTS = filesUnder("src")
  .filter((f) => /\.test\.tsx?$/.test(f))
  .filter((f) => CHANGES_SHARED_STATE.test(readFileSync(resolve(import.meta.dirname, f), "utf8")));

export default defineConfig({
  plugins: [themeWithoutVars(), slimOptionDependencies(), react(), preloadMainFont(), precompress(), keepDistPlaceholder()],
  // The Content-Security-Policy allows <style> tags only with the nonce of the response
  // (MUI/emotion inject them at run time). Vite writes this placeholder into index.html (a
  // <meta property="csp-nonce"> that src/lib/emotionCache.ts reads); the Go server replaces it
  // with a fresh random nonce in each response (internal/server/spa.go).
  html: { cspNonce: "__CSP_NONCE__" },
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
            {
              name: (id, ctx) => (inCore(id, ctx) || (inLoginGraph(id, ctx) && loginChunk(id) === "core") ? "core" : null),
              priority: 3,
            },
            { name: (id, ctx) => (inLoginGraph(id, ctx) && loginChunk(id) !== "login" ? loginChunk(id) : null), priority: 2 },
            { name: (id, ctx) => (inLoginGraph(id, ctx) ? "login" : null), priority: 1 },
            // Each service's generated file in a chunk of its own: a route's data loader (see
            // pages.tsx) needs only the descriptors to start its request, not the big chunk of
            // components that would otherwise share them.
            { name: (id) => /\/src\/gen\/tremplin\/.*_pb\.ts$/.exec(id)?.[0].replace(/.*\/([^/]+)\.ts$/, "$1") ?? null, priority: 0 },
          ],
        },
      },
    },
  },
  test: {
    environment: "jsdom",
    setupFiles: ["src/test/setup.ts"],
    restoreMocks: true,
    // Every core: vitest's default leaves one idle on a 2-core machine (CI's), where the suite
    // then took twice as long.
    maxWorkers: availableParallelism(),
    // A guard against a hung test, not a speed check. Beside the Go lint on CI's two cores, on a
    // machine seen three times slower from one day to the next (2026-11-28), a form test that
    // takes 15 s alone passed 60 s.
    testTimeout: 180_000,
    // Most test files share one module graph and one jsdom per worker (isolate: false): each file
    // then no longer imports React, MUI and the app again nor builds a new jsdom, and the suite
    // takes about half the CPU. A file that replaces a module, a global or the clock gets a fresh
    // graph of its own, found by reading the files, so that a new one cannot be forgotten: a
    // module mocked in a shared graph would leak into the files that run after it.
    projects: [
      { extends: true, test: { name: "isolated", include: ISOLATED_TESTS, isolate: true } },
      { extends: true, test: { name: "shared", include: [TESTS], exclude: ISOLATED_TESTS, isolate: false } },
    ],
  },
});
