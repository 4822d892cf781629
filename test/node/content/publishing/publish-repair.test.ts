import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contentHash } from '#src/content/index/content-hash.ts';
import { INDEX_META_KEY } from '#src/content/index/news-index.ts';
import { planPublish, publishChange } from '#src/publishing/plan/plan.ts';
import type { PreparedArticle } from '#src/publishing/plan/prepared-article.ts';
import { runGc } from '#src/publishing/run/gc.ts';
import { readIndex } from '#src/publishing/run/read-live.ts';
import { runRestore } from '#src/publishing/run/restore.ts';
import { runChange, runPublish } from '#src/publishing/run/run.ts';
import type { RunOptions } from '#src/publishing/run/run-options.ts';
import type { KvStore } from '#src/publishing/stores/kv-store.ts';
import { DELETE_AFTER_MS } from '#src/publishing/stores/pending-deletes.ts';
import { readState } from '#src/publishing/stores/publish-state.ts';
import { servedBundle } from '../../../../scripts/content/bundle/served-bundle';
import { Killed, MemoryStore, TestClock } from './memory-store';
import { article, bundleOf, itemsOf, runOptions, stateDbOf } from './publish-fixtures';
import { siteView } from './site-view';

/**
 * What the publish commands repair: every run starts by bringing what the
 * site serves in line with what was published, and by writing again what KV
 * lost or holds altered, before it decides there is nothing to do.
 */

const BUNDLED = [article('amostra-um', '2025-01-10')];
const BUNDLE = bundleOf(BUNDLED);
const bundled = async () => ({ list: itemsOf(BUNDLED), files: BUNDLE });

let clock: TestClock;
let kv: MemoryStore;

