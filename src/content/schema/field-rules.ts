import * as v from 'valibot';
import { UNSAFE_CHAR } from '#src/lib/escape-xml.ts';

/**
 * The pieces the article and author schemas (article-schema.ts,
 * author-schema.ts) are built of, with valibot: a field's rule (its type,
 * form and limits) and, for each way it can fail, the message an editor gets
 * and its fix. The editors' check reports every failure (src/checking/
 * folder/article-fields.ts); the worker, reading a stored value, drops a bad
 * optional field and logs the same message (read-fields.ts).
 */

/** A message joined to its fix, as one valibot issue message (see {@link heard}). */
const FIX = '\n  fix: ';

/** What is wrong and how to fix it, as a rule's failure says it. */
export const said = (message: string, fix: string) => `${message}${FIX}${fix}`;

/** A failure's message and fix, split again. */
export function heard(text: string): { message: string; fix: string } {
  const at = text.indexOf(FIX);
  return at < 0 ? { message: text, fix: '' } : { message: text.slice(0, at), fix: text.slice(at + FIX.length) };
}

/** A text in quotes for a message, as JSON writes it, cut short past 100 characters (a stored value may be any length). */
export const quoted = (text: string) => JSON.stringify(text.length > 100 ? `${text.slice(0, 100)}…` : text);

/** A JSON value, named for a message: "the number 12", "a list [ … ]", "true". */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'uma lista [ … ]';
  if (typeof value === 'object') return 'um objeto { … }';
  if (typeof value === 'number') return `o número ${value}`;
  return typeof value === 'string' ? quoted(value) : String(value);
}

/** One field of an article or an author, as the schema describes it. */
export interface FieldSpec {
  /** The field's type, form and limits: each failure carries the editor's message and fix ({@link said}). */
  rule: v.GenericSchema;
  /** Required: absent (or blank, for a text whose `blankIsMissing`), this is the failure; the reader then refuses the entry. */
  required?: string;
  /** A blank text counts as absent (the title, the summary). */
  blankIsMissing?: boolean;
  /** What a reader needs of a required field, when it is less than the rule: a stored title of any length still shows. */
  read?: v.GenericSchema;
  /**
   * A text, of one line or of paragraphs: trimmed as it is published; as it is
   * read, cleaned of the characters no feed may carry (src/lib/escape-xml.ts)
   * and, on one line, of tabs and line breaks (read-fields.ts).
   */
  text?: 'line' | 'paragraph';
  /** Checked only once the rule holds, and only by the editors' check: each failure is a warning. */
  advice?: v.GenericSchema;
  /** The editor gives a file: the check reads it and stores the published file's name, which is what the rule describes. */
  file?: boolean;
  /** A text's length limits, in characters once trimmed (what the rule enforces): the newsroom's form shows them. */
  limits?: TextLimits;
  /** Other names editors (or other systems) give the field, so the check can say which field a key means: "title", "tags". */
  aliases?: readonly string[];
}

/** A rule between fields: `field` holds only if `holds`; checked once `field` and the fields it `needs` are valid. */
export interface Relation<T> {
  field: keyof T & string;
  needs: readonly (keyof T & string)[];
  holds: (fields: Partial<T>) => boolean;
  fails: (fields: Partial<T>) => string;
}

/** The configuration both sides run a rule with: the first failure of a rule is the one reported. */
export const FIRST_FAILURE = { abortPipeEarly: true } as const;

/** Whether a value stands for a field the article does not give. */
export const isAbsent = (spec: FieldSpec, value: unknown) =>
  value === undefined || (spec.blankIsMissing === true && typeof value === 'string' && value.trim() === '');

// Texts.

export interface TextLimits {
  min: number;
  max: number;
}

interface TextOptions {
  /** An example value, as written in the file: `"Foto: Ana Lima/Folhapress"`. */
  example: string;
  /** The fix for a text over the limit. */
  tooLong?: string;
  /** May run over lines: a tab or a line break is only white space (a correction note, a bio); every other text is one line. */
  paragraph?: boolean;
}

const ONE_LINE_FAULT = new RegExp(`${UNSAFE_CHAR.source}|[\\t\\n\\r]`, 'u');
const codeOf = (codePoint: number) => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;

/** What U+0080–U+009F stand for in Windows-1252 (where it has a character): a C1 control in an editor's text is nearly always one of them decoded as Latin-1. */
const WINDOWS_1252 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/** A character a text may not hold, named for a message. */
function unsafeName(codePoint: number): string {
  if (codePoint === 0x09) return 'uma tabulação';
  if (codePoint === 0x0a || codePoint === 0x0d) return `uma quebra de linha (${codeOf(codePoint)})`;
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return `metade de um emoji ou símbolo (o surrogate isolado ${codeOf(codePoint)})`;
  if (codePoint >= 0xfffe) return `o não caractere ${codeOf(codePoint)}`;
  return `um caractere de controle invisível (${codeOf(codePoint)})`;
}

