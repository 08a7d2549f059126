// How a person is named everywhere in the app (contacts, candidates, agency admins, the signed-in
// user): the first name as typed with a capital (« julien » → « Julien », « jean-luc » →
// « Jean-Luc »), the last name upper-case (« Moreau » → « MOREAU »), as the server already saves
// a contact's. One helper, so that a name reads the same on every screen.

type Named = { firstName: string; lastName: string };

/** « jean-luc » → « Jean-Luc »: a capital at the start of each part, the rest as typed. */
export function firstNameCase(firstName: string): string {
  return firstName.trim().replace(/(^|[\s'’-])(\p{Ll})/gu, (_, before: string, letter: string) => before + letter.toLocaleUpperCase("fr-FR"));
}

/** « Moreau » → « MOREAU ». */
export function lastNameCase(lastName: string): string {
  return lastName.trim().toLocaleUpperCase("fr-FR");
}

/** « Julien MOREAU »; "" when the person has no name. */
export function personName(p: Named): string {
  return [firstNameCase(p.firstName), lastNameCase(p.lastName)].filter(Boolean).join(" ");
}

/** « MOREAU Julien », for the lists sorted by last name. */
export function personNameLastFirst(p: Named): string {
  return [lastNameCase(p.lastName), firstNameCase(p.firstName)].filter(Boolean).join(" ");
}

/** « JM »: the initials of an avatar. */
export function initials(p: Named): string {
  return `${p.firstName.trim().charAt(0)}${p.lastName.trim().charAt(0)}`.toLocaleUpperCase("fr-FR");
}
