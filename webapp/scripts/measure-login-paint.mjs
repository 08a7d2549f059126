// How long a signed-out visitor waits for the login form, whatever address they open (issue 20):
// cold loads (a fresh browser context each time: no cache, no cookie) of /login and of app
// addresses, in Debian's headless Chromium, unthrottled.
//   node scripts/measure-login-paint.mjs <before-url> <after-url> [runs]
// Each run visits every address on every server in turn, so that the machine's load weighs on
// all alike. Two figures per load: the time from asking for the address to the « Se connecter »
// button being visible (what the visitor waits for), and the largest contentful paint (from the
// navigation's start, redirects included). Prints the medians, with the range.
import { launchChromium } from "./browser.mjs";

const args = process.argv.slice(2);
const runs = args.length > 0 && /^\d+$/.test(args.at(-1)) ? Number(args.pop()) : 7;
const bases = args.length > 0 ? args : ["http://127.0.0.1:8080"];
const ADDRESSES = ["/login", "/contacts", "/task/0196a2b4-5f1c-7e00-8000-000000000000", "/activities?type=event"];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const range = (xs) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`;

const browser = await launchChromium();
const results = new Map();
for (let i = 0; i < runs; i++) {
  for (const address of ADDRESSES) {
    for (const base of bases) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "fr-FR" });
      const page = await context.newPage();
      await page.addInitScript(() => {
        window.__lcp = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.__lcp = e.startTime;
        }).observe({ type: "largest-contentful-paint", buffered: true });
      });
      const start = performance.now();
      await page.goto(base + address, { waitUntil: "commit" });
      await page.getByRole("button", { name: "Se connecter" }).waitFor({ state: "visible", timeout: 20_000 });
      const form = performance.now() - start;
      await page.waitForTimeout(200);
      const lcp = await page.evaluate(() => window.__lcp);
      const landed = new URL(page.url());
      const key = `${base} ${address}`;
      if (!results.has(key)) results.set(key, { form: [], lcp: [], landed: landed.pathname + landed.search });
      results.get(key).form.push(form);
      results.get(key).lcp.push(lcp);
      await context.close();
    }
  }
}
await browser.close();

for (const address of ADDRESSES) {
  for (const base of bases) {
    const r = results.get(`${base} ${address}`);
    console.log(
      `${base} ${address.padEnd(48)} form visible ${median(r.form).toFixed(0).padStart(5)} ms (${range(r.form)})` +
        `  LCP ${median(r.lcp).toFixed(0).padStart(5)} ms (${range(r.lcp)})  ends at ${r.landed}`,
    );
  }
}
