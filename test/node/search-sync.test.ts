import { readdirSync, readFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contentHash } from '#src/content/index/content-hash.ts';
import { INDEX_META_KEY } from '#src/content/index/news-index.ts';
import { planPublish, planUnpublish } from '#src/publishing/plan/plan.ts';
import type { PreparedArticle } from '#src/publishing/plan/prepared-article.ts';
import { runChange, runPublish } from '#src/publishing/run/run.ts';
import {
  describeSync,
  groupsOf,
  MAX_SYNC_ATTEMPTS,
  readLiveList,
  type SearchDb,
  slugsOf,
  syncAfterSwitch,
  syncLive,
  syncSearch,
  versionsOf,
} from '#src/publishing/search-sync.ts';
import type { KvStore } from '#src/publishing/stores/kv-store.ts';
import { documentVersion, INDEXED_CHARS, searchDocument } from '#src/search/document.ts';
import { SELECT_PENDING, SELECT_VERSIONS, UPSERT_DOCUMENTS } from '#src/search/index-sql.ts';
import { Killed, MemoryStore, TestClock } from './content/publishing/memory-store';
import { article, bundleOf, itemsOf, runOptions } from './content/publishing/publish-fixtures';

/**
 * The search database as plain SQLite (Node's own, which has FTS5) with the
 * real migrations: the statements the commands send to D1 run here unchanged.
 */
function sqliteDb({ sqlite = migrated() } = {}): SearchDb & { sqlite: DatabaseSync; runs: number } {
  const db = {
    sqlite,
    runs: 0,
    maxJsonBytes: 90_000,
    async run(statements: readonly string[], json: string) {
      db.runs += 1;
      for (const sql of statements) sqlite.prepare(sql).run(json);
    },
    async versions(slugs?: readonly string[]) {
      const rows = slugs
        ? sqlite.prepare(`${SELECT_VERSIONS} WHERE slug IN (SELECT value FROM json_each(?1))`).all(JSON.stringify(slugs))
        : sqlite.prepare(SELECT_VERSIONS).all();
      return versionsOf(rows);
    },
    async pending() {
      return slugsOf(sqlite.prepare(SELECT_PENDING).all());
    },
  };
  return db;
}

const MIGRATIONS = readdirSync('migrations')
  .filter((name) => name.endsWith('.sql'))
  .sort();

/** An empty search database with the migrations applied, in order (the first `upTo` of them when given). */
function migrated(upTo = MIGRATIONS.length): DatabaseSync {
  const sqlite = new DatabaseSync(':memory:');
  for (const name of MIGRATIONS.slice(0, upTo)) sqlite.exec(readFileSync(`migrations/${name}`, 'utf8'));
  return sqlite;
}

/** Slugs matching a MATCH expression, as the worker would find them (newest first). */
const search = (db: DatabaseSync, match: string) =>
  db
    .prepare(
      `SELECT a.slug FROM search_text JOIN search_articles a ON a.sort_key = search_text.rowid
       WHERE search_text MATCH ?1 ORDER BY search_text.rowid DESC`,
    )
    .all(match)
    .map((row) => row.slug);

const rowCount = (db: DatabaseSync) => ({
  articles: (db.prepare('SELECT count(*) AS n FROM search_articles').get() as { n: number }).n,
  text: (db.prepare('SELECT count(*) AS n FROM search_text').get() as { n: number }).n,
});

const BUNDLED = [
  article('bundled-decoracao', '2025-01-10', 'v1', { titulo: 'Decoração de varandas' }),
  article('bundled-juros', '2025-01-11', 'v1', { titulo: 'Juros do financiamento' }),
];
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

const options = () => runOptions(clock, bundled, { lockWaitMs: 60_000 });
const publish = (articles: PreparedArticle[]) => runChange(kv, (live) => planPublish(articles, live, contentHash), options());
const unpublish = (slug: string) => runChange(kv, (live) => planUnpublish(slug, live, contentHash), options());

/** A sync as the commands run it: the live list read from the store. */
const sync = (db: SearchDb, slugs?: string[], log?: (line: string) => void) => syncLive(db, kv, { slugs, log, bundled });

/** The database, with `before` run once just before the first write reaches it: another run landing mid-sync. */
function interruptedOnce(db: ReturnType<typeof sqliteDb>, before: () => Promise<unknown>): SearchDb {
  let pending: (() => Promise<unknown>) | null = before;
  return {
    maxJsonBytes: db.maxJsonBytes,
    versions: (slugs) => db.versions(slugs),
    pending: () => db.pending(),
    async run(statements, json) {
      const other = pending;
      pending = null;
      await other?.();
      return db.run(statements, json);
    },
  };
}

