import { hashInKey } from '#src/content/index/content-hash.ts';
import type { StoredAuthor } from '#src/content/index/index-build.ts';
import { parseIndexMeta } from '#src/content/index/index-parse.ts';
import { CHUNK_KEY_PATTERN, INDEX_META_KEY, type IndexMeta, PUBLISHED_MARKER_KEY } from '#src/content/index/news-index.ts';
import { parseRegistry } from '#src/content/schema/authors.ts';
import type { Live } from '../plan/live';
import { brasilia } from '../stores/brasilia-time';
import type { KvStore, Target } from '../stores/kv-store';
import { PENDING_DELETES_KEY, type Pending, parsePending } from '../stores/pending-deletes';
import { type PublishState, readState } from '../stores/publish-state';
import { itemsOfListChunks, itemsOfShards } from './list-chunks';
import type { RunOptions } from './run-options';

/** The command that writes the index D1 records back to KV. */
export const restoreCommand = (target: Target) => `npm run content:restore -- --${target}`;

/** Thrown when the live index cannot be read whole: the run stops before writing anything. */
export class LiveIndexError extends Error {}

/**
 * The list a meta text names: the items of its list chunks, its author
 * registry and its collections' files, read from KV; the bundled list when
 * `metaText` is null (KV has no index yet). `known` is reused when it was
 * read from the same meta. Throws `refuse(why)` when the index cannot be read
 * whole: merging with a part of it would drop articles.
 */
export async function readIndex(
  store: Pick<KvStore, 'get'>,
  metaText: string | null,
  options: Pick<RunOptions, 'hash' | 'bundled'>,
  {
    known,
    refuse = (why) => new LiveIndexError(`no ar: ${why}. Nada foi gravado.`),
  }: { known?: Live; refuse?: (why: string) => Error } = {},
): Promise<Live> {
  if (known && known.metaText === metaText) return known;
  if (metaText === null) {
    const { list, files, authors } = await options.bundled();
    return { items: list, metaText, bundleFiles: files, authors: authors ?? {} };
  }
  let meta: IndexMeta;
  try {
    meta = parseIndexMeta(metaText);
  } catch (error) {
    throw refuse(`${INDEX_META_KEY} não é válido (${(error as Error).message})`);
  }
  const { listKeys, authorsKey } = meta;
  const collectionKeys = [...meta.collections.values()];
  const values = await store.get([...listKeys, ...collectionKeys, ...(authorsKey === null ? [] : [authorsKey])]);
  // A collection file that is missing names nothing a reader can reach: no page chunk of it to keep.
  const collectionTexts = new Map(
    collectionKeys.flatMap((key) => (values.has(key) && values.get(key) !== null ? [[key, values.get(key)!]] : [])),
  );
  let authors: Record<string, StoredAuthor> = {};
  if (authorsKey !== null) {
    const text = values.get(authorsKey) ?? null;
    if (text === null) throw refuse(`falta ${authorsKey}`);
    try {
      authors = Object.fromEntries([...parseRegistry(text)].map(([slug, { slug: _, ...author }]) => [slug, author]));
    } catch (error) {
      throw refuse(`o cadastro de autores ${authorsKey} não é válido (${(error as Error).message})`);
    }
  }
  try {
    return { items: itemsOfListChunks(listKeys, values, options.hash, refuse), metaText, authors, collectionTexts };
  } catch (error) {
    // A list chunk lost or damaged: the slug shards hold every entry too, and rebuild it.
    const shardKeys = meta.shardKeys.filter((key) => key !== null);
    const items = itemsOfShards(shardKeys, await store.get(shardKeys), options.hash, meta.count);
    if (items === null) throw error;
    const damaged = listKeys.filter((key) => {
      const text = values.get(key) ?? null;
      return text === null || options.hash(text) !== hashInKey(key);
    });
    return { items, metaText, authors, collectionTexts, damaged };
  }
}

/** The live index as a run reads it: the list, with the publish state and what KV shows. */
export interface Current extends Live {
  /** KV's values of the keys asked for (`alsoRead`), with index/meta.json and the published marker. */
  also: Map<string, string | null>;
  /** The publish state the list was read for. */
  state: PublishState;
  /** KV's index/meta.json is not the state's: a run holding the lock writes the state's there first ({@link rollForward}). */
  kvBehind: boolean;
  /** What KV's index/meta.json held when read (null: nothing). */
  kvMeta: string | null;
}

type ReadOptions = Pick<RunOptions, 'hash' | 'bundled' | 'db' | 'kvSettleMs' | 'sleep' | 'target'>;

const validMeta = (text: string) => {
  try {
    parseIndexMeta(text);
    return true;
  } catch {
    return false;
  }
};

export const time = (ms: number | null) => (ms === null ? 'momento desconhecido' : brasilia(ms));

/**
 * The live index. With a version in the publish state, the list is the one
 * that version's meta names, whatever KV's index/meta.json says: KV is
 * eventually consistent, and may also lag after a run stopped between its two
 * writes, so a run never merges with a meta older than D1's. Its chunks are
 * named by their content and written before the switch, so KV holds them.
 *
 * Refuses, having written nothing:
 * - when KV's index/meta.json is missing although KV held this version (it
 *   was deleted), or is not a valid index: `content:restore` writes D1's back;
 * - with no version in D1 yet, when KV has no meta but has been published to
 *   (the marker, or index chunks no run set aside): merging with the bundled
 *   list would drop every published article.
 * With no version in D1 and a meta in KV (a deployment that published before
 * the publish state existed), KV's meta is the live index: the run's switch
 * records it as version 1.
 */
