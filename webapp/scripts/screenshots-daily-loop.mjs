// Screenshots of the screens issue 20 asked to look at: /activities, the applications board,
// the agency's /candidates, /profile (candidate and agency admin), and the platform admin's
// agencies page with an agency's webhooks, at 375 px and 1280 px.
//   node scripts/screenshots-daily-loop.mjs http://127.0.0.1:18080 [outDir]
import { mkdirSync } from "node:fs";
import { launchChromium, login } from "./browser.mjs";

const base = process.argv[2] ?? "http://127.0.0.1:18080";
const out = process.argv[3] ?? "screenshots";
mkdirSync(out, { recursive: true });
const browser = await launchChromium();

for (const width of [375, 1280]) {
  const shoot = async (page, name, full = true) => {
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: full });
  };
  const as = async (email) => {
    const ctx = await browser.newContext({ viewport: { width, height: width === 375 ? 780 : 800 }, locale: "fr-FR", timezoneId: "Europe/Paris" });
    const page = await ctx.newPage();
    await login(page, base, email);
    return page;
  };

  const candidate = await as("candidat@demo.tremplin.fr");
  await candidate.goto(`${base}/activities`);
  await shoot(candidate, "activities");
  await candidate.goto(`${base}/applications`);
  await candidate.getByRole("button", { name: /Tableau/ }).click();
  await shoot(candidate, "board");
  await candidate.goto(`${base}/profile`);
  await shoot(candidate, "profile-candidate");

  const agency = await as("agence@demo.tremplin.fr");
  await agency.goto(`${base}/candidates`);
  await shoot(agency, "candidates");
  await agency.goto(`${base}/profile`);
  await shoot(agency, "profile-agency");

  const admin = await as("admin@demo.tremplin.fr");
  await admin.goto(`${base}/agencies`);
  await admin.getByRole("button", { name: /^Webhooks de / }).first().click();
  await shoot(admin, "agencies-webhooks", false);
}
await browser.close();
