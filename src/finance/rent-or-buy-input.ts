import type { AmortizationSystem } from './amortization';
import { moneyParam, moneyText, queryFields, rateParam, rateText, reaisText } from './query-fields';
import type { ChargesPaidBy, RentOrBuyInput } from './rent-or-buy';
import { LIMITS as SIMULATOR_LIMITS } from './simulator-input';

/**
 * The rent-or-buy form as a query string (`/alugar-ou-comprar?valor=…`): read,
 * checked and normalized here, for the route and the cache key (one entry per
 * comparison, however the reader typed it). Refused fields get a message each.
 */

/** The form's fields, in the order of the form and of the normalized query. */
const FIELDS = [
  'valor',
  'aluguel',
  'entrada',
  'juros',
  'prazo',
  'sistema',
  'reajuste',
  'valorizacao',
  'rendimento',
  'condominio',
  'iptu',
  'encargos',
  'horizonte',
] as const;
export type RentOrBuyField = (typeof FIELDS)[number];

export const RENT_OR_BUY_LIMITS = {
  minPrice: SIMULATOR_LIMITS.minPrice,
  maxPrice: SIMULATOR_LIMITS.maxPrice,
  maxAnnualRatePercent: SIMULATOR_LIMITS.maxAnnualRatePercent,
  /** 35 years, the SFH's longest term, as in the simulator. */
  maxTermYears: SIMULATOR_LIMITS.maxMonths / 12,
  /** Yearly rises and returns: above this the comparison is a guess about hyperinflation. */
  maxYearlyPercent: 30,
  /** Half a century: a lifetime's decision, and a table a phone can still scroll. */
  maxHorizonYears: 50,
  maxFieldChars: SIMULATOR_LIMITS.maxFieldChars,
  maxQueryChars: SIMULATOR_LIMITS.maxQueryChars,
} as const;

/**
 * The empty form's example: the simulator's R$ 500 mil home with 20% down
 * over 30 years at 11,5% a.a., a rent of 0,5% of the price a month (R$ 2.500),
 * rents and prices rising 4,5% a year (about the inflation target's ceiling),
 * 8% a year on investments after tax, R$ 600 of condomínio and R$ 150 of IPTU
 * a month, paid by the tenant too, over 30 years. Examples, not forecasts: the
 * page says so.
 */
export const RENT_OR_BUY_DEFAULTS: RentOrBuyInput = {
  price: 500_000_00,
  rent: 2_500_00,
  downPayment: 100_000_00,
  annualRate: 0.115,
  termYears: 30,
  system: 'sac',
  rentRise: 0.045,
  appreciation: 0.045,
  investmentReturn: 0.08,
  condo: 600_00,
  iptu: 150_00,
  chargesPaidBy: 'ambos',
  horizonYears: 30,
};

export type RentOrBuyQuery =
  | { kind: 'empty' }
  | {
      kind: 'invalid';
      values: Partial<Record<RentOrBuyField, string>>;
      errors: Partial<Record<RentOrBuyField, string>>;
      tooLong: boolean;
    }
  | { kind: 'valid'; input: RentOrBuyInput };

