/**
 * Numbers as a Brazilian reader types them into the simulator's form
 * (docs/product.md §5, "Simulator"): "1.234.567,89", "1234567,89",
 * "1234567.89", "R$ 500 mil", "1,2 milhão", "11,5%". The rules, in order:
 *
 * - "R$", "%", spaces and a trailing "mil" / "milhão" / "milhões" / "mi" are
 *   set aside (the words multiply by 1,000 and 1,000,000).
 * - With a comma: the comma is the decimal mark and dots group thousands
 *   (in threes: "1.234,5" yes, "12.34,5" no).
 * - Dots alone: "1.234" and "1.234.567" (groups of three) are thousands, as
 *   in pt-BR; any other single dot ("1234567.89", "11.5") is a decimal point.
 *   `dotIsDecimal` makes every single dot decimal (a rate: nobody writes
 *   "1.000%"), so "11.500" is 11.5 there.
 * - Anything else (letters, two commas, a sign) is not a number.
 */
export type ReaderNumber = { ok: true; value: number } | { ok: false; reason: 'empty' | 'negative' | 'not-a-number' };

const SCALES: readonly [RegExp, number][] = [
  [/\s*(milhões|milhoes|milhão|milhao|mi)$/i, 1_000_000],
  [/\s*mil$/i, 1_000],
];

const PLAIN = /^\d+$/;
const DECIMAL_COMMA = /^(\d{1,3}(?:\.\d{3})+|\d+),(\d+)$/;
const THOUSANDS_DOTS = /^\d{1,3}(?:\.\d{3})+$/;
const DECIMAL_DOT = /^\d+\.\d+$/;

export function parseReaderNumber(raw: string, { dotIsDecimal = false }: { dotIsDecimal?: boolean } = {}): ReaderNumber {
  let text = raw
    .replace(/[\s\u00a0]+/g, ' ')
    .trim()
    .replace(/^R\$\s*/i, '')
    .replace(/\s*%$/, '');
  if (text === '') return { ok: false, reason: 'empty' };
  if (/^[-−]/.test(text)) return { ok: false, reason: 'negative' };
  let scale = 1;
  for (const [word, factor] of SCALES) {
    if (word.test(text)) {
      text = text.replace(word, '');
      scale = factor;
      break;
    }
  }
  const value = digitsValue(text, dotIsDecimal);
  if (value === null) return { ok: false, reason: 'not-a-number' };
  return { ok: true, value: value * scale };
}

function digitsValue(text: string, dotIsDecimal: boolean): number | null {
  if (PLAIN.test(text)) return Number(text);
  const comma = DECIMAL_COMMA.exec(text);
  if (comma) return Number(`${comma[1]!.replaceAll('.', '')}.${comma[2]}`);
  if (!dotIsDecimal && THOUSANDS_DOTS.test(text)) return Number(text.replaceAll('.', ''));
  if (DECIMAL_DOT.test(text)) return Number(text);
  return null;
}
