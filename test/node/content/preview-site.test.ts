import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkContent } from '../../../scripts/content/check-folder';
import {
  bannerText,
  cardPage,
  injectPreview,
  memoryKv,
  PREVIEW_SCRIPT,
  PREVIEW_STYLES,
  previewBuild,
  problemsPanel,
} from '../../../scripts/content/preview-site';
import { error, note, warning } from '../../../src/checking/problems';
import { Content } from '../../../src/content/content';
import type { StoredAuthor } from '../../../src/content/index-build';
import { forgetLiveIndex } from '../../../src/content/live-index';
import type { NewsItem } from '../../../src/content/news-item';
import { sanitizeArticleHtml } from '../../../src/content/sanitize-html';
import type { ContentBindings } from '../../../src/content/sources';
import { articleFixture, body, cleanFixtures } from './fixtures';

/** The pure parts of `npm run content:preview` (scripts/content/preview-site.ts); the server itself: test/e2e/preview.spec.ts. */

const SLUG = 'previa-de-teste';
const NOW = Date.UTC(2026, 0, 10, 12);
let base: { items: NewsItem[]; authors: Record<string, StoredAuthor> };
/** The samples' bodies, by the key each is published under. */
let baseBodies: Map<string, string>;

/** The worker's content over a build's made-up KV, at an instant, as the preview's requests read it. */
function contentAt(kv: ReadonlyMap<string, string | Uint8Array>, at: number, fallback?: (key: string) => Uint8Array | null) {
  forgetLiveIndex();
  const env: ContentBindings = {
    NEWS: memoryKv(kv, fallback),
    ASSETS: { fetch: async () => new Response(null, { status: 404 }) },
    NEWS_LIST_TTL_SECONDS: '0',
  };
  return new Content(env, at);
}

async function checked(overrides: Record<string, unknown>) {
  const dir = articleFixture(SLUG, { fields: overrides });
  const result = await checkContent(dir, base.items, new Date(NOW));
  return { ...result, article: result.articles[0] };
}

beforeAll(async () => {
  // The live list: the bundled samples, as the build checks them.
  const live = await checkContent('content', [], new Date(NOW), { bundled: true });
  base = { items: live.articles.map((article) => article.item), authors: live.registry.authors };
  baseBodies = new Map(live.articles.map((article) => [article.item.htmlPath, article.body]));
});
afterAll(cleanFixtures);

describe('the made-up KV', () => {
  it('holds the live list with the article in it, its body and image, read by the worker’s own code', async () => {
    const result = await checked({ titulo: 'Uma prévia de teste com título de bom tamanho' });
    expect(result.article).toBeDefined();
    const build = previewBuild(base, SLUG, result, NOW, '1');
    expect(build.item?.titulo).toBe('Uma prévia de teste com título de bom tamanho');
    expect(build.scheduledAt).toBeUndefined();
    expect(build.kv.get(result.article!.item.htmlPath)).toBe(result.article!.body);
    expect(build.kv.has(result.article!.image.key)).toBe(true);
    const content = contentAt(build.kv, NOW);
    expect((await content.article(SLUG))?.titulo).toBe('Uma prévia de teste com título de bom tamanho');
    expect(await content.body((await content.article(SLUG))!)).toBe(result.article!.body);
    const listed = await content.newest(0, 100);
    expect(listed.map((item) => item.slug).sort()).toEqual([...base.items.map((item) => item.slug), SLUG].sort());
  });

  it('replaces a live article of the same slug, and falls back to the base files for the rest', async () => {
    const result = await checked({ titulo: 'Uma prévia de teste com título de bom tamanho' });
    const live = { ...result.article!.item, titulo: 'A versão publicada, com outro título' };
    const build = previewBuild({ items: [...base.items, live], authors: base.authors }, SLUG, result, NOW, '1');
    const content = contentAt(build.kv, NOW);
    const listed = await content.newest(0, 100);
    expect(listed.filter((item) => item.slug === SLUG).map((item) => item.titulo)).toEqual([
      'Uma prévia de teste com título de bom tamanho',
    ]);
    // Bodies the build does not hold come from the fallback (dist/ for the bundled samples).
    const other = listed.find((item) => item.slug !== SLUG)!;
    // The sample's own body: the worker reads a body only under the key its content hash names.
    const body = baseBodies.get(other.htmlPath)!;
    const fallback = (key: string) => (key === other.htmlPath ? Buffer.from(body) : null);
    expect(await contentAt(build.kv, NOW, fallback).body(other)).toBe(body);
  });

  it('an article with errors that can still be rendered is shown, with the errors listed above it; none is publishable', async () => {
    const dir = articleFixture(SLUG, { body: body('\n<script>alert(1)</script>') });
    const result = await checkContent(dir, base.items, new Date(NOW));
    expect(result.problems.filter((p) => p.severity === 'error').map((p) => p.field)).toEqual(['body: <script>']);
    expect(result.articles).toEqual([]);
    const build = previewBuild(base, SLUG, { problems: result.problems, article: result.previews[0] }, NOW, '2');
    expect(build.item?.slug).toBe(SLUG);
    expect(bannerText(build)).not.toContain('não pôde ser montado');
    const content = contentAt(build.kv, NOW);
    // As the article's page serves it: the body sanitized, what the error refuses left out.
    const served = sanitizeArticleHtml((await content.body((await content.article(SLUG))!))!, SLUG);
    expect('html' in served && served.html).toContain('Palavra');
    expect('html' in served && served.html).not.toContain('<script');
    const page = injectPreview('<html><head></head><body><h1>x</h1></body></html>', build);
    expect(page).toMatch(
      /<body><div class="previa-faixa"[\s\S]*Problemas encontrados: 1 erro[\s\S]*o artigo não pode ser publicado[\s\S]*<h1>x<\/h1>/,
    );
  });

  it('an article whose title cannot be read is not rendered', async () => {
    const result = await checked({ titulo: 'Curto' });
    expect(result.previews).toEqual([]);
  });

  it('without an article (errors), is the live list alone', async () => {
    const problems = [error('x/index.md', 'titulo', 'too short', 'write more')];
    const build = previewBuild(base, SLUG, { problems }, NOW, '2');
    expect(build.item).toBeUndefined();
    const content = contentAt(build.kv, NOW);
    expect(await content.article(SLUG)).toBeNull();
    expect(await content.count()).toBe(base.items.length);
    expect(bannerText(build)).toContain('o artigo não pôde ser montado');
  });
});

