import { describe, expect, it } from 'vitest';
import { mainDriver, type RentOrBuyInput, rentOrBuy } from '#src/finance/rent-or-buy.ts';

/** Reais to centavos, for readable expectations. */
const brl = (reais: number) => Math.round(reais * 100);
/** 12,6825% a.a.: exactly 1% a month (1,01^12 − 1), so every month is computable by hand. */
const ONE_PERCENT_A_MONTH = 1.01 ** 12 - 1;

/** Everything zero or neutral; each case sets only what it is about. */
const base: RentOrBuyInput = {
  price: brl(100_000),
  rent: 0,
  downPayment: brl(100_000),
  annualRate: 0,
  termYears: 1,
  system: 'sac',
  rentRise: 0,
  appreciation: 0,
  investmentReturn: 0,
  condo: 0,
  iptu: 0,
  chargesPaidBy: 'ambos',
  horizonYears: 1,
};
const wealth = (input: RentOrBuyInput) => rentOrBuy(input).years.map((y) => [y.buyerWealth, y.renterWealth]);

describe('rent or buy, against hand-computed cases', () => {
  it('buying wins and the paths never cross: a home paid in cash, R$ 1.000 of rent, every rate 0', () => {
    // The buyer pays nothing a month and invests the R$ 1.000 the renter pays: 100.000 + 12 × 1.000 a year.
    // The renter keeps the R$ 100.000 down payment invested at 0%.
    const result = rentOrBuy({ ...base, rent: brl(1000), horizonYears: 2 });
    expect(wealth({ ...base, rent: brl(1000), horizonYears: 2 })).toEqual([
      [brl(112_000), brl(100_000)],
      [brl(124_000), brl(100_000)],
    ]);
    expect(result.winner).toBe('comprar');
    expect(result.crossing).toBeNull();
    expect(mainDriver(result)).toBe('rent');
  });

  it('renting wins when the loan costs more than the rent: R$ 100.000 in SAC at 1% a month over 12 months, R$ 500 of rent', () => {
    // SAC: 8.333,33 repaid a month; interest 1% of the balance: 1.000 + 916,67 + 833,33 + … + 83,33 = 6.500,00 (the
    // roundings cancel). The renter invests each instalment less the rent: 100.000 + 6.500 − 12 × 500 = 100.500.
    // The buyer owns the home, now paid off: 100.000.
    const input = { ...base, downPayment: 0, annualRate: ONE_PERCENT_A_MONTH, rent: brl(500) };
    const result = rentOrBuy(input);
    expect(result.schedule.totalInterest).toBe(brl(6500));
    expect(wealth(input)).toEqual([[brl(100_000), brl(100_500)]]);
    expect(result.winner).toBe('alugar');
    expect(result.firstYear).toMatchObject({ interest: brl(6500), rent: brl(6000), forgoneReturn: 0, ownerCharges: 0 });
    expect(mainDriver(result)).toBe('interest');
  });

  it('finds the year the paths cross: the same case over 2 years, the buyer paying nothing once the loan ends', () => {
    // Year 2: the buyer pays 0 and invests the renter's 500 a month: 100.000 + 6.000 = 106.000 against 100.500.
    const input = { ...base, downPayment: 0, annualRate: ONE_PERCENT_A_MONTH, rent: brl(500), horizonYears: 2 };
    const result = rentOrBuy(input);
    expect(wealth(input)).toEqual([
      [brl(100_000), brl(100_500)],
      [brl(106_000), brl(100_500)],
    ]);
    expect(result.crossing).toBe(2);
    expect(result.winner).toBe('comprar');
  });

  it('a 35-year loan at 0%: R$ 1.000 a month, the same as the rent, the debt gone after 420 months', () => {
    // 420.000 / 420 = 1.000 a month, what the renter pays: nobody invests anything. The buyer owns
    // 12.000 more of the home each year; the renter, who put nothing down, has nothing.
    const input: RentOrBuyInput = { ...base, price: brl(420_000), downPayment: 0, termYears: 35, rent: brl(1000), horizonYears: 35 };
    const result = rentOrBuy(input);
    expect(result.schedule.rows).toHaveLength(420);
    expect(result.years[0]).toMatchObject({ debt: brl(408_000), buyerWealth: brl(12_000), renterWealth: 0, buyerInvested: 0 });
    expect(result.years[33]).toMatchObject({ debt: brl(12_000), buyerWealth: brl(408_000) });
    expect(result.years[34]).toMatchObject({ debt: 0, buyerWealth: brl(420_000), renterWealth: 0 });
    expect(result.crossing).toBeNull();
  });

  it('compounds the property yearly and investments monthly: 10% a year on the home, 1% a month on the money', () => {
    // The home: 100.000 × 1,1 = 110.000, × 1,1 = 121.000. The renter's 100.000 at 1% a month, to the centavo
    // each month: 101.000, 102.010, 103.030,10, 104.060,40, 105.101,00, 106.152,01, 107.213,53, 108.285,67,
    // 109.368,53, 110.462,22, 111.566,84, 112.682,51.
    const input = { ...base, appreciation: 0.1, investmentReturn: ONE_PERCENT_A_MONTH, horizonYears: 2 };
    const [first, second] = rentOrBuy(input).years;
    expect(first).toMatchObject({ propertyValue: brl(110_000), buyerWealth: brl(110_000), renterWealth: brl(112_682.51) });
    expect(second!.propertyValue).toBe(brl(121_000));
  });

  it('raises rent and charges once a year, and charges only the owner when the owner alone pays them', () => {
    // Rent 1.000 rising 10%: 1.000 a month in year 1, 1.100 in year 2. Condomínio 300 + IPTU 100 paid only by
    // the owner: the buyer pays 400 (440 in year 2), the renter the rent; the buyer invests the rest:
    // 12 × 600 = 7.200, then 12 × 660 = 7.920.
    const input: RentOrBuyInput = {
      ...base,
      rent: brl(1000),
      rentRise: 0.1,
      condo: brl(300),
      iptu: brl(100),
      chargesPaidBy: 'dono',
      horizonYears: 2,
    };
    const result = rentOrBuy(input);
    expect(result.years.map((y) => [y.monthlyRent, y.buyerInvested])).toEqual([
      [brl(1000), brl(7200)],
      [brl(1100), brl(15_120)],
    ]);
    expect(result.firstYear.ownerCharges).toBe(brl(4800));
    // Paid by both, the charges cancel: the buyer invests the whole rent.
    expect(rentOrBuy({ ...input, chargesPaidBy: 'ambos' }).years[0]!.buyerInvested).toBe(brl(12_000));
  });

  it("uses the simulator's own schedule for the loan (one implementation): Price at 1% a month, PMT 8.884,88", () => {
    const result = rentOrBuy({ ...base, downPayment: 0, annualRate: ONE_PERCENT_A_MONTH, system: 'price' });
    expect(result.schedule.rows[0]!.instalment).toBe(brl(8884.88));
  });

  it('calls a tie a tie: no winner, no crossing, no driver', () => {
    const result = rentOrBuy(base);
    expect(wealth(base)).toEqual([[brl(100_000), brl(100_000)]]);
    expect(result.winner).toBe('empate');
    expect(result.crossing).toBeNull();
    expect(mainDriver(result)).toBeNull();
  });
});
