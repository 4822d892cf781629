import { fieldLabel, type Problem } from '../../src/checking/problems.ts';
import { ascending, buildIndex, type StoredAuthor } from '../../src/content/index-build.ts';
import type { NewsItem } from '../../src/content/news-item.ts';
import type { KvReader } from '../../src/content/sources.ts';
import { publicationInstant } from '../../src/content/updated.ts';
import { PAGE_SIZE } from '../../src/lib/pagination.ts';
import type { LocalRegistry, PreparedArticle } from '../../src/publishing/prepared-article.ts';
import { scheduledFor } from '../../src/publishing/scheduled.ts';
import { contentHash } from './content-hash.ts';

/**
 * The pure parts of `npm run content:preview` (scripts/content/preview.ts):
 * the made-up KV the worker's own code reads (the live list the editor would
 * publish into, plus the previewed article), and what the preview server adds
 * to the pages the worker renders (the banner, the check's problems, the
 * reload script). Nothing here writes anywhere.
 */

/** The paths of the preview server's own files and pages: never one of the site's. */
const PREVIEW_PREFIX = '/__previa';
export const PREVIEW_SCRIPT = `${PREVIEW_PREFIX}/previa.js`;
export const PREVIEW_STYLES = `${PREVIEW_PREFIX}/previa.css`;
export const PREVIEW_EVENTS = `${PREVIEW_PREFIX}/eventos`;
/** Redirects to the grid page that shows the article's card, with the card marked. */
export const PREVIEW_CARD = `${PREVIEW_PREFIX}/cartao`;
/** The fragment the script reads to mark the article's card in the grid. */
export const CARD_FRAGMENT = 'previa-cartao';

/** The site the article is previewed in: the list it would be published into and its author registry. */
export interface BaseSite {
  items: readonly NewsItem[];
  authors: Readonly<Record<string, StoredAuthor>>;
}

/** What one build of the preview shows: the check's outcome and the made-up KV values. */
export interface PreviewBuild {
  slug: string;
  problems: Problem[];
  /** The article's list item, when the check could build it (even with warnings). */
  item?: NewsItem;
  /** The article's publication instant (ms) when it is still to come: the preview runs at that instant. */
  scheduledAt?: number;
  /** KV keys → values: the index over the base list and the article, its body, image, variants and figures. */
  kv: Map<string, string | Uint8Array>;
  /** Changes with every build: a page rendered from an older one reloads. */
  version: string;
}

/**
 * The made-up KV of a build: the index (`buildIndex`, as a publish writes it)
 * over the base list with the article in it (replacing a live article of the
 * same slug), the article's body, image, variants and figures, and the author
 * photos of the folder's registry. Without an article (the check found errors
 * that stop it), the base list alone.
 */
export function previewBuild(
  base: BaseSite,
  slug: string,
  checked: { problems: Problem[]; article?: PreparedArticle; registry?: LocalRegistry },
  now: number,
  version: string,
): PreviewBuild {
  const { article, registry, problems } = checked;
  const items = base.items.filter((item) => item.slug !== slug);
  if (article) items.push(article.item);
  const kv = new Map<string, string | Uint8Array>(buildIndex(items, contentHash, now, { ...base.authors, ...registry?.authors }));
  for (const photo of registry?.photos ?? []) kv.set(photo.key, photo.value);
  if (article) {
    kv.set(article.item.htmlPath, article.body);
    kv.set(article.image.key, article.image.bytes);
    for (const figure of article.figures ?? []) kv.set(figure.key, figure.bytes);
    for (const variant of article.variants) kv.set(variant.key, variant.value);
  }
  const at = article ? publicationInstant(String(article.item.data)) : null;
  return {
    slug,
    problems,
    ...(article ? { item: article.item } : {}),
    ...(at !== null && at > now ? { scheduledAt: at } : {}),
    kv,
    version,
  };
}

/**
 * KV as the worker reads it: the build's values first, then the base site's
 * files (`fallback`: the bundled samples' bodies, images and chunks in dist/).
 */
export function memoryKv(
  values: ReadonlyMap<string, string | Uint8Array>,
  fallback: (key: string) => Uint8Array | null = () => null,
): KvReader {
  const read = (key: string) => {
    const value = values.get(key);
    if (value !== undefined) return typeof value === 'string' ? Buffer.from(value) : value;
    return fallback(key);
  };
  return {
    get: (async (key: string, type: 'text' | 'arrayBuffer') => {
      const bytes = read(key);
      if (bytes === null) return null;
      return type === 'text' ? bytes.toString('utf8') : new Uint8Array(bytes).buffer;
    }) as KvReader['get'],
  };
}

/**
 * The grid page that shows the article's card at `now`: the home page for the
 * 24 newest, else `/pagina/<n>`. Null when the article is not listed then.
 */
