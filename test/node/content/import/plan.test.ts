import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planImport } from '../../../../scripts/content/import/plan.ts';
import { type ExportIndex, scanExport } from '../../../../scripts/content/import/scan.ts';
import { proposeThemes } from '../../../../scripts/content/import/themes-map.ts';
import { oldAddressKey } from '../../../../src/redirects/old-address.ts';
import { sampleExport, writeWxrFile } from '../../../fixtures/wordpress/wxr-fixture.ts';

/** What the import makes of each item of an export, before any text is converted. */
const root = mkdtempSync(join(tmpdir(), 'plan-'));
let index: ExportIndex;
beforeAll(async () => {
  writeWxrFile(join(root, 'export.xml'), sampleExport());
  index = await scanExport(join(root, 'export.xml'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const plan = (live = new Map<string, string>(), recorded = new Map<number, string>()) =>
  planImport(index, { live, recorded, liveAuthors: new Set(), themes: proposeThemes(index.terms) });

describe('the import’s plan', () => {
  it('gives every item its fate: published and scheduled posts are articles, drafts and pending ones drafts, the rest left out with why', () => {
    const { fates } = plan();
    const kind = (id: number) => fates.get(id)?.kind;
    expect([10, 11, 16, 18, 19, 20].map(kind)).toEqual(Array(6).fill('article'));
    expect([12, 13].map(kind)).toEqual(['draft', 'draft']);
    expect(fates.get(14)).toEqual({ kind: 'skipped', reason: expect.stringContaining('privado') });
    expect(fates.get(15)).toEqual({ kind: 'skipped', reason: 'post na lixeira' });
    expect(fates.get(30)).toEqual({ kind: 'skipped', reason: expect.stringContaining('página') });
    expect(fates.get(101)).toEqual({ kind: 'skipped', reason: expect.stringContaining('anexo') });
    expect(fates.get(40)).toEqual({ kind: 'skipped', reason: expect.stringContaining('menu') });
    expect(fates.size).toBe(index.items.length);
  });

  it('keeps WordPress’s slug made valid, and redirects the old one when it changed', () => {
    const { fates, targets } = plan();
    expect(fates.get(11)).toEqual({ kind: 'article', slug: 'construcao-a-seco', oldSlug: 'construção-a-seco' });
    expect(fates.get(18)).toMatchObject({ slug: 'casa-nova' });
    expect(targets.get(oldAddressKey('https://casaeobra.com.br/2019/05/constru%c3%a7%c3%a3o-a-seco/')!)).toBe('/noticia/construcao-a-seco');
    expect(targets.get('/?p=11')).toBe('/noticia/construcao-a-seco');
  });

  it('never takes an address another article holds: the next free one, named; an address the import holds stays its own', () => {
    const live = new Map([['reforma-de-cozinha', 'Outro artigo, de outra redação, com o mesmo endereço']]);
    const taken = plan(live);
    expect(taken.fates.get(10)).toMatchObject({ slug: 'reforma-de-cozinha-2' });
    expect(taken.renamed.get(10)).toBe('reforma-de-cozinha-2');
    const ours = plan(live, new Map([[10, 'reforma-de-cozinha']]));
    expect(ours.fates.get(10)).toMatchObject({ slug: 'reforma-de-cozinha' });
  });

  it('leads categories to their theme or a search, and authors of published posts to their page', () => {
    const { targets, authors } = plan();
    expect(targets.get('/category/decoracao')).toBe('/tema/decoracao');
    expect(targets.get('/tag/cozinha')).toBe('/busca?q=Cozinha%20%26%20copa');
    const signing = [...authors.values()].map(({ login }) => login);
    for (const login of signing) expect(targets.get(`/author/${login}`)).toBe(`/autor/${authors.get(login)!.slug}`);
  });
});