export async function readLive(
  store: KvStore,
  options: ReadOptions,
  {
    state,
    known,
    existing = false,
    alsoRead = [],
  }: { state?: PublishState; known?: Live; existing?: boolean; alsoRead?: readonly string[] } = {},
): Promise<Current> {
  state ??= await readState(options.db);
  // Other keys the caller needs are read in the same call, so their reads go out together.
  const keys = [INDEX_META_KEY, PUBLISHED_MARKER_KEY, ...alsoRead];
  let also = await store.get(keys);
  let kvMeta = also.get(INDEX_META_KEY) ?? null;
  let listed: string[] | undefined;
  const listIndex = async () => (listed ??= await store.list('index/'));
  const restore = restoreCommand(options.target);
  let metaText: string | null;
  if (state.version === 0) {
    if (kvMeta === null) await refuseIfPublished(store, also, await listIndex());
    else if (!validMeta(kvMeta)) {
      throw new LiveIndexError(
        `o ${INDEX_META_KEY} do KV não é um índice válido (${reasonOf(kvMeta)}), e o estado de publicação (D1) não registra um anterior para restaurar. Nada foi gravado: ponha de volta um ${INDEX_META_KEY} válido (de uma cópia) e rode o comando de novo.`,
      );
    }
    metaText = kvMeta;
  } else {
    metaText = state.meta;
    const gone = () => kvMeta === null && state!.kvVersion >= state!.version;
    if (gone() && options.kvSettleMs > 0) {
      // Perhaps this place of KV has not seen it yet: once more, after KV's bound.
      await options.sleep(options.kvSettleMs);
      also = await store.get(keys);
      kvMeta = also.get(INDEX_META_KEY) ?? null;
    }
    if (gone()) {
      throw new LiveIndexError(
        `o KV não tem ${INDEX_META_KEY}, mas já teve a versão ${state.version}, a registrada no estado de publicação (D1) (trocada em ${time(state.switchedAt)}): ele foi apagado. Nada foi gravado. Restaure com: ${restore} (ele grava de volta a versão ${state.version}; os arquivos que ela cita continuam no KV).`,
      );
    }
    if (kvMeta !== null && kvMeta !== metaText && !validMeta(kvMeta)) {
      throw new LiveIndexError(
        `o ${INDEX_META_KEY} do KV não é um índice válido (${reasonOf(kvMeta)}). Nada foi gravado. Restaure com: ${restore} (ele grava de volta a versão ${state.version}, a registrada no estado de publicação (D1)).`,
      );
    }
  }
  const refuse = (why: string) =>
    new LiveIndexError(
      `o índice no ar${state!.version > 0 ? ` (versão ${state!.version} do estado de publicação)` : ''} não pode ser lido inteiro: ${why}. Nada foi gravado.${options.kvSettleMs > 0 ? ' Se outra publicação acabou de gravá-lo, o KV pode ainda não mostrar a mudança aqui: rode o comando de novo daqui a um minuto.' : ''}`,
    );
  let live: Live;
  try {
    live = await readIndex(store, metaText, options, { known, refuse });
  } catch (error) {
    if (!(error instanceof LiveIndexError) || options.kvSettleMs === 0 || state.version === 0) throw error;
    await options.sleep(options.kvSettleMs);
    live = await readIndex(store, metaText, options, { refuse });
  }
  return {
    ...live,
    ...(existing ? { existing: new Set(await listIndex()) } : {}),
    also,
    state,
    kvBehind: state.version > 0 && kvMeta !== metaText,
    kvMeta,
  };
}

function reasonOf(text: string): string {
  try {
    parseIndexMeta(text);
    return 'valid';
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * With no index anywhere (no version in D1, no meta in KV), the bundled list
 * is the live one, unless KV has been published to: the marker a switch
 * writes, or list chunks that no run set aside for deletion (a store
 * published to before the marker existed). A first publish that stopped
 * before its switch leaves only chunks it listed as waiting.
 */
async function refuseIfPublished(
  store: Pick<KvStore, 'get'>,
  also: ReadonlyMap<string, string | null>,
  indexKeys: readonly string[],
): Promise<void> {
  const marked = (also.get(PUBLISHED_MARKER_KEY) ?? null) !== null;
  let waiting: Pending = new Map();
  if (!marked && indexKeys.some((key) => CHUNK_KEY_PATTERN.test(key))) {
    // Only read when there are chunks to weigh: the first publish of a fresh store does not pay for it.
    const text = also.has(PENDING_DELETES_KEY)
      ? also.get(PENDING_DELETES_KEY)!
      : ((await store.get([PENDING_DELETES_KEY])).get(PENDING_DELETES_KEY) ?? null);
    waiting = parsePending(text ?? null);
  }
  const published = indexKeys.filter((key) => key.startsWith('index/list/') && CHUNK_KEY_PATTERN.test(key) && !waiting.has(key));
  if (!marked && published.length === 0) return;
  const evidence = marked
    ? PUBLISHED_MARKER_KEY
    : `${published[0]}${published.length > 1 ? ` e mais ${published.length - 1} pedaço(s) da lista` : ''}`;
  throw new LiveIndexError(
    `o KV já recebeu publicações (${evidence}), mas não tem ${INDEX_META_KEY}, e o estado de publicação (D1) não registra versão para restaurá-lo. Nada foi gravado: publicar agora trocaria todos os artigos publicados pelos de exemplo. Ponha ${INDEX_META_KEY} de volta (de uma cópia) e rode o comando de novo.`,
  );
}
