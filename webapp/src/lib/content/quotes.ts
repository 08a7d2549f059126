// Motivational quotes of the home page: real quotes, in their usual French wording, with their
// author and, where it helps, the work they come from. One is drawn at random per visit.

import { frenchSpacing } from "../typography";
import rawQuoteList from "./quotes.json";

export type Quote = { text: string; author: string; source?: string };

// The list itself is data (quotes.json, one quote a line).
const rawQuotes: readonly Quote[] = rawQuoteList;

/** The quotes with French typography: a non-breaking space before « : ; ! ? » and « % ». */
export const quotes: readonly Quote[] = rawQuotes.map((q) => ({ ...q, text: frenchSpacing(q.text) }));

/** One quote, drawn at random (random in [0, 1) can be injected for tests). */
export function randomQuote(random: () => number = Math.random): Quote {
  const index = Math.min(quotes.length - 1, Math.floor(random() * quotes.length));
  return quotes[index]!;
}