/** How to fix a character a text may not hold. */
function unsafeFix(codePoint: number, field: string): string {
  if (codePoint === 0x09 || codePoint === 0x0a || codePoint === 0x0d) return `troque por um espaço: "${field}" ocupa uma só linha`;
  const meant = codePoint >= 0x80 && codePoint <= 0x9f ? WINDOWS_1252[codePoint - 0x80]! : '';
  if (meant.charCodeAt(0) > 0x9f)
    return `provavelmente é um ${meant} de um texto salvo como Windows-1252: escreva ${meant} no lugar (ou apague)`;
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) {
    return 'escreva o caractere inteiro (num escape \\u entre aspas duplas, as duas metades, p. ex. "\\uD83C\\uDFE0" para 🏠), ou apague';
  }
  const written = `\\u${codePoint.toString(16).padStart(4, '0')}`;
  const why =
    codePoint >= 0x7f && codePoint <= 0x9f
      ? 'ele aparece como nada, ou como um quadradinho'
      : 'leitores de feed e o Google News recusam um feed ou sitemap que tenha um';
  return `apague (no arquivo ele pode estar escrito ${written}), pondo um espaço no lugar se ficava entre duas palavras: ${why}`;
}

/**
 * The characters a text may not hold, said as one failure naming the first
 * (what it is, the character number, the text before it) and how many follow:
 * those no feed or sitemap may carry (src/lib/escape-xml.ts), and in a
 * one-line text a tab or a line break.
 */
function unsafeChars(value: string, field: string, paragraph: boolean): string {
  // By code point, as an editor counts characters (a lone surrogate is one).
  const chars = Array.from(value);
  const found = chars.flatMap((char, i) => (UNSAFE_CHAR.test(char) || (!paragraph && '\t\n\r'.includes(char)) ? [i] : []));
  const at = found[0] ?? 0;
  const codePoint = chars[at]!.codePointAt(0)!;
  const before = chars.slice(Math.max(0, at - 20), at).join('');
  const where = at === 0 ? 'no início' : `no caractere ${at + 1}, depois de "${at > 20 ? '…' : ''}${before}"`;
  const more = found.length > 1 ? ` (e mais ${found.length - 1} depois dele)` : '';
  return said(`o campo "${field}" tem ${unsafeName(codePoint)} ${where}${more}`, unsafeFix(codePoint, field));
}

/** A value that is not a string, where a text is expected. */
const notText = (field: string, example: string) => (issue: { input: unknown }) =>
  said(
    `o campo "${field}" é ${describeValue(issue.input)}, e não um texto entre aspas`,
    `escreva o texto entre aspas duplas: "${field}": ${example}`,
  );

/**
 * A text of plain words: a string, with no character a feed may not carry (and
 * on one line, unless `paragraph`), of `min`–`max` characters once trimmed.
 * Extra spaces or markup are only advice.
 */
export function plainText(
  field: string,
  { min, max }: TextLimits,
  { example, tooLong = 'encurte o texto', paragraph = false }: TextOptions,
) {
  const fault = paragraph ? UNSAFE_CHAR : ONE_LINE_FAULT;
  return {
    text: paragraph ? 'paragraph' : 'line',
    limits: { min, max },
    rule: v.pipe(
      v.string(notText(field, example)),
      v.check(
        (value) => !fault.test(value),
        (issue) => unsafeChars(issue.input, field, paragraph),
      ),
      v.check(
        (value) => {
          const length = value.trim().length;
          return length >= min && length <= max;
        },
        (issue) => {
          const length = issue.input.trim().length;
          return said(
            `o campo "${field}" tem ${length} caracteres; o esperado é de ${min} a ${max}`,
            length > max ? tooLong : `escreva um texto mais completo, p. ex. ${example}`,
          );
        },
      ),
    ),
    advice: v.pipe(
      v.string(),
      v.check(
        (value) => value === value.trim() && !/\s{2,}|<[a-z/]/i.test(value),
        said(`o campo "${field}" tem espaços a mais ou marcação`, 'use texto simples, com um espaço entre as palavras'),
      ),
    ),
  } satisfies FieldSpec;
}

/**
 * A text every article (or author) gives: absent or blank, it is missing; a
 * reader needs only some text, of any length, to show the page.
 */
export function requiredText(field: string, limits: TextLimits, options: TextOptions & { missing: string }) {
  return {
    ...plainText(field, limits, options),
    required: options.missing,
    blankIsMissing: true,
    read: v.string(notText(field, options.example)),
  } satisfies FieldSpec;
}
