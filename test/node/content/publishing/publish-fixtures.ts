import { publishedBodyPath } from '#src/checking/folder/folder-layout.ts';
import { contentHash } from '#src/content/index/content-hash.ts';
import { buildIndex } from '#src/content/index/index-build.ts';
import { imageKey } from '#src/content/schema/format.ts';
import { variantFiles } from '#src/content/schema/image-variants.ts';
import type { NewsItem } from '#src/content/schema/news-item.ts';
import type { PreparedArticle } from '#src/publishing/plan/prepared-article.ts';
import type { RunOptions } from '#src/publishing/run/run-options.ts';
import type { LockOwner, PublishDb } from '#src/publishing/stores/publish-state.ts';
import { publishStateDb, type TestClock } from './memory-store';

/**
 * An article ready to publish: its body and image bytes decide its keys, as
 * the checker names them. Another version of it is the same article with
 * another body and image (same title); `fields` sets or adds entry fields.
 */
export function article(slug: string, data: string, version = 'v1', fields: Partial<NewsItem> = {}): PreparedArticle {
  const body = `<p>${slug} ${version}</p>`;
  const imageBytes = Buffer.from(`image of ${slug} ${version}`);
  const imagemAtual = `${slug}-${contentHash(imageBytes)}.webp`;
  return {
    item: {
      slug,
      titulo: `Título ${slug}`,
      descricao: `Descrição ${slug}`,
      data,
      imagemAtual,
      htmlPath: publishedBodyPath(slug, body),
      ...fields,
    },
    body,
    image: { key: imageKey(imagemAtual), bytes: imageBytes },
    variants: variantFiles(imagemAtual).map((file) => ({ key: imageKey(file), value: Buffer.from(`${file} bytes`) })),
  };
}

/** The bundled content for a list of articles: its index, bodies and images, as `vite build` emits them. */
export function bundleOf(articles: readonly PreparedArticle[]): Map<string, string | Uint8Array> {
  const files = new Map<string, string | Uint8Array>(
    buildIndex(
      articles.map(({ item }) => item),
      contentHash,
    ),
  );
  for (const { item, body, image, variants } of articles) {
    files.set(item.htmlPath, body);
    files.set(image.key, image.bytes);
    for (const variant of variants) files.set(variant.key, variant.value);
  }
  return files;
}

export const itemsOf = (articles: readonly PreparedArticle[]): NewsItem[] => articles.map(({ item }) => item);

let runs = 0;

/** Each test's publish state (one D1 database per test clock: a test that makes a new clock starts afresh). */
const stateDbs = new WeakMap<TestClock, PublishDb>();

/** The publish state of the test that runs on `clock`. */
export function stateDbOf(clock: TestClock): PublishDb {
  const db = stateDbs.get(clock) ?? publishStateDb(clock);
  stateDbs.set(clock, db);
  return db;
}

/**
 * Options for one run of the publish command on the test clock: each call is
 * another run (its own lock owner), as two editors' commands would be; all
 * of a test's runs share its publish state (`stateDbOf`).
 */
export function runOptions(clock: TestClock, bundled: RunOptions['bundled'], overrides: Partial<RunOptions> = {}): RunOptions {
  runs += 1;
  const owner: LockOwner = {
    id: `run-${runs}`,
    host: 'teste',
    boot: 'boot_id:teste',
    user: 'editora',
    pid: runs,
    command: 'content:publish --local',
  };
  return {
    hash: contentHash,
    owner,
    target: 'local',
    db: stateDbOf(clock),
    bundled,
    now: clock.now,
    sleep: clock.sleep,
    pollMs: 1_000,
    kvSettleMs: 0,
    lockWaitMs: 10 * 60_000,
    log: () => {},
    holderGone: () => false,
    ...overrides,
  };
}
