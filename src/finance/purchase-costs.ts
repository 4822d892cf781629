import { CITIES, type CityItbi, NOTARY_ESTIMATE } from './purchase-costs-data';

/**
 * "Quanto custa comprar?" (docs/product.md, "Costs of buying"): the cash a
 * purchase takes on top of the down payment. Amounts in centavos, each
 * rounded to the centavo once; rates are plain fractions. No I/O, no
 * formatting: the page shows each line's formula with these same figures.
 */

export interface PurchaseCostsInput {
  price: number;
  /** The amount the bank lends (0 for a purchase in cash). */
  financed: number;
  /** A listed city's slug (purchase-costs-data.ts), or 'outra' with the rate the reader typed. */
  city: string;
  /** The ITBI rate the reader typed for 'outra'; null for a listed city. */
  otherRate: number | null;
  /** A first home, financed through the SFH. */
  firstHomeSfh: boolean;
  /** The bank's appraisal and other fees (only a financed purchase pays them). */
  appraisal: number;
  fees: number;
}

export interface ItbiLine {
  amount: number;
  rate: number;
  /** The financed part taxed at the SFH's reduced rate (0 when none, or when its cap is not in the data file). */
  reducedBase: number;
  reducedRate: number;
  /** The listed city, or null for 'outra'. */
  city: CityItbi | null;
}

export interface PurchaseCosts {
  downPayment: number;
  itbi: ItbiLine;
  /** 0 when a bank contract serves as the deed. */
  deed: number;
  registry: number;
  /** Halved (Lei 6.015/1973, art. 290): the registry of a first home through the SFH (a financed purchase has no deed to halve). */
  halved: boolean;
  appraisal: number;
  fees: number;
  /** Every cost above together: the cash on top of the down payment. */
  total: number;
}

export const cityBySlug = (slug: string, cities: readonly CityItbi[] = CITIES) => cities.find((city) => city.slug === slug) ?? null;

/**
 * The ITBI: the full rate on the price, or the city's reduced rate on the
 * SFH-financed part up to its cap and the full rate on the rest. A reduction
 * whose cap the data file does not hold is not applied: the figure is then
 * the most the tax can be, and the page says it may come out lower.
 */
function itbi(input: PurchaseCostsInput, cities: readonly CityItbi[]): ItbiLine {
  const city = cityBySlug(input.city, cities);
  const rate = city?.rate ?? input.otherRate ?? 0;
  const reduction = input.firstHomeSfh && input.financed > 0 ? city?.sfh : null;
  const reducedBase = reduction && reduction.cap !== null ? Math.min(input.financed, reduction.cap) : 0;
  const reducedRate = reduction?.rate ?? 0;
  return { amount: Math.round(reducedBase * reducedRate + (input.price - reducedBase) * rate), rate, reducedBase, reducedRate, city };
}

/**
 * @example purchaseCosts({ price: 500_000_00, financed: 400_000_00, city: 'rio-de-janeiro', otherRate: null,
 *   firstHomeSfh: false, appraisal: 3_500_00, fees: 1_000_00 }).total // ITBI 15.000 + registry 5.000 + 4.500
 */
export function purchaseCosts(input: PurchaseCostsInput, cities: readonly CityItbi[] = CITIES): PurchaseCosts {
  const financed = input.financed > 0;
  const halved = input.firstHomeSfh && financed;
  const half = (cents: number) => (halved ? Math.round(cents / 2) : cents);
  const tax = itbi(input, cities);
  const deed = financed ? 0 : Math.round(input.price * NOTARY_ESTIMATE.deedShare);
  const registry = half(Math.round(input.price * NOTARY_ESTIMATE.registryShare));
  const appraisal = financed ? input.appraisal : 0;
  const fees = financed ? input.fees : 0;
  return {
    downPayment: input.price - input.financed,
    itbi: tax,
    deed,
    registry,
    halved,
    appraisal,
    fees,
    total: tax.amount + deed + registry + appraisal + fees,
  };
}
