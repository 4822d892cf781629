/**
 * Reading the text files editors write (article.json, body.html): bytes decoded
 * as strict UTF-8, a leading BOM accepted, and JSON mistakes explained in plain
 * words with the line and column where they are.
 */

/** What is wrong with a file and how to fix it (becomes a Problem). */
export interface TextFault {
  message: string;
  hint: string;
}

const BOM = [0xef, 0xbb, 0xbf];
const SAVE_AS_UTF8 = 'save the file as UTF-8 (in your editor: "Save with encoding" or "Save as…" → Encoding: UTF-8)';

/** 1-based line and column of a character offset in a text. */
function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/** Offset of the first byte that does not belong to a valid UTF-8 sequence, or -1. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i += 1;
      continue;
    }
    // Length of the sequence and the range of its second byte (no overlongs, no surrogates).
    let length: number;
    let [low, high] = [0x80, 0xbf];
    if (b >= 0xc2 && b <= 0xdf) length = 2;
    else if (b >= 0xe0 && b <= 0xef) {
      length = 3;
      if (b === 0xe0) low = 0xa0;
      if (b === 0xed) high = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      length = 4;
      if (b === 0xf0) low = 0x90;
      if (b === 0xf4) high = 0x8f;
    } else return i;
    for (let k = 1; k < length; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < (k === 1 ? low : 0x80) || c > (k === 1 ? high : 0xbf)) return i;
    }
    i += length;
  }
  return -1;
}

/**
 * Decodes a file's bytes as UTF-8, strictly: a file saved in another encoding
 * (Windows-1252, UTF-16) is refused rather than published with replacement
 * characters. A leading UTF-8 BOM (added by some Windows editors) is dropped.
 */
