import { type AmortizationSystem, monthlyRateFromAnnual, type Schedule, schedule } from './amortization';

/**
 * "Alugar ou comprar?" (docs/product.md, "Rent or buy"): two households with
 * the same money each month, one buying with a loan, one renting and
 * investing, followed month by month; their wealth compared at the end of
 * every year. The loan is the simulator's own schedule (amortization.ts).
 * Amounts in centavos, rounded to the centavo every month; rates are plain
 * fractions a year (0.05 for 5% a.a.). No I/O, no formatting.
 *
 * Month m (1 = the first), in contract year y = ceil(m / 12):
 * - rent and charges (condomínio + IPTU) are the first year's, raised by the
 *   rent's yearly rise once a year, as leases are: rent · (1 + r)^(y − 1);
 * - the buyer pays the loan's instalment (nothing after the last one) and the
 *   charges; the renter pays the rent, and the charges too when both pay them;
 * - whoever pays less that month invests the difference; every investment
 *   grows at the monthly rate equivalent to the yearly return, (1 + a)^(1/12) − 1;
 * - the renter starts with the down payment invested.
 * At the end of year y: the buyer's wealth is the property's value,
 * price · (1 + g)^y, minus the balance owed, plus what the buyer invested;
 * the renter's is what the renter invested.
 */

/** Who pays condomínio and IPTU: both households (a tenant usually does), or only the owner. */
export type ChargesPaidBy = 'ambos' | 'dono';

export interface RentOrBuyInput {
  price: number;
  /** The monthly rent in the first year. */
  rent: number;
  downPayment: number;
  /** The loan's effective annual rate. */
  annualRate: number;
  termYears: number;
  system: AmortizationSystem;
  /** Yearly rise of rents (and of the charges). */
  rentRise: number;
  /** Yearly rise of the property's value. */
  appreciation: number;
  /** Yearly return of money invested, after tax. */
  investmentReturn: number;
  /** Condomínio a month, first year. */
  condo: number;
  /** IPTU a month (the yearly tax / 12), first year. */
  iptu: number;
  chargesPaidBy: ChargesPaidBy;
  horizonYears: number;
}

/** The two paths at the end of one year, in centavos. */
export interface PathsYear {
  year: number;
  /** The rent paid each month of this year. */
  monthlyRent: number;
  propertyValue: number;
  /** What the buyer still owes. */
  debt: number;
  /** What the buyer invested in months when buying cost less (after the loan, mostly), with its returns. */
  buyerInvested: number;
  buyerWealth: number;
  renterWealth: number;
}

/**
 * What living there costs each household in the first year, the sentence's
 * "main driver": for the buyer the loan's interest, what the down payment would
 * have earned, and the charges only an owner pays, less the property's
 * appreciation; for the renter, the rent.
 */
export interface FirstYearCosts {
  interest: number;
  forgoneReturn: number;
  ownerCharges: number;
  appreciation: number;
  rent: number;
}

export type Winner = 'comprar' | 'alugar' | 'empate';

export interface RentOrBuyResult {
  schedule: Schedule;
  years: PathsYear[];
  /** The first year at whose end the other path leads; null when the lead never changes. */
  crossing: number | null;
  /** Who ends the horizon with more. */
  winner: Winner;
  firstYear: FirstYearCosts;
}

/** A yearly rate applied `years` times to an amount, rounded to the centavo. */
const grown = (cents: number, rate: number, years: number) => Math.round(cents * (1 + rate) ** years);

const leader = (year: PathsYear): Winner =>
  year.buyerWealth > year.renterWealth ? 'comprar' : year.buyerWealth < year.renterWealth ? 'alugar' : 'empate';

/**
 * @example rentOrBuy({ price: 500_000_00, rent: 2_500_00, downPayment: 100_000_00, annualRate: 0.115, termYears: 30,
 *   system: 'sac', rentRise: 0.04, appreciation: 0.04, investmentReturn: 0.08, condo: 0, iptu: 0,
 *   chargesPaidBy: 'ambos', horizonYears: 30 }).winner
 */
export function rentOrBuy(input: RentOrBuyInput): RentOrBuyResult {
  const months = input.termYears * 12;
  const loan = schedule(input.system, input.price - input.downPayment, monthlyRateFromAnnual(input.annualRate), months);
  const monthlyReturn = monthlyRateFromAnnual(input.investmentReturn);
  const charges = input.condo + input.iptu;
  const years: PathsYear[] = [];
  let renterInvested = input.downPayment;
  let buyerInvested = 0;
  for (let year = 1; year <= input.horizonYears; year++) {
    const monthlyRent = grown(input.rent, input.rentRise, year - 1);
    const monthlyCharges = grown(charges, input.rentRise, year - 1);
    for (let month = (year - 1) * 12 + 1; month <= year * 12; month++) {
      const buyerPays = (loan.rows[month - 1]?.instalment ?? 0) + monthlyCharges;
      const renterPays = monthlyRent + (input.chargesPaidBy === 'ambos' ? monthlyCharges : 0);
      renterInvested = Math.round(renterInvested * (1 + monthlyReturn)) + Math.max(0, buyerPays - renterPays);
      buyerInvested = Math.round(buyerInvested * (1 + monthlyReturn)) + Math.max(0, renterPays - buyerPays);
    }
    const propertyValue = grown(input.price, input.appreciation, year);
    const debt = year * 12 >= loan.rows.length ? 0 : loan.rows[year * 12 - 1]!.balance;
    years.push({
      year,
      monthlyRent,
      propertyValue,
      debt,
      buyerInvested,
      buyerWealth: propertyValue - debt + buyerInvested,
      renterWealth: renterInvested,
    });
  }
  return { schedule: loan, years, crossing: crossingYear(years), winner: leader(years.at(-1)!), firstYear: firstYearCosts(input, loan) };
}

/** The first year whose leader differs from the last year that had one (a tie leads nobody). */
function crossingYear(years: readonly PathsYear[]): number | null {
  let ahead: Winner = 'empate';
  for (const year of years) {
    const now = leader(year);
    if (now === 'empate') continue;
    if (ahead !== 'empate' && now !== ahead) return year.year;
    ahead = now;
  }
  return null;
}

function firstYearCosts(input: RentOrBuyInput, loan: Schedule): FirstYearCosts {
  return {
    interest: loan.rows.slice(0, 12).reduce((sum, row) => sum + row.interest, 0),
    forgoneReturn: Math.round(input.downPayment * input.investmentReturn),
    ownerCharges: input.chargesPaidBy === 'dono' ? 12 * (input.condo + input.iptu) : 0,
    appreciation: grown(input.price, input.appreciation, 1) - input.price,
    rent: 12 * input.rent,
  };
}

/** What weighs most toward the winner, among the first year's costs (FirstYearCosts). */
export type Driver = keyof FirstYearCosts;

export function mainDriver(result: RentOrBuyResult): Driver | null {
  const costs = result.firstYear;
  const pick = (keys: readonly Driver[]) => keys.reduce((best, key) => (costs[key] > costs[best] ? key : best));
  if (result.winner === 'comprar') return pick(['rent', 'appreciation']);
  if (result.winner === 'alugar') return pick(['interest', 'forgoneReturn', 'ownerCharges']);
  return null;
}
