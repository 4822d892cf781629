import type { PurchaseCostsInput } from './purchase-costs';
import { BANK_DEFAULTS, CITIES } from './purchase-costs-data';
import { moneyParam, moneyText, queryFields, rateParam, rateText, reaisText } from './query-fields';
import { LIMITS as SIMULATOR_LIMITS } from './simulator-input';

/**
 * The costs-of-buying form as a query string (`/custos-da-compra?valor=…`):
 * read, checked and normalized here, for the route and the cache key.
 */

const FIELDS = ['valor', 'financiado', 'cidade', 'aliquota', 'sfh', 'avaliacao', 'tarifas'] as const;
export type PurchaseField = (typeof FIELDS)[number];

/** The city choice that asks for a typed rate. */
export const OTHER_CITY = 'outra';

export const PURCHASE_LIMITS = {
  minPrice: SIMULATOR_LIMITS.minPrice,
  maxPrice: SIMULATOR_LIMITS.maxPrice,
  /** No Brazilian city's ITBI is above 5%; 10 leaves room for a typo to be refused, not for a real rate. */
  maxItbiPercent: 10,
  maxFieldChars: SIMULATOR_LIMITS.maxFieldChars,
  maxQueryChars: SIMULATOR_LIMITS.maxQueryChars,
} as const;

/** The empty form's example: the simulator's R$ 500 mil home in São Paulo, 80% financed, not through the SFH's first-home rules. */
export const PURCHASE_DEFAULTS: PurchaseCostsInput = {
  price: 500_000_00,
  financed: 400_000_00,
  city: 'sao-paulo',
  otherRate: null,
  firstHomeSfh: false,
  appraisal: BANK_DEFAULTS.appraisal,
  fees: BANK_DEFAULTS.fees,
};

export type PurchaseQuery =
  | { kind: 'empty' }
  | {
      kind: 'invalid';
      values: Partial<Record<PurchaseField, string>>;
      errors: Partial<Record<PurchaseField, string>>;
      tooLong: boolean;
    }
  | { kind: 'valid'; input: PurchaseCostsInput };

const CITY_SLUGS = [...CITIES.map((city) => city.slug), OTHER_CITY];

/** Reads the query string (`?` optional). Only the form's fields count; other parameters (utm_*) are ignored. */
export function parsePurchaseQuery(search: string): PurchaseQuery {
  const raw = search.startsWith('?') ? search.slice(1) : search;
  const params = new URLSearchParams(raw);
  if (raw.length > PURCHASE_LIMITS.maxQueryChars) return { kind: 'invalid', values: {}, errors: {}, tooLong: true };
  if (!FIELDS.some((field) => params.has(field))) return { kind: 'empty' };
  const L = PURCHASE_LIMITS;
  const read = queryFields<PurchaseField>(params, L.maxFieldChars);
  const { values, errors } = read;

  const price = read.money('valor', 'o valor do imóvel', L.maxPrice);
  if (price !== null && price < L.minPrice)
    errors.valor = `Informe um valor entre R$ ${reaisText(L.minPrice)} e R$ ${reaisText(L.maxPrice)}.`;
  const financed = read.money('financiado', 'o valor financiado (0 se for à vista)', L.maxPrice);
  if (financed !== null && price !== null && errors.valor === undefined && financed > price)
    errors.financiado = 'O valor financiado não pode ser maior que o valor do imóvel.';
  const city = read.choice('cidade', CITY_SLUGS, 'sao-paulo', 'Escolha uma cidade da lista, ou “Outra cidade”.');
  // The typed rate counts only for 'outra'; a listed city's is in the data file, so a stray one is left out of the address.
  const otherRate = city === OTHER_CITY ? read.rate('aliquota', 'a alíquota do ITBI da sua cidade', L.maxItbiPercent) : null;
  const sfh = read.choice('sfh', ['sim', 'nao'] as const, 'nao', 'Escolha sim ou não.');
  if (sfh === 'sim' && financed === 0) errors.sfh = 'O desconto do SFH vale só para compra financiada: informe o valor financiado.';
  const appraisal = read.money('avaliacao', 'a tarifa de avaliação (0 se não houver)', L.maxPrice);
  const fees = read.money('tarifas', 'as outras tarifas do banco (0 se não houver)', L.maxPrice);

  if (
    read.refused() ||
    price === null ||
    financed === null ||
    city === null ||
    (city === OTHER_CITY && otherRate === null) ||
    sfh === null ||
    appraisal === null ||
    fees === null
  )
    return { kind: 'invalid', values, errors, tooLong: false };
  return { kind: 'valid', input: { price, financed, city, otherRate, firstHomeSfh: sfh === 'sim', appraisal, fees } };
}

/** The normalized query: the shareable address and the cache key. */
export function purchaseQuery(input: PurchaseCostsInput): string {
  return [
    `valor=${moneyParam(input.price)}`,
    `financiado=${moneyParam(input.financed)}`,
    `cidade=${input.city}`,
    ...(input.otherRate === null ? [] : [`aliquota=${rateParam(input.otherRate)}`]),
    `sfh=${input.firstHomeSfh ? 'sim' : 'nao'}`,
    `avaliacao=${moneyParam(input.appraisal)}`,
    `tarifas=${moneyParam(input.fees)}`,
  ].join('&');
}

/** The values the form shows for a checked input, as a reader writes them. */
export function purchaseFormValues(input: PurchaseCostsInput): Record<PurchaseField, string> {
  return {
    valor: moneyText(input.price),
    financiado: moneyText(input.financed),
    cidade: input.city,
    aliquota: input.otherRate === null ? '' : rateText(input.otherRate),
    sfh: input.firstHomeSfh ? 'sim' : 'nao',
    avaliacao: moneyText(input.appraisal),
    tarifas: moneyText(input.fees),
  };
}
