import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contentHash } from '#src/content/index/content-hash.ts';
import { forgetLiveIndex } from '#src/content/index/live-index.ts';
import { INDEX_META_KEY } from '#src/content/index/news-index.ts';
import { imageKey } from '#src/content/schema/format.ts';
import { variantFiles } from '#src/content/schema/image-variants.ts';
import { batchOf, kvStoreOf } from '#src/publishing/bindings.ts';
import type { PreparedArticle } from '#src/publishing/plan/prepared-article.ts';
import { runChange, runPublish } from '#src/publishing/run/run.ts';
import type { RunOptions } from '#src/publishing/run/run-options.ts';
import type { KvStore } from '#src/publishing/stores/kv-store.ts';
import { type LockOwner, readState } from '#src/publishing/stores/publish-state.ts';
import { clearKv, fetchPath, RESET_PUBLISH_STATE } from '../helpers';

/**
 * The publishing engine inside workerd, against the worker's own bindings
 * (NEWS, DB): what the newsroom runs, and what the command line runs
 * locally through wrangler's platform proxy. The readers' pages are read back
 * through the worker itself.
 */

const db = { run: batchOf(env.DB) };
const store = kvStoreOf(env.NEWS);

let runs = 0;
function options(overrides: Partial<RunOptions> = {}): RunOptions {
  runs += 1;
  const owner: LockOwner = { id: `teste-${runs}`, host: 'workerd', boot: 'teste', user: 'editora', pid: runs, command: 'teste' };
  return {
    hash: contentHash,
    owner,
    target: 'local',
    db,
    bundled: async () => ({ list: [], files: new Map() }),
    now: () => Date.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    pollMs: 10,
    kvSettleMs: 0,
    lockWaitMs: 60_000,
    log: () => {},
    // Any earlier test's run is gone: its lock is taken over at once.
    holderGone: (holder) => holder.id !== owner.id,
    ...overrides,
  };
}

const encoder = new TextEncoder();
function article(slug: string, version = 'v1'): PreparedArticle {
  const body = `<p>Texto de ${slug} ${version}.</p>`;
  const bytes = encoder.encode(`imagem ${slug} ${version}`);
  const imagemAtual = `${slug}-${contentHash(bytes)}.webp`;
  return {
    item: {
      slug,
      titulo: `Título ${slug}`,
      descricao: `Descrição de ${slug}`,
      data: '2025-06-01',
      imagemAtual,
      htmlPath: `noticias/${slug}.${contentHash(body)}.html`,
    },
    body,
    image: { key: imageKey(imagemAtual), bytes },
    variants: variantFiles(imagemAtual).map((file) => ({ key: imageKey(file), value: encoder.encode(file) })),
  };
}

const status = async (slug: string) => (await fetchPath(`/noticia/${slug}`)).status;

/** The store until the run writes index/meta.json: then it stops (Ctrl-C between the switch in D1 and the write to KV). */
const stoppedBeforeMeta = (inner: KvStore): KvStore => ({
  ...inner,
  async put(entries) {
    if (entries.some(({ key }) => key === INDEX_META_KEY)) throw new Error('interrompido');
    return inner.put(entries);
  },
});

const resetState = () => env.DB.exec(RESET_PUBLISH_STATE);