describe('a sync from the live list', () => {
  it('indexes the bundled list while KV has none, then writes nothing the second time', async () => {
    const db = sqliteDb();
    expect(await sync(db)).toEqual({ written: ['bundled-decoracao', 'bundled-juros'], deleted: [], unchanged: 0 });
    expect(search(db.sqlite, '"decoracao"*')).toEqual(['bundled-decoracao']);
    const before = db.runs;
    expect(await sync(db)).toEqual({ written: [], deleted: [], unchanged: 2 });
    expect(db.runs).toBe(before);
  });

  it('after a publish, indexes the new article with its body, and only it', async () => {
    const db = sqliteDb();
    await sync(db);
    const nova = article('nova', '2025-06-01', 'v1', { titulo: 'Piscinas naturais' });
    await publish([nova]);
    expect(await sync(db, ['nova'])).toEqual({ written: ['nova'], deleted: [], unchanged: 0 });
    // The body's words (article() writes "<p>nova v1</p>") are searchable too.
    expect(search(db.sqlite, '"piscin"*')).toEqual(['nova']);
    expect(search(db.sqlite, '"v1"*')).toContain('nova');
    // A sync of all finds the bundled articles indexed already (the publish copied them to KV unchanged).
    expect(await sync(db)).toMatchObject({ written: [], deleted: [] });
  });

  it('a publish stopped between its switch in D1 and its write to KV, run again: the search finds the article', async () => {
    const db = sqliteDb();
    const nova = article('nova', '2025-06-01', 'v1', { titulo: 'Piscinas naturais' });
    const stopped: KvStore = {
      get: (keys) => kv.get(keys),
      list: (prefix) => kv.list(prefix),
      delete: (keys) => kv.delete(keys),
      async put(entries) {
        if (entries.some(({ key }) => key === INDEX_META_KEY)) throw new Killed('Ctrl-C');
        return kv.put(entries);
      },
    };
    await expect(runPublish(stopped, [nova], options())).rejects.toBeInstanceOf(Killed);
    // The sync after a stopped run reads what the site serves: the article is not there yet, and is not indexed.
    await sync(db, ['nova']);
    expect(search(db.sqlite, '"piscin"*')).toEqual([]);
    await runPublish(kv, [nova], options());
    expect(await sync(db, ['nova'])).toEqual({ written: ['nova'], deleted: [], unchanged: 0 });
    expect(search(db.sqlite, '"piscin"*')).toEqual(['nova']);
  });

  it('rewrites an article whose body changed, and keeps one row per slug', async () => {
    const db = sqliteDb();
    await publish([article('nova', '2025-06-01', 'v1')]);
    await sync(db);
    await publish([article('nova', '2025-06-01', 'v2')]);
    expect(await sync(db, ['nova'])).toEqual({ written: ['nova'], deleted: [], unchanged: 0 });
    expect(search(db.sqlite, '"nova" "v2"')).toEqual(['nova']);
    expect(search(db.sqlite, '"nova" "v1"')).toEqual([]);
    expect(rowCount(db.sqlite)).toEqual({ articles: 3, text: 3 });
  });

  it('removes an unpublished article; run again, it has nothing left to do', async () => {
    const db = sqliteDb();
    await publish([article('sai', '2025-06-01', 'v1', { titulo: 'Telhados verdes' })]);
    await sync(db);
    await unpublish('sai');
    expect(await sync(db, ['sai'])).toEqual({ written: [], deleted: ['sai'], unchanged: 0 });
    expect(search(db.sqlite, '"telhad"*')).toEqual([]);
    expect(await sync(db, ['sai'])).toEqual({ written: [], deleted: [], unchanged: 0 });
    expect(rowCount(db.sqlite)).toEqual({ articles: 2, text: 2 });
  });

  it('repairs an index that missed runs: a full sync adds what is live and removes what is not', async () => {
    const db = sqliteDb();
    await publish([article('a', '2025-06-01')]);
    await sync(db);
    // Runs whose sync never happened (stopped, D1 down).
    await publish([article('b', '2025-06-02')]);
    await unpublish('a');
    expect(await sync(db)).toEqual({ written: ['b'], deleted: ['a'], unchanged: 2 });
    expect(search(db.sqlite, '"b"')).toEqual(['b']);
  });

  it('a sync of some slugs leaves the others alone', async () => {
    const db = sqliteDb();
    await publish([article('a', '2025-06-01'), article('b', '2025-06-02')]);
    expect(await sync(db, ['a', 'nao-existe'])).toEqual({ written: ['a'], deleted: [], unchanged: 0 });
    expect(rowCount(db.sqlite).articles).toBe(1);
  });

  it('indexes an article whose body cannot be read by its title, and completes it once the body is there', async () => {
    const db = sqliteDb();
    const sem = article('sem-corpo', '2025-06-01', 'v1', { titulo: 'Escadas helicoidais' });
    await publish([sem]);
    await kv.delete([sem.item.htmlPath]);
    const lines: string[] = [];
    expect((await sync(db, ['sem-corpo'], (line) => lines.push(line))).written).toEqual(['sem-corpo']);
    expect(lines.join('\n')).toContain('não foi possível ler o texto de "sem-corpo"');
    expect(search(db.sqlite, '"escad"*')).toEqual(['sem-corpo']);
    await kv.put([{ key: sem.item.htmlPath, value: sem.body }]);
    expect((await sync(db, ['sem-corpo'])).written).toEqual(['sem-corpo']);
    expect(search(db.sqlite, '"sem"* "corpo"*')).toEqual(['sem-corpo']);
  });

  it('refuses to sync from a live list it cannot read whole, and leaves the index as it is', async () => {
    const db = sqliteDb();
    await publish([article('a', '2025-06-01')]);
    await sync(db);
    const meta = JSON.parse(kv.text(INDEX_META_KEY)!) as { lists: string[] };
    await kv.delete([`index/list/0.${meta.lists[0]}.json`]);
    await expect(readLiveList(kv)).rejects.toThrow(/\(falta index\/list\/.*\): o índice da busca ficou como estava/);
    await expect(sync(db)).rejects.toThrow();
    expect(rowCount(db.sqlite).articles).toBe(3);
  });

  // Publish and unpublish each sync after their switch, without the lock: the sync that read the list first may write last.
  it.each([
    {
      race: 'an unpublish lands while the publish’s sync is writing',
      setup: async () => {},
      first: () => publish([article('disputa', '2025-06-01', 'v1', { titulo: 'Pergolados de madeira' })]),
      second: () => unpublish('disputa'),
      indexed: [] as string[],
    },
    {
      race: 'a publish lands while the unpublish’s sync is writing',
      setup: () => publish([article('disputa', '2025-06-01', 'v1', { titulo: 'Pergolados de madeira' })]),
      first: () => unpublish('disputa'),
      second: () => publish([article('disputa', '2025-06-01', 'v2', { titulo: 'Pergolados de madeira' })]),
      indexed: ['disputa'],
    },
  ])('$race: the search ends as the site is, whichever sync writes last', async ({ setup, first, second, indexed }) => {
    const db = sqliteDb();
    await setup();
    await sync(db);
    await first();
    const lines: string[] = [];
    // The second run switches and syncs completely after the first sync read the list, before it writes.
    const racing = interruptedOnce(db, async () => {
      await second();
      await sync(db, ['disputa']);
    });
    await syncLive(racing, kv, { slugs: ['disputa'], log: (line) => lines.push(line), bundled });
    expect(search(db.sqlite, '"pergolad"*')).toEqual(indexed);
    expect((await readLiveList(kv)).items!.filter((item) => item.slug === 'disputa').map((item) => item.slug)).toEqual(indexed);
    expect(lines.join('\n')).toContain('o índice de notícias mudou durante a sincronização');
    // Nothing left to repair.
    expect(await sync(db, ['disputa'])).toMatchObject({ written: [], deleted: [] });
  });

  it('gives up, saying so, when the index changes under every attempt', async () => {
    const db = sqliteDb();
    let n = 0;
    const busy: SearchDb = {
      ...db,
      async versions(slugs) {
        // Another run publishes between each attempt's read and its check.
        await publish([article(`outra-${n++}`, '2025-06-01')]);
        return db.versions(slugs);
      },
    };
    await expect(sync(busy, ['outra-0'])).rejects.toThrow(
      `mudou seguidamente durante a sincronização da busca (${MAX_SYNC_ATTEMPTS} tentativas)`,
    );
    expect(n).toBe(MAX_SYNC_ATTEMPTS);
  });

  it('says what it did in one line', () => {
    expect(describeSync({ written: ['a'], deleted: ['b', 'c'], unchanged: 4 })).toBe('1 indexado, 2 removidos, 4 já atualizados');
    expect(describeSync({ written: [], deleted: [], unchanged: 0 })).toBe('nada a fazer');
  });
});

