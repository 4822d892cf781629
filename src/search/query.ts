import { foldText, WORD_RUNS } from './fold';

/**
 * A reader's search text, turned into something FTS5 can only read as plain
 * words. Nothing the reader types reaches the MATCH expression as syntax:
 * the text is cut into words (letters, digits and marks; everything else,
 * FTS5's operators, quotes, `*`, `:`, parentheses and control characters
 * included, separates words), and each word is written as a quoted prefix
 * (`"financ"*`). Quoted, `AND`, `OR`, `NOT` and `NEAR` are words like any
 * other, and a column filter (`titulo:`) is the word "titulo".
 *
 * The words are put in one form (the indexed text's, foldText in
 * src/search/fold.ts: Unicode NFKC, so "m²" is "m2" on both sides; then lower
 * case, one space between them, each once), and the page is rendered from
 * that form alone, never from the raw text: so "Decoração  FINANCIAMENTO!"
 * and "decoração financiamento" are one page, and the edge cache keys search
 * pages by it (src/search/cache-key.ts). Accents stay in the form, so the
 * page can show the words as written; the index's tokenizer (unicode61,
 * remove_diacritics 2) folds them when matching, so "decoracao" finds
 * "Decoração" all the same.
 */

/** Longer searches are refused: no reader types this much into a search box, and the bound keeps the work small. */
export const MAX_QUERY_CHARS = 200;
/** Words beyond these are left out (the page says so): each one is another index lookup. */
export const MAX_TERMS = 8;
/** A longer word is cut here; as a prefix it still finds the word. */
const MAX_TERM_CHARS = 40;
/** One-letter words ("a", "e", "o") are left out: as prefixes they would match nearly every article. */
const MIN_TERM_CHARS = 2;

export type SearchQuery =
  /** Nothing typed: the page invites a search. */
  | { kind: 'empty' }
  /** Too long: refused with a message (400). */
  | { kind: 'too-long' }
  /** Typed, but not one word of two letters or more (only signs, or single letters). */
  | { kind: 'no-terms' }
  | {
      kind: 'terms';
      /** The words searched, in their one form. */
      terms: string[];
      /** The words joined by a space: what the page shows, its links and the cache key use. */
      normalized: string;
      /** The FTS5 MATCH expression: every word as a quoted prefix, all required. */
      match: string;
      /** True when words past {@link MAX_TERMS} were left out. */
      truncated: boolean;
    };

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** A word's one form: the indexed text's (NFKC: "ﬁ" is "fi", "m²" is "m2"), lower case. */
const foldWord = (word: string) => foldText(word).toLowerCase();

/** The first `max` characters (code points, so a surrogate pair is never cut in half). */
const firstChars = (text: string, max: number) => Array.from(text).slice(0, max).join('');

/** Reads the `q` parameter (undefined when absent). */
export function parseSearchQuery(raw: string | undefined): SearchQuery {
  const text = (raw ?? '').replace(CONTROL, ' ').trim();
  if (text === '') return { kind: 'empty' };
  // Counted before anything else is done with it: a 10 KB string costs one length check.
  if (Array.from(text).length > MAX_QUERY_CHARS) return { kind: 'too-long' };
  // The words are the runs foldText folds in the indexed text, so each is in the index's form.
  const words = (text.match(WORD_RUNS) ?? [])
    .map((word) => firstChars(foldWord(word), MAX_TERM_CHARS))
    .filter((word) => Array.from(word).length >= MIN_TERM_CHARS);
  const unique = [...new Set(words)];
  if (unique.length === 0) return { kind: 'no-terms' };
  const terms = unique.slice(0, MAX_TERMS);
  return {
    kind: 'terms',
    terms,
    normalized: terms.join(' '),
    // Words hold only letters, digits and marks, so no quote can be inside; doubled anyway, as FTS5 escapes one.
    match: terms.map((term) => `"${term.replaceAll('"', '""')}"*`).join(' '),
    truncated: unique.length > MAX_TERMS,
  };
}

/** Result pages a search may have: deeper pages cost more, and a reader refines the search long before. */
export const MAX_SEARCH_PAGES = 50;

/**
 * The `pagina` parameter: 1 when absent, else a whole number from 1 to
 * {@link MAX_SEARCH_PAGES}; null for anything else (the page answers 404).
 */
export function parseSearchPage(raw: string | undefined): number | null {
  if (raw === undefined) return 1;
  if (!/^[1-9]\d{0,2}$/.test(raw)) return null;
  const page = Number(raw);
  return page <= MAX_SEARCH_PAGES ? page : null;
}
