/**
 * The figures "Quanto custa comprar?" uses (docs/product.md, "Costs of
 * buying"), each with where it comes from and when the newsroom last checked
 * it. The page prints every one of these fields: a figure without `checked` is
 * shown as an estimate, in those words. When a law changes, change its entry
 * here and its `checked` date; nothing else holds a rate.
 *
 * ITBI base: since the STJ's ruling on Tema 1.113 (REsp 1.937.821, 2022), the
 * base is the value of the sale the buyer declares, presumed true; a city may
 * not impose its own reference value in advance (it may contest the declared
 * value in an administrative process). So every city here taxes the price.
 */

/**
 * The date this file was last updated as a whole. No rate in it is marked checked yet: they were
 * written offline from the laws as the newsroom knew them, so the page calls each an estimate until
 * someone confirms it against its source and dates it.
 */
export const TABLES_CHECKED = '2026-11-29';

/** A reduced ITBI rate on the part financed through the SFH, as some cities' laws set it. */
export interface SfhReduction {
  /** The rate on the financed part (the rest of the price pays the full rate). */
  rate: number;
  /** The financed amount the reduced rate applies to at most, in centavos; null when the law's cap is not in this file. */
  cap: number | null;
  /** The law, as text. */
  source: string;
  /** When checked against the law (YYYY-MM-DD); null: an estimate, labelled so on the page. */
  checked: string | null;
}

export interface CityItbi {
  /** The form's value and the query's: `sao-paulo`. */
  slug: string;
  name: string;
  state: string;
  rate: number;
  /** The base in words, as the page says it. */
  base: string;
  /** The law or page the rate comes from, as text. */
  source: string;
  /** When checked against the source (YYYY-MM-DD); null: an estimate, labelled so on the page. */
  checked: string | null;
  sfh: SfhReduction | null;
}

const DECLARED_PRICE = 'o valor da compra declarado (STJ, Tema 1.113)';

/** The ten most populous state capitals (IBGE, Censo 2022), then Porto Alegre and Belém. */
export const CITIES: readonly CityItbi[] = [
  {
    slug: 'sao-paulo',
    name: 'São Paulo',
    state: 'SP',
    rate: 0.03,
    base: DECLARED_PRICE,
    source: 'Lei municipal 11.154/1991, art. 10 (alíquota de 3% pela Lei 16.098/2014)',
    checked: null,
    sfh: {
      rate: 0.005,
      cap: null,
      source: 'Lei municipal 11.154/1991, art. 10, II: 0,5% sobre o valor financiado pelo SFH, até um limite corrigido todo ano',
      checked: null,
    },
  },
  {
    slug: 'rio-de-janeiro',
    name: 'Rio de Janeiro',
    state: 'RJ',
    rate: 0.03,
    base: DECLARED_PRICE,
    source: 'Lei municipal 1.364/1988 (Código Tributário do Município do Rio de Janeiro)',
    checked: null,
    sfh: null,
  },
  {
    slug: 'brasilia',
    name: 'Brasília',
    state: 'DF',
    rate: 0.03,
    base: DECLARED_PRICE,
    source: 'Lei distrital 3.830/2006, art. 9º',
    checked: null,
    sfh: null,
  },
  {
    slug: 'fortaleza',
    name: 'Fortaleza',
    state: 'CE',
    rate: 0.02,
    base: DECLARED_PRICE,
    source: 'Código Tributário de Fortaleza (Lei Complementar 159/2013)',
    checked: null,
    sfh: null,
  },
  {
    slug: 'salvador',
    name: 'Salvador',
    state: 'BA',
    rate: 0.03,
    base: DECLARED_PRICE,
    source: 'Código Tributário e de Rendas de Salvador (Lei 7.186/2006)',
    checked: null,
    sfh: null,
  },
  {
    slug: 'belo-horizonte',
    name: 'Belo Horizonte',
    state: 'MG',
    rate: 0.03,
    base: DECLARED_PRICE,
    source: 'Lei municipal 5.492/1988, art. 10',
    checked: null,
    sfh: null,
  },
  {
    slug: 'manaus',
    name: 'Manaus',
    state: 'AM',
    rate: 0.02,
    base: DECLARED_PRICE,
    source: 'Código Tributário de Manaus (Lei 1.628/1982)',
    checked: null,
    sfh: null,
  },
  {
    slug: 'curitiba',
    name: 'Curitiba',
    state: 'PR',
    rate: 0.027,
    base: DECLARED_PRICE,
    source: 'Lei Complementar municipal 108/2017',
    checked: null,
    sfh: null,
  },
  {
    slug: 'recife',
    name: 'Recife',
    state: 'PE',
    rate: 0.03,
    base: DECLARED_PRICE,
    source: 'Código Tributário do Recife (Lei 15.563/1991)',
    checked: null,
    sfh: null,
  },
  {
    slug: 'goiania',
    name: 'Goiânia',
    state: 'GO',
    rate: 0.03,
    base: DECLARED_PRICE,
    source: 'Código Tributário de Goiânia (Lei 5.040/1975)',
    checked: null,
    sfh: null,
  },
  {
    slug: 'porto-alegre',
    name: 'Porto Alegre',
    state: 'RS',
    rate: 0.03,
    base: DECLARED_PRICE,
    source: 'Lei Complementar municipal 197/1989, art. 18',
    checked: null,
    sfh: {
      rate: 0.005,
      cap: null,
      source: 'Lei Complementar municipal 197/1989, art. 18: 0,5% sobre o valor financiado pelo SFH',
      checked: null,
    },
  },
  {
    slug: 'belem',
    name: 'Belém',
    state: 'PA',
    rate: 0.02,
    base: DECLARED_PRICE,
    source: 'Código Tributário de Belém (Lei 7.056/1977)',
    checked: null,
    sfh: null,
  },
];

/**
 * The notary's deed and the registry. Each state's court sets a table of fees
 * by bands of value (emolumentos), changed every year; this file does not hold
 * them yet, so both are estimates, labelled so on the page, from the usual
 * share of the price they come to in the largest capitals.
 */
export const NOTARY_ESTIMATE = {
  /** The deed (escritura pública), only for purchases without a bank contract. */
  deedShare: 0.01,
  /** The registry (registro de imóveis): the transfer and, when financed, the loan's guarantee. */
  registryShare: 0.01,
  source: 'estimativa da redação; cada estado tem a sua tabela de emolumentos, por faixa de valor',
  checked: null,
} as const;

/** The rules the page applies, each with its law. */
export const RULES = {
  /** A bank's financing contract has the force of a public deed: no separate deed to pay. */
  contractIsDeed: 'Lei 4.380/1964, art. 61, § 5º, e Lei 9.514/1997, art. 38',
  /** A first home financed through the SFH pays half the notary's and the registry's fees. */
  firstHomeHalfFees: 'Lei 6.015/1973 (Lei de Registros Públicos), art. 290',
} as const;

/** What banks charge, as the form's defaults: the reader changes them to their bank's figures. */
export const BANK_DEFAULTS = {
  /** The bank's appraisal of the property (tarifa de avaliação do imóvel). */
  appraisal: 3_500_00,
  /** Other fees the bank charges when signing (análise jurídica, relacionamento). */
  fees: 1_000_00,
  source: 'valores típicos informados pelos grandes bancos em 2026; troque pelos da sua proposta',
} as const;
