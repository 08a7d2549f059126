// Text keys for case- and accent-insensitive matching, the same as the server's
// (internal/contacts.Fold): Unicode-decomposed, accents dropped, lower-case, the letters that
// carry no combining mark spelled out (œ → oe, æ → ae, ß → ss, ø → o, ł → l, đ → d…),
// typographic apostrophes made straight, whitespace collapsed and trimmed.

const special: Record<string, string> = {
  œ: "oe",
  æ: "ae",
  ß: "ss",
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
  "’": "'",
  "‘": "'",
  ʼ: "'",
  "`": "'",
  "´": "'",
};

const SPECIAL = /[œæßøłđðþı’‘ʼ`´]/g;

export function fold(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{Mn}/gu, "")
    .toLowerCase()
    .replace(SPECIAL, (c) => special[c] ?? c)
    .replace(/\s+/g, " ")
    .trim();
}

/** Whether `term` (as typed) is found in any of the texts, ignoring case and accents. */
export function foldedIncludes(texts: readonly string[], term: string): boolean {
  const t = fold(term);
  if (!t) return true;
  return texts.some((x) => fold(x).includes(t));
}
