/**
 * What the publishing command and the newsroom's API say to each other
 * (docs/newsroom-publishing.md, "The command line's API"): the paths, the parts of a
 * publish request and the shape of every answer. Imported by both sides, so
 * they cannot drift apart.
 */
import { NEWSROOM_PREFIX, pathTo } from '../paths';

export const API_PREFIX = `${NEWSROOM_PREFIX}/api`;

export const API_PATHS = {
  /** GET: the live list and authors (what a check reads), and the anti-forgery cookie. */
  live: pathTo('apiLive'),
  publish: pathTo('apiPublish'),
  unpublish: pathTo('apiUnpublish'),
  gc: pathTo('apiGc'),
  restore: pathTo('apiRestore'),
  reindex: pathTo('apiReindex'),
};

export const isApiPath = (path: string) => path.startsWith(`${API_PREFIX}/`);

/**
 * The most a publish request may carry: a folder of articles, each with its
 * main image and figures (1 MB each at most) and their six variants. Past it
 * the answer is 413 and the command says to publish fewer at a time.
 */
export const MAX_API_BYTES = 32 * 1024 * 1024;
/** Articles in one request: a newsroom publishes a handful; a migration runs the command once per batch. */
export const MAX_API_ARTICLES = 100;

/**
 * A publish request is multipart/form-data (the only POST the newsroom's
 * anti-forgery check judges): the `pedido` part is the JSON manifest below;
 * every file it names is a part of its own, named by its KV key.
 */
export const PUBLISH_PARTS = { manifest: 'pedido', file: (key: string) => `arquivo:${key}` };

/** One article as the command prepared it: the list entry, the HTML body and the keys of its files. */
export interface ManifestArticle {
  item: unknown;
  body: string;
  /** The main image's key; its variants' keys; the figures' published names. */
  image: string;
  variants: string[];
  figures: string[];
}

export interface PublishManifest {
  articles: ManifestArticle[];
  /** Authors beside the folders, as stored, with the keys of their photos. */
  authors: Record<string, unknown>;
  photos: string[];
  replace: boolean;
  dryRun: boolean;
}

/** An unpublish, gc or restore request's fields (a plain form). */
export const FORM_FIELDS = { slug: 'slug', dryRun: 'simular' };

/**
 * Every answer of the API: what the engine logged, in pt-BR, and a last line
 * saying what happened (`message`); `ok` false with a 4xx or 409 when nothing
 * was changed (or, for a publish whose search sync failed, a 500 naming the repair).
 */
export interface ApiAnswer {
  ok: boolean;
  message: string;
  lines: string[];
}

/** The live list and authors, as the engine read them. */
export interface LiveAnswer extends ApiAnswer {
  items: unknown[];
  authors: string[];
}
