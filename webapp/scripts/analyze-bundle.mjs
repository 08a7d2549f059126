import { build } from "vite";
import { gzipSync } from "node:zlib";
const report = {};
await build({
  logLevel: "silent",
  build: { outDir: "/tmp/dist-analyze", write: true },
  plugins: [{
    name: "analyze",
    generateBundle(_, bundle) {
      for (const [name, chunk] of Object.entries(bundle)) {
        if (chunk.type !== "chunk") continue;
        const mods = {};
        for (const [id, m] of Object.entries(chunk.modules)) {
          let k = id.includes("node_modules/") ? id.replace(/.*node_modules\//, "").replace(/^((@[^/]+\/)?[^/]+).*/, "$1") : id.replace(/.*\/webapp\//, "");
          if (k.startsWith("src/gen")) k = id.replace(/.*\/webapp\//, "");
          mods[k] = (mods[k] || 0) + m.renderedLength;
        }
        report[name] = { size: chunk.code.length, gz: gzipSync(chunk.code).length, mods };
      }
    },
  }],
});
const want = process.argv.slice(2);
for (const [name, r] of Object.entries(report)) {
  if (want.length && !want.some((w) => name.includes(w))) continue;
  console.log(`== ${name} ${(r.gz / 1024).toFixed(1)} kB gz`);
  Object.entries(r.mods).sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP || 15)).forEach(([k, v]) => console.log(`   ${(v / 1024).toFixed(1).padStart(7)} kB  ${k}`));
}
