// A link (label + address) as the forms edit it: contacts, applications, tasks, events and
// reports all carry the same list.

export type ResourceValue = { label: string; url: string };

/** The form's copy of saved resources. */
export function resourceValues(list: readonly { label: string; url: string }[]): ResourceValue[] {
  return list.map((r) => ({ label: r.label, url: r.url }));
}

/** Resources worth keeping, trimmed: both a label and an address (spec section 5). */
export function keptResources(list: readonly ResourceValue[]): ResourceValue[] {
  return list.map((r) => ({ label: r.label.trim(), url: r.url.trim() })).filter((r) => r.label !== "" && r.url !== "");
}
