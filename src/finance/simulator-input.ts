import { type AmortizationSystem, monthlyRateFromAnnual } from './amortization';
import { parseReaderNumber } from './reader-number';

/**
 * The simulator's form as a query string (`/simulador-de-financiamento?valor=…`):
 * read, checked and normalized here, for the route (src/routes/simulator.tsx)
 * and the cache key (the same normalized query: one entry per simulation,
 * however the reader typed it). The rules are in docs/product.md §5.
 */

export type SystemChoice = AmortizationSystem | 'ambos';
export type TermUnit = 'meses' | 'anos';

/** The form's fields, in the order of the form and of the normalized query. */
const FIELDS = ['valor', 'entrada', 'juros', 'prazo', 'unidade', 'sistema'] as const;
export type Field = (typeof FIELDS)[number];

/** A checked simulation. Money in centavos; the rate as a fraction (0.115 for 11,5% a.a.). */
export interface SimulatorInput {
  price: number;
  downPayment: number;
  annualRate: number;
  term: number;
  unit: TermUnit;
  system: SystemChoice;
}

export const LIMITS = {
  minPrice: 1_000_00,
  maxPrice: 100_000_000_00,
  /** Percent a year: above it no housing loan exists, and the arithmetic stops meaning much. */
  maxAnnualRatePercent: 30,
  /** 35 years: the longest term the SFH allows. */
  maxMonths: 420,
  /** A field's text: the longest sensible number is far shorter. */
  maxFieldChars: 40,
  /** The whole query: the form's six fields with room for tracking parameters. */
  maxQueryChars: 2048,
} as const;

/**
 * The empty form's values (docs/product.md §2, "Financing simulator"): a
 * R$ 500 mil home, 20% down (banks finance up to 80% under the SFH), 30
 * years, and 11,5% a.a., the newsroom's estimate for November 2026 of a
 * big bank's mortgage rate before TR (the source is in docs/product.md).
 */
export const DEFAULT_INPUT: SimulatorInput = {
  price: 500_000_00,
  downPayment: 100_000_00,
  annualRate: 0.115,
  term: 30,
  unit: 'anos',
  system: 'ambos',
};

export type SimulatorQuery =
  | { kind: 'empty' }
  | { kind: 'invalid'; values: Partial<Record<Field, string>>; errors: Partial<Record<Field, string>>; tooLong: boolean }
  | { kind: 'valid'; input: SimulatorInput; year: ChosenYear };

/**
 * The later year whose months a simulation shows (`ano`, written by that
 * year's link): from 2 to the simulation's last year. The first year is always
 * month by month; anything else (absent, repeated, not a year of this
 * simulation) is ignored, as a tracking parameter is: null.
 */
export type ChosenYear = number | null;

/** The months a simulation runs for. */
export const monthsOf = (input: SimulatorInput) => (input.unit === 'anos' ? input.term * 12 : input.term);
/** The amount financed, in centavos (0 when the down payment is the whole price). */
export const financedOf = (input: SimulatorInput) => input.price - input.downPayment;
export const monthlyRateOf = (input: SimulatorInput) => monthlyRateFromAnnual(input.annualRate);

const money = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const moneyWithCents = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const percent = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 4, useGrouping: false });
/** Centavos as a reader writes them in the form: "500.000", or "500.000,50" when there are centavos. */
const moneyText = (cents: number) => (cents % 100 === 0 ? money : moneyWithCents).format(cents / 100);

/** Reads the query string (`?` optional). Only the form's fields count; other parameters (utm_*) are ignored. */
export function parseSimulatorQuery(search: string): SimulatorQuery {
  const raw = search.startsWith('?') ? search.slice(1) : search;
  const params = new URLSearchParams(raw);
  const given = FIELDS.filter((field) => params.has(field));
  if (raw.length > LIMITS.maxQueryChars) return { kind: 'invalid', values: {}, errors: {}, tooLong: true };
  if (given.length === 0) return { kind: 'empty' };
  const values: Partial<Record<Field, string>> = {};
  const errors: Partial<Record<Field, string>> = {};
  const single = (field: Field): string | null => {
    const all = params.getAll(field);
    const value = all[0] ?? '';
    values[field] = value.length > LIMITS.maxFieldChars ? '' : value;
    if (all.length > 1) errors[field] = 'Este campo apareceu mais de uma vez no endereço. Informe um único valor.';
    else if (value.length > LIMITS.maxFieldChars) errors[field] = `Use no máximo ${LIMITS.maxFieldChars} caracteres.`;
    else return value;
    return null;
  };

  const price = moneyField(single('valor'), 'o valor do imóvel', errors, 'valor');
  if (price !== null && (price < LIMITS.minPrice || price > LIMITS.maxPrice))
    errors.valor = `Informe um valor entre R$ ${money.format(LIMITS.minPrice / 100)} e R$ ${money.format(LIMITS.maxPrice / 100)}.`;
  const downPayment = moneyField(single('entrada'), 'a entrada (0 se não houver)', errors, 'entrada');
  if (downPayment !== null && price !== null && errors.valor === undefined && downPayment > price)
    errors.entrada = 'A entrada não pode ser maior que o valor do imóvel.';

  const rate = rateField(single('juros'), errors);
  const unit = choice(single('unidade'), ['meses', 'anos'] as const, 'meses', 'unidade', 'Escolha meses ou anos.', errors);
  const term = termField(single('prazo'), unit, errors);
  const system = choice(
    single('sistema'),
    ['sac', 'price', 'ambos'] as const,
    'ambos',
    'sistema',
    'Escolha SAC, Price ou os dois.',
    errors,
  );

  if (Object.keys(errors).length > 0 || price === null || downPayment === null || rate === null || term === null || !unit || !system) {
    return { kind: 'invalid', values, errors, tooLong: false };
  }
  const input: SimulatorInput = { price, downPayment, annualRate: rate, term, unit, system };
  return { kind: 'valid', input, year: chosenYear(params.getAll('ano'), input) };
}

