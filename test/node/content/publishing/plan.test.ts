import { describe, expect, it } from 'vitest';
import { contentHash } from '#src/content/index/content-hash.ts';
import { buildIndex } from '#src/content/index/index-build.ts';
import { parseIndexMeta } from '#src/content/index/index-parse.ts';
import { INDEX_META_KEY } from '#src/content/index/news-index.ts';
import { imageKey } from '#src/content/schema/format.ts';
import { shareImageFile } from '#src/content/schema/image-variants.ts';
import type { NewsItem } from '#src/content/schema/news-item.ts';
import { describePlan } from '#src/publishing/plan/describe-plan.ts';
import { type Live, referencedKeys } from '#src/publishing/plan/live.ts';
import { changesNothing, type Plan, planPublish, planUnpublish, publishChange } from '#src/publishing/plan/plan.ts';
import type { PreparedArticle } from '#src/publishing/plan/prepared-article.ts';
import { ReplaceRefused } from '#src/publishing/plan/replace-refusal.ts';
import { article, itemsOf } from './publish-fixtures';

const LIVE_ARTICLES = [article('b', '2025-05-01'), article('a', '2025-01-01'), article('c', '2025-09-01')];
/** A live index in KV for these items, with its collections' files as a run reads them (run.ts, readLive). */
const liveOf = (items: readonly NewsItem[]): Live => {
  const files = buildIndex(items, contentHash);
  const metaText = files.get(INDEX_META_KEY)!;
  const collectionTexts = new Map([...parseIndexMeta(metaText).collections.values()].map((key) => [key, files.get(key)!]));
  return { items, metaText, collectionTexts };
};
const LIVE = liveOf(itemsOf(LIVE_ARTICLES));

const writtenKeys = (plan: Plan) => plan.writes.map(({ key }) => key);
/** The list the plan switches to, read back from its list chunk. */
const listAfter = (plan: Plan) => {
  const key = parseIndexMeta(plan.metaText).listKeys[0]!;
  return JSON.parse(String(plan.writes.find((entry) => entry.key === key)?.value)) as NewsItem[];
};

