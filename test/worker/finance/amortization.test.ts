import { describe, expect, it } from 'vitest';
import { monthlyRateFromAnnual, priceInstalment, type ScheduleRow, schedule, scheduleYears } from '#src/finance/amortization.ts';

/** Reais to centavos, for readable expectations: brl(8884.88) is 888488. */
const brl = (reais: number) => Math.round(reais * 100);
const columns = (rows: readonly ScheduleRow[]) =>
  rows.map(({ instalment, interest, amortization, balance }) => [instalment, interest, amortization, balance]);

describe('monthly rate from the annual effective rate', () => {
  it('compounds back to the annual rate: (1 + i)^12 = 1 + a', () => {
    for (const annual of [0.05, 0.115, 0.3]) expect((1 + monthlyRateFromAnnual(annual)) ** 12).toBeCloseTo(1 + annual, 12);
  });

  it('gives 1% a month for 12,6825% a year (1,01^12), the pair the SAC sheet below quotes as 12,68% and 1,000%', () => {
    expect(monthlyRateFromAnnual(1.01 ** 12 - 1)).toBeCloseTo(0.01, 12);
    expect((monthlyRateFromAnnual(0.1268) * 100).toFixed(3)).toBe('1.000');
  });

  it('is less than a twelfth of the annual rate (12% a.a. is 0,9489% a.m., not 1%)', () => {
    expect((monthlyRateFromAnnual(0.12) * 100).toFixed(4)).toBe('0.9489');
  });

  it('is 0 for 0', () => {
    expect(monthlyRateFromAnnual(0)).toBe(0);
  });
});

describe('Price, against worked examples', () => {
  it('PV 100.000, 1% a.m., 12 months: PMT 8.884,88 (the textbook example; by hand: 1.000 / (1 − 1,01^−12))', () => {
    expect(priceInstalment(brl(100_000), 0.01, 12)).toBe(brl(8884.88));
    const { rows } = schedule('price', brl(100_000), 0.01, 12);
    expect(columns(rows.slice(0, 1))).toEqual([[brl(8884.88), brl(1000), brl(7884.88), brl(92_115.12)]]);
  });

  // Mundo Educação, "Tabela Price" (Marcos Noé), as quoted at
  // https://trabalhosfeitos.com/ensaios/Tabela-Price-Momento-1/72589624.html
  it('R$ 30.000, 12 × 1,5% a.m.: PMT 2.750,40; interest 450,00 then 415,49; balance 27.699,60 then 25.364,69 (Mundo Educação)', () => {
    const { rows } = schedule('price', brl(30_000), 0.015, 12);
    expect(columns(rows.slice(0, 2))).toEqual([
      [brl(2750.4), brl(450), brl(2300.4), brl(27_699.6)],
      [brl(2750.4), brl(415.49), brl(2334.91), brl(25_364.69)],
    ]);
  });

  // "Tabelas Simulação Financiamento de Apartamento", first sheet:
  // https://pt.scribd.com/document/622149570/Tabelas-Simulacao-Financiamento-de-Apartamento
  it("R$ 10.000, 4 × 10% a.m.: the sheet's instalment and balances exactly, its interest and amortization within a centavo", () => {
    const result = schedule('price', brl(10_000), 0.1, 4);
    const sheet = [
      [3154.71, 1000, 2154.71, 7845.29],
      [3154.71, 784.53, 2370.18, 5475.11],
      // The sheet's own row 3 does not add up: 5.475,11 − 2.607,20 is 2.867,91, not the 2.867,92 it prints
      // (it rounds unrounded figures). Balances are what the next month is computed from: they match exactly.
      [3154.71, 547.51, 2607.2, 2867.92],
      [3154.71, 286.79, 2867.92, 0],
    ].map((row) => row.map(brl));
    result.rows.forEach((row, index) => {
      const [instalment, interest, amortization, balance] = sheet[index]!;
      expect([row.instalment, row.balance], `month ${row.month}`).toEqual([instalment, balance]);
      expect(Math.abs(row.interest - interest!), `month ${row.month}`).toBeLessThanOrEqual(1);
      expect(Math.abs(row.amortization - amortization!), `month ${row.month}`).toBeLessThanOrEqual(1);
    });
    // The sheet's total of interest, 2.618,83, adds unrounded figures; four instalments of 3.154,71 pay 12.618,84.
    expect(result.totalPaid).toBe(brl(12_618.84));
    expect(result.totalInterest).toBe(brl(2618.84));
  });

  // Diário das Leis, "Tabela Price, modelo 1% ao mês": https://www.diariodasleis.com.br/bdi/modelo_tabela_price.php
  it('R$ 100.000, 180 × 1% a.m.: factor 0,01200168, so PMT 1.200,17 (the page truncates it to 1.200,16)', () => {
    expect(priceInstalment(brl(100_000), 0.01, 180)).toBe(brl(1200.17));
  });
});

describe('SAC, against a worked example', () => {
  // "Tabela SAC" (Clube dos Poupadores), 300.000 over 360 months at 1,000% a.m.:
  // https://pt.scribd.com/document/358662857/Tabela-SAC-ClubeDosPoupadores-xlsx
  it('R$ 300.000, 360 × 1% a.m.: amortization 833,33; instalments 3.833,33 then 3.825,00; balance 299.166,67 then 298.333,34', () => {
    const { rows } = schedule('sac', brl(300_000), 0.01, 360);
    expect(columns(rows.slice(0, 2))).toEqual([
      [brl(3833.33), brl(3000), brl(833.33), brl(299_166.67)],
      [brl(3825), brl(2991.67), brl(833.33), brl(298_333.34)],
    ]);
  });

  it('stays within a centavo of that sheet, which rounds only what it prints, for its first 36 months', () => {
    const { rows } = schedule('sac', brl(300_000), 0.01, 360);
    for (const row of rows.slice(0, 36)) {
      const exact = 300_000 / 360 + ((300_000 * (360 - row.month + 1)) / 360) * 0.01;
      expect(Math.abs(row.instalment - exact * 100), `month ${row.month}`).toBeLessThanOrEqual(1);
    }
  });
});