beforeEach(() => {
  clock = new TestClock();
  kv = new MemoryStore(clock);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const options = (lines: string[] = [], overrides: Partial<RunOptions> = {}) =>
  runOptions(clock, bundled, { log: (line) => lines.push(line), ...overrides });
/** A publish as `content:publish` runs it. */
const publish = (articles: PreparedArticle[], store: KvStore = kv, opts = options()) => runPublish(store, articles, opts);
/** A run that changes nothing but repairs (what gc and restore start with). */
const reconcile = (opts = options()) => runChange(kv, () => null, opts);
const view = () => siteView(kv, BUNDLE);
const slugs = async () => (await view()).items.map((item) => item.slug).sort();
const state = () => readState(stateDbOf(clock));
const keyOf = (prefix: string) => kv.keys().find((key) => key.startsWith(prefix))!;

/** The store as a run sees it until it writes index/meta.json: then the process dies (Ctrl-C between its two writes). */
const killedBeforeMetaWrite = (store: MemoryStore): KvStore => ({
  get: (keys) => store.get(keys),
  list: (prefix) => store.list(prefix),
  delete: (keys) => store.delete(keys),
  async put(entries) {
    if (entries.some(({ key }) => key === INDEX_META_KEY)) throw new Killed('killed before writing index/meta.json');
    return store.put(entries);
  },
});

/** A publish stopped after its switch in D1, before its write to KV: D1 one version ahead of what the site serves. */
async function publishStoppedAfterSwitch(articles: PreparedArticle[]) {
  const before = await state();
  await expect(publish(articles, killedBeforeMetaWrite(kv))).rejects.toBeInstanceOf(Killed);
  const after = await state();
  expect(after.version).toBe(before.version + 1);
  expect(kv.text(INDEX_META_KEY)).toBe(before.meta);
}

describe('a publish stopped between its switch in D1 and its write to KV', () => {
  it('is finished by running the same command again, though the folder matches what D1 records', async () => {
    await publish([article('antiga', '2025-03-01')]);
    const nova = article('nova', '2025-06-01');
    await publishStoppedAfterSwitch([nova]);
    expect(await slugs()).not.toContain('nova');

    const lines: string[] = [];
    const { plan, rolledForward } = await publish([nova], kv, options(lines));
    expect(plan).toBeNull();
    expect(rolledForward).toBe(true);
    expect(lines.join('\n')).toContain('estava atrás do estado de publicação');
    expect(kv.text(INDEX_META_KEY)).toBe((await state()).meta);
    expect(await slugs()).toContain('nova');
    expect((await view()).broken).toEqual([]);
  });

  it('gc ten minutes later keeps every key the index the site was serving names, for ten minutes after it stops serving it', async () => {
    const v1 = article('nova', '2025-06-01');
    await publish([v1, article('outra', '2025-06-02')]);
    const servedMeta = kv.text(INDEX_META_KEY)!;
    const served = await readIndex(kv, servedMeta, { hash: contentHash, bundled });
    const listChunk = keyOf('index/list/');
    await publishStoppedAfterSwitch([article('nova', '2025-06-01', 'v2')]);

    // The site still serves the first index: its body, image and chunks are what readers load.
    clock.time += DELETE_AFTER_MS + 60_000;
    const first = await runGc(kv, options(), false);
    expect(first.deleted).not.toContain(v1.item.htmlPath);
    expect(first.deleted).not.toContain(listChunk);
    for (const key of [v1.item.htmlPath, v1.image.key, listChunk]) expect(kv.text(key), key).not.toBeNull();
    expect(served.items.map((item) => item.slug).sort()).toEqual(['amostra-um', 'nova', 'outra']);
    // The gc wrote the recorded index to KV: from now on, the old one's keys wait their ten minutes.
    expect(kv.text(INDEX_META_KEY)).not.toBe(servedMeta);

    clock.time += DELETE_AFTER_MS - 60_000;
    await runGc(kv, options(), false);
    expect(kv.text(v1.item.htmlPath)).not.toBeNull();
    clock.time += 60_000;
    const later = await runGc(kv, options(), false);
    expect(later.deleted).toContain(v1.item.htmlPath);
    expect(later.deleted).toContain(listChunk);
    expect((await view()).broken).toEqual([]);
  });
});

describe('an index chunk KV lost', () => {
  it('is rebuilt from the articles the other chunks list, and publish, gc and restore go on', async () => {
    await publish([article('antiga', '2025-03-01'), article('outra', '2025-04-01')]);
    const lost = keyOf('index/list/');
    await kv.delete([lost]);

    const { plan } = await reconcile();
    expect(plan?.repaired).toContain(lost);
    expect(kv.text(lost)).not.toBeNull();
    expect((await readIndex(kv, kv.text(INDEX_META_KEY), { hash: contentHash, bundled })).items).toHaveLength(3);

    await kv.delete([lost]);
    const next = await publish([article('nova', '2025-06-01')]);
    expect(next.plan?.added).toEqual(['nova']);
    expect(await slugs()).toEqual(['amostra-um', 'antiga', 'nova', 'outra']);

    await kv.delete([keyOf('index/list/')]);
    await expect(runGc(kv, options(), false)).resolves.toBeDefined();
    await expect(runRestore(kv, options())).resolves.toMatchObject({ lost: [] });
  });

  it('an altered chunk too: a list chunk whose text no longer matches its hash', async () => {
    await publish([article('antiga', '2025-03-01')]);
    const chunk = keyOf('index/list/');
    const text = kv.text(chunk)!;
    await kv.put([{ key: chunk, value: '[]' }]);
    const { plan } = await reconcile();
    expect(plan?.repaired).toContain(chunk);
    expect(kv.text(chunk)).toBe(text);
  });
});

describe("an article's body KV lost or holds altered", () => {
  it('lost: publishing its folder again writes it back', async () => {
    const nova = article('nova', '2025-06-01');
    await publish([nova]);
    await kv.delete([nova.item.htmlPath]);
    expect((await view()).broken).toContain(`nova: no body ${nova.item.htmlPath}`);

    const lines: string[] = [];
    const { plan } = await publish([nova], kv, options(lines));
    expect(plan?.repaired).toEqual(['nova']);
    expect(lines.join('\n')).toContain('gravado de novo');
    expect(kv.text(nova.item.htmlPath)).toBe(nova.body);
    expect((await view()).broken).toEqual([]);
  });

  it('altered: publishing its folder again writes the right text over it', async () => {
    const nova = article('nova', '2025-06-01');
    await publish([nova]);
    await kv.put([{ key: nova.item.htmlPath, value: '<p>lixo</p>' }]);
    const { plan } = await publish([nova]);
    expect(plan?.repaired).toEqual(['nova']);
    expect(kv.text(nova.item.htmlPath)).toBe(nova.body);
  });

  it('a lost image too', async () => {
    const nova = article('nova', '2025-06-01');
    await publish([nova]);
    await kv.delete([nova.image.key]);
    const { plan } = await publish([nova]);
    expect(plan?.repaired).toEqual(['nova']);
    expect(kv.text(nova.image.key)).not.toBeNull();
  });

  it('restore names the articles it cannot rebuild (their folder has them), and rebuilds the rest', async () => {
    const nova = article('nova', '2025-06-01');
    await publish([nova, article('outra', '2025-06-02')]);
    await kv.put([{ key: nova.item.htmlPath, value: 'lixo' }]);
    await kv.delete([keyOf('index/pages/')]);
    const result = await runRestore(kv, options());
    expect(result.lost).toEqual([{ slug: 'nova', titulo: 'Título nova' }]);
    const { plan } = await reconcile();
    expect(plan?.repaired.some((key) => key.startsWith('index/pages/'))).toBe(true);
  });

  it('with everything whole, a publish of the same folder writes nothing and does not switch', async () => {
    const nova = article('nova', '2025-06-01');
    await publish([nova]);
    const version = (await state()).version;
    const { plan, rolledForward } = await publish([nova]);
    expect(plan).toBeNull();
    expect(rolledForward).toBe(false);
    expect((await state()).version).toBe(version);
  });
});

describe('the bundle a local site serves before its first publish', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'served-bundle-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("is the build's (dist/), not today's content folder: an article written since is new, and is published", async () => {
    const built = [article('amostra-um', '2025-01-10'), article('amostra-dois', '2025-02-10')];
    for (const [key, value] of bundleOf(built)) {
      mkdirSync(dirname(join(dir, key)), { recursive: true });
      writeFileSync(join(dir, key), value);
    }
    const served = servedBundle(dir)!;
    expect(served.list.map((item) => item.slug)).toEqual(['amostra-um', 'amostra-dois']);
    expect(served.files.get(built[0]!.item.htmlPath)).toBe(built[0]!.body);
    expect(Buffer.compare(served.files.get(built[0]!.image.key) as Buffer, built[0]!.image.bytes)).toBe(0);

    // Written in content/ after the site was built: the served bundle does not have it.
    const nova = article('nova', '2025-06-01');
    const live = { items: served.list, metaText: null, bundleFiles: served.files, authors: served.authors };
    expect(planPublish([nova], live, contentHash).added).toEqual(['nova']);
    const opts = runOptions(clock, async () => served, {});
    const { plan } = await runChange(kv, publishChange([nova], contentHash), opts);
    expect(plan?.added).toEqual(['nova']);
    expect((await siteView(kv, new Map())).items.map((item) => item.slug).sort()).toEqual(['amostra-dois', 'amostra-um', 'nova']);
  });

  it('is null when the site was never built', () => {
    expect(servedBundle(join(dir, 'nada'))).toBeNull();
  });
});
