import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contentHash } from '#src/content/index/content-hash.ts';
import { buildIndex } from '#src/content/index/index-build.ts';
import { INDEX_META_KEY, PUBLISHED_MARKER_KEY } from '#src/content/index/news-index.ts';
import type { NewsItem } from '#src/content/schema/news-item.ts';
import { referencedKeys } from '#src/publishing/plan/live.ts';
import { planPublish, planUnpublish, publishChange } from '#src/publishing/plan/plan.ts';
import type { PreparedArticle } from '#src/publishing/plan/prepared-article.ts';
import { ReplaceRefused } from '#src/publishing/plan/replace-refusal.ts';
import { runGc } from '#src/publishing/run/gc.ts';
import { readIndex } from '#src/publishing/run/read-live.ts';
import { runRestore } from '#src/publishing/run/restore.ts';
import { runChange } from '#src/publishing/run/run.ts';
import type { RunOptions } from '#src/publishing/run/run-options.ts';
import { brasilia } from '#src/publishing/stores/brasilia-time.ts';
import type { KvStore } from '#src/publishing/stores/kv-store.ts';
import { LOCK_TTL_MS, LockBusyError } from '#src/publishing/stores/lock.ts';
import { DELETE_AFTER_MS, PENDING_DELETES_KEY } from '#src/publishing/stores/pending-deletes.ts';
import { type LockOwner, type PublishDb, readState, switchVersion, tryAcquire } from '#src/publishing/stores/publish-state.ts';
import { dbView, Killed, MemoryStore, Runner, runnerView, TestClock } from './memory-store';
import { article, bundleOf, itemsOf, runOptions, stateDbOf } from './publish-fixtures';
import { siteView } from './site-view';

/** The bundled sample content: what the site shows while KV has no index. */
const BUNDLED = [article('amostra-um', '2025-01-10'), article('amostra-dois', '2025-02-10')];
const BUNDLE = bundleOf(BUNDLED);
const bundled = async () => ({ list: itemsOf(BUNDLED), files: BUNDLE });

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

const options = (lines: string[] = [], overrides: Partial<RunOptions> = {}) =>
  runOptions(clock, bundled, { log: (line) => lines.push(line), ...overrides });

const publish = (articles: PreparedArticle[], store: KvStore = kv, opts = options()) =>
  runChange(store, (live) => planPublish(articles, live, contentHash), opts);
const unpublish = (slug: string, store: KvStore = kv, opts = options()) =>
  runChange(store, (live) => planUnpublish(slug, live, contentHash), opts);
const gc = (store: KvStore = kv, dryRun = false, opts = options()) => runGc(store, opts, dryRun);
const restore = (opts = options()) => runRestore(kv, opts);

const view = () => siteView(kv, BUNDLE);
const slugsOf = (items: readonly NewsItem[]) => items.map((item) => item.slug).sort();
const state = () => readState(stateDbOf(clock));

/** The keys a run keeps for itself, which no index names. */
const BOOKKEEPING = [INDEX_META_KEY, PENDING_DELETES_KEY, PUBLISHED_MARKER_KEY];

/** Every key the store holds that the live index does not name (besides its own bookkeeping). */
async function unusedKeys(): Promise<string[]> {
  const live = await readIndex(kv, kv.text(INDEX_META_KEY), { hash: contentHash, bundled });
  const used = referencedKeys(live);
  return kv.keys().filter((key) => !used.has(key) && !BOOKKEEPING.includes(key));
}

/** Unused keys nothing will delete: not even waiting in the list (leaked). */
async function leakedKeys(): Promise<string[]> {
  const waiting = kv.text(PENDING_DELETES_KEY) ?? '';
  return (await unusedKeys()).filter((key) => !waiting.includes(`"${key}"`));
}

/** KV and D1 agree, and no run holds the lock: what every finished run leaves. */
async function settled() {
  const now = await state();
  expect(now.lock).toBeNull();
  expect(kv.text(INDEX_META_KEY)).toBe(now.meta);
  expect(now.kvVersion).toBe(now.version);
}

