// The mails the server wrote to its outbox (no SMTP in the tests: the global setup leaves
// SMTP_URL unset), read as a mail client would show them.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ENV, required } from "./env";

/** Undoes quoted-printable: soft line breaks, then =XX bytes, read as UTF-8. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/**
 * The links to the password pages (/new-password, /update-password) in the mails written for
 * `to`, oldest first (the server logs that it wrote a mail, never the link).
 */
export function passwordLinks(to: string): string[] {
  const outbox = required(ENV.outbox);
  if (!existsSync(outbox)) return [];
  const links: string[] = [];
  for (const name of readdirSync(outbox).filter((n) => n.endsWith(".eml")).sort()) {
    const mail = readFileSync(join(outbox, name), "utf8");
    if (!mail.includes(`To: <${to}>`)) continue;
    for (const m of decodeQuotedPrintable(mail).matchAll(/https?:\/\/[^\s"'<>]+?\/(?:update|new)-password\?[^\s"'<>]+/g)) links.push(m[0].replaceAll("&amp;", "&"));
  }
  return links;
}

/** The mails written for `to`, oldest first, as their subject and decoded text. */
export function mailsTo(to: string): { subject: string; text: string }[] {
  const outbox = required(ENV.outbox);
  if (!existsSync(outbox)) return [];
  const out: { subject: string; text: string }[] = [];
  for (const name of readdirSync(outbox).filter((n) => n.endsWith(".eml")).sort()) {
    const mail = readFileSync(join(outbox, name), "utf8");
    if (!mail.includes(`To: <${to}>`)) continue;
    const subject = /^Subject: (.*)$/m.exec(mail)?.[1] ?? "";
    out.push({ subject, text: decodeQuotedPrintable(mail) });
  }
  return out;
}
