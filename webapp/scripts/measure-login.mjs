// Measures the /login budgets on a production build: the gzip size of every script the page
// loads, and its largest contentful paint, in Debian's headless Chromium.
//   node scripts/measure-login.mjs http://127.0.0.1:18080 [runs]
import { gzipSync } from "node:zlib";
import { launchChromium } from "./browser.mjs";

const base = process.argv[2] ?? "http://127.0.0.1:4173";
const runs = Number(process.argv[3] ?? 5);

const browser = await launchChromium();

const lcps = [];
let scripts = [];
for (let i = 0; i < runs; i++) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const seen = [];
  page.on("response", async (res) => {
    const url = res.url();
    if (res.request().resourceType() === "script" || url.endsWith(".js")) {
      try {
        const body = await res.body();
        seen.push({ url: url.replace(base, ""), raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
      } catch {
        // a response without a body (a redirect): nothing to count
      }
    }
  });
  await page.addInitScript(() => {
    window.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__lcp = e.startTime;
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });
  await page.goto(`${base}/login`, { waitUntil: "networkidle" });
  await page.getByRole("button", { name: "Se connecter" }).waitFor();
  await page.waitForTimeout(300);
  const lcp = await page.evaluate(() => window.__lcp);
  lcps.push(lcp);
  if (i === 0) scripts = seen;
  await context.close();
}
await browser.close();

scripts.sort((a, b) => b.gzip - a.gzip);
for (const s of scripts) console.log(`${(s.gzip / 1024).toFixed(1).padStart(7)} kB gz  ${(s.raw / 1024).toFixed(1).padStart(7)} kB raw  ${s.url}`);
const total = scripts.reduce((a, s) => a + s.gzip, 0);
console.log(`JavaScript loaded by /login: ${scripts.length} files, ${(total / 1024).toFixed(1)} kB gzip (${total} bytes)`);
lcps.sort((a, b) => a - b);
console.log(`LCP of /login over ${runs} runs (ms): ${lcps.map((x) => x.toFixed(0)).join(", ")}; median ${lcps[Math.floor(lcps.length / 2)].toFixed(0)}`);
