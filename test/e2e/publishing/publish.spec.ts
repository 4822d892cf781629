import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { keptLocalContext } from '../../../scripts/content/check/check-context.ts';
import { LOCAL_SITE_URL as BASE_URL } from '../../../scripts/local-site.ts';
import { copySample } from '../../fixtures/sample-article.ts';
import { PROCESS_TEST_TIMEOUT_MS } from '../processes';

/**
 * An editor's round trip on the local store that `npm start` reads: write an
 * article folder, check it, publish it, see it on the site, unpublish it.
 * (The web server runs with NEWS_LIST_TTL_SECONDS=0, see playwright.config.ts.)
 */
const SLUG = 'teste-de-publicacao-local';
// Each command takes a few seconds on an idle machine (the check, image variants, a local store opened in process).
test.describe.configure({ timeout: PROCESS_TEST_TIMEOUT_MS });
let root: string;

function content(command: string, ...args: string[]) {
  const result = spawnSync('npm', ['run', '--silent', `content:${command}`, '--', ...args], { encoding: 'utf8' });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

test.beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'editor-'));
  const dir = join(root, SLUG);
  copySample('content/retrofit-predios-antigos-centros-urbanos', dir, {
    fields: {
      titulo: 'Teste de publicação local: a notícia aparece sem deploy',
      descricao: 'Uma notícia criada pelo teste de ponta a ponta para conferir que a publicação no KV local aparece no site.',
      data: '2025-01-03',
      alt: 'Fachada de prédio antigo restaurado ao lado de uma torre moderna',
    },
  });
});

test.afterAll(() => {
  content('unpublish', '--local', SLUG);
  rmSync(root, { recursive: true, force: true });
});

test('an article published to the local store shows on the site, and unpublishing it gives 404', async ({ page, request }) => {
  const refused = content('publish', join(root, SLUG));
  expect(refused.code).toBe(2);
  expect(refused.output).toContain('--local');

  const published = content('publish', '--local', join(root, SLUG));
  expect(published.code, published.output).toBe(0);
  expect(published.output).toMatch(
    new RegExp(`novo +"Teste de publicação local: a notícia aparece sem deploy"\n +${BASE_URL}/noticia/${SLUG}\n`),
  );

  // The publish left the live list it wrote for the next content:check, which then need not start workerd.
  expect(keptLocalContext()?.live.map(({ slug }) => slug)).toContain(SLUG);

  await page.goto('/');
  const card = page.locator('.posts .card', { hasText: 'Teste de publicação local' });
  await expect(card).toHaveCount(1);
  const image = card.locator('img');
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-\d+w\.avif$/);

  await card.getByRole('link', { name: /Ler mais/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Teste de publicação local: a notícia aparece sem deploy');
  await expect(page.locator('.article-body')).toContainText('retrofit');
  const imageUrl = await page.locator('.article-figure img').getAttribute('src');
  const imageResponse = await request.get(imageUrl!);
  expect(imageResponse.headers()['content-type']).toBe('image/webp');
  expect(imageResponse.headers()['cache-control']).toContain('immutable');

  // Publishing again is harmless: the article is exactly as live, nothing is written.
  const again = content('publish', '--local', join(root, SLUG));
  expect(again.code, again.output).toBe(0);
  expect(again.output).toMatch(/sem alterações +"Teste de publicação local/);
  expect(again.output).toContain('Nada a publicar');
  await page.goto('/');
  await expect(page.locator('.posts .card', { hasText: 'Teste de publicação local' })).toHaveCount(1);

  const removed = content('unpublish', '--local', SLUG);
  expect(removed.code, removed.output).toBe(0);
  expect((await request.get(`/noticia/${SLUG}`)).status()).toBe(404);
  expect(keptLocalContext()?.live.map(({ slug }) => slug)).not.toContain(SLUG);
  // The image outlives the article by the deletion bound: a page cached before the unpublish may still show it.
  expect((await request.get(imageUrl!)).status()).toBe(200);
  const waiting = content('gc', '--local', '--dry-run');
  expect(waiting.code, waiting.output).toBe(0);
  expect(waiting.output).toMatch(/chave\(s\) aguardam 10 minutos depois de deixarem de ser usadas/);
  await page.goto('/');
  // The browser may keep the home page a minute (max-age=60); a reload revalidates it by ETag.
  await page.reload();
  await expect(page.locator('.posts .card', { hasText: 'Teste de publicação local' })).toHaveCount(0);
  // The bundled articles are all still there.
  expect(await page.locator('.posts .card').count()).toBeGreaterThanOrEqual(12);
});

test('a planted mistake is refused, and nothing is published', async ({ request }) => {
  const dir = join(root, 'artigo-com-erro');
  copySample(join(root, SLUG), dir, { body: `${'texto '.repeat(100)}\n\n<p onclick="alert(1)">x</p>\n` });
  const checked = content('check', dir);
  expect(checked.code).toBe(1);
  expect(checked.output).toMatch(/index\.md\n\s+ERRO \[texto: onclick=\] linha 15: atributo de evento onclick= em <p>/);
  const published = content('publish', '--local', dir);
  expect(published.code).toBe(1);
  expect(published.output).toContain('Nada foi publicado');
  expect((await request.get('/noticia/artigo-com-erro')).status()).toBe(404);
});
