// Records the help page's video: a guided tour of the candidate's space, played by Playwright in
// Debian's Chromium against a running demo server, with French captions in step with the film.
//   node scripts/record-help-video.mjs http://127.0.0.1:8080
// Writes public/help/decouvrir-tremplin.{webm,mp4,jpg} and public/help/decouvrir-tremplin.fr.vtt
// (ffmpeg with libvpx-vp9 and libx264: `apt-get install ffmpeg`). It adds a contact named
// « Léa ROUSSEL » to candidat@demo.tremplin.fr's network: record on a fresh demo database.
// Re-record when the screens it shows change.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { launchChromium } from "./browser.mjs";

const base = process.argv[2] ?? "http://127.0.0.1:8080";
const out = resolve(import.meta.dirname, "../public/help");
const name = "decouvrir-tremplin";
const size = { width: 1280, height: 720 };

const browser = await launchChromium(["--hide-scrollbars"]);
const context = await browser.newContext({ viewport: size, locale: "fr-FR", timezoneId: "Europe/Paris", baseURL: base });
const page = await context.newPage();

// Frames come from Chromium's screencast, each with the time it was painted; a frame lasts
// until the next one.
const frames = [];
const cdp = await context.newCDPSession(page);
cdp.on("Page.screencastFrame", ({ data, metadata, sessionId }) => {
  frames.push({ at: metadata.timestamp ?? Date.now() / 1000, jpeg: Buffer.from(data, "base64") });
  void cdp.send("Page.screencastFrameAck", { sessionId }).catch(() => {});
});

const captions = [];
let start = 0;
/** Starts a caption now; it stays until the next one (or the end). */
function caption(text) {
  // French typography: a non-breaking space before « : ; ! ? », as the app writes them.
  captions.push({ at: Date.now() / 1000 - start, text: text.replace(/ ([:;!?])/g, "\u00a0$1") });
}
const pause = (ms) => page.waitForTimeout(ms);
const typeInto = async (locator, text) => {
  await locator.click();
  await page.keyboard.type(text, { delay: 70 });
};

mkdirSync(out, { recursive: true });
await page.goto("/login");
await page.getByRole("button", { name: "Se connecter" }).waitFor();
// The poster: the login page's welcome, as the film opens.
await pause(800);
await page.screenshot({ path: join(out, `${name}.jpg`), type: "jpeg", quality: 80 });
await cdp.send("Page.startScreencast", { format: "jpeg", quality: 92, maxWidth: size.width, maxHeight: size.height, everyNthFrame: 1 });
start = Date.now() / 1000;

caption("Bienvenue sur Tremplin : connectez-vous avec votre adresse e-mail et votre mot de passe.");
await pause(1200);
await typeInto(page.getByLabel("Adresse e-mail"), "candidat@demo.tremplin.fr");
await typeInto(page.getByLabel("Mot de passe", { exact: true }), "Tremplin-demo-2026");
await pause(400);
await page.getByRole("button", { name: "Se connecter" }).click();

await page.getByRole("heading", { level: 1 }).waitFor();
caption("L'accueil vous guide en quatre étapes : votre réseau, vos activités, vos opportunités, votre suivi.");
await pause(3500);
await page.mouse.wheel(0, 420);
await pause(2500);

await page.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name: "Mon réseau" }).click();
await page.getByRole("heading", { level: 1, name: "Mon réseau" }).waitFor();
caption("Mon réseau rassemble vos contacts : le rang indique qui vous les a présentés, le statut où vous en êtes.");
await pause(4000);
caption("Recherchez un nom ou une entreprise, sans vous soucier des accents ni des majuscules.");
await typeInto(page.getByRole("searchbox", { name: "Rechercher un nom ou une entreprise" }), "bnp");
await pause(2500);
await page.getByRole("searchbox", { name: "Rechercher un nom ou une entreprise" }).fill("");
await pause(600);

