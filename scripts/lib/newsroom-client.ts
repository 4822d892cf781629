import { formatBytes } from '../../src/content/schema/image-limits.ts';
import {
  API_PATHS,
  type ApiAnswer,
  FORM_FIELDS,
  type ImportDraftsManifest,
  type ImportedAnswer,
  type ImportedArticles,
  type LiveAnswer,
  MAX_API_ARTICLES,
  MAX_API_BYTES,
  MAX_API_REDIRECTS,
  PUBLISH_PARTS,
  type PublishManifest,
  type RedirectsManifest,
} from '../../src/newsroom/api/wire.ts';
import { XSRF_COOKIE, XSRF_HEADER } from '../../src/newsroom/shared/names.ts';
import { imageFiles, type LocalRegistry, type PreparedArticle } from '../../src/publishing/plan/prepared-article.ts';
import type { Target } from '../../src/publishing/stores/kv-store.ts';
import { siteUrl } from '../local-site.ts';
import { type LocalWorker, localWorker } from './local-worker.ts';

/**
 * The commands talk to the newsroom's API (src/newsroom/api/api-routes.ts), which
 * runs the publishing engine against the worker's own bindings: with
 * `--remote` the deployed worker's, with `--local` the local site's (the
 * running `npm start`, or one started for the command: local-worker.ts).
 * Remotely, identity is a Cloudflare Access service token
 * (CF_ACCESS_CLIENT_ID / CF_ACCESS_CLIENT_SECRET), which Access turns into a
 * token naming its Client ID; locally the worker's development identity, on
 * a loopback address only. Every change is a POST with the newsroom's
 * anti-forgery pair (the cookie from a first GET, sent back in the header)
 * and the site's own Origin, as the newsroom's pages send it.
 */

/** A refusal or a failure to reach the newsroom, said to the editor; nothing was changed. */
export class NewsroomError extends Error {}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The site the commands publish to: NEWSROOM_URL, else SITE_URL of [env.production.vars] in wrangler.toml. */
export function newsroomSite(env: Record<string, string | undefined> = process.env): URL {
  const given = env.NEWSROOM_URL?.trim() || siteUrl('remote');
  try {
    const url = new URL(given);
    if (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname))) return new URL(url.origin);
  } catch {
    // Said below.
  }
  throw new NewsroomError(
    `"${given}" não é o endereço do site: defina NEWSROOM_URL (p. ex. https://casaempauta.com.br) ou o SITE_URL de [env.production.vars] no wrangler.toml`,
  );
}

/**
 * The service token's headers. A loopback site (`npm start`, the tests) has the
 * development identity and needs none; any other site refuses without them.
 */
function accessHeaders(site: URL, env: Record<string, string | undefined>): Record<string, string> {
  const id = env.CF_ACCESS_CLIENT_ID?.trim();
  const secret = env.CF_ACCESS_CLIENT_SECRET?.trim();
  if (id && secret) return { 'CF-Access-Client-Id': id, 'CF-Access-Client-Secret': secret };
  if (LOOPBACK.has(site.hostname)) return {};
  throw new NewsroomError(
    'para publicar em produção, defina CF_ACCESS_CLIENT_ID e CF_ACCESS_CLIENT_SECRET com o token de serviço da redação (docs/editores.md, "Publicar do computador"). Nada foi publicado.',
  );
}

/** What a refusal's status means, when the answer is not the newsroom's own JSON (Access's login page, a proxy's error). */
function statusReason(status: number): string {
  if (status >= 300 && status < 400)
    return 'o Cloudflare Access pediu login: o token de serviço não foi aceito (confira CF_ACCESS_CLIENT_ID e CF_ACCESS_CLIENT_SECRET, e se a aplicação do Access tem uma regra "Service Auth" para ele)';
  if (status === 403) return 'acesso recusado (confira o token de serviço)';
  if (status === 404) return 'a redação não existe neste endereço (confira NEWSROOM_URL, e se o Access está configurado no site)';
  if (status === 413) return 'o envio passa do tamanho que a redação aceita: publique menos artigos de cada vez';
  return `a redação respondeu ${status}`;
}

export interface Newsroom {
  site: URL;
  live(): Promise<LiveAnswer>;
  publish(
    articles: readonly PreparedArticle[],
    registry: LocalRegistry,
    options: { replace: boolean; dryRun: boolean; imported?: ImportedArticles },
  ): Promise<ApiAnswer>;
  /** What the WordPress import recorded of an old site's posts. */
  imported(origin: string): Promise<ImportedAnswer>;
  /** The WordPress import's drafts, with their images and variants under their R2 names. */
  importDrafts(manifest: ImportDraftsManifest, files: ReadonlyMap<string, Uint8Array>): Promise<ApiAnswer & { outcomes?: unknown[] }>;
  /** Stores old addresses as redirects, in requests of MAX_API_REDIRECTS: how many were new or changed, how many the site already had, and the lines of what it refused. */
  redirects(list: readonly { from: string; to: string }[]): Promise<{ written: number; unchanged: number; refused: string[] }>;
  /** unpublish, gc, restore: a plain form. */
  post(path: string, fields: Record<string, string>): Promise<ApiAnswer>;
  /** Ends the session: stops the local worker the command started, if it did. */
  close(): Promise<void>;
}

/** Where a session talks: production's newsroom, or the local site at `localSite` (http://localhost:<port>). */
export type NewsroomTarget = { target: Extract<Target, 'remote'> } | { target: Extract<Target, 'local'>; localSite: string };

