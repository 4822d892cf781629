import { isValidSlug } from '../../../src/content/schema/format.ts';
import { slugFromTitle } from '../../../src/content/schema/slug-from-title.ts';
import { oldAddressKey } from '../../../src/redirects/old-address.ts';
import { articlePath, collectionPath, searchPath } from '../../../src/seo/urls.ts';
import type { ExportIndex, ItemSummary } from './scan.ts';
import { type ThemesMap, termKey } from './themes-map.ts';
import { siteSlugOf } from './wordpress/wp-fields.ts';

/**
 * What the import makes of each item of the export, decided before any text
 * is converted: a published post becomes an article (at its own slug, or
 * the nearest free valid one), a draft or pending post a newsroom draft,
 * anything else is left out with its reason, in pt-BR, for the report. Also
 * the new address of every old one (posts, categories, tags, authors), which
 * both rewrites the links of the texts and becomes the site's redirects.
 */
export type Fate = { kind: 'article'; slug: string; oldSlug: string | null } | { kind: 'draft' } | { kind: 'skipped'; reason: string };

export interface AuthorPlan {
  login: string;
  slug: string;
  name: string;
  /** Already in the site's registry: nothing is sent for it. */
  live: boolean;
}

export interface ImportPlan {
  fates: Map<number, Fate>;
  authors: Map<string, AuthorPlan>;
  /** Old address key → new path: posts, terms, authors (images are added once stored). */
  targets: Map<string, string>;
  /** The old addresses as the export names them, with their new paths: the redirects to store. */
  redirects: { from: string; to: string }[];
  /** Slugs changed from WordPress's because another article holds the address here, by post. */
  renamed: Map<number, string>;
}

const SKIPPED_STATUS: Record<string, string> = {
  private: 'post privado: no WordPress só quem tinha login o via',
  trash: 'post na lixeira',
  'auto-draft': 'rascunho automático do WordPress, nunca escrito',
  inherit: 'revisão de outro post',
};

const SKIPPED_TYPE: Record<string, string> = {
  page: 'página: o site tem as próprias páginas institucionais (Sobre, Contato…); copie o texto que quiser para elas',
  attachment: 'página de anexo: a imagem vai com os artigos que a usam',
  nav_menu_item: 'item de menu: o menu do site é o dele',
  revision: 'revisão de outro post',
  wp_block: 'bloco reutilizável do editor: o texto dele já está nos posts que o usam',
  custom_css: 'CSS do tema antigo',
  customize_changeset: 'ajuste do tema antigo',
  oembed_cache: 'cache do WordPress',
  wp_navigation: 'menu do tema antigo',
  wp_global_styles: 'estilo do tema antigo',
  wp_template: 'modelo do tema antigo',
  wp_template_part: 'modelo do tema antigo',
};

/** The fate of an item by its type and status alone. */
function baseFate(item: ItemSummary): Fate | null {
  if (item.type !== 'post')
    return { kind: 'skipped', reason: SKIPPED_TYPE[item.type] ?? `conteúdo do tipo "${item.type}", que o site não tem` };
  if (item.status === 'publish' || item.status === 'future') return null;
  if (item.status === 'draft' || item.status === 'pending') return { kind: 'draft' };
  return { kind: 'skipped', reason: SKIPPED_STATUS[item.status] ?? `post com o status "${item.status}"` };
}

/** WordPress's post_name as it reads: percent-decoded when it can be. */
function decodedName(postName: string): string {
  try {
    return decodeURIComponent(postName);
  } catch {
    return postName;
  }
}

export interface PlanContext {
  /** The live articles' titles by slug: an address held by another article is not taken. */
  live: ReadonlyMap<string, string>;
  /** The slugs the import already published, by post (an earlier run's). */
  recorded: ReadonlyMap<number, string>;
  liveAuthors: ReadonlySet<string>;
  themes: ThemesMap;
}

export function planImport(index: ExportIndex, context: PlanContext): ImportPlan {
  const plan: ImportPlan = { fates: new Map(), authors: new Map(), targets: new Map(), redirects: [], renamed: new Map() };
  const taken = new Set<string>();
  const ours = new Set(context.recorded.values());
  const redirect = (from: string, to: string) => {
    const key = oldAddressKey(from);
    if (key === null || plan.targets.has(key)) return;
    plan.targets.set(key, to);
    plan.redirects.push({ from, to });
  };
  for (const item of index.items) {
    const fate = baseFate(item);
    if (fate) {
      plan.fates.set(item.id, fate);
      continue;
    }
    const wanted = context.recorded.get(item.id) ?? siteSlugOf(item.postName, item.title);
    const slug = freeSlug(wanted, item.title, taken, context.live, ours);
    taken.add(slug);
    const decoded = decodedName(item.postName);
    const oldSlug = decoded !== slug && decoded !== '' ? decoded : null;
    if (slug !== wanted) plan.renamed.set(item.id, slug);
    plan.fates.set(item.id, { kind: 'article', slug, oldSlug });
    const to = articlePath({ slug });
    for (const from of [item.link, item.guid, `/?p=${item.id}`]) if (from) redirect(from, to);
    if (oldSlug && isValidSlug(oldSlug.toLowerCase())) redirect(articlePath({ slug: oldSlug.toLowerCase() }), to);
  }
  const base = index.site.baseBlogUrl || index.site.link;
  for (const term of index.terms) {
    const theme = context.themes.get(termKey(term));
    const section = term.taxonomy === 'category' ? 'category' : term.taxonomy === 'post_tag' ? 'tag' : null;
    if (!section) continue;
    redirect(`${base}/${section}/${term.slug}/`, theme ? collectionPath('tema', theme) : searchPath(term.name));
  }
  // Only those who sign a published post: an author page with no article would be a 404.
  const signing = new Set(index.items.filter((item) => plan.fates.get(item.id)?.kind === 'article').map((item) => item.creator));
  for (const author of index.authors.values()) {
    if (!signing.has(author.login)) continue;
    const slug = slugFromTitle(author.displayName) || slugFromTitle(author.login) || 'autor';
    plan.authors.set(author.login, {
      login: author.login,
      slug,
      name: author.displayName || author.login,
      live: context.liveAuthors.has(slug),
    });
    redirect(`${base}/author/${author.login}/`, collectionPath('autor', slug));
  }
  return plan;
}

/**
 * The slug a post gets: its own when free; when another article holds it (one
 * not from this import, under another title), the same with -2, -3…: never
 * another article's address.
 */
function freeSlug(
  wanted: string,
  title: string,
  taken: ReadonlySet<string>,
  live: ReadonlyMap<string, string>,
  ours: ReadonlySet<string>,
): string {
  const free = (slug: string) => !taken.has(slug) && (ours.has(slug) || !live.has(slug) || live.get(slug) === title);
  if (free(wanted)) return wanted;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${wanted.slice(0, 120 - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (free(candidate)) return candidate;
  }
}