describe('edge cases', () => {
  it('rate 0: both systems repay the principal in equal parts, with no interest; the last takes the leftover centavo', () => {
    for (const system of ['sac', 'price'] as const) {
      const result = schedule(system, brl(100_000), 0, 3);
      expect(columns(result.rows)).toEqual([
        [brl(33_333.33), 0, brl(33_333.33), brl(66_666.67)],
        [brl(33_333.33), 0, brl(33_333.33), brl(33_333.34)],
        [brl(33_333.34), 0, brl(33_333.34), 0],
      ]);
      expect(result.totalInterest).toBe(0);
      expect(result.totalPaid).toBe(brl(100_000));
    }
  });

  it('1 month: one instalment of principal plus a month of interest, in both systems', () => {
    for (const system of ['sac', 'price'] as const) {
      expect(columns(schedule(system, brl(100_000), 0.01, 1).rows)).toEqual([[brl(101_000), brl(1000), brl(100_000), 0]]);
    }
  });

  it('420 months at 11,5% a.a.: SAC repays 952,38 a month and 952,78 at the end; Price keeps one instalment to the end', () => {
    const rate = monthlyRateFromAnnual(0.115);
    const sac = schedule('sac', brl(400_000), rate, 420);
    expect(sac.rows).toHaveLength(420);
    expect(new Set(sac.rows.slice(0, 419).map((row) => row.amortization))).toEqual(new Set([brl(952.38)]));
    expect(sac.rows.at(-1)!.amortization).toBe(brl(952.78));
    const price = schedule('price', brl(400_000), rate, 420);
    const pmt = priceInstalment(brl(400_000), rate, 420);
    expect(new Set(price.rows.slice(0, 419).map((row) => row.instalment))).toEqual(new Set([pmt]));
    expect(Math.abs(price.rows.at(-1)!.instalment - pmt)).toBeLessThanOrEqual(2);
    expect(price.rows.at(-1)!.balance).toBe(0);
  });

  it('nothing financed (down payment = price): no rows, totals 0, nothing divided by zero', () => {
    for (const system of ['sac', 'price'] as const) {
      const result = schedule(system, 0, 0.01, 360);
      expect(result.rows).toEqual([]);
      expect([result.totalPaid, result.totalInterest]).toEqual([0, 0]);
    }
  });

  it('refuses what the form never sends: fractions of a centavo, 0 months, a negative rate', () => {
    expect(() => schedule('sac', 100.5, 0.01, 12)).toThrow(RangeError);
    expect(() => schedule('sac', 100, 0.01, 0)).toThrow(RangeError);
    expect(() => schedule('price', 100, -0.01, 12)).toThrow(RangeError);
  });
});

describe('every schedule the form allows adds up', () => {
  it('rows are consistent, never negative, end at 0 and sum to the totals (rates 0 to 30% a.a., 1 to 420 months, R$ 1 to R$ 100 mi)', () => {
    for (const annual of [0, 0.00001, 0.01, 0.115, 0.3])
      for (const months of [1, 2, 13, 360, 420])
        for (const reais of [1, 999.99, 12_251, 400_000, 100_000_000])
          for (const system of ['sac', 'price'] as const) {
            const result = schedule(system, brl(reais), monthlyRateFromAnnual(annual), months);
            let balance = result.principal;
            for (const row of result.rows) {
              expect(row.instalment).toBe(row.interest + row.amortization);
              expect(row.balance).toBe(balance - row.amortization);
              expect(Math.min(row.interest, row.amortization, row.balance)).toBeGreaterThanOrEqual(0);
              balance = row.balance;
            }
            expect(balance, `${system} ${annual} ${months} ${reais}`).toBe(0);
            expect(result.totalPaid).toBe(result.rows.reduce((sum, row) => sum + row.instalment, 0));
            expect(result.totalPaid - result.totalInterest).toBe(result.principal);
          }
  });

  it('Price does not let rounding compound: at 11,5% a.a. over 420 months the last instalment is within 2 centavos of PMT', () => {
    const rate = monthlyRateFromAnnual(0.115);
    for (let reais = 1000; reais < 3_000_000; reais = Math.ceil(reais * 1.13) + 0.37) {
      const { rows } = schedule('price', brl(reais), rate, 420);
      expect(Math.abs(rows.at(-1)!.instalment - rows[0]!.instalment), `R$ ${reais}`).toBeLessThanOrEqual(2);
    }
  });
});

describe('years of a schedule', () => {
  it('groups 12 months a year (the last year partial) with its sums and closing balance', () => {
    const { rows } = schedule('sac', brl(30_000), 0.01, 30);
    const years = scheduleYears(rows);
    expect(years.map((year) => [year.year, year.rows.length])).toEqual([
      [1, 12],
      [2, 12],
      [3, 6],
    ]);
    expect(years[1]!.amortization).toBe(12 * brl(1000));
    expect(years[1]!.balance).toBe(rows[23]!.balance);
    expect(years.reduce((sum, year) => sum + year.paid, 0)).toBe(rows.reduce((sum, row) => sum + row.instalment, 0));
  });
});