export function cardPage(items: readonly NewsItem[], slug: string, now: number): string | null {
  const visible = ascending(items)
    .filter((item) => (publicationInstant(String(item.data)) ?? Number.NEGATIVE_INFINITY) <= now)
    .reverse();
  const position = visible.findIndex((item) => item.slug === slug);
  if (position < 0) return null;
  const page = Math.floor(position / PAGE_SIZE) + 1;
  return page === 1 ? '/' : `/pagina/${page}`;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

const SEVERITY_LABEL = { error: 'Erro', warning: 'Aviso', note: 'Nota' } as const;

/** "1 erro", "2 avisos". */
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The check's problems as a pt-BR panel for the top of the page: each with
 * its severity, file, field, message and fix. Empty when there are none.
 */
export function problemsPanel(problems: readonly Problem[]): string {
  if (problems.length === 0) return '';
  const errors = problems.filter((p) => p.severity === 'error').length;
  const warnings = problems.filter((p) => p.severity === 'warning').length;
  const notes = problems.length - errors - warnings;
  const totals = [
    errors > 0 ? count(errors, 'erro', 'erros') : '',
    warnings > 0 ? count(warnings, 'aviso', 'avisos') : '',
    notes > 0 ? count(notes, 'nota', 'notas') : '',
  ].filter(Boolean);
  const heading = errors + warnings > 0 ? `Problemas encontrados: ${totals.join(', ')}` : `Observações: ${totals.join(', ')}`;
  const advice =
    errors > 0 ? '<p>Com erros, o artigo não pode ser publicado: corrija-os e salve o arquivo, e esta página se atualiza sozinha.</p>' : '';
  const rows = problems
    .map(
      (p) =>
        `<li class="previa-${p.severity}"><strong>${SEVERITY_LABEL[p.severity]}</strong> <code>${escapeHtml(p.file)}</code> · <code>${escapeHtml(fieldLabel(p.field))}</code>: ${escapeHtml(p.message)}<br><span class="previa-correcao">${p.severity === 'note' ? 'Saiba mais' : 'Como corrigir'}: ${escapeHtml(p.hint)}</span></li>`,
    )
    .join('');
  return `<section class="previa-problemas" aria-labelledby="previa-problemas-titulo"><h2 id="previa-problemas-titulo">${heading}</h2>${advice}<ul>${rows}</ul></section>`;
}

/** The banner's line for a build: what is previewed, and when it is scheduled. */
export function bannerText(build: Pick<PreviewBuild, 'slug' | 'item' | 'scheduledAt'>): string {
  const parts = ['Pré-visualização', `/noticia/${build.slug}`, 'não publicado'];
  if (build.item && build.scheduledAt !== undefined)
    parts.push(`agendado para ${scheduledFor(String(build.item.data))} (horário de Brasília)`);
  if (!build.item) parts.push('o artigo não pôde ser montado');
  return parts.join(' · ');
}

/**
 * What the preview adds to a page the worker rendered: its stylesheet and
 * script in the head (files of the preview server, so the worker's CSP, which
 * allows its own origin's files, lets them run unchanged), and the banner and
 * the problems panel at the top of the body. A page that is not a document is
 * returned as it is.
 */
export function injectPreview(html: string, build: PreviewBuild): string {
  const head = `<link rel="stylesheet" href="${PREVIEW_STYLES}"><script src="${PREVIEW_SCRIPT}" defer></script>`;
  const scheduled = build.scheduledAt !== undefined && build.item !== undefined;
  const banner = `<div class="previa-faixa${scheduled ? ' previa-agendado' : ''}" role="status" data-previa-versao="${escapeHtml(build.version)}" data-previa-slug="${escapeHtml(build.slug)}"><span>${escapeHtml(bannerText(build))}</span> <a href="/noticia/${escapeHtml(build.slug)}">Página do artigo</a> <a href="${PREVIEW_CARD}">Cartão na grade</a></div>`;
  const top = `${banner}${problemsPanel(build.problems)}`;
  if (!/<\/head>/i.test(html) || !/<body[^>]*>/i.test(html)) return html;
  return html.replace(/<\/head>/i, `${head}</head>`).replace(/<body[^>]*>/i, (tag) => `${tag}${top}`);
}

/** The preview's stylesheet: the banner, the problems panel, the marked card. */
export const PREVIEW_CSS = `
.previa-faixa{position:sticky;top:0;z-index:1000;display:flex;flex-wrap:wrap;gap:.25rem 1rem;align-items:center;padding:.5rem 1rem;background:#1d3557;color:#fff;font:600 0.9rem/1.4 system-ui,sans-serif}
.previa-faixa a{color:#fff;text-decoration:underline}
@media (max-width:47.99rem){.previa-faixa{position:static}}
.previa-faixa.previa-agendado{background:#7a4b00}
.previa-problemas{margin:0;padding:.75rem 1rem;background:#fff4e5;border-bottom:2px solid #b45309;color:#1f1f1f;font:0.9rem/1.45 system-ui,sans-serif}
.previa-problemas h2{margin:0 0 .5rem;font-size:1rem}
.previa-problemas p{margin:0 0 .5rem}
.previa-problemas ul{margin:0;padding-left:1.25rem}
.previa-problemas li{margin:.25rem 0;overflow-wrap:anywhere}
.previa-problemas .previa-error strong{color:#b91c1c}
.previa-problemas .previa-warning strong{color:#92400e}
.previa-correcao{color:#444}
.previa-titulo{margin:1rem;font:700 1.25rem/1.3 system-ui,sans-serif}
.previa-cartao-marcado{outline:4px solid #f59e0b;outline-offset:4px}
`;

/**
 * The preview's script: reloads the page when the server says a newer build
 * is ready (Server-Sent Events), and marks the article's card in the grid
 * when the address ends with #previa-cartao.
 */
export const PREVIEW_JS = `(() => {
  const banner = document.querySelector('[data-previa-versao]');
  if (!banner) return;
  const version = banner.getAttribute('data-previa-versao');
  const slug = banner.getAttribute('data-previa-slug');
  const events = new EventSource(${JSON.stringify(PREVIEW_EVENTS)});
  events.addEventListener('versao', (event) => {
    if (event.data !== version) location.reload();
  });
  if (location.hash === '#${CARD_FRAGMENT}') {
    const link = document.querySelector('.card a[href="/noticia/' + slug + '"]');
    const card = link && link.closest('.card');
    if (card) {
      card.classList.add('previa-cartao-marcado');
      card.scrollIntoView({ block: 'center' });
    }
  }
})();
`;
