import { foldText, foldWithOffsets } from './fold';
import { SNIPPET_ELLIPSIS } from './index-sql';

/**
 * FTS5's highlight() and snippet() wrap each matching word in two strings of
 * our choosing. These are two control characters: the indexed text never
 * holds one ({@link indexableText} removes them all before indexing), and they
 * are not HTML, so the text from D1 is never treated as markup. The page cuts
 * the returned text at the markers into plain strings, which React escapes,
 * and wraps the marked ones in <mark>: nothing read from D1 is ever injected
 * as HTML (src/pages/SearchPage.tsx).
 */
export const MARK_OPEN = '\u0002';
export const MARK_CLOSE = '\u0003';

/** One run of text: matched (highlighted) or not. */
export interface TextPart {
  text: string;
  marked: boolean;
}

/** The longest text a card shows from D1 (titles and passages are far shorter; stored data is not trusted). */
const MAX_SHOWN_CHARS = 400;

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * A highlighted text from D1, as parts. Markers that do not pair up (damaged
 * data) only change what is highlighted; any other control character is
 * dropped, and the whole is cut at {@link MAX_SHOWN_CHARS}.
 */
export function highlightParts(value: unknown): TextPart[] {
  if (typeof value !== 'string') return [];
  const parts: TextPart[] = [];
  let marked = false;
  let shown = 0;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the markers are control characters
  for (const piece of value.split(/([\u0002\u0003])/)) {
    if (piece === MARK_OPEN || piece === MARK_CLOSE) {
      marked = piece === MARK_OPEN;
      continue;
    }
    const text = Array.from(piece.replace(CONTROLS, ''))
      .slice(0, MAX_SHOWN_CHARS - shown)
      .join('');
    shown += Array.from(text).length;
    if (text === '') continue;
    const last = parts.at(-1);
    if (last && last.marked === marked) last.text += text;
    else parts.push({ text, marked });
    if (shown >= MAX_SHOWN_CHARS) break;
  }
  return parts;
}

/** Control characters (the markers among them) as spaces, runs of white space as one space. */
const cleanText = (text: string) => text.replace(CONTROLS, ' ').replace(/\s+/g, ' ').trim();

/**
 * Text as it is indexed: cleaned (control characters, the markers among
 * them, become spaces, and runs of white space one space), then each word in
 * the form the query's words are in (foldText, src/search/fold.ts): "8 m²" is
 * indexed as "8 m2". Used by the indexing scripts (src/search/document.ts).
 */
export const indexableText = (text: string) => foldText(cleanText(text));

/**
 * Parts highlighted by FTS5 in a field the card also has as written (the
 * title, the summary: both are in its list entry), shown as written. The
 * index holds the folded text, so highlight() and snippet() return "8 m2"
 * for "8 m²"; the returned text is found in the written field folded again
 * (the ellipses snippet() adds at a cut set aside), and the same span is
 * taken from the written field, with the same words marked (a mark inside a
 * folded word widens to the whole word). Parts not found there (damaged data,
 * a row written before text was folded) are kept as they are. A body's
 * passage has no written text at hand and is shown folded
 * (docs/decisions/028-search-passages-shown-as-indexed.md).
 */
export function asWritten(parts: TextPart[], written: string): TextPart[] {
  const source = cleanText(written);
  const { folded, sourceOffset } = foldWithOffsets(source);
  if (folded === source) return parts;
  const shown = parts.map((part) => part.text).join('');
  const lead = shown.startsWith(SNIPPET_ELLIPSIS) ? SNIPPET_ELLIPSIS.length : 0;
  const trail = shown.endsWith(SNIPPET_ELLIPSIS) ? SNIPPET_ELLIPSIS.length : 0;
  for (const [cutStart, cutEnd] of [
    [0, 0],
    [lead, 0],
    [0, trail],
    [lead, trail],
  ] as const) {
    const coreEnd = shown.length - cutEnd;
    if (coreEnd <= cutStart) continue;
    const at = folded.indexOf(shown.slice(cutStart, coreEnd));
    if (at < 0) continue;
    // Offsets in `shown` to offsets in `folded`, clipped to the part found.
    const inFolded = (offset: number) => at + Math.min(Math.max(offset, cutStart), coreEnd) - cutStart;
    const result: TextPart[] = [];
    const add = (text: string, marked: boolean) => {
      if (text === '') return;
      const last = result.at(-1);
      if (last && last.marked === marked) last.text += text;
      else result.push({ text, marked });
    };
    if (cutStart > 0) add(SNIPPET_ELLIPSIS, false);
    let from = sourceOffset(inFolded(cutStart), 'start');
    let end = 0;
    for (const [index, part] of parts.entries()) {
      end += part.text.length;
      // A marked part ends after its last word; an unmarked one where the next (marked) part's word starts.
      const last = index === parts.length - 1 || end >= coreEnd;
      const to = Math.max(from, sourceOffset(inFolded(last ? coreEnd : end), part.marked || last ? 'end' : 'start'));
      add(source.slice(from, to), part.marked);
      from = to;
      if (last) break;
    }
    if (cutEnd > 0) add(SNIPPET_ELLIPSIS, false);
    return result;
  }
  return parts;
}
