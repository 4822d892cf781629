import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { markdownToHtml } from '#src/checking/markdown-body.ts';
import type { Problem } from '#src/checking/problems.ts';
import { contentHash } from '#src/content/index/content-hash.ts';
import { referencedKeys } from '#src/publishing/plan/live.ts';
import { planPublish } from '#src/publishing/plan/plan.ts';
import { checkContent } from '../../../../scripts/content/check/check-folder';
import { withImageVariants } from '../../../../scripts/content/check/images';
import { articleFixture, body, cleanFixtures, image } from '../fixtures';

afterAll(cleanFixtures);

const TODAY = new Date(2026, 0, 1);
const ALT = 'Planta baixa da cozinha em L com ilha central';
const figure = (src: string, alt: string | null = ALT) =>
  `\n<figure>\n<img src="${src}"${alt === null ? '' : ` alt="${alt}"`}>\n<figcaption>A planta.</figcaption>\n</figure>\n<p>Depois.</p>`;

/** An article folder whose body ends with `extra`, with these files in imagens/. */
function withImages(slug: string, extra: string, images: Record<string, Buffer>): string {
  const dir = articleFixture(slug, { body: body(extra) });
  mkdirSync(join(dir, 'imagens'));
  for (const [name, bytes] of Object.entries(images)) writeFileSync(join(dir, 'imagens', name), bytes);
  return dir;
}

/** The problems about the body and its images (the fields' own rules are tested elsewhere). */
async function figureProblems(dir: string): Promise<Problem[]> {
  const { problems } = await checkContent(dir, [], TODAY);
  return problems.filter((problem) => problem.field.startsWith('body') || problem.field === 'imagens');
}

const messages = (problems: Problem[], severity: Problem['severity'] = 'error') =>
  problems.filter((problem) => problem.severity === severity).map((problem) => problem.message);

