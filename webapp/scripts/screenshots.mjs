// Screenshots of every screen of the shell at 375 px and 1280 px, for a visual review.
//   node scripts/screenshots.mjs http://127.0.0.1:18080 [outDir]
import { mkdirSync } from "node:fs";
import { launchChromium, login as signIn } from "./browser.mjs";

const base = process.argv[2] ?? "http://127.0.0.1:18080";
const out = process.argv[3] ?? "screenshots";
mkdirSync(out, { recursive: true });

const browser = await launchChromium();

async function shoot(page, name, width, full = true) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: full });
}

const login = (page, email) => signIn(page, base, email);

for (const width of [375, 1280]) {
  const height = width === 375 ? 780 : 800;
  const ctx = await browser.newContext({ viewport: { width, height }, locale: "fr-FR" });
  const page = await ctx.newPage();

  await page.goto(`${base}/login`);
  await shoot(page, "01-login", width);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await shoot(page, "02-login-validation", width);
  await page.getByLabel("Adresse e-mail").fill("candidat@demo.tremplin.fr");
  await page.getByLabel("Mot de passe", { exact: true }).fill("mauvais");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await page.getByText("Erreur lors de l'authentification").waitFor();
  await shoot(page, "03-login-error", width);
  await page.getByRole("button", { name: /Mot de passe oublié/ }).click();
  await page.getByRole("dialog").waitFor();
  await shoot(page, "04-reset-modal", width, false);
  await page.getByRole("dialog").getByLabel("Adresse e-mail").fill("personne@demo.tremplin.fr");
  await page.getByRole("dialog").getByRole("button", { name: "Envoyer le lien" }).click();
  await page.getByTestId("toast").waitFor();
  await shoot(page, "05-reset-toast", width, false);

  await page.goto(`${base}/new-password?id=00000000-0000-0000-0000-000000000000&token=abc`);
  await page.getByRole("button", { name: "Créer mon mot de passe" }).click();
  await shoot(page, "06-new-password-validation", width);
  await page.getByLabel("Nouveau mot de passe").fill("Tremplin-2026!");
  await page.getByLabel("Confirmation du mot de passe").fill("Tremplin-2026!");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Créer mon mot de passe" }).click();
  await page.getByText(/Ce lien n'est plus valide|Erreur/).first().waitFor();
  await shoot(page, "07-new-password-token-invalid", width);
  await page.goto(`${base}/update-password?id=00000000-0000-0000-0000-000000000000&token=abc`);
  await shoot(page, "08-update-password", width);
  await page.goto(`${base}/cgu`);
  await shoot(page, "09-cgu", width);
  await page.goto(`${base}/legal-notice`);
  await shoot(page, "10-legal-notice", width);

  await login(page, "candidat@demo.tremplin.fr");
  await shoot(page, "11-home-candidate", width);
  if (width === 375) {
    await page.getByRole("button", { name: "Ouvrir le menu" }).click();
    await shoot(page, "12-burger-open", width, false);
    await page.getByRole("button", { name: "Fermer le menu" }).click();
  } else {
    await page.getByRole("button", { name: "Menu du compte" }).click();
    await shoot(page, "12-user-menu", width, false);
    await page.keyboard.press("Escape");
  }
  await page.goto(`${base}/dashboard`);
  await shoot(page, "13-placeholder-dashboard", width);
  await page.goto(`${base}/help`);
  await shoot(page, "14-help", width);
  await page.goto(`${base}/ask-subscription`);
  await shoot(page, "15-ask-subscription-already-premium", width);
  await page.goto(`${base}/success`);
  await shoot(page, "16-payment-success", width);
  await ctx.clearCookies();

  await login(page, "essai@demo.tremplin.fr");
  await shoot(page, "17-home-trial", width);
  await ctx.clearCookies();

  await login(page, "expire@demo.tremplin.fr");
  await shoot(page, "18-ask-payment", width);
  await page.goto(`${base}/ask-subscription`);
  await ctx.clearCookies();

  await login(page, "agence@demo.tremplin.fr");
  await shoot(page, "19-agency-candidates", width);
  await page.goto(`${base}/help`);
  await shoot(page, "20-agency-help", width);
  await ctx.clearCookies();

  await login(page, "admin@demo.tremplin.fr");
  await shoot(page, "21-admin-agencies", width);
  if (width === 1280) {
    await page.getByRole("button", { name: "Menu du compte" }).click();
    await shoot(page, "22-admin-user-menu", width, false);
  }
  await ctx.close();
}
await browser.close();
console.log("done");
