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

const backend = process.env.TREMPLIN_BACKEND ?? "http://localhost:8080";

export default defineConfig({
  plugins: [react(), keepDistPlaceholder()],
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
  },
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test/setup.ts"],
    restoreMocks: true,
  },
});
