/**
 * Reading the text files editors write (index.md, the author files in
 * content/autores/): bytes decoded as strict UTF-8, a leading BOM accepted,
 * and JSON mistakes explained in plain words with the line and column where
 * they are.
 */

/** What is wrong with a file and how to fix it (becomes a Problem). */
export interface TextFault {
  message: string;
  hint: string;
}

const BOM = [0xef, 0xbb, 0xbf];
const SAVE_AS_UTF8 = 'salve o arquivo como UTF-8 (no editor: "Salvar com codificação" ou "Salvar como…" → Codificação: UTF-8)';

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
    return { fault: { message: `${fileName} está salvo como UTF-16 ("Unicode"), e não UTF-8`, hint: SAVE_AS_UTF8 } };
  }
  const start = BOM.every((b, i) => bytes[i] === b) ? BOM.length : 0;
  const content = bytes.subarray(start);
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(content) };
  } catch {
    const at = firstInvalidUtf8(content);
    if (at < 0) return { fault: { message: `${fileName} não é UTF-8 válido`, hint: SAVE_AS_UTF8 } };
    let line = 1;
    for (let i = 0; i < at; i++) if (content[i] === 0x0a) line += 1;
    const byte = content[at]!;
    const hex = `0x${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    // Most such files come from Windows editors: say which letter the byte was meant to be.
    const meant = byte >= 0xa0 ? ` (em Windows-1252, "${new TextDecoder('windows-1252').decode(content.subarray(at, at + 1))}")` : '';
    return {
      fault: {
        message: `${fileName} não é UTF-8 válido: a linha ${line} tem o byte ${hex}${meant}; o arquivo deve ter sido salvo como Windows-1252/Latin-1`,
        hint: SAVE_AS_UTF8,
      },
    };
  }
}

const QUOTES = 'use aspas duplas retas " em volta de cada nome de campo e de cada texto';

/**
 * Why a text is not valid JSON, in the editor's words, with where: only called
 * once JSON.parse has failed (JSON.parse stays the judge; this only explains).
 */
export function explainJsonError(text: string, fileName: string, parseMessage: string): TextFault {
  let i = 0;
  const fault = (offset: number, what: string, hint: string): never => {
    const { line, column } = lineColumn(text, offset);
    throw Object.assign(new Error(), {
      fault: { message: `${fileName} não é um JSON válido: linha ${line}, coluna ${column}: ${what}`, hint },
    });
  };
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i += 1;
  };
  const unexpected = (expected: string, hint: string): never => {
    const c = text[i];
    if (c === undefined) return fault(i, `o arquivo acaba antes da hora (faltou ${expected})`, 'feche cada { com } e cada " com "');
    if (c === "'") return fault(i, 'aspas simples \' onde deveria haver aspas duplas "', QUOTES);
    if ('“”„‘’«»'.includes(c))
      return fault(
        i,
        `aspas curvas ${c} onde deveria haver aspas duplas retas "`,
        `${QUOTES} (desligue as "aspas inteligentes" do editor), ou copie um arquivo que já funciona`,
      );
    if (c === '/' || c === '#') return fault(i, 'um comentário: o JSON não aceita comentários', 'apague o comentário');
    return fault(i, `${JSON.stringify(c)} fora do lugar; faltou ${expected}`, hint);
  };
  const string = () => {
    const open = i;
    i += 1;
    for (;;) {
      const c = text[i];
      if (c === undefined) return fault(open, 'este texto não é fechado com "', 'ponha o " que fecha no fim do texto');
      if (c === '"') break;
      if (c === '\n' || c === '\r')
        return fault(
          i,
          'uma quebra de linha dentro de um texto (ou faltou o " que fecha)',
          'deixe cada texto numa linha só, e feche-o com "',
        );
      if (c < ' ') return fault(i, 'uma tabulação ou caractere de controle dentro de um texto', 'troque-o por um espaço');
      if (c === '\\') {
        const e = text[i + 1] ?? '';
        if ('"\\/bfnrt'.includes(e) && e !== '') i += 2;
        else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) i += 6;
        else return fault(i, `a barra invertida em \\${e} não é um escape válido`, 'escreva a barra invertida como \\\\, ou apague-a');
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
      fault(i, 'um texto sem aspas', 'ponha o texto entre aspas duplas: "…"');
      return;
    }
    unexpected('um valor', 'escreva um valor: "texto entre aspas duplas", um número, true, false ou null');
  };
  // Between items: a comma or the closing bracket; say which mistake is likeliest.
  const after = (close: '}' | ']', lastEnd: number) => {
    space();
    if (text[i] === ',' || text[i] === close) return;
    const between = text.slice(lastEnd, i);
    if (text[i] === '"' && between.includes('\n'))
      return fault(
        lastEnd,
        `falta uma vírgula depois deste ${close === '}' ? 'campo' : 'item'}`,
        'ponha uma vírgula no fim de cada linha, menos na do último campo',
      );
    if (text[lastEnd - 1] === '"' && !between.includes('\n') && text[i] !== undefined && text[i] !== '"') {
      return fault(
        lastEnd - 1,
        'aspas duplas " dentro de um texto encerram o texto antes da hora',
        'dentro de um texto, escreva as aspas como \\" ou use “ ”',
      );
    }
    return unexpected(`"," ou "${close}"`, `separe os ${close === '}' ? 'campos' : 'itens'} com vírgulas e termine com ${close}`);
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
          return fault(text.lastIndexOf(',', i), 'uma vírgula depois do último campo', 'apague a vírgula depois do último campo');
        if (text[i] !== undefined && /[\p{L}_$]/u.test(text[i]!))
          return fault(i, 'um nome de campo sem aspas duplas', 'ponha cada nome de campo entre aspas duplas, por exemplo "nome": "…"');
        unexpected('um nome de campo entre aspas duplas', 'escreva cada campo como "nome": valor');
      }
      string();
      space();
      if (text[i] !== ':') unexpected('":" depois do nome do campo', 'escreva cada campo como "nome": valor');
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
      if (text[i] === ']')
        return fault(text.lastIndexOf(',', i), 'uma vírgula depois do último item', 'apague a vírgula depois do último item');
    }
  };
  try {
    space();
    if (i === text.length) return { message: `${fileName} está vazio`, hint: 'escreva nele { "nome": "…", "cargo": "…", "bio": "…" }' };
    value();
    space();
    if (i < text.length) fault(i, 'há mais texto depois do } que fecha', `${fileName} tem um só { … }: apague o que vem depois`);
  } catch (thrown) {
    if (thrown && typeof thrown === 'object' && 'fault' in thrown) return (thrown as { fault: TextFault }).fault;
    throw thrown;
  }
  // The explainer found nothing: fall back to the parser's own words.
  return {
    message: `${fileName} não é um JSON válido (${parseMessage})`,
    hint: 'corrija o JSON: nomes de campo e textos entre aspas duplas, vírgulas entre os campos',
  };
}

/** A list for a message: "a, b, c or d". */
export const orList = (items: readonly string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} ou ${items.at(-1)}`;