describe('publish plan', () => {
  it('records WebP alone for an article whose images have no AVIF variants (the newsroom’s), and names only the keys it has', () => {
    const webpOnly = article('redacao', '2025-06-01');
    webpOnly.variants = webpOnly.variants.filter(({ key }) => key.endsWith('.webp'));
    const plan = planPublish([webpOnly, article('comando', '2025-06-02')], LIVE, contentHash);
    const [fromNewsroom, fromCommand] = ['redacao', 'comando'].map((slug) => listAfter(plan).find((entry) => entry.slug === slug)!);
    expect(fromNewsroom!.formatosImagem).toEqual(['webp']);
    expect(fromCommand!.formatosImagem).toBeUndefined();
    // What the site reads (and a later run checks, or deletes after the bound) is what was written: no AVIF key.
    const named = referencedKeys({ ...plan, items: plan.next, metaText: plan.metaText });
    expect([...named].filter((key) => key.startsWith('thumbnails/redacao-') && key.endsWith('.avif'))).toEqual([]);
    expect([...named].filter((key) => key.startsWith('thumbnails/comando-') && key.endsWith('.avif'))).toHaveLength(3);
    // Published again as it is, nothing is to do: the recorded field is part of the live entry.
    expect(publishChange([webpOnly], contentHash)({ ...plan, items: plan.next, metaText: plan.metaText })).toBeNull();
  });

  it('records the share image of an article that publishes one, and names it among the live keys while the article is live', () => {
    const withShare = article('com-social', '2025-06-01');
    const share = imageKey(shareImageFile(withShare.item.imagemAtual));
    withShare.variants.push({ key: share, value: Buffer.from('1200x630 bytes') });
    // An entry claiming one it does not publish (older newsroom upload, an edited field) records none.
    const claiming = article('sem-social', '2025-06-02', 'v1', { imagemSocial: true });
    const plan = planPublish([withShare, claiming], LIVE, contentHash);
    const entry = (slug: string) => listAfter(plan).find((item) => item.slug === slug)!;
    expect(entry('com-social').imagemSocial).toBe(true);
    expect(entry('sem-social')).not.toHaveProperty('imagemSocial');
    expect(writtenKeys(plan)).toContain(share);
    const live = { ...plan, items: plan.next, metaText: plan.metaText };
    expect(referencedKeys(live)).toContain(share);
    expect([...referencedKeys(live)].filter((key) => key.endsWith('-1200x630.webp'))).toEqual([share]);
    // Published again as it is, nothing is to do; unpublished, its share image is no longer read and waits to be deleted.
    expect(publishChange([withShare], contentHash)(live)).toBeNull();
    const gone = planUnpublish('com-social', live, contentHash)!;
    expect(referencedKeys({ ...gone, items: gone.next, metaText: gone.metaText })).not.toContain(share);
  });

  it('writes the article files and new index chunks under new keys, and switches with the meta alone', () => {
    const nova = article('nova', '2025-06-01');
    const plan = planPublish([nova], LIVE, contentHash);
    expect(writtenKeys(plan).slice(0, 8)).toEqual([nova.item.htmlPath, nova.image.key, ...nova.variants.map((v) => v.key)]);
    expect(writtenKeys(plan)).not.toContain(INDEX_META_KEY);
    // Nothing the live site reads is written: every write is a new key.
    const live = referencedKeys(LIVE);
    expect(writtenKeys(plan).filter((key) => live.has(key))).toEqual([]);
    expect(parseIndexMeta(plan.metaText).count).toBe(4);
    expect(describePlan(plan)).toContain(`3. trocar ${INDEX_META_KEY}: 4 artigo(s) (1 novo)`);
  });

  it('merges with what is live: every live article stays', () => {
    const plan = planPublish([article('nova', '2025-06-01')], LIVE, contentHash);
    expect(listAfter(plan).map((entry) => entry.slug)).toEqual(['a', 'b', 'nova', 'c']);
    expect(plan.added).toEqual(['nova']);
    expect(plan.updated).toEqual([]);
  });

  it('writes only the index chunks that change', () => {
    const many = Array.from(
      { length: 100 },
      (_, i) => article(`artigo-${String(i).padStart(3, '0')}`, `2025-01-${String((i % 28) + 1).padStart(2, '0')}`).item,
    );
    const plan = planPublish([article('mais-nova', '2025-12-31')], liveOf(many), contentHash);
    const keys = writtenKeys(plan).filter((key) => key.startsWith('index/'));
    // The newest article lands in the last page chunk: not the other four. So in its author's list.
    expect(keys.filter((key) => key.startsWith('index/pages/'))).toEqual([expect.stringMatching(/^index\/pages\/4\.[0-9a-f]{10}\.json$/)]);
    expect(keys.filter((key) => key.startsWith('index/collections/'))).toEqual([
      expect.stringMatching(/^index\/collections\/autor\/helena-duarte\/4\.[0-9a-f]{10}\.json$/),
      expect.stringMatching(/^index\/collections\/autor\/helena-duarte\.[0-9a-f]{10}\.json$/),
    ]);
    expect(keys.filter((key) => key.startsWith('index/slugs/'))).toHaveLength(1);
    // Each replaced chunk waits to be deleted (a new shard replaces nothing).
    expect(plan.stale.length).toBeGreaterThanOrEqual(keys.length - 1);
    expect(plan.stale.length).toBeLessThanOrEqual(keys.length);
  });

  it('writes the whole index when only the bundled list is live (no index in KV yet)', () => {
    const plan = planPublish([article('nova', '2025-06-01')], { items: LIVE.items, metaText: null }, contentHash);
    const index = buildIndex([...LIVE.items, article('nova', '2025-06-01').item], contentHash);
    index.delete(INDEX_META_KEY);
    expect(new Set(writtenKeys(plan).filter((key) => key.startsWith('index/')))).toEqual(new Set(index.keys()));
    expect(plan.stale).toEqual([]);
  });

  it('writes a chunk again when the store lacks it, though the live meta names it', () => {
    const existing = new Set<string>();
    const plan = planPublish([article('nova', '2025-06-01')], { ...LIVE, existing }, contentHash);
    const meta = parseIndexMeta(plan.metaText);
    // Each collection here has one page chunk besides its file.
    expect(writtenKeys(plan).filter((key) => key.startsWith('index/')).length).toBe(
      meta.shardKeys.filter(Boolean).length + 3 + 2 * meta.collections.size,
    );
  });

  it('updates an article under new keys; the old body and image wait to be deleted', () => {
    const updated = article('b', '2025-05-02', 'v2');
    const old = LIVE_ARTICLES[0]!;
    const plan = planPublish([updated], LIVE, contentHash);
    expect(updated.item.htmlPath).not.toBe(old.item.htmlPath);
    expect(writtenKeys(plan)).toContain(updated.item.htmlPath);
    expect(plan.stale).toEqual(expect.arrayContaining([old.item.htmlPath, old.image.key, ...old.variants.map((v) => v.key)]));
    expect(plan.fresh).toEqual(expect.arrayContaining([updated.item.htmlPath, updated.image.key]));
    expect(listAfter(plan).filter((entry) => entry.slug === 'b')).toEqual([updated.item]);
    expect(plan.updated).toEqual(['b']);
  });

  it('is idempotent: publishing again over its own result writes no index chunk and switches to the same meta', () => {
    const articles = [article('nova', '2025-06-01'), article('b', '2025-05-02', 'v2')];
    const first = planPublish(articles, LIVE, contentHash);
    const second = planPublish(
      articles,
      { items: first.next, metaText: first.metaText, collectionTexts: first.collectionTexts, authors: first.authors },
      contentHash,
    );
    expect(writtenKeys(second).filter((key) => key.startsWith('index/'))).toEqual([]);
    expect(second.metaText).toBe(first.metaText);
    expect(second.stale).toEqual([]);
    expect(second.fresh).toEqual([]);
  });

  it('keeps live entries it cannot read, untouched', () => {
    const odd = { slug: 'estranha', titulo: 'x' } as unknown as NewsItem;
    const plan = planPublish([article('nova', '2025-06-01')], liveOf([...LIVE.items, odd]), contentHash);
    expect(listAfter(plan)).toContainEqual(odd);
  });

  it('drops a slug the live list holds twice, keeping the first, and says so', () => {
    const a = LIVE.items.find((item) => item.slug === 'a')!;
    const plan = planPublish([article('nova', '2025-06-01')], liveOf([...LIVE.items, { ...a, titulo: 'Cópia' }]), contentHash);
    expect(listAfter(plan).filter((entry) => entry.slug === 'a')).toEqual([a]);
    expect(plan.notes).toEqual(['a lista no ar trazia "a" mais de uma vez: a primeira entrada foi mantida, as outras descartadas']);
  });

  it('refuses two folders of the same article', () => {
    expect(() => planPublish([article('nova', '2025-06-01'), article('nova', '2025-06-02', 'v2')], LIVE, contentHash)).toThrow(
      'duas das pastas são o artigo "nova"',
    );
  });
});