describe('a scheduled article', () => {
  it('is marked with its time, and shows when the clock is at it (hidden before)', async () => {
    const result = await checked({ titulo: 'Uma prévia agendada com título de bom tamanho', data: '2026-02-03T09:15' });
    expect(result.problems.some((p) => p.severity === 'note' && p.field === 'data')).toBe(true);
    const build = previewBuild(base, SLUG, result, NOW, '3');
    expect(build.scheduledAt).toBe(Date.UTC(2026, 1, 3, 12, 15)); // 09:15 in São Paulo
    expect(bannerText(build)).toBe(
      `Pré-visualização · /noticia/${SLUG} · não publicado · agendado para 03/02/2026 09:15 (horário de Brasília)`,
    );
    expect(await contentAt(build.kv, NOW).article(SLUG)).toBeNull();
    const at = contentAt(build.kv, build.scheduledAt!);
    expect((await at.article(SLUG))?.titulo).toBe('Uma prévia agendada com título de bom tamanho');
    expect((await at.newest(0, 1))[0]?.slug).toBe(SLUG);
    expect(injectPreview('<html><head></head><body><p>x</p></body></html>', build)).toContain('previa-faixa previa-agendado');
  });

  it('has its card on the grid page that lists it at that time', () => {
    const item = (slug: string, data: string) => ({ slug, data }) as NewsItem;
    const items = Array.from({ length: 30 }, (_, n) =>
      item(`a-${String(n).padStart(2, '0')}`, `2025-01-${String(n + 1).padStart(2, '0')}`),
    );
    expect(cardPage(items, 'a-29', NOW)).toBe('/');
    expect(cardPage(items, 'a-00', NOW)).toBe('/pagina/2');
    const later = [...items, item(SLUG, '2026-02-03T09:15')];
    expect(cardPage(later, SLUG, NOW)).toBeNull();
    expect(cardPage(later, SLUG, Date.UTC(2026, 1, 3, 12, 15))).toBe('/');
  });
});

describe('the problems panel', () => {
  it('lists errors, warnings and notes in pt-BR, with file, field and fix, escaped', () => {
    const html = problemsPanel([
      error('a/index.md', 'titulo', 'line 2: "titulo" has 5 characters', 'write <more>'),
      warning('a/index.md', 'body: <b>', 'unclosed', 'close it'),
      note('a/index.md', 'data', 'scheduled for 03/02/2026 09:15', 'it is shown then'),
    ]);
    expect(html).toContain('Problemas encontrados: 1 erro, 1 aviso, 1 nota');
    expect(html).toContain(
      '<strong>Erro</strong> <code>a/index.md</code> · <code>titulo</code>: line 2: &quot;titulo&quot; has 5 characters',
    );
    expect(html).toContain('Como corrigir: write &lt;more&gt;');
    expect(html).toContain('<strong>Aviso</strong> <code>a/index.md</code> · <code>texto: &lt;b&gt;</code>');
    expect(html).toContain('Saiba mais: it is shown then');
    expect(html).toContain('o artigo não pode ser publicado');
    expect(problemsPanel([warning('f', 'alt', 'm', 'h')])).not.toContain('não pode ser publicado');
    expect(problemsPanel([])).toBe('');
  });

  it('goes at the top of the page the worker rendered, with the preview’s own files in the head', async () => {
    const problems = [warning('a/index.md', 'alt', 'short', 'say more')];
    const build = previewBuild(base, SLUG, { problems }, NOW, '7');
    const page = injectPreview('<!doctype html><html><head><title>t</title></head><body class="x"><header>h</header></body></html>', build);
    expect(page).toContain(`<link rel="stylesheet" href="${PREVIEW_STYLES}"><script src="${PREVIEW_SCRIPT}" defer></script></head>`);
    expect(page).toMatch(
      /<body class="x"><div class="previa-faixa" role="status" data-previa-versao="7" [^>]*>.*<\/div><section class="previa-problemas".*<header>h<\/header>/,
    );
    // No inline script or style: the worker's Content-Security-Policy stays as it is.
    expect(page).not.toMatch(/<script>|<style|style="/);
    expect(injectPreview('{"not":"a page"}', build)).toBe('{"not":"a page"}');
  });
});
