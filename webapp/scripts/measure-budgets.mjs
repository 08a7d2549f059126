// Measures the web budgets on a running production server, in Debian's headless Chromium with a
// throttled phone-like connection (CDP Network.emulateNetworkConditions):
//   - bytes on the wire of everything /login loads (HTML, JS, CSS, font), cold cache;
//   - largest contentful paint of /login (cold, unthrottled, as the issue measured it);
//   - layout shift from « Se connecter » to the home screen, at 375 px, throttled.
//   node scripts/measure-budgets.mjs http://127.0.0.1:18080 [more servers…] [runs]
// Prints one line per figure and server with the median over the runs. Several servers (a build
// of main and one of a branch) are measured side by side: each run visits them in turn, so that
// the machine's load weighs on both alike; the last line gives the ratios to the first server.
import { launchChromium, DEMO_PASSWORD } from "./browser.mjs";

const args = process.argv.slice(2);
const runs = args.length > 0 && /^\d+$/.test(args.at(-1)) ? Number(args.pop()) : 5;
const bases = args.length > 0 ? args : ["http://127.0.0.1:8080"];

// A fast-3G-like phone link: 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip.
const THROTTLE = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A fresh context and page with CDP network accounting (and throttling when asked). */
async function open(browser, viewport, throttle) {
  const context = await browser.newContext({ viewport, locale: "fr-FR" });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  if (throttle) await cdp.send("Network.emulateNetworkConditions", THROTTLE);
  const types = new Map();
  const bytes = new Map();
  cdp.on("Network.responseReceived", (e) => types.set(e.requestId, { type: e.type, url: e.response.url }));
  cdp.on("Network.loadingFinished", (e) => bytes.set(e.requestId, e.encodedDataLength));
  await page.addInitScript(() => {
    window.__lcp = 0;
    window.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__lcp = e.startTime;
    }).observe({ type: "largest-contentful-paint", buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  const transferred = () => {
    const rows = [];
    for (const [id, n] of bytes) {
      const t = types.get(id);
      if (t && !t.url.includes("/tremplin.") && !t.url.includes("/api/")) rows.push({ ...t, bytes: n });
    }
    return rows;
  };
  return { context, page, transferred };
}

const browser = await launchChromium();
const results = new Map(bases.map((b) => [b, { wire: [], lcps: [], shifts: [], detail: [] }]));
for (let i = 0; i < runs; i++) {
  for (const base of bases) {
    const r = results.get(base);
    // Bytes on the wire of /login, throttled.
    {
      const { context, page, transferred } = await open(browser, { width: 375, height: 740 }, true);
      await page.goto(`${base}/login`, { waitUntil: "networkidle" });
      await page.getByRole("button", { name: "Se connecter" }).waitFor();
      const rows = transferred();
      r.wire.push(rows.reduce((a, x) => a + x.bytes, 0));
      if (i === 0) r.detail = rows;
      await context.close();
    }
    // LCP of /login, cold cache, unthrottled.
    {
      const { context, page } = await open(browser, { width: 1280, height: 800 }, false);
      await page.goto(`${base}/login`, { waitUntil: "networkidle" });
      await page.getByRole("button", { name: "Se connecter" }).waitFor();
      await page.waitForTimeout(300);
      r.lcps.push(await page.evaluate(() => window.__lcp));
      await context.close();
    }
    // Layout shift of signing in on a phone, throttled: from the click to a settled home.
    {
      const { context, page } = await open(browser, { width: 375, height: 740 }, true);
      await page.goto(`${base}/login`, { waitUntil: "networkidle" });
      await page.getByLabel("Adresse e-mail").fill("candidat@demo.tremplin.fr");
      await page.getByLabel("Mot de passe", { exact: true }).fill(DEMO_PASSWORD);
      await page.evaluate(() => (window.__cls = 0));
      await page.getByRole("button", { name: "Se connecter" }).click();
      await page.waitForURL((u) => !u.pathname.startsWith("/login"));
      await page.waitForLoadState("networkidle");
      await page.waitForTimeout(1000);
      r.shifts.push(await page.evaluate(() => window.__cls));
      await context.close();
    }
  }
}
await browser.close();

for (const [base, r] of results) {
  console.log(`== ${base}`);
  r.detail.sort((a, b) => b.bytes - a.bytes);
  for (const x of r.detail) console.log(`${(x.bytes / 1024).toFixed(1).padStart(7)} kB  ${x.type.padEnd(10)} ${x.url.replace(base, "")}`);
  console.log(`/login transferred (throttled, cold): median ${(median(r.wire) / 1024).toFixed(1)} kB over ${runs} runs (${r.wire.join(", ")} bytes)`);
  console.log(`/login LCP (cold, unthrottled): median ${median(r.lcps).toFixed(0)} ms (${r.lcps.map((x) => x.toFixed(0)).join(", ")})`);
  console.log(`sign-in layout shift at 375 px (throttled): median ${median(r.shifts).toFixed(3)} (${r.shifts.map((x) => x.toFixed(3)).join(", ")})`);
}
if (bases.length > 1) {
  const first = results.get(bases[0]);
  for (const base of bases.slice(1)) {
    const r = results.get(base);
    const ratio = (f) => (f(first) > 0 ? (f(r) / f(first)).toFixed(2) : "n/a");
    console.log(
      `ratios ${base} / ${bases[0]}: transferred ${ratio((x) => median(x.wire))}, LCP ${ratio((x) => median(x.lcps))}, layout shift ${ratio((x) => median(x.shifts))}`,
    );
  }
}