beforeEach(async () => {
  forgetLiveIndex();
  await resetState();
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(async () => {
  await clearKv();
  await resetState();
  forgetLiveIndex();
  vi.restoreAllMocks();
});

describe('the publishing engine in workerd', () => {
  it('publishes: the article answers 200 through the worker, and KV and D1 agree', async () => {
    const { plan } = await runPublish(store, [article('casa-de-vidro')], options());
    expect(plan?.added).toEqual(['casa-de-vidro']);
    expect(await status('casa-de-vidro')).toBe(200);
    const state = await readState(db);
    expect(state.lock).toBeNull();
    expect(await env.NEWS.get(INDEX_META_KEY)).toBe(state.meta);
  });

  it('a publish stopped between its switch in D1 and its write to KV is finished by running it again', async () => {
    await runPublish(store, [article('antiga')], options());
    const nova = article('nova');
    await expect(runPublish(stoppedBeforeMeta(store), [nova], options())).rejects.toThrow('interrompido');
    forgetLiveIndex();
    expect(await status('nova')).toBe(404);

    const { plan, rolledForward } = await runPublish(store, [nova], options());
    expect(plan).toBeNull();
    expect(rolledForward).toBe(true);
    forgetLiveIndex();
    expect(await status('nova')).toBe(200);
    expect(await status('antiga')).toBe(200);
  });

  it('a lost list chunk and a lost body are written again by the next run', async () => {
    const nova = article('nova');
    await runPublish(store, [nova, article('outra')], options());
    const chunk = (await store.list('index/list/'))[0]!;
    await env.NEWS.delete(chunk);
    await env.NEWS.delete(nova.item.htmlPath);

    const { plan } = await runPublish(store, [nova], options());
    expect(plan?.repaired).toEqual(['nova', chunk]);
    expect(await env.NEWS.get(chunk)).not.toBeNull();
    expect(await env.NEWS.get(nova.item.htmlPath)).toBe(nova.body);
    forgetLiveIndex();
    const page = await fetchPath('/noticia/nova');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Texto de nova v1.');
  });

  it('killed after any of its operations (KV and D1 alike), the site is as before or as after, and a re-run finishes', async () => {
    const nova = article('nova');
    for (let killAfter = 0; ; killAfter++) {
      await clearKv();
      await resetState();
      await runPublish(store, [article('antiga')], options());
      let ops = 0;
      /** Runs one operation, unless the process has died before it. */
      const step = <T>(operation: () => Promise<T>) => {
        if (ops++ >= killAfter) throw new Error('morto');
        return operation();
      };
      const dying: KvStore = {
        get: async (keys) => step(() => store.get(keys)),
        put: async (entries) => step(() => store.put(entries)),
        delete: async (keys) => step(() => store.delete(keys)),
        list: async (prefix) => step(() => store.list(prefix)),
      };
      const dyingDb = { run: async (statements: Parameters<typeof db.run>[0]) => step(() => db.run(statements)) };
      const finished = await runPublish(dying, [nova], options({ db: dyingDb })).then(
        () => true,
        () => false,
      );
      forgetLiveIndex();
      const at = `killed after ${killAfter}`;
      expect(await status('antiga'), at).toBe(200);
      expect([200, 404], at).toContain(await status('nova'));
      await runPublish(store, [nova], options());
      forgetLiveIndex();
      expect(await status('nova'), at).toBe(200);
      expect(await env.NEWS.get(INDEX_META_KEY), at).toBe((await readState(db)).meta);
      if (finished) {
        expect(killAfter).toBeGreaterThan(5);
        return;
      }
    }
  });

  it('two publishes started together both land: the second waits for the lock, then merges with the first', async () => {
    const waiting = { holderGone: () => false };
    await Promise.all([
      runPublish(store, [article('primeira')], options(waiting)),
      runPublish(store, [article('segunda')], options(waiting)),
    ]);
    forgetLiveIndex();
    expect(await status('primeira')).toBe(200);
    expect(await status('segunda')).toBe(200);
    expect((await readState(db)).version).toBe(2);
  });

  it("a run whose lock passes to another while it is stopped at any step: both articles land, and KV ends with D1's latest", async () => {
    for (let pauseAt = 0; ; pauseAt++) {
      await clearKv();
      await resetState();
      await runPublish(store, [article('antiga')], options());
      const start = (await readState(db)).version;
      // A stops before its operation number `pauseAt` until `resume`; meanwhile its lock expires and B runs whole.
      let ops = 0;
      let reached: () => void = () => {};
      const arrived = new Promise<void>((resolve) => (reached = resolve));
      let resume: () => void = () => {};
      const gate = new Promise<void>((resolve) => (resume = resolve));
      const step = async <T>(operation: () => Promise<T>) => {
        if (ops++ === pauseAt) {
          reached();
          await gate;
        }
        return operation();
      };
      const pausing: KvStore = {
        get: (keys) => step(() => store.get(keys)),
        put: (entries) => step(() => store.put(entries)),
        delete: (keys) => step(() => store.delete(keys)),
        list: (prefix) => step(() => store.list(prefix)),
      };
      const pausingDb = { run: (statements: Parameters<typeof db.run>[0]) => step(() => db.run(statements)) };
      const a = runPublish(pausing, [article('primeira')], options({ db: pausingDb, holderGone: () => false }));
      const paused = await Promise.race([arrived.then(() => true), a.then(() => false)]);
      const at = `A paused before operation ${pauseAt}`;
      if (paused) {
        // As if A had stalled past its lock's lifetime: the lock expires under it.
        await env.DB.exec('UPDATE publish_state SET lock_expires = 0 WHERE lock_id IS NOT NULL');
        await runPublish(store, [article('segunda')], options({ holderGone: () => false }));
        resume();
        await a;
      } else {
        await runPublish(store, [article('segunda')], options({ holderGone: () => false }));
      }
      forgetLiveIndex();
      for (const slug of ['antiga', 'primeira', 'segunda']) expect(await status(slug), `${at}: ${slug}`).toBe(200);
      const state = await readState(db);
      expect(state.lock, at).toBeNull();
      expect(await env.NEWS.get(INDEX_META_KEY), at).toBe(state.meta);
      expect(state.version - start, at).toBeGreaterThanOrEqual(2);
      if (!paused) return;
    }
  });

  it('a run with nothing to repair writes nothing and does not switch', async () => {
    await runPublish(store, [article('nova')], options());
    const before = await readState(db);
    const { plan } = await runChange(store, () => null, options());
    expect(plan).toBeNull();
    expect((await readState(db)).version).toBe(before.version);
  });
});
