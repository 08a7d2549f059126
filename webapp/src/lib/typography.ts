/**
 * French typography for running text: the space before « : ; ! ? % » becomes non-breaking, so
 * the sign never starts a line on its own.
 */
export function frenchSpacing(text: string): string {
  return text.replace(/ ([:;!?%»])/g, "\u00a0$1").replace(/« /g, "«\u00a0");
}
