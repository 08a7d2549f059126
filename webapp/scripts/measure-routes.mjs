// The JavaScript each screen loads, per route, on one or more production servers side by side
// (for a before/after: a build of main and a build of the branch). For every route, a fresh page
// (HTTP cache off) opens the address directly and waits for the screen; every script's body is
// gzipped at level 9 (the budget's unit) and counted. Anonymous routes are opened signed out,
// the others signed in as the demo candidate.
//   node scripts/measure-routes.mjs http://127.0.0.1:18181 http://127.0.0.1:18182
// Prints, per server and route: files, gzip kB, and whether the login screen's chunk was loaded.
import { gzipSync } from "node:zlib";
import { launchChromium, login } from "./browser.mjs";

const bases = process.argv.slice(2);
if (bases.length === 0) bases.push("http://127.0.0.1:8080");

// Each route with what shows that its screen is there.
const ROUTES = [
  { path: "/login", signedIn: false, ready: (p) => p.getByRole("button", { name: "Se connecter" }).waitFor() },
  { path: "/", signedIn: true, ready: (p) => p.getByTestId("daily-quote").waitFor() },
  { path: "/dashboard", signedIn: true, ready: (p) => p.getByTestId("gauge-newContact").waitFor() },
  { path: "/contacts", signedIn: true, ready: (p) => p.getByRole("heading", { level: 1 }).waitFor() },
  { path: "/applications", signedIn: true, ready: (p) => p.getByRole("heading", { level: 1, name: "Mes opportunités" }).waitFor() },
];

async function scriptsOf(context, base, route) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const pending = [];
  page.on("response", (res) => {
    if (res.request().resourceType() !== "script") return;
    pending.push(
      res
        .body()
        .then((body) => ({ url: res.url().replace(base, ""), gzip: gzipSync(body, { level: 9 }).length }))
        .catch(() => null),
    );
  });
  await page.goto(`${base}${route.path}`, { waitUntil: "networkidle" });
  await route.ready(page);
  await page.waitForLoadState("networkidle");
  const seen = (await Promise.all(pending)).filter(Boolean);
  await page.close();
  return seen;
}

const browser = await launchChromium();
const rows = [];
for (const base of bases) {
  const anonymous = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "fr-FR" });
  const signedIn = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "fr-FR" });
  const first = await signedIn.newPage();
  await login(first, base, "candidat@demo.tremplin.fr");
  await first.close();
  for (const route of ROUTES) {
    const seen = await scriptsOf(route.signedIn ? signedIn : anonymous, base, route);
    const total = seen.reduce((a, s) => a + s.gzip, 0);
    rows.push({
      base,
      route: route.path,
      files: seen.length,
      kB: total / 1024,
      loginChunk: seen.some((s) => /\/login-[^/]*\.js$/.test(s.url)),
      largest: seen.sort((a, b) => b.gzip - a.gzip).slice(0, 3).map((s) => `${s.url.replace("/assets/", "")} ${(s.gzip / 1024).toFixed(1)}`),
    });
  }
  await anonymous.close();
  await signedIn.close();
}
await browser.close();

for (const r of rows) {
  console.log(
    `${r.base}  ${r.route.padEnd(11)} ${String(r.files).padStart(3)} files  ${r.kB.toFixed(1).padStart(6)} kB gzip  login chunk: ${r.loginChunk ? "yes" : "no "}  largest: ${r.largest.join(", ")}`,
  );
}

// /contacts: when its list's request starts, on a throttled link (150 ms round trip,
// 1.6 Mbit/s), opening the address signed in: how many scripts had arrived before it and how
// long after the navigation it started, medians of CONTACTS_RUNS runs (5 by default) per
// server, the servers visited in turn.
const THROTTLE = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const runs = Number(process.env.CONTACTS_RUNS ?? 5);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const timings = new Map(bases.map((b) => [b, { before: [], start: [], scripts: [] }]));
const browser2 = await launchChromium();
const contexts = new Map();
for (const base of bases) {
  const context = await browser2.newContext({ viewport: { width: 375, height: 740 }, locale: "fr-FR" });
  const p = await context.newPage();
  await login(p, base, "candidat@demo.tremplin.fr");
  await p.close();
  contexts.set(base, context);
}
for (let i = 0; i < runs; i++) {
  for (const base of bases) {
    const context = contexts.get(base);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", THROTTLE);
    const reqs = new Map();
    cdp.on("Network.requestWillBeSent", (e) => reqs.set(e.requestId, { url: e.request.url, type: e.type, start: e.timestamp }));
    cdp.on("Network.loadingFinished", (e) => reqs.get(e.requestId) && (reqs.get(e.requestId).end = e.timestamp));
    await page.goto(`${base}/contacts`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { level: 1 }).waitFor();
    const all = [...reqs.values()];
    const nav = Math.min(...all.map((r) => r.start));
    const list = all.find((r) => r.url.includes("NetworkService/ListContacts"));
    const scripts = all.filter((r) => r.type === "Script");
    const t = timings.get(base);
    t.before.push(scripts.filter((s) => s.end !== undefined && s.end <= list.start).length);
    t.start.push((list.start - nav) * 1000);
    t.scripts.push(scripts.length);
    await page.close();
  }
}
await browser2.close();
for (const [base, t] of timings) {
  console.log(
    `${base}  /contacts throttled, ${runs} runs: ListContacts starts ${median(t.start).toFixed(0)} ms after the navigation (${t.start.map((x) => x.toFixed(0)).join(", ")}), after ${median(t.before)} of ${median(t.scripts)} scripts had arrived`,
  );
}