function chosenYear(given: string[], input: SimulatorInput): ChosenYear {
  const text = given.length === 1 ? given[0]!.trim() : '';
  if (!/^\d{1,3}$/.test(text)) return null;
  const year = Number(text);
  return year >= 2 && year <= Math.ceil(monthsOf(input) / 12) ? year : null;
}

type Errors = Partial<Record<Field, string>>;

function moneyField(text: string | null, what: string, errors: Errors, field: Field): number | null {
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
  if (cents > LIMITS.maxPrice) {
    errors[field] = `Informe um valor de até R$ ${money.format(LIMITS.maxPrice / 100)}.`;
    return null;
  }
  return Math.round(cents);
}

function rateField(text: string | null, errors: Errors): number | null {
  if (text === null) return null;
  const parsed = parseReaderNumber(text, { dotIsDecimal: true });
  if (!parsed.ok) {
    errors.juros = numberMessage(parsed.reason, 'a taxa de juros ao ano', 'Use só números, como 11,5.');
    return null;
  }
  if (parsed.value > LIMITS.maxAnnualRatePercent) {
    errors.juros = `Informe uma taxa de 0 a ${LIMITS.maxAnnualRatePercent}% ao ano.`;
    return null;
  }
  // Four decimals of a percent: finer than any bank quotes, and one cache entry per rate.
  return Math.round(parsed.value * 10_000) / 1_000_000;
}

function termField(text: string | null, unit: TermUnit | null, errors: Errors): number | null {
  if (text === null) return null;
  const parsed = parseReaderNumber(text, { dotIsDecimal: true });
  const most = unit === 'anos' ? LIMITS.maxMonths / 12 : LIMITS.maxMonths;
  const range = unit === 'anos' ? `de 1 a ${most} anos` : `de 1 a ${most} meses (35 anos)`;
  if (!parsed.ok) {
    errors.prazo = numberMessage(parsed.reason, 'o prazo', `Use um número inteiro, ${range}.`);
    return null;
  }
  if (!Number.isInteger(parsed.value) || parsed.value < 1 || parsed.value > most) {
    errors.prazo = `Informe um número inteiro ${range}.`;
    return null;
  }
  return parsed.value;
}

function choice<T extends string>(
  text: string | null,
  options: readonly T[],
  fallback: T,
  field: Field,
  message: string,
  errors: Errors,
): T | null {
  if (text === null) return null;
  // A hand-written link may leave it out: the form always sends it.
  if (text === '') return fallback;
  const found = options.find((option) => option === text.trim().toLowerCase());
  if (!found) errors[field] = message;
  return found ?? null;
}

function numberMessage(reason: 'empty' | 'negative' | 'not-a-number', what: string, example: string): string {
  if (reason === 'empty') return `Informe ${what}.`;
  if (reason === 'negative') return 'O valor não pode ser negativo.';
  return `Não entendemos este número. ${example}`;
}

/** Money as the query writes it: plain digits, a dot before centavos ("500000", "500000.5" never: "500000.50"). */
function moneyParam(cents: number): string {
  const reais = Math.trunc(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(reais) : `${reais}.${String(rest).padStart(2, '0')}`;
}

/** The normalized query of a simulation, with the year it shows open if any: the shareable address, a year's link, and the cache key. */
export function simulatorQuery(input: SimulatorInput, year: ChosenYear = null): string {
  const rate = Number((input.annualRate * 100).toFixed(4));
  const query = `valor=${moneyParam(input.price)}&entrada=${moneyParam(input.downPayment)}&juros=${rate}&prazo=${input.term}&unidade=${input.unit}&sistema=${input.system}`;
  return year === null ? query : `${query}&ano=${year}`;
}

/** The values the form shows for a checked simulation, as a reader writes them ("500.000", "11,5"). */
export function formValues(input: SimulatorInput): Record<Field, string> {
  return {
    valor: moneyText(input.price),
    entrada: moneyText(input.downPayment),
    juros: percent.format(input.annualRate * 100),
    prazo: String(input.term),
    unidade: input.unit,
    sistema: input.system,
  };
}
