/**
 * The characters no text of the site may carry into a feed, a sitemap or a page, one at a time:
 *
 * - those XML 1.0 forbids, raw or as a reference (outside its `Char` production): the C0
 *   controls U+0000–U+001F except tab, line feed and carriage return, the noncharacters U+FFFE
 *   and U+FFFF, and lone surrogates (with the `u` flag a surrogate pair is one character, so
 *   only half of one matches). One of them makes the whole `/feed.xml` or `/sitemap-news.xml`
 *   not well-formed, and feed readers and Google News reject the file;
 * - DEL and the C1 controls, U+007F–U+009F: allowed by XML 1.0 but discouraged, a parse error
 *   in HTML, and in an editor's text always a mistake (mostly a Windows-1252 quote decoded as
 *   Latin-1).
 *
 * The editors' check refuses them (src/checking/folder/article-fields.ts), every read of stored text
 * cleans them out ({@link withoutUnsafeChars}), and {@link escapeXml} drops any left.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
export const UNSAFE_CHAR = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff\ud800-\udfff]/u;
const UNSAFE_CHARS = new RegExp(UNSAFE_CHAR.source, 'gu');
const TO_ESCAPE = new RegExp(`[<>&'"]|${UNSAFE_CHAR.source}`, 'gu');

/**
 * Stored text as the site may show it: each unsafe character (above) becomes a space, then
 * runs of white space become one and the ends are trimmed, so `"Casa\u000bnova"` reads
 * "Casa nova". Text without one is returned as it is. Linear in the text, whatever it holds.
 */
export function withoutUnsafeChars(value: string): string {
  if (!UNSAFE_CHAR.test(value)) return value;
  return value.replace(UNSAFE_CHARS, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * Text for XML (or HTML) text or attributes: `<>&'"` as numeric references, and any unsafe
 * character (above) dropped, so the result is always well-formed, whatever the input.
 */
export function escapeXml(value: string): string {
  return value.replace(TO_ESCAPE, (char) => (UNSAFE_CHAR.test(char) ? '' : `&#${char.charCodeAt(0)};`));
}
