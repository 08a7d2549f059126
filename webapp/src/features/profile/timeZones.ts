// The time-zone picker's choices: every zone the browser knows (Intl), named in French — the
// city, then what Intl calls the zone in French and its offset (« Tokyo — heure normale du Japon
// (UTC+9) ») — with the likely ones for a French-speaking job seeker first, under French
// names Intl cannot give (« Martinique », « Nouvelle-Calédonie (Nouméa) »).

import { profileMessages } from "../../lib/messages/profile";

export type ZoneChoice = { id: string; label: string; likely: boolean };

const LIKELY: readonly (readonly [string, string])[] = profileMessages.timeZones.likely;
const AREAS: Record<string, string> = profileMessages.timeZones.areas;

function zoneName(id: string, style: "longGeneric" | "shortOffset", at: Date): string {
  try {
    const parts = new Intl.DateTimeFormat("fr-FR", { timeZone: id, timeZoneName: style }).formatToParts(at);
    return parts.find((p) => p.type === "timeZoneName")?.value ?? "";
  } catch {
    return "";
  }
}

/** « Tokyo — heure normale du Japon (UTC+9) »; the city from the id when no French name is known. */
export function zoneLabel(id: string, at = new Date()): string {
  const known = LIKELY.find(([z]) => z === id)?.[1];
  const segments = id.split("/");
  const city = segments[segments.length - 1].replace(/_/g, " ");
  const area = AREAS[segments[0]];
  const place = known ?? (segments.length > 1 && area ? `${city} (${area})` : city);
  const generic = zoneName(id, "longGeneric", at);
  const offset = zoneName(id, "shortOffset", at);
  const about = [generic, offset && `(${offset})`].filter(Boolean).join(" ");
  return about ? `${place} — ${about}` : place;
}

/**
 * Every zone the browser knows (the candidate's own included), the likely ones first in their
 * order, then the others by French label.
 */
export function zoneChoices(current: string, at = new Date()): ZoneChoice[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const ids = new Set(known);
  if (current) ids.add(current);
  const likely = LIKELY.filter(([id]) => ids.has(id)).map(([id]) => ({ id, label: zoneLabel(id, at), likely: true }));
  const likelyIds = new Set(likely.map((z) => z.id));
  const others = [...ids]
    .filter((id) => !likelyIds.has(id))
    .map((id) => ({ id, label: zoneLabel(id, at), likely: false }))
    .sort((a, b) => a.label.localeCompare(b.label, "fr"));
  return [...likely, ...others];
}