/** The plan's lines up to its storage summary: what the editor reads first. */
const articleLines = (plan: Plan, site?: string) => {
  const lines = describePlan(plan, site);
  return lines.slice(0, lines.indexOf('No KV:') === -1 ? lines.length : lines.indexOf('No KV:'));
};

describe('the plan as the editor reads it', () => {
  const [b, a] = LIVE_ARTICLES as [PreparedArticle, PreparedArticle, PreparedArticle];

  it('says when an article dated later is scheduled, and the index lists its time', () => {
    const now = Date.UTC(2025, 11, 9, 12);
    const plan = planPublish([article('agendada', '2025-12-10T08:30'), article('nova', '2025-12-01')], LIVE, contentHash, { now });
    expect(articleLines(plan)).toEqual([
      'novo            "Título agendada"',
      '                /noticia/agendada',
      '                agendado para 10/12/2025 08:30 (horário de Brasília): publicado agora, aparece no site a partir daí',
      'novo            "Título nova"',
      '                /noticia/nova',
    ]);
    expect(parseIndexMeta(plan.metaText).scheduled).toEqual([Date.UTC(2025, 11, 10, 11, 30)]);
    // Planned after its time, it is an ordinary article.
    const later = planPublish([article('agendada', '2025-12-10T08:30')], LIVE, contentHash, { now: Date.UTC(2025, 11, 10, 11, 30) });
    expect(articleLines(later)).toEqual(['novo            "Título agendada"', '                /noticia/agendada']);
    expect(parseIndexMeta(later.metaText).scheduled).toEqual([]);
  });

  it('names each article by title and address, and says what happens to it: new, updated (replacing what), unchanged', () => {
    const plan = planPublish([article('nova', '2025-06-01'), article('b', '2025-05-01', 'v2'), a], LIVE, contentHash);
    expect(articleLines(plan, 'http://localhost:8790')).toEqual([
      'novo            "Título nova"',
      '                http://localhost:8790/noticia/nova',
      'atualizado      "Título b"',
      '                http://localhost:8790/noticia/b',
      '                substitui o artigo no ar "Título b", publicado em 01/05/2025',
      'sem alterações  "Título a"',
      '                http://localhost:8790/noticia/a',
      '                texto, imagem e campos iguais aos do ar: nada a gravar para ele',
      'AVISO: o texto de "b" mudou, mas "atualizado" não: se é uma correção, ponha atualizado: AAAA-MM-DD (o dia da correção) no cabeçalho do index.md do artigo, para o leitor ver que ele foi corrigido',
    ]);
    expect(describePlan(plan).slice(-5)).toEqual([
      'No KV:',
      expect.stringMatching(/^1\. gravar 16 arquivo\(s\) de artigo, que não aparecem até o passo 3$/),
      expect.stringMatching(/^2\. gravar \d+ pedaço\(s\) do índice, que não aparecem até o passo 3$/),
      `3. trocar ${INDEX_META_KEY}: 4 artigo(s) (1 novo, 1 atualizado, 1 sem alterações)`,
      expect.stringMatching(/^4\. apagar \d+ chave\(s\) que deixam de ser usadas, 10 minutos depois da troca$/),
    ]);
  });

  it('writes nothing for an unchanged article, and keeps its live entry', () => {
    // Its fields in another order are the same entry.
    const reordered = { ...a, item: Object.fromEntries(Object.entries(a.item).reverse()) as unknown as NewsItem };
    const plan = planPublish([article('nova', '2025-06-01'), reordered], LIVE, contentHash);
    expect(plan.unchanged).toEqual(['a']);
    expect(plan.updated).toEqual([]);
    expect(writtenKeys(plan)).not.toContain(a.item.htmlPath);
    expect(writtenKeys(plan)).not.toContain(a.image.key);
    expect(plan.next.find((entry) => entry.slug === 'a')).toBe(LIVE.items.find((entry) => entry.slug === 'a'));
  });

  it('has nothing to publish when every article is exactly as live: no write, the same meta', () => {
    const plan = planPublish(LIVE_ARTICLES, LIVE, contentHash);
    expect(plan.writes).toEqual([]);
    expect(plan.metaText).toBe(LIVE.metaText);
    expect(changesNothing(plan)).toBe(true);
    expect(publishChange(LIVE_ARTICLES, contentHash)(LIVE)).toBeNull();
    expect(describePlan(plan, 'http://localhost:8787').at(-1)).toBe(
      'Nada a publicar: todos os artigos e autores estão exatamente como no ar.',
    );
    expect(describePlan(plan)).not.toContain('No KV:');
  });

  it('says which live article an unpublish removes, at the production address', () => {
    const plan = planUnpublish('b', LIVE, contentHash)!;
    expect(articleLines(plan, 'https://casaempauta.com.br')).toEqual([
      'removido        "Título b"',
      '                https://casaempauta.com.br/noticia/b',
    ]);
    expect(describePlan(plan)).toContain(`3. trocar ${INDEX_META_KEY}: 2 artigo(s) (1 removido)`);
  });

  it('refuses to replace a live article under another title without --replace, naming both titles and the flag', () => {
    const copied = article('b', '2025-06-01', 'v2', { titulo: 'Reforma de cozinhas pequenas em apartamentos antigos' });
    let refused: unknown;
    try {
      planPublish([article('nova', '2025-06-01'), copied], LIVE, contentHash);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ReplaceRefused);
    const message = (refused as Error).message;
    expect(message).toContain('nada foi gravado');
    expect(message).toContain(
      '/noticia/b: "Reforma de cozinhas pequenas em apartamentos antigos" substituiria o artigo no ar "Título b", publicado em 01/05/2025',
    );
    expect(message).toContain('--replace');
    expect(message).not.toContain('nova');

    const plan = planPublish([copied], LIVE, contentHash, { replace: true });
    expect(plan.updated).toEqual(['b']);
    expect(articleLines(plan)).toContain('                substitui o artigo no ar "Título b", publicado em 01/05/2025');
  });

  it('needs no --replace to update an article under the same title, however it is cased or spaced', () => {
    const plan = planPublish([article('b', '2025-05-01', 'v2', { titulo: '  TÍTULO  b ' })], LIVE, contentHash);
    expect(plan.updated).toEqual(['b']);
  });

  it('warns, without refusing, when a live body changes and "atualizado" does not', () => {
    const warningsOf = (next: PreparedArticle, live = LIVE) => planPublish([next], live, contentHash).warnings;
    const corrected = (version: string, atualizado?: string) => article('b', '2025-05-01', version, atualizado ? { atualizado } : {});
    expect(warningsOf(corrected('v2'))).toEqual([
      expect.stringMatching(/^AVISO: o texto de "b" mudou, mas "atualizado" não: .*atualizado: AAAA-MM-DD/),
    ]);
    expect(warningsOf(corrected('v2', '2025-06-02'))).toEqual([]);
    // A second correction that keeps the first one's date.
    const once = liveOf(planPublish([corrected('v2', '2025-06-02')], LIVE, contentHash).next);
    expect(warningsOf(corrected('v3', '2025-06-02'), once)).toHaveLength(1);
    expect(warningsOf(corrected('v3', '2025-06-09'), once)).toEqual([]);
    // Only a field changed (same body): nothing to say; a new article: nothing either.
    expect(warningsOf({ ...b, item: { ...b.item, descricao: 'Outra descrição' } })).toEqual([]);
    expect(warningsOf(article('nova', '2025-06-01'))).toEqual([]);
  });
});

describe('unpublish plan', () => {
  it('switches to the index without the article; its body and images wait to be deleted', () => {
    const plan = planUnpublish('b', LIVE, contentHash)!;
    expect(listAfter(plan).map((entry) => entry.slug)).toEqual(['a', 'c']);
    expect(writtenKeys(plan).every((key) => key.startsWith('index/'))).toBe(true);
    const b = LIVE_ARTICLES[0]!;
    expect(plan.stale).toEqual(expect.arrayContaining([b.item.htmlPath, b.image.key, ...b.variants.map((v) => v.key)]));
    expect(plan.removed).toEqual(['b']);
  });

  it('is null for an article that is not live', () => {
    expect(planUnpublish('nao-existe', LIVE, contentHash)).toBeNull();
  });
});
