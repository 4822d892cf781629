import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PreparedArticle } from '../../../scripts/content/check-article';
import { contentHash } from '../../../scripts/content/content-hash';
import type { KvStore } from '../../../scripts/content/kv-store';
import { LOCK_KEY, LOCK_TTL_SECONDS, LockBusyError } from '../../../scripts/content/lock';
import { DELETE_AFTER_MS, PENDING_DELETES_KEY } from '../../../scripts/content/pending-deletes';
import { planPublish, planUnpublish, publishChange, ReplaceRefused, referencedKeys } from '../../../scripts/content/plan';
import { type RunOptions, readLive, runChange, runGc } from '../../../scripts/content/run';
import { buildIndex, INDEX_META_KEY } from '../../../src/content/news-index';
import type { NewsItem } from '../../../src/content/news-item';
import { Killed, MemoryStore, runnerView, TestClock } from './memory-store';
import { article, bundleOf, itemsOf, runOptions } from './publish-fixtures';
import { siteView } from './site-view';

/** The bundled sample content: what the site shows while KV has no index. */
const BUNDLED = [article('amostra-um', '2025-01-10'), article('amostra-dois', '2025-02-10')];
const BUNDLE = bundleOf(BUNDLED);

let clock: TestClock;
let kv: MemoryStore;

