/**
 * The one form text is searched in, on both sides: the reader's words
 * (src/search/query.ts) and the indexed text (src/search/document.ts, through
 * indexableText in src/search/highlight.ts) go through {@link foldText}, so a
 * word is found however it was typed. FTS5's tokenizer (unicode61,
 * remove_diacritics 2) then folds case and accents on both sides alike, but
 * it keeps compatibility characters as they are: "m²" would be the token
 * "m²", never "m2", and "1º" the token "1º". NFKC gives their plain forms:
 * "²" is "2", "º" is "o", "ª" is "a", "ﬁ" is "fi", full-width "ｍ２" is "m2".
 *
 * Only words are folded: runs of letters, digits and marks, the same runs
 * the query is cut into. Everything between them (punctuation, symbols,
 * spaces) is left as written, so a passage shown from the index keeps its
 * "…" and "™" (NFKC of the whole text would show "..." and "TM"); a symbol
 * is no word on either side, so matching loses nothing by it.
 */

/** A word: letters, digits and marks (the query's words are these runs, src/search/query.ts). */
export const WORD_RUNS = /[\p{L}\p{N}\p{M}]+/gu;

/** One word's form. */
const wordForm = (word: string) => word.normalize('NFKC');

/** Text folded, and the way back to where each part of it came from. */
export interface FoldedText {
  folded: string;
  /**
   * The offset in the source text of an offset in the folded text. Inside a
   * word that folding changed, it is the word's start (`side` 'start') or
   * its end ('end'): a highlight is widened to whole words, never cut.
   */
  sourceOffset(offset: number, side: 'start' | 'end'): number;
}

/** {@link foldText}, with the offsets back to the source (src/search/highlight.ts shows a passage as written). */
export function foldWithOffsets(source: string): FoldedText {
  /** The words that folding changed: [source start, source end, folded start, folded end]. */
  const changed: [number, number, number, number][] = [];
  let folded = '';
  let copied = 0;
  for (const match of source.matchAll(WORD_RUNS)) {
    const word = match[0];
    const form = wordForm(word);
    if (form === word) continue;
    folded += source.slice(copied, match.index);
    changed.push([match.index, match.index + word.length, folded.length, folded.length + form.length]);
    folded += form;
    copied = match.index + word.length;
  }
  folded += source.slice(copied);
  return {
    folded,
    sourceOffset(offset, side) {
      let shift = 0;
      for (const [sourceStart, sourceEnd, foldedStart, foldedEnd] of changed) {
        if (offset <= foldedStart) break;
        if (offset < foldedEnd) return side === 'start' ? sourceStart : sourceEnd;
        shift = sourceEnd - foldedEnd;
      }
      return offset + shift;
    },
  };
}

/** Text in its searched form: each word in Unicode NFKC, the rest as it is. Case is left to the caller (and to FTS5). */
export const foldText = (text: string) => foldWithOffsets(text).folded;