/** Holds the lock as another run would (another editor's machine unless said otherwise). */
async function holdLock(owner: Partial<LockOwner> = {}) {
  const other: LockOwner = {
    id: 'outra',
    host: 'outro-pc',
    boot: 'boot_id:outro',
    user: 'ana',
    pid: 7,
    command: 'content:publish --remote',
    ...owner,
  };
  const { acquired } = await tryAcquire(stateDbOf(clock), other, LOCK_TTL_MS);
  expect(acquired).toBe(true);
  return other;
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
    expect((await state()).version).toBe(1);
    expect(kv.text(PUBLISHED_MARKER_KEY)).not.toBeNull();
    await settled();
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
    const [first, second] = await Promise.all([
      publish([article('primeira', '2025-06-01')], runnerView(kv)),
      publish([article('segunda', '2025-06-02')], runnerView(kv)),
    ]);
    expect(first.plan?.added).toEqual(['primeira']);
    expect(second.plan?.added).toEqual(['segunda']);
    const site = await view();
    expect(site.broken).toEqual([]);
    expect(slugsOf(site.items)).toEqual(['amostra-dois', 'amostra-um', 'primeira', 'segunda']);
    expect((await state()).version).toBe(2);
    await settled();
  });

  it('three runs started together all land, one after the other', async () => {
    const slugs = ['primeira', 'segunda', 'terceira'];
    await Promise.all(slugs.map((slug, i) => publish([article(slug, `2025-06-0${i + 1}`)], runnerView(kv))));
    expect(slugsOf((await view()).items)).toEqual(['amostra-dois', 'amostra-um', ...slugs]);
    expect((await state()).version).toBe(3);
    await settled();
  });

  it("waits for another run's lock, saying who holds it and since when, and gives up having written nothing", async () => {
    await holdLock();
    const since = brasilia(clock.now());
    const before = kv.keys();
    const lines: string[] = [];
    const error = await publish([article('nova', '2025-06-01')], kv, options(lines, { lockWaitMs: 60_000 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LockBusyError);
    expect((error as Error).message).toMatch(
      new RegExp(`content:publish --remote de ana@outro-pc \\(pid 7\\), com a trava de publicação desde ${since.replace(/[()]/g, '\\$&')}`),
    );
    expect(lines[0]).toMatch(
      /^Aguardando outra publicação terminar: content:publish --remote de ana@outro-pc \(pid 7\), com a trava de publicação desde /,
    );
    expect(kv.keys()).toEqual(before);
    expect((await state()).lock?.id).toBe('outra');
  });

  it("goes ahead once a crashed run's lock has expired", async () => {
    await holdLock();
    const lines: string[] = [];
    const started = clock.now();
    await publish([article('nova', '2025-06-01')], kv, options(lines));
    expect(lines[0]).toMatch(/^Aguardando outra publicação terminar/);
    expect(clock.now() - started).toBeGreaterThanOrEqual(LOCK_TTL_MS);
    expect(slugsOf((await view()).items)).toContain('nova');
    await settled();
  });

  it('refuses to merge with a damaged index/meta.json, writing nothing, and names content:restore (never deleting the meta)', async () => {
    await publish([article('nova', '2025-06-01')]);
    await kv.put([{ key: INDEX_META_KEY, value: '{"version":2,"count":-1}' }]);
    const before = kv.keys();
    const error = (await publish([article('outra', '2025-06-02')]).catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(
      /index\/meta\.json do KV não é um índice válido .*Nada foi gravado\. Restaure com: npm run content:restore -- --local/,
    );
    expect(error.message).not.toMatch(/delete/i);
    expect(kv.keys()).toEqual(before);
    expect((await state()).lock).toBeNull();
    expect(await restore()).toMatchObject({ restored: true, version: 1, count: 3 });
    expect(slugsOf((await view()).items)).toEqual(['amostra-dois', 'amostra-um', 'nova']);
  });

  it('drops a slug the live list holds twice and never writes a duplicate', async () => {
    const doubled = [...itemsOf(BUNDLED), BUNDLED[0]!.item];
    await kv.put([...buildIndex(doubled, contentHash)].map(([key, value]) => ({ key, value })));
    const lines: string[] = [];
    await publish([article('nova', '2025-06-01')], kv, options(lines));
    expect(lines).toContain('  a lista no ar trazia "amostra-um" mais de uma vez: a primeira entrada foi mantida, as outras descartadas');
    const live = await readIndex(kv, kv.text(INDEX_META_KEY), { hash: contentHash, bundled: async () => ({ list: [], files: new Map() }) });
    expect(live.items.map((item) => item.slug).sort()).toEqual(['amostra-dois', 'amostra-um', 'nova']);
  });

  it('takes over a store published to before the publish state existed: its meta becomes version 1, nothing is lost', async () => {
    // A KV index written by an earlier version of the command: no row version, no marker.
    await kv.put(
      [...buildIndex([...itemsOf(BUNDLED), article('antiga', '2025-03-01').item], contentHash)].map(([key, value]) => ({ key, value })),
    );
    const adopted = kv.text(INDEX_META_KEY);
    expect((await state()).version).toBe(0);
    await publish([article('nova', '2025-06-01')]);
    expect(slugsOf((await view()).items)).toEqual(['amostra-dois', 'amostra-um', 'antiga', 'nova']);
    const now = await state();
    expect(now.version).toBe(1);
    expect(now.meta).not.toBe(adopted);
    expect(kv.text(PUBLISHED_MARKER_KEY)).not.toBeNull();
  });

  it('never merges with a meta older than the version D1 names, whatever KV shows (eventual consistency)', async () => {
    await publish([article('primeira', '2025-06-01')]);
    const older = kv.text(INDEX_META_KEY)!;
    await publish([article('segunda', '2025-06-02')]);
    // This place of KV has not seen the last switch yet: it answers the meta from before it.
    const stale: KvStore = {
      ...runnerView(kv),
      get: async (keys) => new Map([...(await kv.get(keys))].map(([key, value]) => [key, key === INDEX_META_KEY ? older : value])),
    };
    const lines: string[] = [];
    await publish([article('terceira', '2025-06-03')], stale, options(lines));
    expect(lines[0]).toMatch(/index\/meta\.json do KV estava atrás do estado de publicação: a versão 2/);
    expect(slugsOf((await view()).items)).toEqual(['amostra-dois', 'amostra-um', 'primeira', 'segunda', 'terceira']);
  });
});

describe('a run that finds its lock gone', () => {
  /** A run's process that stops after `pauseAt` operations until `resume`, and says when it got there. */
  class Paused extends Runner {
    reached!: Promise<void>;
    private arrive!: () => void;
    private go!: () => void;
    private gate: Promise<void>;
    constructor(readonly pauseAt: number) {
      super(Infinity, true);
      this.reached = new Promise((resolve) => (this.arrive = resolve));
      this.gate = new Promise((resolve) => (this.go = resolve));
    }
    override async step() {
      if (this.ops === this.pauseAt) {
        this.arrive();
        await this.gate;
      }
      await super.step();
    }
    resume() {
      this.go();
    }
  }

  /** The database, recording every switch that happened: the version it was made over, and by whom. */
  function recordingSwitches(db: PublishDb, switches: { read: number; by: string; lock: string | null; expired: boolean }[]): PublishDb {
    return {
      async run(statements) {
        const before = await readState(db);
        const results = await db.run(statements);
        statements.forEach(({ sql, params }, i) => {
          if (sql.startsWith('UPDATE publish_state SET version = version + 1') && results[i]!.length === 1) {
            switches.push({
              read: Number(params[1]),
              by: String(params[0]),
              lock: before.lock?.id ?? null,
              expired: before.lock !== null && before.lock.expires <= before.now,
            });
          }
        });
        return results;
      },
    };
  }

  const setUpTwo = async () => {
    await publish([article('antiga', '2025-03-01'), article('outra', '2025-04-01')]);
  };

  /**
   * Run A stops after each number of its operations (KV and D1) in turn; meanwhile
   * its lock expires and run B runs from start to end; then A goes on. Every
   * switch is made by the lock's holder over the version it read, never twice
   * over one version, and both changes land.
   */
  async function interleaveAtEveryStep(
    a: (store: KvStore, opts: RunOptions) => Promise<unknown>,
    b: (store: KvStore, opts: RunOptions) => Promise<unknown>,
    expected: string[],
  ) {
    let caughtUp = 0;
    for (let pauseAt = 0; ; pauseAt++) {
      clock = new TestClock();
      kv = new MemoryStore(clock);
      await setUpTwo();
      const start = (await state()).version;
      const switches: { read: number; by: string; lock: string | null; expired: boolean }[] = [];
      const db = recordingSwitches(stateDbOf(clock), switches);
      const runner = new Paused(pauseAt);
      const linesA: string[] = [];
      const optsA = options(linesA, { db: dbView(db, runner) });
      const runA = a(runnerView(kv, { runner }), optsA);
      const paused = await Promise.race([runner.reached.then(() => true), runA.then(() => false)]);
      if (paused) {
        clock.time += LOCK_TTL_MS;
        await b(kv, options([], { db }));
        runner.resume();
        await runA;
      } else {
        // A finished before its pause: every step has been tried; B comes after it.
        await b(kv, options([], { db }));
      }
      const at = `A paused after ${pauseAt} operations\n${linesA.join('\n')}`;
      const site = await view();
      expect(site.broken, at).toEqual([]);
      expect(slugsOf(site.items), at).toEqual(expected);
      expect(
        switches.every(({ by, lock, expired }) => by === lock && !expired),
        at,
      ).toBe(true);
      expect(new Set(switches.map(({ read }) => read)).size, at).toBe(switches.length);
      expect((await state()).version - start, at).toBe(switches.length);
      await settled();
      // A run that outlived its lock may have written its waiting-deletes list over the other's: keys
      // nothing names may then be missing from it, never deleted by a publish. gc finds them.
      await gc();
      clock.time += DELETE_AFTER_MS;
      await gc();
      expect((await view()).broken, at).toEqual([]);
      expect(await unusedKeys(), at).toEqual([]);
      if (linesA.some((line) => /gravando de novo a versão mais recente|sob a trava, pega de novo/.test(line))) caughtUp++;
      if (!paused) return { steps: pauseAt, caughtUp };
    }
  }

  it('two publishes interleaved at every step never both switch over one version, and both articles land', async () => {
    const { steps, caughtUp } = await interleaveAtEveryStep(
      (store, opts) => publish([article('primeira', '2025-06-01'), article('antiga', '2025-03-01', 'v2')], store, opts),
      (store, opts) => publish([article('segunda', '2025-06-02')], store, opts),
      ['amostra-dois', 'amostra-um', 'antiga', 'outra', 'primeira', 'segunda'],
    );
    expect(steps).toBeGreaterThanOrEqual(8);
    // Paused while writing its meta, A wrote it after B's: it then wrote the latest again.
    expect(caughtUp).toBeGreaterThan(0);
  });

  it('a publish and an unpublish interleaved at every step: both land', async () => {
    await interleaveAtEveryStep(
      (store, opts) => publish([article('primeira', '2025-06-01')], store, opts),
      (store, opts) => unpublish('antiga', store, opts),
      ['amostra-dois', 'amostra-um', 'outra', 'primeira'],
    );
  });

  it('a publish and a gc interleaved at every step: gc never deletes what the publish makes live', async () => {
    await interleaveAtEveryStep(
      (store, opts) => publish([article('primeira', '2025-06-01'), article('antiga', '2025-03-01', 'v2')], store, opts),
      (store, opts) => runGc(store, opts, false),
      ['amostra-dois', 'amostra-um', 'antiga', 'outra', 'primeira'],
    );
  });

  it('a run whose lock expired mid-way does not switch with it: it takes the lock again and merges again', async () => {
    await setUpTwo();
    // Paused after taking the lock (1), reading the state's index (2, 3, 4), writing (5): the switch comes next.
    for (let pauseAt = 1; pauseAt <= 5; pauseAt++) {
      const switches: { read: number; by: string; lock: string | null; expired: boolean }[] = [];
      const db = recordingSwitches(stateDbOf(clock), switches);
      const runner = new Paused(pauseAt);
      const lines: string[] = [];
      const run = publish(
        [article(`nova-${pauseAt}`, '2025-06-01')],
        runnerView(kv, { runner }),
        options(lines, { db: dbView(db, runner) }),
      );
      await runner.reached;
      clock.time += LOCK_TTL_MS;
      runner.resume();
      await run;
      expect(switches, `paused after ${pauseAt}`).toHaveLength(1);
      expect(switches[0]!.expired).toBe(false);
      // Its lease (half the lock's life) told it first, or the switch's compare-and-set refused.
      expect(lines.join('\n')).toMatch(
        /passou de 150 s desde a última renovação da trava: pegando a trava de novo|a trava expirou antes da troca/,
      );
      expect(slugsOf((await view()).items)).toContain(`nova-${pauseAt}`);
      await settled();
    }
  });
});

describe('the switch in D1', () => {
  const owner: LockOwner = { id: 'eu', host: 'h', boot: 'b', user: 'u', pid: 1, command: 'content:publish --local' };

  it('happens only over the version read, by the holder of an unexpired lock', async () => {
    const db = stateDbOf(clock);
    expect((await tryAcquire(db, owner, LOCK_TTL_MS)).acquired).toBe(true);
    expect((await switchVersion(db, owner, 1, '{}', LOCK_TTL_MS)).switched).toBe(false);
    expect((await switchVersion(db, { ...owner, id: 'outro' }, 0, '{}', LOCK_TTL_MS)).switched).toBe(false);
    clock.time += LOCK_TTL_MS;
    const late = await switchVersion(db, owner, 0, '{}', LOCK_TTL_MS);
    expect(late.switched).toBe(false);
    expect(late.state).toMatchObject({ version: 0, meta: null });
    expect((await tryAcquire(db, { ...owner, id: 'outro' }, LOCK_TTL_MS)).acquired).toBe(true);
    expect((await tryAcquire(db, owner, LOCK_TTL_MS)).acquired).toBe(false);
    const made = await switchVersion(db, { ...owner, id: 'outro' }, 0, '{"v":1}', LOCK_TTL_MS);
    expect(made.switched).toBe(true);
    expect(made.state).toMatchObject({ version: 1, meta: '{"v":1}' });
  });
});

describe('a lost index/meta.json', () => {
  const TWENTY = Array.from({ length: 20 }, (_, i) =>
    article(`artigo-${String(i + 1).padStart(2, '0')}`, `2025-05-${String(i + 1).padStart(2, '0')}`),
  );

  it('after 20 publishes, meta deleted: the next publish, unpublish and gc refuse; restore brings all 20 back; gc deletes none of their keys', async () => {
    for (const one of TWENTY) await publish([one]);
    const expected = slugsOf([...itemsOf(BUNDLED), ...itemsOf(TWENTY)]);
    const live = await readIndex(kv, kv.text(INDEX_META_KEY), { hash: contentHash, bundled });
    const named = [...referencedKeys(live)];
    await kv.delete([INDEX_META_KEY]);
    const before = new Map(kv.keys().map((key) => [key, kv.text(key)]));
    clock.time += DELETE_AFTER_MS;

    for (const run of [() => publish([article('nova', '2025-06-30')]), () => unpublish('artigo-01'), () => gc()]) {
      const error = (await run().catch((e: unknown) => e)) as Error;
      expect(error.message).toMatch(
        /o KV não tem index\/meta\.json, mas já teve a versão 20.*Nada foi gravado\. Restaure com: npm run content:restore -- --local/,
      );
      expect(error.message).not.toMatch(/delete (it|index\/meta)/i);
      expect(new Map(kv.keys().map((key) => [key, kv.text(key)]))).toEqual(before);
      expect((await state()).lock).toBeNull();
    }

    const restored = await restore();
    expect(restored).toMatchObject({ restored: true, version: 20, count: 22, missing: [] });
    const site = await view();
    expect(site.broken).toEqual([]);
    expect(slugsOf(site.items)).toEqual(expected);
    await settled();

    clock.time += DELETE_AFTER_MS;
    await gc();
    expect(named.filter((key) => kv.text(key) === null)).toEqual([]);
    expect(slugsOf((await view()).items)).toEqual(expected);
    // And publishing works again, over all of them.
    await publish([article('nova', '2025-06-30')]);
    expect(slugsOf((await view()).items)).toEqual([...expected, 'nova'].sort());
  });

  it('restore says so when KV already shows the recorded version, and refuses when there is none', async () => {
    await expect(restore()).rejects.toThrow(/ainda não registra índice em local: não há de onde restaurar/);
    await publish([article('nova', '2025-06-01')]);
    expect(await restore()).toMatchObject({ restored: false, version: 1 });
    await settled();
  });

  it('a store published to before, with neither a meta nor a version in D1: the publish refuses rather than start from the bundle', async () => {
    await kv.put(
      [...buildIndex([...itemsOf(BUNDLED), article('antiga', '2025-03-01').item], contentHash)].map(([key, value]) => ({ key, value })),
    );
    await kv.delete([INDEX_META_KEY]);
    const before = kv.keys();
    await expect(publish([article('nova', '2025-06-01')])).rejects.toThrow(
      /o KV já recebeu publicações \(index\/list\/0\.[0-9a-f]{10}\.json\), mas não tem index\/meta\.json.*Nada foi gravado/,
    );
    await kv.put([{ key: PUBLISHED_MARKER_KEY, value: '{}' }]);
    await expect(gc()).rejects.toThrow(/o KV já recebeu publicações \(index\/published\.json\)/);
    expect(kv.keys()).toEqual([...before, PUBLISHED_MARKER_KEY].sort());
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
      '  novo            "Título nova"',
      '                  https://exemplo.com.br/noticia/nova',
      '  atualizado      "Título antiga"',
      '                  https://exemplo.com.br/noticia/antiga',
      '                  substitui o artigo no ar "Título antiga", publicado em 01/03/2025',
      expect.stringMatching(/^ {2}AVISO: o texto de "antiga" mudou, mas "atualizado" não/),
      '  No KV:',
      '  1. gravar 16 arquivo(s) de artigo, que não aparecem até o passo 3',
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
    expect(written).toEqual([]);
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
  /**
   * Runs `run` killed after each number of store operations in turn, KV's and
   * D1's alike (as kill -9 would stop it), and checks the site in between:
   * exactly as before or as after. Running it again at once (this machine,
   * the dead run's process gone: its lock is taken over) finishes the job,
   * with KV and D1 agreeing.
   */
  async function killAtEveryStep(
    setUp: () => Promise<void>,
    run: (store: KvStore, opts: RunOptions) => Promise<unknown>,
    expected: { before: string[]; after: string[] },
  ) {
    for (let killAfter = 0; ; killAfter++) {
      clock = new TestClock();
      kv = new MemoryStore(clock);
      await setUp();
      const runner = new Runner(killAfter, false);
      const killedOptions = options([], { db: dbView(stateDbOf(clock), runner) });
      const finished = await run(runnerView(kv, { runner }), killedOptions).then(
        () => true,
        (error: unknown) => {
          if (!(error instanceof Killed)) throw error;
          return false;
        },
      );
      const at = `killed after ${killAfter}`;
      const site = await view();
      expect(site.broken, at).toEqual([]);
      expect([expected.before, expected.after], at).toContainEqual(slugsOf(site.items));
      // Run again at once: the killed run's process is gone, so its lock is taken over without waiting.
      const started = clock.now();
      await run(kv, options([], { holderGone: (holder) => holder.id === killedOptions.owner.id }));
      expect(clock.now(), at).toBe(started);
      expect(slugsOf((await view()).items), at).toEqual(expected.after);
      await settled();
      expect(await leakedKeys(), `${at}, run again`).toEqual([]);
      clock.time += DELETE_AFTER_MS;
      await gc();
      expect((await view()).broken, `${at}, then gc`).toEqual([]);
      expect(await unusedKeys(), `${at}, then gc`).toEqual([]);
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
      (store, opts) => publish([article('nova', '2025-06-01'), article('antiga', '2025-03-01', 'v2')], store, opts),
      {
        before: ['amostra-dois', 'amostra-um', 'antiga', 'outra'],
        after: ['amostra-dois', 'amostra-um', 'antiga', 'nova', 'outra'],
      },
    );
    // Lock; read the meta, the list, the index's keys; write; switch in D1, then in KV; the waiting list;
    // the release (killed too: it fails quietly, the lock stays, as after kill -9).
    expect(steps).toBeGreaterThanOrEqual(8);
  });

  it('unpublish: the site is as before or as after', async () => {
    await killAtEveryStep(setUp, (store, opts) => unpublish('antiga', store, opts), {
      before: ['amostra-dois', 'amostra-um', 'antiga', 'outra'],
      after: ['amostra-dois', 'amostra-um', 'outra'],
    });
  });

  it('the first publish over the bundled list: the site is as before (the bundle) or as after', async () => {
    await killAtEveryStep(
      async () => {},
      (store, opts) => publish([article('nova', '2025-06-01')], store, opts),
      {
        before: ['amostra-dois', 'amostra-um'],
        after: ['amostra-dois', 'amostra-um', 'nova'],
      },
    );
  });

  it('gc: never leaves the site broken, and running it again finishes', async () => {
    await killAtEveryStep(
      async () => {
        await setUp();
        await publish([article('antiga', '2025-03-01', 'v2')]);
        await kv.put([{ key: 'noticias/sobra.0123456789.html', value: 'x' }]);
        clock.time += DELETE_AFTER_MS;
      },
      (store, opts) => runGc(store, opts, false),
      {
        before: ['amostra-dois', 'amostra-um', 'antiga', 'outra'],
        after: ['amostra-dois', 'amostra-um', 'antiga', 'outra'],
      },
    );
  });
});
