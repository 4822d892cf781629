/**
 * Money and rates as the simulator shows them, pt-BR (docs/product.md §9):
 * "R$ 1.234,56" (Intl's BRL currency format, a no-break space after R$),
 * "1.234,56" in the table's cells, whose heading says "R$", and "0,9489%".
 */
const currency = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const amount = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const percentage = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 4 });
const share = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
const compact = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** Centavos as "R$ 1.234,56". */
export const formatBrl = (cents: number) => currency.format(cents / 100);

/** Centavos as "1.234,56", for columns headed in R$. */
export const formatAmount = (cents: number) => amount.format(cents / 100);

/** A rate as a percentage, to four decimals: 0.115 → "11,5%", 0.00911 → "0,911%". */
export const formatPercent = (fraction: number) => `${percentage.format(fraction * 100)}%`;

/** A part of a whole as a percentage, to one decimal: 100/112 → "89,3%". */
export const formatShare = (fraction: number) => `${share.format(fraction * 100)}%`;

/** Centavos as a chart's axis label: "R$ 400 mil", "R$ 1,2 mi", "R$ 0". */
export function formatAxisMoney(cents: number): string {
  const reais = cents / 100;
  if (reais >= 1_000_000) return `R$ ${compact.format(reais / 1_000_000)} mi`;
  if (reais >= 1_000) return `R$ ${compact.format(reais / 1_000)} mil`;
  return `R$ ${compact.format(reais)}`;
}

const reais = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/** Centavos as whole reais, "1.234.568", for wide tables headed "em R$, sem centavos". */
export const formatReais = (cents: number) => reais.format(Math.round(cents / 100));