beforeEach(() => {
  clock = new TestClock();
  kv = new MemoryStore(clock);
  // The worker's store logs skipped entries and missing chunks; these tests look at the pages instead.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const options = (lines: string[] = []) =>
  runOptions(clock, async () => ({ list: itemsOf(BUNDLED), files: BUNDLE }), { log: (line) => lines.push(line) });

const publish = (articles: PreparedArticle[], store: KvStore = kv, opts = options()) =>
  runChange(store, (live) => planPublish(articles, live, contentHash), opts);
const unpublish = (slug: string, store: KvStore = kv, opts = options()) =>
  runChange(store, (live) => planUnpublish(slug, live, contentHash), opts);
const gc = (store: KvStore = kv, dryRun = false) => runGc(store, options(), dryRun);

const view = () => siteView(kv, BUNDLE);
const slugsOf = (items: readonly NewsItem[]) => items.map((item) => item.slug).sort();

/** Every key the store holds that the live index does not name (besides its own bookkeeping). */
async function unusedKeys(): Promise<string[]> {
  const live = await readLive(kv, { hash: contentHash, bundled: async () => ({ list: itemsOf(BUNDLED), files: BUNDLE }) });
  const used = referencedKeys(live);
  return kv.keys().filter((key) => !used.has(key) && ![INDEX_META_KEY, PENDING_DELETES_KEY, LOCK_KEY].includes(key));
}

/** Unused keys nothing will delete: not even waiting in the list (leaked). */
async function leakedKeys(): Promise<string[]> {
  const waiting = kv.text(PENDING_DELETES_KEY) ?? '';
  return (await unusedKeys()).filter((key) => !waiting.includes(`"${key}"`));
}

describe('publish run', () => {
  it('publishes over the bundled list; the worker then reads the merged list from KV, whole', async () => {
    const nova = article('nova', '2025-06-01');
    const { plan } = await publish([nova]);
    expect(plan?.added).toEqual(['nova']);
    const site = await view();
    expect(site.source).toBe('kv');
    expect(site.broken).toEqual([]);
    expect(slugsOf(site.items)).toEqual(['amostra-dois', 'amostra-um', 'nova']);
    expect(kv.text(LOCK_KEY)).toBeNull();
  });

  it('copies the bundled articles into KV with the first publish, so a later deploy that changes them loses nothing', async () => {
    await publish([article('nova', '2025-06-01')]);
    for (const { item, body } of BUNDLED) expect(kv.text(item.htmlPath)).toBe(body);
    // The next build's sample content differs: the KV index must not depend on the old build's files.
    const site = await siteView(kv, bundleOf([article('amostra-um', '2025-01-10', 'v2'), article('amostra-dois', '2025-02-10', 'v2')]));
    expect(site.broken).toEqual([]);
    expect(slugsOf(site.items)).toEqual(['amostra-dois', 'amostra-um', 'nova']);
  });

  it('two runs started together both land: the second waits for the lock, then merges with the first', async () => {
    const [first, second] = await Promise.all([publish([article('primeira', '2025-06-01')]), publish([article('segunda', '2025-06-02')])]);
    expect(first.plan?.added).toEqual(['primeira']);
    expect(second.plan?.added).toEqual(['segunda']);
    const site = await view();
    expect(site.broken).toEqual([]);
    expect(slugsOf(site.items)).toEqual(['amostra-dois', 'amostra-um', 'primeira', 'segunda']);
  });

  it('two runs that both believe they hold the lock (KV has no compare-and-set) still both land', async () => {
    // Each run sees its own lock, whatever is stored: the worst case of two writes landing together.
    const blind = (own: RunOptions): KvStore => {
      const view = runnerView(kv);
      const lock = JSON.stringify({ ...own.owner, started: '', expires: Number.MAX_SAFE_INTEGER });
      return {
        ...view,
        get: async (keys) => new Map([...(await view.get(keys))].map(([key, value]) => [key, key === LOCK_KEY ? lock : value])),
      };
    };
    const [a, b] = [options(), options()];
    await Promise.all([
      publish([article('primeira', '2025-06-01')], blind(a), a),
      publish([article('segunda', '2025-06-02')], blind(b), b),
    ]);
    const site = await view();
    expect(site.broken).toEqual([]);
    expect(slugsOf(site.items)).toEqual(['amostra-dois', 'amostra-um', 'primeira', 'segunda']);
  });

  it("waits for another run's lock and gives up with a clear message, having written nothing else", async () => {
    await kv.put([
      {
        key: LOCK_KEY,
        value: JSON.stringify({
          id: 'outra',
          host: 'outro-pc',
          user: 'ana',
          pid: 7,
          command: 'content:publish --remote',
          started: 'agora',
          expires: clock.now() + 300_000,
        }),
        expirationTtl: 300,
      },
    ]);
    const before = kv.keys();
    const opts = { ...options(), lockWaitMs: 60_000 };
    await expect(publish([article('nova', '2025-06-01')], kv, opts)).rejects.toThrow(LockBusyError);
    await expect(publish([article('nova', '2025-06-01')], kv, { ...opts })).rejects.toThrow(
      /content:publish --remote by ana@outro-pc \(pid 7\)/,
    );
    expect(kv.keys()).toEqual(before);
  });

  it("goes ahead once a crashed run's lock has expired", async () => {
    await kv.put([
      {
        key: LOCK_KEY,
        value: JSON.stringify({ id: 'morta', host: 'h', user: 'u', pid: 1, command: 'c', started: '', expires: clock.now() + 300_000 }),
        expirationTtl: LOCK_TTL_SECONDS,
      },
    ]);
    const lines: string[] = [];
    await publish([article('nova', '2025-06-01')], kv, options(lines));
    expect(lines[0]).toMatch(/^Waiting for another run to finish/);
    expect(slugsOf((await view()).items)).toContain('nova');
  });

  it('refuses to merge with a live index it cannot read, writing nothing', async () => {
    await publish([article('nova', '2025-06-01')]);
    await kv.put([{ key: INDEX_META_KEY, value: '{"version":2,"count":-1}' }]);
    const before = kv.keys();
    await expect(publish([article('outra', '2025-06-02')])).rejects.toThrow(/index\/meta\.json is not valid .*Nothing was written/);
    expect(kv.keys()).toEqual(before);
  });

  it('drops a slug the live list holds twice and never writes a duplicate', async () => {
    const doubled = [...itemsOf(BUNDLED), BUNDLED[0]!.item];
    await kv.put([...buildIndex(doubled, contentHash)].map(([key, value]) => ({ key, value })));
    const lines: string[] = [];
    await publish([article('nova', '2025-06-01')], kv, options(lines));
    expect(lines).toContain('  the live list named "amostra-um" more than once: kept its first entry, dropped the others');
    const live = await readLive(kv, { hash: contentHash, bundled: async () => ({ list: [], files: new Map() }) });
    expect(live.items.map((item) => item.slug).sort()).toEqual(['amostra-dois', 'amostra-um', 'nova']);
  });

  it('migrates a version-1 store, keeping every article, and deletes the old keys only after the bound', async () => {
    const items = itemsOf(BUNDLED);
    const v1 = {
      'index/meta.json': JSON.stringify({
        version: 1,
        count: 2,
        chunkSize: 24,
        pageChunks: 1,
        sitemapChunks: 1,
        listChunks: 1,
        shards: [],
      }),
      'index/pages/0.json': JSON.stringify(items),
      'index/sitemaps/0.json': JSON.stringify(items.map((item) => [item.slug, item.data])),
      'index/list/0.json': JSON.stringify(items),
    };
    await kv.put(Object.entries(v1).map(([key, value]) => ({ key, value })));
    await publish([article('nova', '2025-06-01')]);
    expect(slugsOf((await view()).items)).toEqual(['amostra-dois', 'amostra-um', 'nova']);
    expect(kv.text('index/list/0.json')).not.toBeNull();
    clock.time += DELETE_AFTER_MS;
    await gc();
    expect(kv.keys().filter((key) => key in v1 && key !== INDEX_META_KEY)).toEqual([]);
  });
});

describe('what a run writes and says, article by article', () => {
  /** Every key with its value: what a reader or a later run could see. */
  const snapshot = () => new Map(kv.keys().map((key) => [key, kv.text(key)]));
  /** The store, recording the keys each put writes. */
  const recording = (written: string[]): KvStore => ({
    ...runnerView(kv),
    put: async (entries) => {
      written.push(...entries.map(({ key }) => key));
      await kv.put(entries);
    },
  });

  it('logs each article with its title, its address on the site and what happens to it', async () => {
    await publish([article('antiga', '2025-03-01')]);
    const lines: string[] = [];
    const opts = { ...options(lines), site: 'https://exemplo.com.br' };
    await runChange(kv, publishChange([article('nova', '2025-06-01'), article('antiga', '2025-03-01', 'v2')], contentHash), opts);
    expect(lines.slice(0, 8)).toEqual([
      '  new        "Título nova"',
      '             https://exemplo.com.br/noticia/nova',
      '  updated    "Título antiga"',
      '             https://exemplo.com.br/noticia/antiga',
      '             replaces the live article "Título antiga" published on 01/03/2025',
      expect.stringMatching(/^ {2}WARNING: the text of "antiga" changed but "atualizado" did not/),
      '  In KV:',
      '  1. write 16 article file(s), not shown until step 3',
    ]);
  });

  it('refuses to replace a live article under another title without --replace: the store is exactly as before', async () => {
    await publish([article('nova', '2025-06-01')]);
    const before = snapshot();
    const copied = article('nova', '2025-07-01', 'v2', { titulo: 'Reforma de cozinhas pequenas em apartamentos antigos' });
    await expect(runChange(kv, publishChange([article('outra', '2025-06-02'), copied], contentHash), options())).rejects.toThrow(
      ReplaceRefused,
    );
    expect(snapshot()).toEqual(before);
    expect((await view()).items.find((item) => item.slug === 'nova')?.titulo).toBe('Título nova');

    await runChange(kv, publishChange([copied], contentHash, { replace: true }), options());
    expect((await view()).items.find((item) => item.slug === 'nova')?.titulo).toBe(copied.item.titulo);
  });

  it('never rewrites an unchanged article; when all are unchanged, writes nothing and does not switch', async () => {
    const nova = article('nova', '2025-06-01');
    await publish([nova, article('outra', '2025-06-02')]);
    const written: string[] = [];
    const { plan } = await runChange(
      recording(written),
      publishChange([nova, article('outra', '2025-06-02', 'v2')], contentHash),
      options(),
    );
    expect(plan?.unchanged).toEqual(['nova']);
    expect(plan?.updated).toEqual(['outra']);
    expect(written).not.toContain(nova.item.htmlPath);
    expect(written).not.toContain(nova.image.key);

    const before = snapshot();
    written.length = 0;
    const again = await runChange(recording(written), publishChange([nova, article('outra', '2025-06-02', 'v2')], contentHash), options());
    expect(again.plan).toBeNull();
    expect(written).toEqual([LOCK_KEY]);
    expect(snapshot()).toEqual(before);
  });
});

describe('deferred deletions', () => {
  it('keep a replaced body and image until the bound has passed, then delete them', async () => {
    const v1 = article('nova', '2025-06-01');
    const v2 = article('nova', '2025-06-01', 'v2');
    await publish([v1]);
    await publish([v2]);
    expect(kv.text(v1.item.htmlPath)).not.toBeNull();
    expect(kv.text(v1.image.key)).not.toBeNull();
    clock.time += DELETE_AFTER_MS - 60_000;
    await publish([article('outra', '2025-06-02')]);
    expect(kv.text(v1.item.htmlPath)).not.toBeNull();
    clock.time += 60_000;
    await publish([article('mais-uma', '2025-06-03')]);
    expect(kv.text(v1.item.htmlPath)).toBeNull();
    expect(kv.text(v1.image.key)).toBeNull();
    expect((await view()).broken).toEqual([]);
    // What the last publishes replaced waits its turn.
    expect(await unusedKeys()).not.toEqual([]);
    expect(await leakedKeys()).toEqual([]);
  });

  it('never delete a key a later publish made live again', async () => {
    const v1 = article('nova', '2025-06-01');
    await publish([v1]);
    await publish([article('nova', '2025-06-01', 'v2')]);
    await publish([v1]); // back to the first version, before the bound
    clock.time += DELETE_AFTER_MS;
    await gc();
    expect(kv.text(v1.item.htmlPath)).not.toBeNull();
    expect(kv.text(v1.image.key)).not.toBeNull();
    expect((await view()).broken).toEqual([]);
    expect(await unusedKeys()).toEqual([]);
  });

  it('unpublish: the article leaves the list at once, its files after the bound', async () => {
    const nova = article('nova', '2025-06-01');
    await publish([nova]);
    await unpublish('nova');
    expect(slugsOf((await view()).items)).not.toContain('nova');
    expect(kv.text(nova.image.key)).not.toBeNull();
    clock.time += DELETE_AFTER_MS;
    await gc();
    expect(kv.text(nova.image.key)).toBeNull();
    expect(kv.text(nova.item.htmlPath)).toBeNull();
    expect(await unusedKeys()).toEqual([]);
  });

  it('gc sets leftovers aside first and deletes them only after the bound; never what the index names', async () => {
    await publish([article('nova', '2025-06-01')]);
    const leftovers = ['index/pages/0.abcdefabcd.json', 'noticias/sobra.0123456789.html', 'thumbnails/sobra-0123456789.webp'];
    await kv.put(leftovers.map((key) => ({ key, value: 'x' })));
    const dry = await gc(kv, true);
    expect(dry.found.sort()).toEqual(leftovers);
    expect(kv.text(PENDING_DELETES_KEY)).not.toContain('sobra');
    const first = await gc();
    expect(first.found.sort()).toEqual(leftovers);
    expect(first.deleted).toEqual([]);
    clock.time += DELETE_AFTER_MS;
    const second = await gc();
    expect(second.deleted.sort()).toEqual(leftovers);
    expect(await unusedKeys()).toEqual([]);
    expect((await view()).broken).toEqual([]);
    expect(slugsOf((await view()).items)).toContain('nova');
  });
});

describe('a run killed after any step', () => {
  /** Runs `run` killed after each number of store operations in turn, and checks the site in between. */
  async function killAtEveryStep(
    setUp: () => Promise<void>,
    run: (store: KvStore) => Promise<unknown>,
    expected: { before: string[]; after: string[] },
  ) {
    for (let killAfter = 0; ; killAfter++) {
      clock = new TestClock();
      kv = new MemoryStore(clock);
      await setUp();
      const store = runnerView(kv, { killAfter, yieldEach: false });
      const finished = await run(store).then(
        () => true,
        (error: unknown) => {
          if (!(error instanceof Killed)) throw error;
          return false;
        },
      );
      const site = await view();
      expect(site.broken, `killed after ${killAfter}`).toEqual([]);
      const slugs = slugsOf(site.items);
      expect([expected.before, expected.after], `killed after ${killAfter}`).toContainEqual(slugs);
      // Running it again (once the dead run's lock has expired) finishes the job, and the bound later leaves nothing unused.
      clock.time += LOCK_TTL_SECONDS * 1000;
      await run(kv);
      expect(slugsOf((await view()).items)).toEqual(expected.after);
      expect(await leakedKeys(), `killed after ${killAfter}, run again`).toEqual([]);
      clock.time += DELETE_AFTER_MS;
      await gc();
      expect((await view()).broken, `killed after ${killAfter}, then gc`).toEqual([]);
      expect(await unusedKeys(), `killed after ${killAfter}, then gc`).toEqual([]);
      if (finished) return killAfter;
    }
  }

  const ANTIGA = article('antiga', '2025-03-01');
  const setUp = async () => {
    await publish([ANTIGA, article('outra', '2025-04-01')]);
  };

  it('publish (a new article and an update with a new body and image): the site is as before or as after', async () => {
    const steps = await killAtEveryStep(
      setUp,
      (store) => publish([article('nova', '2025-06-01'), article('antiga', '2025-03-01', 'v2')], store),
      {
        before: ['amostra-dois', 'amostra-um', 'antiga', 'outra'],
        after: ['amostra-dois', 'amostra-um', 'antiga', 'nova', 'outra'],
      },
    );
    expect(steps).toBeGreaterThanOrEqual(10);
  });

  it('unpublish: the site is as before or as after', async () => {
    await killAtEveryStep(setUp, (store) => unpublish('antiga', store), {
      before: ['amostra-dois', 'amostra-um', 'antiga', 'outra'],
      after: ['amostra-dois', 'amostra-um', 'outra'],
    });
  });

  it('the first publish over the bundled list: the site is as before (the bundle) or as after', async () => {
    await killAtEveryStep(
      async () => {},
      (store) => publish([article('nova', '2025-06-01')], store),
      {
        before: ['amostra-dois', 'amostra-um'],
        after: ['amostra-dois', 'amostra-um', 'nova'],
      },
    );
  });
});
