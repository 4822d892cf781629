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
  /** GET `?origem=`: what the WordPress import recorded of an old site's posts. */
  imported: pathTo('apiImported'),
  importDrafts: pathTo('apiImportDrafts'),
  redirects: pathTo('apiRedirects'),
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
  /** Sent by the WordPress import: the old site and the post each article comes from, recorded once it is live. */
  imported?: ImportedArticles;
}

/** The posts of an old site a publish carries, in the order of its articles. */
export interface ImportedArticles {
  origin: string;
  posts: { postId: number; sourceHash: string }[];
}

/** The WordPress import's drafts (multipart like a publish: this manifest in `pedido`, each image and variant a part named by its R2 name). */
export interface ImportDraftsManifest {
  origin: string;
  drafts: ImportedDraft[];
  dryRun: boolean;
}

export interface ImportedDraft {
  postId: number;
  sourceHash: string;
  /** Who the draft is created by: the post's author's e-mail when the export has it (a collaborator then edits it), else empty. */
  createdBy: string;
  fields: Record<string, unknown>;
  body: string;
  /** What the import could not carry over, in pt-BR: shown on the draft's page. */
  notes: string[];
}

/** Old addresses and the paths they lead to (multipart, this manifest in `pedido`), stored as redirects. */
export interface RedirectsManifest {
  redirects: { from: string; to: string }[];
}

/** Redirects in one request: each is a KV write, and a request may make only so many. */
export const MAX_API_REDIRECTS = 500;

/** A post the import recorded, as the API lists them. */
export interface ImportedAnswer extends ApiAnswer {
  posts: { postId: number; sourceHash: string; slug: string | null; draftId: string | null }[];
}

/** An unpublish, gc or restore request's fields (a plain form). */
export const FORM_FIELDS = { slug: 'slug', dryRun: 'simular', origin: 'origem' };

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
