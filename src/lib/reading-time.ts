/** Words per minute of docs/product.md §9. */
export const WORDS_PER_MINUTE = 200;

/**
 * Reading time in whole minutes, exactly as docs/product.md §9 defines it: tags stripped,
 * words split on whitespace, divided by 200, rounded up, at least 1; 1 with no body.
 *
 * @example readingTimeMinutes('<p>um dois três</p>') // 1
 */
export function readingTimeMinutes(html: string | null | undefined): number {
  if (!html) return 1;
  return minutesFor(countWords(html));
}

/** The minutes a reader is told for this many words (the same rounding as {@link readingTimeMinutes}). */
export const minutesFor = (words: number) => Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));

const TAG_START = 0x3c; // <
/** Matches one character of JavaScript's `\s`, the separator of the split in docs/product.md §9. */
const SPACE = /\s/;

/**
 * The number of words `html.replace(/<[^>]*>/g, ' ').split(/\s+/).filter(Boolean)`
 * would give, counted in one pass without building the stripped text and the
 * word array (for an article body that was a twentieth of the page's render).
 * A tag is `<` up to the next `>` and separates words; a `<` with no `>` after
 * it is text, as in the regular expression.
 */
export function countWords(html: string): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < html.length; i++) {
    const code = html.charCodeAt(i);
    if (code === TAG_START) {
      const end = html.indexOf('>', i + 1);
      if (end !== -1) {
        inWord = false;
        i = end;
        continue;
      }
    }
    if (isSpace(code)) inWord = false;
    else if (!inWord) {
      inWord = true;
      words++;
    }
  }
  return words;
}

function isSpace(code: number): boolean {
  if (code === 0x20 || (code >= 0x09 && code <= 0x0d)) return true;
  return code >= 0xa0 && SPACE.test(String.fromCharCode(code));
}
