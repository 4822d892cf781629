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
export const MAX_SHOWN_CHARS = 400;

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

/** Whether any part is highlighted: a passage without a match is not worth showing. */
export const hasMatch = (parts: readonly TextPart[]) => parts.some((part) => part.marked);

/**
 * Text as it is indexed: control characters (the markers among them) become
 * spaces, and runs of white space one space. Used by the indexing scripts.
 */
export const indexableText = (text: string) => text.replace(CONTROLS, ' ').replace(/\s+/g, ' ').trim();
