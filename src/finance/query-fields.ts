import { parseReaderNumber } from './reader-number';

/**
 * Reading a tool's GET form back from its query string, field by field, the
 * same way for every tool (the financing simulator, rent or buy, the costs of
 * buying): one value per field, pt-BR numbers as readers type them
 * (reader-number.ts), and one Portuguese message per refused field. Each
 * tool's input module lists its fields and limits and calls these readers;
 * the messages a reader sees are written here once.
 */

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

const money = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const moneyWithCents = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const percent = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 4, useGrouping: false });

/** Whole reais as a message writes them: "100.000.000". */
export const reaisText = (cents: number) => money.format(cents / 100);

/** Centavos as a reader writes them in a form: "500.000", or "500.000,50" when there are centavos. */
export const moneyText = (cents: number) => (cents % 100 === 0 ? money : moneyWithCents).format(cents / 100);

/** A rate (a fraction) as a reader writes it in a form: 0.115 → "11,5". */
export const rateText = (fraction: number) => percent.format(fraction * 100);

/** Money as a normalized query writes it: plain digits, a dot before centavos ("500000", "500000.50"). */
export function moneyParam(cents: number): string {
  const reais = Math.trunc(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(reais) : `${reais}.${String(rest).padStart(2, '0')}`;
}

/** A rate as a normalized query writes it: percent, at most four decimals ("11.5"). */
export const rateParam = (fraction: number) => String(Number((fraction * 100).toFixed(4)));

export function numberMessage(reason: 'empty' | 'negative' | 'not-a-number', what: string, example: string): string {
  if (reason === 'empty') return `Informe ${what}.`;
  if (reason === 'negative') return 'O valor não pode ser negativo.';
  return `Não entendemos este número. ${example}`;
}

/**
 * The readers of one query's fields. Each returns the checked value, or null
 * when the field is absent or refused (and then `errors` says why, in the
 * reader's terms); `values` keeps what the reader typed, for the form shown back.
 *
 * @example
 * const read = queryFields<'valor'>(new URLSearchParams('valor=R$ 450 mil'), 40);
 * read.money('valor', 'o valor do imóvel', 100_000_000_00) // 45_000_000 (centavos)
 */
export function queryFields<F extends string>(params: URLSearchParams, maxFieldChars: number) {
  const values: Partial<Record<F, string>> = {};
  const errors: FieldErrors<F> = {};

  /** The field's one value ('' when absent: "Informe …"); null, with a message, when it is repeated or too long. */
  function single(field: F): string | null {
    const all = params.getAll(field);
    const value = all[0] ?? '';
    values[field] = value.length > maxFieldChars ? '' : value;
    if (all.length > 1) errors[field] = 'Este campo apareceu mais de uma vez no endereço. Informe um único valor.';
    else if (value.length > maxFieldChars) errors[field] = `Use no máximo ${maxFieldChars} caracteres.`;
    else return value;
    return null;
  }

  /** An amount of money in centavos, from 0 to `max`. */
  function moneyValue(text: string | null, field: F, what: string, max: number): number | null {
    if (text === null) return null;
    const parsed = parseReaderNumber(text);
    if (!parsed.ok) {
      errors[field] = numberMessage(parsed.reason, what, 'Use só números, como 450.000 ou 450.000,50.');
      return null;
    }
    const cents = parsed.value * 100;
    // "1.234,567": a third decimal is a typing slip, not a fraction of a centavo.
    if (Math.abs(cents - Math.round(cents)) > 1e-6) {
      errors[field] = 'Use no máximo duas casas decimais (centavos).';
      return null;
    }
    if (cents > max) {
      errors[field] = `Informe um valor de até R$ ${reaisText(max)}.`;
      return null;
    }
    return Math.round(cents);
  }

  /** A yearly rate from 0 to `maxPercent`, as a fraction (11,5 → 0.115), to four decimals of a percent. */
  function rateValue(text: string | null, field: F, what: string, maxPercent: number): number | null {
    if (text === null) return null;
    const parsed = parseReaderNumber(text, { dotIsDecimal: true });
    if (!parsed.ok) {
      errors[field] = numberMessage(parsed.reason, what, 'Use só números, como 11,5.');
      return null;
    }
    if (parsed.value > maxPercent) {
      errors[field] = `Informe uma taxa de 0 a ${maxPercent}% ao ano.`;
      return null;
    }
    // Four decimals of a percent: finer than any bank quotes, and one cache entry per rate.
    return Math.round(parsed.value * 10_000) / 1_000_000;
  }

  /** A whole number from `min` to `max`; `range` says it in words ("de 1 a 35 anos"). */
  function wholeValue(text: string | null, field: F, what: string, min: number, max: number, range: string): number | null {
    if (text === null) return null;
    const parsed = parseReaderNumber(text, { dotIsDecimal: true });
    if (!parsed.ok) {
      errors[field] = numberMessage(parsed.reason, what, `Use um número inteiro, ${range}.`);
      return null;
    }
    if (!Number.isInteger(parsed.value) || parsed.value < min || parsed.value > max) {
      errors[field] = `Informe um número inteiro ${range}.`;
      return null;
    }
    return parsed.value;
  }

  /** One of `options`; `fallback` when the field is there but empty (a hand-written link may leave it out: the form always sends it). */
  function choiceValue<T extends string>(text: string | null, field: F, options: readonly T[], fallback: T, message: string): T | null {
    if (text === null) return null;
    if (text === '') return fallback;
    const found = options.find((option) => option === text.trim().toLowerCase());
    if (!found) errors[field] = message;
    return found ?? null;
  }

  return {
    values,
    errors,
    single,
    money: (field: F, what: string, max: number) => moneyValue(single(field), field, what, max),
    rate: (field: F, what: string, maxPercent: number) => rateValue(single(field), field, what, maxPercent),
    whole: (field: F, what: string, min: number, max: number, range: string) => wholeValue(single(field), field, what, min, max, range),
    choice: <T extends string>(field: F, options: readonly T[], fallback: T, message: string) =>
      choiceValue(single(field), field, options, fallback, message),
    /** True when a field was refused. */
    refused: () => Object.keys(errors).length > 0,
  };
}
