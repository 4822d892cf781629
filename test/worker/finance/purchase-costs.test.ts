import { describe, expect, it } from 'vitest';
import { type PurchaseCostsInput, purchaseCosts } from '#src/finance/purchase-costs.ts';
import { CITIES, type CityItbi, TABLES_CHECKED } from '#src/finance/purchase-costs-data.ts';

const brl = (reais: number) => Math.round(reais * 100);
const cash: PurchaseCostsInput = {
  price: brl(500_000),
  financed: 0,
  city: 'sao-paulo',
  otherRate: null,
  firstHomeSfh: false,
  appraisal: brl(3500),
  fees: brl(1000),
};

describe('the costs of buying, against hand-computed cases', () => {
  it('a cash purchase in São Paulo: ITBI 3%, deed and registry 1% each, no bank', () => {
    // 3% × 500.000 = 15.000; 1% × 500.000 = 5.000 twice; the bank's fees only when it lends.
    expect(purchaseCosts(cash)).toMatchObject({
      downPayment: brl(500_000),
      itbi: { amount: brl(15_000), rate: 0.03, reducedBase: 0 },
      deed: brl(5000),
      registry: brl(5000),
      appraisal: 0,
      fees: 0,
      total: brl(25_000),
    });
  });

  it('a financed purchase in Curitiba: no deed (the bank contract is one), the bank fees added', () => {
    // 2,7% × 500.000 = 13.500; registry 5.000; appraisal 3.500; fees 1.000: 23.000.
    const costs = purchaseCosts({ ...cash, city: 'curitiba', financed: brl(400_000) });
    expect(costs).toMatchObject({ downPayment: brl(100_000), deed: 0, registry: brl(5000), total: brl(23_000) });
    expect(costs.itbi.amount).toBe(brl(13_500));
  });

  it('a first home through the SFH: the registry halved (Lei 6.015/1973, art. 290)', () => {
    const costs = purchaseCosts({ ...cash, city: 'rio-de-janeiro', financed: brl(400_000), firstHomeSfh: true });
    // ITBI 15.000 + registry 2.500 + 3.500 + 1.000.
    expect(costs).toMatchObject({ halved: true, registry: brl(2500), total: brl(22_000) });
  });

  it("taxes the SFH-financed part at the city's reduced rate up to its cap, the rest at the full rate", () => {
    const city: CityItbi = {
      ...CITIES[0]!,
      slug: 'exemplo',
      sfh: { rate: 0.005, cap: brl(100_000), source: 'lei de exemplo', checked: '2026-11-29' },
    };
    // 0,5% × 100.000 + 3% × (500.000 − 100.000) = 500 + 12.000 = 12.500.
    const costs = purchaseCosts({ ...cash, city: 'exemplo', financed: brl(400_000), firstHomeSfh: true }, [city]);
    expect(costs.itbi).toMatchObject({ amount: brl(12_500), reducedBase: brl(100_000), reducedRate: 0.005 });
    // Without the SFH, the full rate on everything.
    expect(purchaseCosts({ ...cash, city: 'exemplo', financed: brl(400_000) }, [city]).itbi.amount).toBe(brl(15_000));
  });

  it('applies no reduction whose cap the data file lacks: the figure is the most the tax can be', () => {
    const costs = purchaseCosts({ ...cash, financed: brl(400_000), firstHomeSfh: true });
    expect(CITIES.find((c) => c.slug === 'sao-paulo')!.sfh?.cap).toBeNull();
    expect(costs.itbi).toMatchObject({ amount: brl(15_000), reducedBase: 0 });
  });

  it('another city at the rate the reader typed', () => {
    expect(purchaseCosts({ ...cash, city: 'outra', otherRate: 0.02 }).itbi).toMatchObject({ amount: brl(10_000), city: null });
  });

  it('every rate 0 costs nothing but the fees typed', () => {
    const costs = purchaseCosts({ ...cash, city: 'outra', otherRate: 0, financed: brl(1000), appraisal: 0, fees: brl(10) });
    expect(costs.itbi.amount).toBe(0);
    expect(costs.total).toBe(costs.registry + brl(10));
  });
});

describe('the data file', () => {
  it('lists at least the ten largest capitals, each once, with a plausible rate, a source and a real date or none', () => {
    expect(CITIES.length).toBeGreaterThanOrEqual(10);
    expect(new Set(CITIES.map((c) => c.slug)).size).toBe(CITIES.length);
    for (const slug of [
      'sao-paulo',
      'rio-de-janeiro',
      'brasilia',
      'fortaleza',
      'salvador',
      'belo-horizonte',
      'manaus',
      'curitiba',
      'recife',
      'goiania',
    ])
      expect(CITIES.map((c) => c.slug)).toContain(slug);
    for (const city of CITIES) {
      expect(city.rate).toBeGreaterThan(0);
      expect(city.rate).toBeLessThanOrEqual(0.05);
      expect(city.source.length).toBeGreaterThan(10);
      for (const date of [city.checked, city.sfh?.checked ?? null])
        if (date !== null) expect(date <= TABLES_CHECKED && /^\d{4}-\d{2}-\d{2}$/.test(date)).toBe(true);
    }
  });
});