caption("Ajoutez un contact : l'intermédiaire qui vous l'a présenté fixe son rang dans votre réseau.");
await page.getByRole("button", { name: "Ajouter un contact" }).first().click();
const dialog = page.getByRole("dialog", { name: "Nouveau contact" });
await dialog.waitFor();
await pause(600);
await typeInto(dialog.getByRole("textbox", { name: /^Prénom/ }), "Léa");
await typeInto(dialog.getByRole("textbox", { name: /^Nom/ }), "Roussel");
await typeInto(dialog.getByRole("textbox", { name: "Entreprise" }), "BNP Paribas");
await typeInto(dialog.getByRole("textbox", { name: "E-mail" }), "lea.roussel@exemple.fr");
await typeInto(dialog.getByRole("combobox", { name: "Intermédiaire" }), "Bernard");
await page.getByRole("option", { name: /Claire BERNARD/ }).click();
await pause(1500);
await dialog.getByRole("button", { name: "Continuer" }).click();

await dialog.getByText(/Étape 2 sur 2/).waitFor();
caption("Planifiez aussitôt votre premier échange, ou plus tard depuis la fiche du contact.");
await pause(3500);
await dialog.getByRole("button", { name: "Ignorer" }).click();
await page.getByTestId("toast").first().waitFor();
await pause(2000);

caption("La fiche du contact réunit ses coordonnées, ses étiquettes, ses activités et ses candidatures.");
await typeInto(page.getByRole("searchbox", { name: "Rechercher un nom ou une entreprise" }), "roussel");
await pause(800);
await page.getByRole("link", { name: /ROUSSEL Léa/ }).first().click();
await page.getByRole("heading", { level: 1, name: /ROUSSEL/ }).waitFor();
await pause(4500);

caption("Besoin d'aide ? Les conseils et notre adresse de contact sont dans le menu de votre compte.");
await page.goto("/help");
await page.getByRole("heading", { level: 1 }).waitFor();
await pause(1500);
await page.mouse.wheel(0, 520);
await pause(3000);
caption("À vous de jouer : bonne recherche avec Tremplin !");
await pause(2500);

const end = Date.now() / 1000 - start;
await cdp.send("Page.stopScreencast");
await browser.close();

// Frames to a concat list (each with its duration), then to VP9 WebM and H.264 MP4.
const work = mkdtempSync(join(tmpdir(), "help-video-"));
const t0 = start;
const kept = frames.filter((f) => f.at >= t0).sort((a, b) => a.at - b.at);
const first = frames.filter((f) => f.at < t0).at(-1);
if (first) kept.unshift({ ...first, at: t0 });
let list = "";
kept.forEach((f, i) => {
  const file = join(work, `f${String(i).padStart(5, "0")}.jpg`);
  writeFileSync(file, f.jpeg);
  const next = i + 1 < kept.length ? kept[i + 1].at : t0 + end;
  list += `file '${file}'\nduration ${Math.max(next - f.at, 0.001).toFixed(3)}\n`;
});
list += `file '${join(work, `f${String(kept.length - 1).padStart(5, "0")}.jpg`)}'\n`;
writeFileSync(join(work, "frames.txt"), list);
const input = ["-y", "-hide_banner", "-loglevel", "error", "-f", "concat", "-safe", "0", "-i", join(work, "frames.txt"), "-vf", "fps=25,format=yuv420p", "-an"];
execFileSync("ffmpeg", [...input, "-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "42", "-row-mt", "1", "-deadline", "good", "-cpu-used", "2", join(out, `${name}.webm`)], { stdio: "inherit" });
execFileSync("ffmpeg", [...input, "-c:v", "libx264", "-crf", "30", "-preset", "slow", "-tune", "stillimage", "-movflags", "+faststart", join(out, `${name}.mp4`)], { stdio: "inherit" });
rmSync(work, { recursive: true, force: true });

// Captions: each one until the next, the last until the end.
const stamp = (s) => {
  const ms = Math.round(s * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const sec = Math.floor(ms / 1000) % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:${String(sec).padStart(2, "0")}.${String(ms % 1000).padStart(3, "0")}`;
};
const cues = captions.map((c, i) => `${i + 1}\n${stamp(c.at)} --> ${stamp(i + 1 < captions.length ? captions[i + 1].at : end)}\n${c.text}\n`);
writeFileSync(join(out, `${name}.fr.vtt`), `WEBVTT\n\n${cues.join("\n")}`);
console.log(`${kept.length} frames, ${end.toFixed(1)} s, ${captions.length} captions → ${out}`);