/** Reads the query string (`?` optional). Only the form's fields count; other parameters (utm_*) are ignored. */
export function parseRentOrBuyQuery(search: string): RentOrBuyQuery {
  const raw = search.startsWith('?') ? search.slice(1) : search;
  const params = new URLSearchParams(raw);
  if (raw.length > RENT_OR_BUY_LIMITS.maxQueryChars) return { kind: 'invalid', values: {}, errors: {}, tooLong: true };
  if (!FIELDS.some((field) => params.has(field))) return { kind: 'empty' };
  const L = RENT_OR_BUY_LIMITS;
  const read = queryFields<RentOrBuyField>(params, L.maxFieldChars);
  const { values, errors } = read;
  const yearly = (field: RentOrBuyField, what: string) => read.rate(field, what, L.maxYearlyPercent);

  const price = read.money('valor', 'o valor do imóvel', L.maxPrice);
  if (price !== null && price < L.minPrice)
    errors.valor = `Informe um valor entre R$ ${reaisText(L.minPrice)} e R$ ${reaisText(L.maxPrice)}.`;
  const rent = read.money('aluguel', 'o aluguel por mês', L.maxPrice);
  const downPayment = read.money('entrada', 'a entrada (0 se não houver)', L.maxPrice);
  if (downPayment !== null && price !== null && errors.valor === undefined && downPayment > price)
    errors.entrada = 'A entrada não pode ser maior que o valor do imóvel.';
  const annualRate = read.rate('juros', 'a taxa de juros ao ano', L.maxAnnualRatePercent);
  const termYears = read.whole('prazo', 'o prazo', 1, L.maxTermYears, `de 1 a ${L.maxTermYears} anos`);
  const system = read.choice<AmortizationSystem>('sistema', ['sac', 'price'], 'sac', 'Escolha SAC ou Price.');
  const rentRise = yearly('reajuste', 'o reajuste do aluguel ao ano (0 se não houver)');
  const appreciation = yearly('valorizacao', 'a valorização do imóvel ao ano (0 se não houver)');
  const investmentReturn = yearly('rendimento', 'o rendimento das aplicações ao ano (0 se não houver)');
  const condo = read.money('condominio', 'o condomínio por mês (0 se não houver)', L.maxPrice);
  const iptu = read.money('iptu', 'o IPTU por mês (0 se não houver)', L.maxPrice);
  const chargesPaidBy = read.choice<ChargesPaidBy>('encargos', ['ambos', 'dono'], 'ambos', 'Escolha quem paga condomínio e IPTU.');
  const horizonYears = read.whole('horizonte', 'por quantos anos comparar', 1, L.maxHorizonYears, `de 1 a ${L.maxHorizonYears} anos`);

  const input = {
    price,
    rent,
    downPayment,
    annualRate,
    termYears,
    system,
    rentRise,
    appreciation,
    investmentReturn,
    condo,
    iptu,
    chargesPaidBy,
    horizonYears,
  };
  if (read.refused() || Object.values(input).some((value) => value === null)) return { kind: 'invalid', values, errors, tooLong: false };
  return { kind: 'valid', input: input as RentOrBuyInput };
}

/** The normalized query of a comparison: the shareable address and the cache key. */
export function rentOrBuyQuery(input: RentOrBuyInput): string {
  return [
    `valor=${moneyParam(input.price)}`,
    `aluguel=${moneyParam(input.rent)}`,
    `entrada=${moneyParam(input.downPayment)}`,
    `juros=${rateParam(input.annualRate)}`,
    `prazo=${input.termYears}`,
    `sistema=${input.system}`,
    `reajuste=${rateParam(input.rentRise)}`,
    `valorizacao=${rateParam(input.appreciation)}`,
    `rendimento=${rateParam(input.investmentReturn)}`,
    `condominio=${moneyParam(input.condo)}`,
    `iptu=${moneyParam(input.iptu)}`,
    `encargos=${input.chargesPaidBy}`,
    `horizonte=${input.horizonYears}`,
  ].join('&');
}

/** The values the form shows for a checked comparison, as a reader writes them ("500.000", "11,5"). */
export function rentOrBuyFormValues(input: RentOrBuyInput): Record<RentOrBuyField, string> {
  return {
    valor: moneyText(input.price),
    aluguel: moneyText(input.rent),
    entrada: moneyText(input.downPayment),
    juros: rateText(input.annualRate),
    prazo: String(input.termYears),
    sistema: input.system,
    reajuste: rateText(input.rentRise),
    valorizacao: rateText(input.appreciation),
    rendimento: rateText(input.investmentReturn),
    condominio: moneyText(input.condo),
    iptu: moneyText(input.iptu),
    encargos: input.chargesPaidBy,
    horizonte: String(input.horizonYears),
  };
}