describe('the search update after a switch', () => {
  const afterSwitch = (db: SearchDb, slugs: string[]) => syncAfterSwitch(db, kv, { slugs, bundled });
  const pendingOf = (db: ReturnType<typeof sqliteDb>) => db.pending();

  it('names the slugs it could not bring in line, and the next run takes them with its own, then forgets them', async () => {
    const db = sqliteDb();
    await sync(db);
    await publish([article('primeira', '2025-06-01', 'v1', { titulo: 'Pergolados de madeira' })]);
    // The search table is away (a failing D1): the update fails, the article is live all the same.
    db.sqlite.exec('ALTER TABLE search_articles RENAME TO search_articles_away');
    await expect(afterSwitch(db, ['primeira'])).rejects.toThrow(/search_articles/);
    expect(await pendingOf(db)).toEqual(['primeira']);
    db.sqlite.exec('ALTER TABLE search_articles_away RENAME TO search_articles');
    // The next run publishes another article: its update indexes both.
    await publish([article('segunda', '2025-06-02', 'v1', { titulo: 'Piscinas naturais' })]);
    expect((await afterSwitch(db, ['segunda'])).written.sort()).toEqual(['primeira', 'segunda']);
    expect(search(db.sqlite, '"pergolad"*')).toEqual(['primeira']);
    expect(await pendingOf(db)).toEqual([]);
  });

  it('a pending slug no longer live leaves the search', async () => {
    const db = sqliteDb();
    await publish([article('passageira', '2025-06-01', 'v1')]);
    await afterSwitch(db, ['passageira']);
    await unpublish('passageira');
    db.sqlite.exec('ALTER TABLE search_articles RENAME TO search_articles_away');
    await expect(afterSwitch(db, ['passageira'])).rejects.toThrow();
    db.sqlite.exec('ALTER TABLE search_articles_away RENAME TO search_articles');
    expect(await afterSwitch(db, [])).toMatchObject({ deleted: ['passageira'] });
    expect([...(await db.versions()).keys()]).not.toContain('passageira');
    expect(await pendingOf(db)).toEqual([]);
  });

  it('syncs its own slugs when the pending list cannot be read', async () => {
    const db = sqliteDb();
    db.sqlite.exec('DROP TABLE search_pending');
    await publish([article('sozinha', '2025-06-01', 'v1')]);
    expect(await afterSwitch(db, ['sozinha'])).toMatchObject({ written: ['sozinha'] });
  });
});

