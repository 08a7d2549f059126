// Merging two contacts: which fields differ and what the person may choose for each, and the
// draft the server takes (MergeContacts) from those choices. The first contact of a pair (the
// older) is kept; tags and links are the union of both.
import type { MessageInitShape } from "@bufbuild/protobuf";
import { Civility } from "../../gen/tremplin/common/v1/common_pb";
import { TouchRhythm, type Contact, type ContactDraftSchema } from "../../gen/tremplin/network/v1/network_pb";
import { networkMessages } from "../../lib/messages/network";
import { fullName } from "./names";

const f = networkMessages.form;
const m = networkMessages.merge;

export type FieldKey = "civility" | "firstName" | "lastName" | "email" | "mobileNumber" | "phoneNumber" | "company" | "job" | "parentId" | "comments";

/** One information of the merged contact: its options when the two contacts differ. */
export type MergeField = { key: FieldKey; label: string; options: { value: string; label: string }[] };

const civilityLabels: Record<Civility, string> = {
  [Civility.UNSPECIFIED]: f.civilities.unspecified,
  [Civility.FEMALE]: f.civilities.female,
  [Civility.MALE]: f.civilities.male,
  [Civility.OTHER]: f.civilities.other,
};

const TEXT_FIELDS: { key: Exclude<FieldKey, "civility" | "parentId">; label: string }[] = [
  { key: "firstName", label: f.firstName },
  { key: "lastName", label: f.lastName },
  { key: "email", label: f.email },
  { key: "mobileNumber", label: f.mobile },
  { key: "phoneNumber", label: f.phone },
  { key: "company", label: f.company },
  { key: "job", label: f.job },
  { key: "comments", label: f.comments },
];

function valueOf(c: Contact, key: FieldKey): string {
  switch (key) {
    case "civility":
      return String(c.civility);
    case "parentId":
      return c.parent?.id ?? "";
    default:
      return c[key];
  }
}

/**
 * The fields to choose: those both contacts fill, differently. Notes may also be kept both.
 * The intermediary may be neither of the two (the server refuses it).
 */
export function mergeFields(a: Contact, b: Contact): MergeField[] {
  const out: MergeField[] = [];
  if (a.civility !== Civility.UNSPECIFIED && b.civility !== Civility.UNSPECIFIED && a.civility !== b.civility) {
    out.push({ key: "civility", label: f.civility, options: [a, b].map((c) => ({ value: String(c.civility), label: civilityLabels[c.civility] })) });
  }
  for (const { key, label } of TEXT_FIELDS) {
    const [va, vb] = [a[key].trim(), b[key].trim()];
    if (!va || !vb || va === vb) continue;
    const options = [
      { value: va, label: va },
      { value: vb, label: vb },
    ];
    if (key === "comments") options.push({ value: `${va}\n\n${vb}`, label: m.both });
    out.push({ key, label, options });
  }
  const parents = [a, b].map((c) => c.parent).filter((p) => p && p.id !== a.id && p.id !== b.id);
  if (parents.length === 2 && parents[0]!.id !== parents[1]!.id) {
    out.push({ key: "parentId", label: f.parent, options: parents.map((p) => ({ value: p!.id, label: fullName(p!) })) });
  }
  return out;
}

/** The first choice of each field: the kept contact's. */
export function defaultChoices(fields: MergeField[]): Partial<Record<FieldKey, string>> {
  return Object.fromEntries(fields.map((fd) => [fd.key, fd.options[0]!.value]));
}

/** The value of a field no choice is asked for: the one that is filled (the kept one's first). */
function either(a: Contact, b: Contact, key: FieldKey, chosen: Partial<Record<FieldKey, string>>): string {
  if (chosen[key] !== undefined) return chosen[key]!;
  const [va, vb] = [valueOf(a, key), valueOf(b, key)];
  if (key === "civility") return va !== String(Civility.UNSPECIFIED) ? va : vb;
  if (key === "parentId") {
    const ok = (id: string) => id !== "" && id !== a.id && id !== b.id;
    return ok(va) ? va : ok(vb) ? vb : "";
  }
  return va.trim() || vb.trim();
}

/** The draft of the merged contact (MergeContacts.contact). */
export function mergedDraft(a: Contact, b: Contact, chosen: Partial<Record<FieldKey, string>>): MessageInitShape<typeof ContactDraftSchema> {
  // The kept contact's spelling of a tag, and of a link's label, wins.
  const tags = new Map<string, string>();
  for (const t of [...a.tags, ...b.tags]) if (!tags.has(t.name.toLowerCase())) tags.set(t.name.toLowerCase(), t.name);
  const links = new Map<string, { label: string; url: string }>();
  for (const r of [...a.resources, ...b.resources]) if (!links.has(r.url)) links.set(r.url, { label: r.label, url: r.url });
  return {
    civility: Number(either(a, b, "civility", chosen)) as Civility,
    firstName: either(a, b, "firstName", chosen),
    lastName: either(a, b, "lastName", chosen),
    email: either(a, b, "email", chosen),
    mobileNumber: either(a, b, "mobileNumber", chosen),
    phoneNumber: either(a, b, "phoneNumber", chosen),
    company: either(a, b, "company", chosen),
    job: either(a, b, "job", chosen),
    parentId: either(a, b, "parentId", chosen),
    comments: either(a, b, "comments", chosen),
    tags: [...tags.values()],
    resources: [...links.values()],
    touchRhythm: a.touchRhythm !== TouchRhythm.UNSPECIFIED ? a.touchRhythm : b.touchRhythm,
  };
}
