import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { slugFromTitle } from '#src/content/schema/slug-from-title.ts';
import { checkContent } from '../../../../scripts/content/check/check-folder';
import { createArticleFolder, nextSteps } from '../../../../scripts/content/commands/new';
import { cleanFixtures, tempFolder } from '../fixtures';

/** `npm run content:new`: an article folder to fill in, never overwriting one. */

afterAll(cleanFixtures);

// 23:30 on 1 January in São Paulo: already 2 January in UTC.
const NOW = new Date('2026-01-02T02:30:00Z');

describe('slugFromTitle', () => {
  it.each([
    ['Casas de madeira voltam a crescer no Sul', 'casas-de-madeira-voltam-a-crescer-no-sul'],
    ['Decoração: 7 ideias para a sala (e o que evitar!)', 'decoracao-7-ideias-para-a-sala-e-o-que-evitar'],
    ['  IPTU 2026 — São Paulo  ', 'iptu-2026-sao-paulo'],
    ['!!! ???', ''],
  ])('%s → %s', (title, slug) => {
    expect(slugFromTitle(title)).toBe(slug);
  });

  it('cuts a long title at a word end, within 80 characters', () => {
    const slug = slugFromTitle('Financiamento imobiliário '.repeat(8));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug).toMatch(/^financiamento-imobiliario(-financiamento-imobiliario)*$/);
  });
});

describe('createArticleFolder', () => {
  it('from a title: the slug made from it, the title filled in, today in São Paulo, the rest left to write', async () => {
    const parent = tempFolder();
    const created = createArticleFolder('Casas de madeira voltam a crescer no Sul', parent, NOW);
    expect(created).toEqual({
      dir: join(parent, 'casas-de-madeira-voltam-a-crescer-no-sul'),
      slug: 'casas-de-madeira-voltam-a-crescer-no-sul',
      titled: true,
    });
    const dir = (created as { dir: string }).dir;
    expect(readdirSync(dir)).toEqual(['index.md']);
    expect(readFileSync(join(dir, 'index.md'), 'utf8')).toBe(
      '---\ntitulo: "Casas de madeira voltam a crescer no Sul"\ndescricao: ""\ndata: 2026-01-01\nimagem: imagem.jpg\nalt: ""\n---\n\n',
    );
    // The check then names exactly what is still to do, and refuses to publish it.
    const { problems, articles } = await checkContent(dir, [], NOW);
    expect(articles).toEqual([]);
    expect(problems.filter((p) => p.severity === 'error').map((p) => p.field)).toEqual(['descricao', 'alt', 'body', 'imagem']);
  });

  it('from a slug: the title is left to write too', async () => {
    const parent = tempFolder();
    const created = createArticleFolder('reforma-do-banheiro', parent, NOW);
    expect(created).toMatchObject({ slug: 'reforma-do-banheiro', titled: false });
    const { problems } = await checkContent((created as { dir: string }).dir, [], NOW);
    expect(problems.filter((p) => p.severity === 'error').map((p) => p.field)).toContain('titulo');
  });

  it('never overwrites a folder that exists, and makes none from a name with no letter or digit', () => {
    const parent = tempFolder();
    const first = createArticleFolder('reforma-do-banheiro', parent, NOW) as { dir: string };
    writeFileSync(join(first.dir, 'index.md'), 'Texto já escrito.');
    const again = createArticleFolder('Reforma do banheiro', parent, NOW);
    expect(again).toEqual({ refused: expect.stringContaining('já existe: nada foi alterado') });
    expect(readFileSync(join(first.dir, 'index.md'), 'utf8')).toBe('Texto já escrito.');
    expect(createArticleFolder('!!!', parent, NOW)).toEqual({ refused: expect.stringContaining('não tem letra nem algarismo') });
    expect(readdirSync(parent)).toEqual(['reforma-do-banheiro']);
  });

  it('says what to fill in, and, in content/, that the build checks it', () => {
    const steps = nextSteps({ dir: join('content', 'nova'), titled: true }).join('\n');
    expect(steps).toContain('preencha "descricao" e "alt"');
    expect(steps).toContain('npm run content:check -- content/nova');
    expect(steps).toContain('o build deixa a pasta de fora do site');
    const elsewhere = nextSteps({ dir: join('rascunhos', 'nova'), titled: false }).join('\n');
    expect(elsewhere).toContain('preencha "titulo", "descricao" e "alt"');
    expect(elsewhere).not.toContain('o build deixa a pasta de fora');
  });
});