export function decodeUtf8(bytes: Uint8Array, fileName: string): { text: string } | { fault: TextFault } {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return { fault: { message: `${fileName} is saved as UTF-16 ("Unicode"), not UTF-8`, hint: SAVE_AS_UTF8 } };
  }
  const start = BOM.every((b, i) => bytes[i] === b) ? BOM.length : 0;
  const content = bytes.subarray(start);
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(content) };
  } catch {
    const at = firstInvalidUtf8(content);
    if (at < 0) return { fault: { message: `${fileName} is not valid UTF-8`, hint: SAVE_AS_UTF8 } };
    let line = 1;
    for (let i = 0; i < at; i++) if (content[i] === 0x0a) line += 1;
    const byte = content[at]!;
    const hex = `0x${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    // Most such files come from Windows editors: say which letter the byte was meant to be.
    const meant = byte >= 0xa0 ? ` (in Windows-1252, "${new TextDecoder('windows-1252').decode(content.subarray(at, at + 1))}")` : '';
    return {
      fault: {
        message: `${fileName} is not valid UTF-8: line ${line} has the byte ${hex}${meant}; it was probably saved as Windows-1252/Latin-1`,
        hint: SAVE_AS_UTF8,
      },
    };
  }
}

const QUOTES = 'use straight double quotes " around every key and text';

/**
 * Why a text is not valid JSON, in the editor's words, with where: only called
 * once JSON.parse has failed (JSON.parse stays the judge; this only explains).
 */
export function explainJsonError(text: string, fileName: string, parseMessage: string): TextFault {
  let i = 0;
  const fault = (offset: number, what: string, hint: string): never => {
    const { line, column } = lineColumn(text, offset);
    throw Object.assign(new Error(), {
      fault: { message: `${fileName} is not valid JSON: line ${line}, column ${column}: ${what}`, hint },
    });
  };
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i += 1;
  };
  const unexpected = (expected: string, hint: string): never => {
    const c = text[i];
    if (c === undefined) return fault(i, `the file ends too early (${expected} expected)`, 'close every { with } and every " with "');
    if (c === "'") return fault(i, 'single quote \' where a double quote " is expected', QUOTES);
    if ('“”„‘’«»'.includes(c))
      return fault(
        i,
        `typographic quote ${c} where a straight double quote " is expected`,
        `${QUOTES} (turn off "smart quotes"), or copy an existing article.json`,
      );
    if (c === '/' || c === '#') return fault(i, 'a comment: JSON has no comments', 'remove the comment');
    return fault(i, `unexpected ${JSON.stringify(c)}, ${expected} expected`, hint);
  };
  const string = () => {
    const open = i;
    i += 1;
    for (;;) {
      const c = text[i];
      if (c === undefined) return fault(open, 'this text is never closed with "', 'add the closing " at the end of the text');
      if (c === '"') break;
      if (c === '\n' || c === '\r')
        return fault(i, 'a line break inside a text (or a missing closing ")', 'keep each text on one line, and close it with "');
      if (c < ' ') return fault(i, 'a tab or control character inside a text', 'replace it with a space');
      if (c === '\\') {
        const e = text[i + 1] ?? '';
        if ('"\\/bfnrt'.includes(e) && e !== '') i += 2;
        else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) i += 6;
        else return fault(i, `the backslash in \\${e} is not a valid escape`, 'write a backslash as \\\\, or remove it');
        continue;
      }
      i += 1;
    }
    i += 1;
  };
  const value = (): void => {
    space();
    const c = text[i];
    if (c === '{') {
      object();
      return;
    }
    if (c === '[') {
      array();
      return;
    }
    if (c === '"') {
      string();
      return;
    }
    const literal = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i));
    if (literal) {
      i += literal[0].length;
      return;
    }
    if (c !== undefined && /[\p{L}\d]/u.test(c)) {
      fault(i, 'a text without quotes', 'put the text in double quotes: "…"');
      return;
    }
    unexpected('a value', 'write a value: "text in double quotes", a number, true, false or null');
  };
  // Between items: a comma or the closing bracket; say which mistake is likeliest.
  const after = (close: '}' | ']', lastEnd: number) => {
    space();
    if (text[i] === ',' || text[i] === close) return;
    const between = text.slice(lastEnd, i);
    if (text[i] === '"' && between.includes('\n'))
      return fault(
        lastEnd,
        `a comma is missing after this ${close === '}' ? 'field' : 'item'}`,
        'put a comma at the end of every line but the last field',
      );
    if (text[lastEnd - 1] === '"' && !between.includes('\n') && text[i] !== undefined && text[i] !== '"') {
      return fault(
        lastEnd - 1,
        'a double quote " inside a text ends the text early',
        'inside a text, write a double quote as \\" or use “ ”',
      );
    }
    return unexpected(`"," or "${close}"`, `separate the ${close === '}' ? 'fields' : 'items'} with commas and end with ${close}`);
  };
  const object = () => {
    i += 1;
    space();
    if (text[i] === '}') {
      i += 1;
      return;
    }
    for (;;) {
      space();
      if (text[i] !== '"') {
        if (text[i] === '}')
          return fault(text.lastIndexOf(',', i), 'a comma after the last field', 'remove the comma after the last field');
        if (text[i] !== undefined && /[\p{L}_$]/u.test(text[i]!))
          return fault(i, 'a key without double quotes', 'put every key in double quotes, e.g. "titulo": "…"');
        unexpected('a key in double quotes', 'write each field as "key": value');
      }
      string();
      space();
      if (text[i] !== ':') unexpected('":" after the key', 'write each field as "key": value');
      i += 1;
      value();
      const end = i;
      after('}', end);
      if (text[i] === '}') {
        i += 1;
        return;
      }
      i += 1;
    }
  };
  const array = () => {
    i += 1;
    space();
    if (text[i] === ']') {
      i += 1;
      return;
    }
    for (;;) {
      value();
      after(']', i);
      if (text[i] === ']') {
        i += 1;
        return;
      }
      i += 1;
      space();
      if (text[i] === ']') return fault(text.lastIndexOf(',', i), 'a comma after the last item', 'remove the comma after the last item');
    }
  };
  try {
    space();
    if (i === text.length)
      return { message: `${fileName} is empty`, hint: 'write { "titulo": "…", "descricao": "…", "data": "YYYY-MM-DD" } in it' };
    value();
    space();
    if (i < text.length) fault(i, 'more text after the closing }', `${fileName} holds a single { … }: remove what follows it`);
  } catch (thrown) {
    if (thrown && typeof thrown === 'object' && 'fault' in thrown) return (thrown as { fault: TextFault }).fault;
    throw thrown;
  }
  // The explainer found nothing: fall back to the parser's own words.
  return {
    message: `${fileName} is not valid JSON (${parseMessage})`,
    hint: 'fix the JSON: keys and texts in double quotes, commas between fields',
  };
}

/** A list for a message: "a, b, c or d". */
export const orList = (items: readonly string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} ou ${items.at(-1)}`;