describe('figures: images from the imagens/ folder', () => {
  it('accepts a figure, and publishes the body with the image named by its published file and its own size', async () => {
    const planta = await image(1000, 600);
    const dir = withImages('com-figura', figure('imagens/planta.webp'), { 'planta.webp': planta });
    const { problems, articles } = await checkContent(dir, [], TODAY);
    expect(messages(problems)).toEqual([]);
    const article = articles[0]!;
    const file = `com-figura-${contentHash(planta)}.webp`;
    expect(article.item.figuras).toEqual([file]);
    expect(article.figures).toEqual([{ file, key: `thumbnails/${file}`, bytes: planta }]);
    // Only the attributes change: the editor's lines stay where they were.
    expect(article.body).toContain(`<img src="/thumbnails/${file}" width="1000" height="600" alt="${ALT}">`);
    expect(article.body.split('\n')).toHaveLength(markdownToHtml(body(figure('x'))).html.split('\n').length);
    expect(article.body).not.toContain('imagens/');
    // The body's key is the hash of the body as published.
    expect(article.item.htmlPath).toBe(`noticias/com-figura.${contentHash(article.body)}.html`);
  });

  it('publishes the figure and its variants, and counts them as in use while the article is live', async () => {
    const dir = withImages('com-figura-publicada', figure('./imagens/planta.webp'), { 'planta.webp': await image(900, 900) });
    const article = await withImageVariants((await checkContent(dir, [], TODAY)).articles[0]!);
    const file = article.item.figuras![0]!;
    const stem = file.replace(/\.webp$/, '');
    expect(article.variants.map(({ key }) => key)).toEqual(
      expect.arrayContaining([`thumbnails/${stem}-480w.avif`, `thumbnails/${stem}-1200w.webp`]),
    );
    const plan = planPublish([article], { items: [], metaText: null }, contentHash);
    const written = plan.writes.map(({ key }) => key);
    expect(written).toEqual(expect.arrayContaining([`thumbnails/${file}`, `thumbnails/${stem}-800w.webp`]));
    // Named by the live index: never scheduled for deletion by a later run or content:gc.
    const live = referencedKeys({ items: plan.next, metaText: plan.metaText });
    expect(live.has(`thumbnails/${file}`)).toBe(true);
    expect(live.has(`thumbnails/${stem}-480w.avif`)).toBe(true);
  });

  it('an image that is not in imagens/', async () => {
    const dir = withImages('sem-arquivo', figure('imagens/Planta.webp'), { 'planta.webp': await image(1000, 600) });
    const problems = await figureProblems(dir);
    expect(messages(problems)).toEqual([
      expect.stringMatching(/^linha \d+: a imagem imagens\/Planta.webp não existe: a pasta imagens\/ do artigo não tem Planta.webp/),
    ]);
    expect(problems.find((problem) => problem.severity === 'error')!.hint).toContain('imagens/planta.webp');
  });

  it('an image without alt text, or with too short a one', async () => {
    const planta = await image(1000, 600);
    expect(messages(await figureProblems(withImages('sem-alt', figure('imagens/planta.webp', null), { 'planta.webp': planta })))).toEqual([
      expect.stringMatching(/^linha \d+: <img> sem texto alternativo/),
    ]);
    expect(
      messages(await figureProblems(withImages('alt-curto', figure('imagens/planta.webp', 'Planta'), { 'planta.webp': planta }))),
    ).toEqual([
      expect.stringMatching(
        /^linha \d+: a descrição \(entre os colchetes de !\[…\]\) de imagens\/planta.webp tem 6 caracteres; o esperado é de 10 a 150/,
      ),
    ]);
  });

  it.each([
    ['too narrow', () => image(600, 400), 'planta.webp', /pelo menos 800 px de largura/],
    ['too thin a strip', () => image(2000, 400), 'planta.webp', /mais larga que 4:1/],
    ['named for another format', () => image(1000, 600, 'png'), 'planta.webp', /é uma imagem png com nome \.webp/],
    ['not an image format', async () => Buffer.from('GIF89a'), 'planta.gif', /"planta.gif" não é um arquivo de imagem aceito/],
  ])('an image %s', async (_, make, name, message) => {
    const problems = await figureProblems(withImages('imagem-ruim', figure(`imagens/${name}`), { [name]: await make() }));
    expect(messages(problems)).toEqual([expect.stringMatching(message)]);
    expect(problems.find((problem) => problem.severity === 'error')!.field).toBe('imagens');
  });

  it('a published path written by hand, an outside image, srcset and other attributes', async () => {
    const problems = await figureProblems(
      withImages(
        'imagens-erradas',
        `${figure('/thumbnails/outro-artigo-0123456789.webp')}${figure('https://exemplo.com/foto.jpg')}` +
          `<img src="imagens/planta.webp" alt="${ALT}" srcset="imagens/planta.webp 2x" name="cookie" loading="eager">`,
        { 'planta.webp': await image(1000, 600) },
      ),
    );
    expect(messages(problems)).toEqual([
      expect.stringMatching(/a imagem \/thumbnails\/outro-artigo-0123456789.webp aponta um arquivo já publicado/),
      expect.stringMatching(/<img src="https:\/\/exemplo.com\/foto.jpg"> não é uma imagem deste artigo/),
      expect.stringMatching(/srcset= em <img> é o site que define/),
      expect.stringMatching(/name= em <img> não é permitido/),
      expect.stringMatching(/loading= em <img> é o site que define/),
    ]);
  });

  it('warns about an image of imagens/ the body does not show (it is not published)', async () => {
    const dir = withImages('sobra', figure('imagens/planta.webp'), {
      'planta.webp': await image(1000, 600),
      'sobra.webp': await image(1000, 600),
    });
    const problems = await figureProblems(dir);
    expect(messages(problems)).toEqual([]);
    expect(messages(problems, 'warning')).toEqual(['imagens/sobra.webp não aparece no texto, então não é publicada']);
  });

  it('requires a title on a video embed', async () => {
    const dir = articleFixture('video-sem-titulo', {
      body: body('<iframe src="https://www.youtube-nocookie.com/embed/M7lc1UVf-VE"></iframe>'),
    });
    expect(messages(await figureProblems(dir))).toEqual([expect.stringMatching(/^linha \d+: <iframe> sem title/)]);
  });
});
