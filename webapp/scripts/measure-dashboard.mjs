// Measures the /dashboard budget on a production build: the gzip size of every script a
// signed-in candidate's browser loads when opening /dashboard directly (the entry, the shell
// and the screen's lazy chunk), in Debian's headless Chromium. scripts/measure-routes.mjs gives the
// same figure for several routes and servers side by side.
//   node scripts/measure-dashboard.mjs http://127.0.0.1:18080 [email]
import { gzipSync } from "node:zlib";
import { launchChromium, login } from "./browser.mjs";

const base = process.argv[2] ?? "http://127.0.0.1:4173";
const email = process.argv[3] ?? "candidat@demo.tremplin.fr";

const browser = await launchChromium();
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const page = await context.newPage();
await login(page, base, email);

// A fresh page of the same session: nothing in memory, the HTTP cache off.
const fresh = await context.newPage();
const cdp = await context.newCDPSession(fresh);
await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
const seen = [];
fresh.on("response", async (res) => {
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
await fresh.goto(`${base}/dashboard`, { waitUntil: "networkidle" });
await fresh.getByTestId("gauge-newContact").waitFor();
await fresh.waitForTimeout(300);
await browser.close();

seen.sort((a, b) => b.gzip - a.gzip);
for (const s of seen) console.log(`${(s.gzip / 1024).toFixed(1).padStart(7)} kB gz  ${(s.raw / 1024).toFixed(1).padStart(7)} kB raw  ${s.url}`);
const total = seen.reduce((a, s) => a + s.gzip, 0);
console.log(`JavaScript loaded by /dashboard: ${seen.length} files, ${(total / 1024).toFixed(1)} kB gzip (${total} bytes)`);
