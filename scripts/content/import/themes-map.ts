import { readFileSync } from 'node:fs';
import { isMap, isScalar, parseDocument } from 'yaml';
import { isThemeSlug, THEME_LIST, type ThemeSlug } from '../../../src/content/schema/themes.ts';

/**
 * WordPress's categories and tags, mapped to the site's six themes. The
 * import proposes a mapping (by name, and by the words a real-estate title's
 * categories use), writes it as a YAML file the developer edits, and takes it
 * back with `--temas`: what an article's `temas` holds is then exactly what
 * the file says. A category or tag mapped to nothing is named in the report.
 */

/** A category or tag of the export. */
export interface Term {
  taxonomy: string;
  slug: string;
  name: string;
}

/** The file's two sections, by taxonomy. */
const SECTIONS = { category: 'categorias', post_tag: 'tags' } as const;
type Taxonomy = keyof typeof SECTIONS;
const isTaxonomy = (value: string): value is Taxonomy => Object.hasOwn(SECTIONS, value);

export const termKey = (term: Pick<Term, 'taxonomy' | 'slug'>) => `${term.taxonomy}:${term.slug}`;

/** Each term's theme (null: none), by {@link termKey}. */
export type ThemesMap = Map<string, ThemeSlug | null>;

const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Words that name a theme in the categories of real-estate sites: a proposal the developer confirms in the file. */
const THEME_WORDS: Record<ThemeSlug, readonly string[]> = {
  'mercado-imobiliario': ['mercado', 'imovel', 'imoveis', 'imobiliari', 'aluguel', 'lancamento', 'venda', 'compra', 'preco'],
  financiamento: ['financ', 'credito', 'juros', 'fgts', 'consorcio', 'hipoteca', 'minha casa'],
  investimentos: ['invest', 'fii', 'fundos', 'renda', 'rentabil'],
  decoracao: ['decora', 'design de interiores', 'interiores', 'moveis', 'paisagismo', 'jardim', 'casa e jardim'],
  arquitetura: ['arquitet', 'reforma', 'construcao', 'obra', 'projeto', 'urbanismo', 'retrofit'],
  sustentabilidade: ['sustent', 'energia solar', 'solar', 'meio ambiente', 'ecolog', 'verde', 'reuso'],
};

/** The theme a term most likely means: its name is a theme's, or holds one of a theme's words; else null. */
export function proposedTheme(term: Term): ThemeSlug | null {
  const name = plain(`${term.name} ${term.slug.replace(/-/g, ' ')}`);
  const exact = THEME_LIST.find((theme) => plain(theme.name) === plain(term.name) || theme.slug === term.slug);
  if (exact) return exact.slug;
  // The general market theme last: "Crédito imobiliário" is about financing before it is about the market.
  const order = [
    ...THEME_LIST.filter((theme) => theme.slug !== 'mercado-imobiliario'),
    ...THEME_LIST.filter((theme) => theme.slug === 'mercado-imobiliario'),
  ];
  const found = order.find((theme) => THEME_WORDS[theme.slug].some((word) => name.includes(word)));
  return found?.slug ?? null;
}

/** The proposal for every category and tag of the export. */
export function proposeThemes(terms: readonly Term[]): ThemesMap {
  return new Map(terms.filter((term) => isTaxonomy(term.taxonomy)).map((term) => [termKey(term), proposedTheme(term)]));
}

/** The mapping as the file the developer edits: a comment saying how, the themes, each term with its name. */
export function themesFile(terms: readonly Term[], map: ThemesMap): string {
  const lines = [
    '# Mapa de temas da importação do WordPress: cada categoria e tag do site antigo → um tema do site.',
    `# Temas: ${THEME_LIST.map((theme) => theme.slug).join(', ')}.`,
    '# Deixe vazio para não dar tema. Edite e rode a importação de novo com --temas <este arquivo>.',
  ];
  for (const [taxonomy, section] of Object.entries(SECTIONS)) {
    const own = terms.filter((term) => term.taxonomy === taxonomy);
    lines.push('', `${section}:`);
    if (own.length === 0) lines[lines.length - 1] = `${section}: {}`;
    for (const term of own)
      lines.push(`  ${JSON.stringify(term.slug)}: ${map.get(termKey(term)) ?? ''} # ${term.name.replace(/\s+/g, ' ')}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The mapping file read back, or the first thing wrong with it (pt-BR, with its line). */
export function readThemesFile(path: string): ThemesMap | { problem: string } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return { problem: `não consegui ler o mapa de temas ${path}` };
  }
  const document = parseDocument(text, { prettyErrors: false });
  const [first] = document.errors;
  if (first) return { problem: `o mapa de temas ${path} não é YAML válido (${first.message.split('\n')[0]})` };
  const root = document.contents;
  if (!isMap(root)) return { problem: `o mapa de temas ${path} deve ter as seções "categorias:" e "tags:"` };
  const map: ThemesMap = new Map();
  for (const [taxonomy, section] of Object.entries(SECTIONS)) {
    const entries = root.get(section, true);
    if (entries === undefined || (isScalar(entries) && entries.value === null)) continue;
    if (!isMap(entries)) return { problem: `no mapa de temas, "${section}" deve listar "slug: tema"` };
    for (const pair of entries.items) {
      const slug = isScalar(pair.key) ? String(pair.key.value) : '';
      const value = isScalar(pair.value) ? pair.value.value : pair.value;
      if (value === null || value === undefined || value === '') {
        map.set(`${taxonomy}:${slug}`, null);
        continue;
      }
      if (!isThemeSlug(value)) {
        return {
          problem: `no mapa de temas, ${section} → "${slug}" diz "${String(value)}", que não é um tema: use ${THEME_LIST.map((theme) => theme.slug).join(', ')}, ou deixe vazio`,
        };
      }
      map.set(`${taxonomy}:${slug}`, value);
    }
  }
  return map;
}

/** An article's themes from its categories and tags: each once, in the site's order. */
export function themesOf(terms: readonly Pick<Term, 'taxonomy' | 'slug'>[], map: ThemesMap): ThemeSlug[] {
  const found = new Set(terms.flatMap((term) => map.get(termKey(term)) ?? []));
  return THEME_LIST.map((theme) => theme.slug).filter((slug) => found.has(slug));
}