describe('a change of document format', () => {
  it('rewrites every row written in the previous format on the next full sync (npm start, content:reindex), then nothing', async () => {
    const db = sqliteDb();
    const cozinha = article('cozinha', '2025-06-01', 'v1', { titulo: 'Cozinha de 8 m² no 1º andar' });
    await publish([cozinha]);
    const live = (await readLiveList(kv)).items!;
    const bodies = new Map([...BUNDLED, cozinha].map((a) => [a.item.htmlPath, a.body]));
    // Written as format 1 did: its version, and the text as written (words not folded: "m²" stays "m²").
    const old = await Promise.all(
      live.map(async (item) => ({
        ...(await searchDocument(item, bodies.get(item.htmlPath) ?? null)),
        version: await documentVersion(item, 1),
        titulo: item.titulo,
      })),
    );
    await db.run(UPSERT_DOCUMENTS, JSON.stringify(old));
    expect(search(db.sqlite, '"m2"*')).toEqual([]);
    expect(search(db.sqlite, '"m²"*')).toEqual(['cozinha']);

    expect(await sync(db)).toEqual({ written: live.map((item) => item.slug).sort(), deleted: [], unchanged: 0 });
    for (const match of ['"m2"*', '"1o"*', '"cozinha" "8" "m2"']) expect(search(db.sqlite, match), match).toEqual(['cozinha']);
    expect(search(db.sqlite, '"m²"*')).toEqual([]);
    expect(rowCount(db.sqlite)).toEqual({ articles: live.length, text: live.length });
    expect(await sync(db)).toEqual({ written: [], deleted: [], unchanged: live.length });
  });

  it('a publish rewrites the rows of the articles it names, and leaves the rest to the full sync', async () => {
    const db = sqliteDb();
    await publish([article('a', '2025-06-01', 'v1', { titulo: 'Casa de 30 m²' })]);
    const live = (await readLiveList(kv)).items!;
    const old = await Promise.all(
      live.map(async (item) => ({ ...(await searchDocument(item, null)), version: await documentVersion(item, 1) })),
    );
    await db.run(UPSERT_DOCUMENTS, JSON.stringify(old));
    expect(await sync(db, ['a'])).toEqual({ written: ['a'], deleted: [], unchanged: 0 });
    expect(await sync(db)).toMatchObject({ written: ['bundled-decoracao', 'bundled-juros'], unchanged: 1 });
  });
});

