// The import flow's rules: the file checked before sending (a contacts CSV or a vCard file), the
// template's headers, and the search in the imported contacts.
import type { ImportedContact } from "../../gen/tremplin/network/v1/network_pb";
import { fold } from "../../lib/text";
import { searchKey } from "./filters";

/** The imported contacts matching a search: first name, last name, company or job, case- and accent-insensitive. */
export function importSearch<T extends Pick<ImportedContact, "firstName" | "lastName" | "company" | "job">>(
  list: readonly T[],
  typed: string,
): T[] {
  const term = fold(typed);
  if (!term) return list as T[];
  return list.filter((c) => `${searchKey(c)}\n${fold(c.job)}`.includes(term));
}

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** What the file picker offers: contacts CSV files and vCard files. */
export const IMPORT_ACCEPT = ".csv,text/csv,.vcf,text/vcard";

export type ImportFileProblem = "wrongType" | "tooLarge";

/** What is wrong with a picked file before sending it: neither a .csv nor a .vcf, or over 5 MB. */
export function importFileProblem(file: Pick<File, "name" | "size">): ImportFileProblem | undefined {
  if (!/\.(csv|vcf|vcard)$/i.test(file.name)) return "wrongType";
  if (file.size > IMPORT_MAX_BYTES) return "tooLarge";
  return undefined;
}

/** The type the file is sent as (the server reads the content either way). */
export function importContentType(file: Pick<File, "name">): "text/vcard" | "text/csv" {
  return /\.(vcf|vcard)$/i.test(file.name) ? "text/vcard" : "text/csv";
}

/** The headers of the template file (spec section 5). */
export const TEMPLATE_HEADERS = [
  "First Name",
  "Last Name",
  "E-mail Address",
  "Company",
  "Job Title",
  "Business Phone",
  "Mobile Phone",
  "Notes",
] as const;
