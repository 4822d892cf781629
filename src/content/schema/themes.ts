/**
 * The six themes of the home page's hashtags: an article lists the ones it
 * belongs to in `temas` (by slug), and each has its page at `/tema/<slug>`.
 * A fixed table, not content: the hero shows exactly these six, and a slug
 * outside it is refused by the editors' check and ignored on read.
 */
export const THEMES = {
  'mercado-imobiliario': {
    tag: 'MercadoImobiliário',
    name: 'Mercado imobiliário',
    description: 'Preços, lançamentos, aluguel e o que move a compra e a venda de imóveis no Brasil.',
  },
  financiamento: {
    tag: 'Financiamento',
    name: 'Financiamento',
    description: 'Crédito imobiliário, juros, FGTS, SAC e Price: como pagar o imóvel sem surpresas.',
  },
  investimentos: {
    tag: 'Investimentos',
    name: 'Investimentos',
    description: 'Fundos imobiliários, imóveis para renda e o que pesar antes de investir em tijolo.',
  },
  decoracao: {
    tag: 'Decoração',
    name: 'Decoração',
    description: 'Cores, iluminação, móveis e soluções para deixar a casa mais bonita e funcional.',
  },
  arquitetura: {
    tag: 'Arquitetura',
    name: 'Arquitetura',
    description: 'Projetos, reformas, retrofit e as ideias que mudam a forma de construir e morar.',
  },
  sustentabilidade: {
    tag: 'Sustentabilidade',
    name: 'Sustentabilidade',
    description: 'Energia solar, reúso de água, materiais e casas que gastam menos e duram mais.',
  },
} as const;

export type ThemeSlug = keyof typeof THEMES;
export type Theme = (typeof THEMES)[ThemeSlug] & { slug: ThemeSlug };

/** The themes in the hero's order. */
export const THEME_LIST: readonly Theme[] = Object.entries(THEMES).map(([slug, theme]) => ({ ...theme, slug: slug as ThemeSlug }));

export const isThemeSlug = (value: unknown): value is ThemeSlug => typeof value === 'string' && Object.hasOwn(THEMES, value);

/** How many themes one article may list: all six at most. */
const MAX_THEMES = THEME_LIST.length;

/** An item's themes: the known slugs of its `temas`, each once, in the order given; none when it has no list. */
export function themesOf(item: { temas?: unknown }): ThemeSlug[] {
  if (!Array.isArray(item.temas)) return [];
  return [...new Set(item.temas.slice(0, MAX_THEMES).filter(isThemeSlug))];
}