/** A session with the newsroom: the anti-forgery cookie from the first answer, sent back with every change. */
export function openNewsroom(
  where: NewsroomTarget = { target: 'remote' },
  env: Record<string, string | undefined> = process.env,
): Newsroom {
  const site = where.target === 'local' ? new URL(where.localSite) : newsroomSite(env);
  const identity = where.target === 'local' ? {} : accessHeaders(site, env);
  let xsrf: string | undefined;
  // The local site is found, or started, at the first call.
  let worker: Promise<LocalWorker> | undefined;
  const ready = () => {
    if (where.target === 'local') worker ??= localWorker(site, (line) => console.log(line));
    return worker;
  };

  async function call(path: string, init: { method: 'GET' | 'POST'; body?: FormData }): Promise<ApiAnswer> {
    await ready();
    const headers: Record<string, string> = { ...identity, Accept: 'application/json' };
    if (init.method === 'POST') {
      if (xsrf === undefined) await call(API_PATHS.live, { method: 'GET' });
      Object.assign(headers, { Origin: site.origin, Cookie: `${XSRF_COOKIE}=${xsrf}`, [XSRF_HEADER]: xsrf! });
    }
    let response: Response;
    try {
      response = await fetch(new URL(path, site), { ...init, headers, redirect: 'manual' });
    } catch (error) {
      throw new NewsroomError(
        `não consegui falar com a redação em ${site.origin} (${(error as Error).cause ?? (error as Error).message}). Nada foi alterado.`,
      );
    }
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${XSRF_COOKIE}=`));
    if (cookie) xsrf = cookie.slice(XSRF_COOKIE.length + 1).split(';')[0];
    const isJson = (response.headers.get('Content-Type') ?? '').includes('application/json');
    const answer = isJson ? ((await response.json()) as ApiAnswer) : null;
    if (!isJson) await response.body?.cancel();
    if (answer === null || typeof answer.message !== 'string')
      throw new NewsroomError(`a redação recusou o pedido: ${statusReason(response.status)}. Nada foi alterado.`);
    if (!response.ok) throw new NewsroomError(`a redação recusou o pedido: ${answer.message}`);
    return { ...answer, ok: answer.ok === true && response.ok, lines: Array.isArray(answer.lines) ? answer.lines : [] };
  }

  return {
    site,
    live: () => call(API_PATHS.live, { method: 'GET' }) as Promise<LiveAnswer>,
    async publish(articles, registry, { replace, dryRun, imported }) {
      const form = new FormData();
      const manifest: PublishManifest = {
        articles: articles.map(({ item, body, image, variants, figures = [] }) => ({
          item,
          body,
          image: image.key,
          variants: variants.map(({ key }) => key),
          figures: figures.map(({ file }) => file),
        })),
        authors: registry.authors,
        photos: registry.photos.map(({ key }) => key),
        replace,
        dryRun,
        ...(imported ? { imported } : {}),
      };
      form.set(PUBLISH_PARTS.manifest, JSON.stringify(manifest));
      const all = [...articles.flatMap(imageFiles), ...registry.photos];
      // Said before uploading: the newsroom would refuse it whole (413), and nothing of a set is published alone.
      const bytes = all.reduce((sum, { value }) => sum + value.byteLength, 0);
      if (articles.length > MAX_API_ARTICLES || bytes > MAX_API_BYTES * 0.95)
        throw new NewsroomError(
          `${articles.length} artigo(s) e ${formatBytes(bytes)} de imagens passam do que a redação recebe de uma vez (${MAX_API_ARTICLES} artigos, ${formatBytes(MAX_API_BYTES)}): publique as pastas em partes. Nada foi publicado.`,
        );
      for (const { key, value } of all) form.set(PUBLISH_PARTS.file(key), new Blob([new Uint8Array(value)]), key);
      return call(API_PATHS.publish, { method: 'POST', body: form });
    },
    imported: (origin) =>
      call(`${API_PATHS.imported}?${FORM_FIELDS.origin}=${encodeURIComponent(origin)}`, { method: 'GET' }) as Promise<ImportedAnswer>,
    importDrafts(manifest, files) {
      const form = new FormData();
      form.set(PUBLISH_PARTS.manifest, JSON.stringify(manifest));
      for (const [name, bytes] of files) form.set(PUBLISH_PARTS.file(name), new Blob([new Uint8Array(bytes)]), name);
      return call(API_PATHS.importDrafts, { method: 'POST', body: form });
    },
    async redirects(list) {
      let written = 0;
      let unchanged = 0;
      const refused: string[] = [];
      for (let at = 0; at < list.length; at += MAX_API_REDIRECTS) {
        const form = new FormData();
        const manifest: RedirectsManifest = { redirects: list.slice(at, at + MAX_API_REDIRECTS) };
        form.set(PUBLISH_PARTS.manifest, JSON.stringify(manifest));
        const answer = (await call(API_PATHS.redirects, { method: 'POST', body: form })) as ApiAnswer & {
          stored?: { added: number; changed: number; unchanged: number };
        };
        written += (answer.stored?.added ?? 0) + (answer.stored?.changed ?? 0);
        unchanged += answer.stored?.unchanged ?? 0;
        refused.push(...answer.lines);
      }
      return { written, unchanged, refused };
    },
    post(path, fields) {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      return call(path, { method: 'POST', body: form });
    },
    async close() {
      await (await worker)?.close();
    },
  };
}
