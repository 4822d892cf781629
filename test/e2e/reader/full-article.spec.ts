import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { LOCAL_SITE_URL as BASE_URL } from '../../../scripts/local-site.ts';
import { copySample } from '../../fixtures/sample-article.ts';
import { gotoBooted } from '../boot-ready';
import { PROCESS_TEST_TIMEOUT_MS } from '../processes';

/**
 * One article using every field index.md takes, with a new author (and
 * photo) from the registry beside it, published to the local store as an
 * editor would: then the home page, the article (with its correction note), its author's and themes'
 * pages, the feed and the sitemap all show it as written.
 */
const SLUG = 'teste-artigo-completo';
const TITLE = 'Teste completo: uma reportagem com todos os campos do formato';
// A new author each run: a publish never removes an author, so one from an earlier run would already be live.
const AUTHOR = { slug: `reporter-${Date.now().toString(36)}`, nome: 'Repórter de Teste', cargo: 'Repórter de testes de ponta a ponta' };
const FIELDS = {
  titulo: TITLE,
  descricao: 'Uma notícia criada pelo teste de ponta a ponta com autor, créditos, correção, horário, destaque, temas e corpo rico.',
  data: '2026-01-10T09:15',
  alt: 'Cozinha planejada com bancada clara, armários verdes e luminárias pendentes',
  credito: 'Foto: Ana Lima/Casa em Pauta',
  atualizado: '2026-01-12T18:40',
  correcao: 'Uma versão anterior desta notícia dava o prazo da obra em seis semanas; o prazo informado pela construtora é de oito semanas.',
  destaque: true,
  autor: AUTHOR.slug,
  temas: ['decoracao', 'arquitetura'],
};
test.describe.configure({ timeout: PROCESS_TEST_TIMEOUT_MS });
let root: string;

function content(command: string, ...args: string[]) {
  const result = spawnSync('npm', ['run', '--silent', `content:${command}`, '--', ...args], { encoding: 'utf8' });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

test.beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'editor-'));
  // The sample with a table, a figure from imagens/ and a video embed, with these fields.
  copySample('content/reforma-de-cozinha-planejamento-e-custos', join(root, SLUG), { fields: FIELDS });
  mkdirSync(join(root, 'autores'));
  const { slug, ...author } = AUTHOR;
  writeFileSync(
    join(root, 'autores', `${slug}.json`),
    JSON.stringify({
      ...author,
      bio: 'Existe só durante o teste: escreve a reportagem que confere cada campo do formato.',
      foto: 'foto.png',
    }),
  );
  await sharp({ create: { width: 400, height: 400, channels: 3, background: '#2f5d50' } })
    .png()
    .toFile(join(root, 'autores', 'foto.png'));
});

test.afterAll(() => {
  content('unpublish', '--local', SLUG);
  rmSync(root, { recursive: true, force: true });
});

test('an article with every field, published locally, shows everywhere as written', async ({ page, request }) => {
  const published = content('publish', '--local', root);
  expect(published.code, published.output).toBe(0);
  expect(published.output).toMatch(new RegExp(`novo +"${TITLE}"\\n +${BASE_URL}/noticia/${SLUG}\\n`));
  expect(published.output).toMatch(/autor +"Repórter de Teste" \(Repórter de testes de ponta a ponta\)/);

  // The home page: featured (destaque), the newest marked (dated after every sample, some of which are marked).
  await gotoBooted(page, '/');
  await page.getByRole('button', { name: 'Recusar' }).click();
  await expect(page.locator('.hot-news h2')).toHaveText(TITLE);
  await expect(page.locator('.hot-news time')).toHaveAttribute('datetime', '2026-01-10T09:15:00-03:00');

  // The article.
  await page.locator('.hot-news a.button').click();
  await expect(page).toHaveURL(`/noticia/${SLUG}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE);
  await expect(page.locator('.article-meta')).toContainText('10 de janeiro de 2026');
  await expect(page.locator('.article-updated')).toHaveText('Atualizado em 12 de janeiro de 2026');
  await expect(page.locator('.article-updated time')).toHaveAttribute('datetime', '2026-01-12T18:40:00-03:00');
  // The correction's note, under the body: the meta line's date leads to it.
  await page.locator('.article-updated a').click();
  await expect(page).toHaveURL(`/noticia/${SLUG}#correcao`);
  const note = page.locator('#correcao');
  await expect(note).toBeInViewport();
  await expect(note).toHaveText(`Correção · 12 de janeiro de 2026${FIELDS.correcao}`);
  await expect(page.locator('.article-figure img')).toHaveAttribute('alt', FIELDS.alt);
  await expect(page.locator('.article-figure figcaption')).toHaveText('Foto: Ana Lima/Casa em Pauta');
  const byline = page.locator('.author-name a');
  await expect(byline).toHaveText(AUTHOR.nome);
  await expect(page.locator('.author-role')).toHaveText(AUTHOR.cargo);
  const photo = page.locator('.author img.author-avatar');
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(192);
  await expect(page.locator('.article-body table')).toHaveCount(1);
  await expect(page.locator('.article-body a.video-facade')).toHaveAttribute(
    'href',
    /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}$/,
  );
  await expect(page.locator('.article-body figure img')).toHaveAttribute('alt', /^.{10,150}$/);
  await expect(page.locator('.article-themes a')).toHaveText(['#Decoração', '#Arquitetura']);
  const graph = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!)['@graph'];
  const article = graph.find((node: { '@type': string }) => node['@type'] === 'NewsArticle');
  expect(article).toMatchObject({
    headline: TITLE,
    datePublished: '2026-01-10T09:15:00-03:00',
    dateModified: '2026-01-12T18:40:00-03:00',
    correction: { '@type': 'CorrectionComment', text: FIELDS.correcao },
    author: { '@type': 'Person', name: AUTHOR.nome, url: `${BASE_URL}/autor/${AUTHOR.slug}` },
  });

  // The author's page, then a theme's, each list it.
  await byline.click();
  await expect(page).toHaveURL(`/autor/${AUTHOR.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(AUTHOR.nome);
  await expect(page.locator('.card-title a')).toHaveText([TITLE]);
  await page.goto(`/noticia/${SLUG}`);
  await page.locator('.article-themes a', { hasText: '#Arquitetura' }).click();
  await expect(page).toHaveURL('/tema/arquitetura');
  await expect(page.locator('.card-title a').first()).toHaveText(TITLE);

  // The feed dates the item by its correction and names its author; the sitemap gives the correction as lastmod.
  const feed = await (await request.get('/feed.xml')).text();
  const item = new RegExp(`<item><title>${TITLE}[\\s\\S]*?</item>`).exec(feed)?.[0];
  expect(item).toContain('<pubDate>Mon, 12 Jan 2026 21:40:00 GMT</pubDate>');
  expect(item).toContain(`<dc:creator>${AUTHOR.nome}</dc:creator>`);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`<loc>${BASE_URL}/noticia/${SLUG}</loc><lastmod>2026-01-12T18:40:00-03:00</lastmod>`);
  expect(sitemap).toContain(`<loc>${BASE_URL}/autor/${AUTHOR.slug}</loc>`);
});