describe('the order key (rowid = minute of publication, then id)', () => {
  const dated = (slug: string, data: string) => article(slug, data, 'v1', { titulo: `Casa ${slug}` });

  it('finds the newest first, by minute then by the order written, and keeps one text row per article as dates change', async () => {
    const db = sqliteDb();
    const articles = [
      dated('manha', '2025-03-01T09:00'),
      dated('antigo', '2024-01-01'),
      dated('tarde', '2025-03-01T15:30'),
      dated('mesmo-dia', '2025-03-01'),
    ];
    await syncSearch(db, { items: itemsOf(articles), bodies: async () => new Map() });
    expect(search(db.sqlite, '"casa"')).toEqual(['tarde', 'manha', 'mesmo-dia', 'antigo']);
    // A correction moves "antigo" to the newest minute: its text is found under the new key only.
    const moved = dated('antigo', '2025-03-02T08:00');
    const others = articles.filter((a) => a.item.slug !== 'antigo');
    await syncSearch(db, { items: itemsOf([moved, ...others]), bodies: async () => new Map() });
    expect(search(db.sqlite, '"casa"')).toEqual(['antigo', 'tarde', 'manha', 'mesmo-dia']);
    expect(rowCount(db.sqlite)).toEqual({ articles: 4, text: 4 });
  });

  it('migrating an index written before the key keeps every article, newest first, with nothing for a sync to rewrite', async () => {
    const sqlite = migrated(1);
    const articles = [dated('a', '2025-01-10'), dated('b', '2024-06-01'), dated('c', '2025-02-01T10:15')];
    // Written as the first schema's commands wrote it: the text's rowid is the article's id.
    for (const { item, body } of articles) {
      const document = await searchDocument(item, body);
      const { lastInsertRowid } = sqlite
        .prepare('INSERT INTO search_articles (slug, published, item, version) VALUES (?, ?, ?, ?)')
        .run(document.slug, document.published, document.item, document.version);
      sqlite
        .prepare('INSERT INTO search_text (rowid, titulo, descricao, corpo) VALUES (?, ?, ?, ?)')
        .run(lastInsertRowid, document.titulo, document.descricao, document.corpo);
    }
    for (const name of MIGRATIONS.slice(1)) sqlite.exec(readFileSync(`migrations/${name}`, 'utf8'));
    const db = sqliteDb({ sqlite });
    expect(search(sqlite, '"casa"')).toEqual(['c', 'a', 'b']);
    expect(rowCount(sqlite)).toEqual({ articles: 3, text: 3 });
    expect(
      await syncSearch(db, {
        items: itemsOf(articles),
        bodies: async (paths) => new Map(articles.filter((a) => paths.includes(a.item.htmlPath)).map((a) => [a.item.htmlPath, a.body])),
      }),
    ).toEqual({
      written: [],
      deleted: [],
      unchanged: 3,
    });
  });
});

describe('the documents sent to D1', () => {
  it('keeps every statement under D1’s 100 KB, even for the largest documents', async () => {
    const huge = `<p>${"palavra com 'aspas' e ção ".repeat(5_000)}</p>`;
    const documents = await Promise.all(
      Array.from({ length: 12 }, (_, i) => searchDocument(article(`grande-${i}`, '2025-06-01').item, huge)),
    );
    expect(Array.from(documents[0]!.corpo).length).toBe(INDEXED_CHARS.corpo);
    const groups = groupsOf(documents, 90_000);
    expect(groups.flat()).toHaveLength(12);
    for (const group of groups) {
      expect(Buffer.byteLength(JSON.stringify(group))).toBeLessThan(100_000);
    }
  });
});
