import { type AmortizationSystem, monthlyRateFromAnnual } from './amortization';
import { moneyParam, moneyText, queryFields, rateParam, rateText, reaisText } from './query-fields';

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

/** Reads the query string (`?` optional). Only the form's fields count; other parameters (utm_*) are ignored. */
export function parseSimulatorQuery(search: string): SimulatorQuery {
  const raw = search.startsWith('?') ? search.slice(1) : search;
  const params = new URLSearchParams(raw);
  const given = FIELDS.filter((field) => params.has(field));
  if (raw.length > LIMITS.maxQueryChars) return { kind: 'invalid', values: {}, errors: {}, tooLong: true };
  if (given.length === 0) return { kind: 'empty' };
  const read = queryFields<Field>(params, LIMITS.maxFieldChars);
  const { values, errors } = read;

  const price = read.money('valor', 'o valor do imóvel', LIMITS.maxPrice);
  if (price !== null && (price < LIMITS.minPrice || price > LIMITS.maxPrice))
    errors.valor = `Informe um valor entre R$ ${reaisText(LIMITS.minPrice)} e R$ ${reaisText(LIMITS.maxPrice)}.`;
  const downPayment = read.money('entrada', 'a entrada (0 se não houver)', LIMITS.maxPrice);
  if (downPayment !== null && price !== null && errors.valor === undefined && downPayment > price)
    errors.entrada = 'A entrada não pode ser maior que o valor do imóvel.';

  const rate = read.rate('juros', 'a taxa de juros ao ano', LIMITS.maxAnnualRatePercent);
  const unit = read.choice('unidade', ['meses', 'anos'] as const, 'meses', 'Escolha meses ou anos.');
  const most = unit === 'anos' ? LIMITS.maxMonths / 12 : LIMITS.maxMonths;
  const term = read.whole('prazo', 'o prazo', 1, most, unit === 'anos' ? `de 1 a ${most} anos` : `de 1 a ${most} meses (35 anos)`);
  const system = read.choice('sistema', ['sac', 'price', 'ambos'] as const, 'ambos', 'Escolha SAC, Price ou os dois.');

  if (read.refused() || price === null || downPayment === null || rate === null || term === null || !unit || !system) {
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

/** The normalized query of a simulation, with the year it shows open if any: the shareable address, a year's link, and the cache key. */
export function simulatorQuery(input: SimulatorInput, year: ChosenYear = null): string {
  const query = `valor=${moneyParam(input.price)}&entrada=${moneyParam(input.downPayment)}&juros=${rateParam(input.annualRate)}&prazo=${input.term}&unidade=${input.unit}&sistema=${input.system}`;
  return year === null ? query : `${query}&ano=${year}`;
}

/** The values the form shows for a checked simulation, as a reader writes them ("500.000", "11,5"). */
export function formValues(input: SimulatorInput): Record<Field, string> {
  return {
    valor: moneyText(input.price),
    entrada: moneyText(input.downPayment),
    juros: rateText(input.annualRate),
    prazo: String(input.term),
    unidade: input.unit,
    sistema: input.system,
  };
}
