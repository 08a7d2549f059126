import { DEMO } from "./env";
import { expect, test } from "./fixtures";

test("the help page plays the guided tour with French captions, beside the tips and the contact", async ({ page, signIn }) => {
  await signIn(DEMO.candidate);
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole("link", { name: "Consulter l'aide" }).click();
  await expect(page).toHaveURL(/\/help$/);
  await expect(page.getByRole("heading", { level: 1, name: "Aide" })).toBeVisible();

  const video = page.locator("video");
  await expect(video).toBeVisible();
  await expect(page.getByRole("heading", { name: "Découvrir Tremplin en vidéo" })).toBeVisible();
  // Chromium loads the film (its poster first), and the caption track gives its French cues.
  const poster = await page.request.get((await video.getAttribute("poster"))!);
  expect(poster.headers()["content-type"]).toBe("image/jpeg");
  const tour = await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    const track = v.textTracks[0]!;
    track.mode = "hidden";
    await v.play();
    await new Promise((r) => setTimeout(r, 500));
    v.pause();
    const deadline = Date.now() + 5000;
    while ((track.cues?.length ?? 0) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    return {
      duration: v.duration,
      played: v.currentTime,
      size: [v.videoWidth, v.videoHeight],
      language: track.language,
      firstCue: (track.cues?.[0] as VTTCue | undefined)?.text,
      cues: track.cues?.length ?? 0,
    };
  });
  expect(tour.duration).toBeGreaterThan(20);
  expect(tour.played).toBeGreaterThan(0);
  expect(tour.size).toEqual([1280, 720]);
  expect(tour.language).toBe("fr");
  expect(tour.cues).toBeGreaterThan(5);
  expect(tour.firstCue).toMatch(/^Bienvenue sur Tremplin/);

  await expect(page.getByRole("heading", { name: "Nos conseils" })).toBeVisible();
  await expect(page.getByRole("link", { name: "support@tremplin.fr" })).toHaveAttribute("href", "mailto:support@tremplin.fr");
});
