/** The newsroom's addresses: all under one prefix, the only paths where the worker accepts a POST. */
export const NEWSROOM_PREFIX = '/redacao';

/** Whether a path is the newsroom's (the prefix itself, or under it). */
export const isNewsroomPath = (path: string) => path === NEWSROOM_PREFIX || path.startsWith(`${NEWSROOM_PREFIX}/`);

/** A shared preview link's address (outside /redacao and its Access: read by someone without an account). */
export const SHARED_PREVIEW_PREFIX = '/previa';
export const sharedPreviewPath = (token: string) => `${SHARED_PREVIEW_PREFIX}/${token}`;

/** Pages never kept by the memory or edge cache: the newsroom's (per person) and shared previews (a draft, changing). */
export const isPrivatePath = (path: string) => isNewsroomPath(path) || path.startsWith(`${SHARED_PREVIEW_PREFIX}/`);

/**
 * Every route of the newsroom, by name, as a path under NEWSROOM_PREFIX:
 * app.tsx binds each to its handler, and `pathTo` builds every link from
 * the same names, so a link to a route that does not exist does not
 * typecheck, and a handler reads only the parameters its path has
 * (`RouteContext`, team/newsroom-env.ts).
 */
export const ROUTES = {
  drafts: '/',
  newDraft: '/rascunhos',
  draft: '/rascunhos/:id',
  revisions: '/rascunhos/:id/revisoes',
  restore: '/rascunhos/:id/revisoes/:version',
  preview: '/rascunhos/:id/previa',
  shareLinks: '/rascunhos/:id/links',
  revokeLink: '/rascunhos/:id/links/:link/revogar',
  /** A draft's actions on the site (POST): publish, schedule, correct; and sending it for review. */
  publish: '/rascunhos/:id/publicar',
  schedule: '/rascunhos/:id/agendar',
  correct: '/rascunhos/:id/corrigir',
  review: '/rascunhos/:id/revisao',
  /** Uploads an image for the draft (POST, multipart). */
  images: '/rascunhos/:id/imagens',
  /** An uploaded image or variant, from R2. */
  media: '/midia/:file',
  /** The photo library: every image the newsroom holds (GET, searched and paged); one photo, where it is used, its text changed everywhere (POST). */
  photos: '/fotos',
  photo: '/fotos/:name',
  /** Puts a library photo in the draft, as its main image or in its text (POST). */
  fromLibrary: '/rascunhos/:id/biblioteca',
  live: '/no-ar',
  /** Live articles by words of their title, as JSON: the editor's link panel. */
  articleTitles: '/no-ar/titulos',
  unpublish: '/no-ar/:slug/despublicar',
  /** Opens a live article's draft (POST). */
  editLive: '/no-ar/:slug/editar',
  people: '/equipe',
  removePerson: '/equipe/remover',
  authors: '/autores',
  author: '/autores/:slug',
  /** The old site's addresses that lead here (after a move from WordPress): the list, and removing one (POST). */
  redirects: '/enderecos-antigos',
  removeRedirect: '/enderecos-antigos/remover',
  /** The command line's API (api/wire.ts): JSON. */
  apiLive: '/api/no-ar',
  apiPublish: '/api/publicar',
  apiUnpublish: '/api/despublicar',
  apiGc: '/api/limpar',
  apiRestore: '/api/restaurar',
  apiReindex: '/api/reindexar',
  /** The WordPress import: what it recorded of an old site (GET), and its drafts (POST). */
  apiImported: '/api/importado',
  apiImportDrafts: '/api/importar/rascunhos',
  apiRedirects: '/api/enderecos-antigos',
} as const;

export type RouteName = keyof typeof ROUTES;

/** The parameter names of a path: "/a/:id/b/:link" → "id" | "link". */
type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type ParamValues<N extends RouteName> = [ParamsOf<(typeof ROUTES)[N]>] extends [never]
  ? []
  : [Record<ParamsOf<(typeof ROUTES)[N]>, string | number>];

/** A route's address with its parameters filled in (each percent-encoded), under NEWSROOM_PREFIX. */
export function pathTo<N extends RouteName>(name: N, ...[params]: ParamValues<N>): string {
  const path = ROUTES[name].replace(/:(\w+)/g, (_, key: string) =>
    encodeURIComponent(String((params as Record<string, string | number>)[key])),
  );
  return path === '/' ? NEWSROOM_PREFIX : `${NEWSROOM_PREFIX}${path}`;
}

/** A path with a query, when it has one. */
function withQuery(path: string, query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString();
  return `${path}${search ? `?${search}` : ''}`;
}

/** The links the pages use, built from the route table. */
export const PATHS = {
  home: pathTo('drafts'),
  newDraft: pathTo('newDraft'),
  people: pathTo('people'),
  authors: pathTo('authors'),
  author: (slug: string) => pathTo('author', { slug }),
  live: pathTo('live'),
  articleTitles: pathTo('articleTitles'),
  unpublish: (slug: string) => pathTo('unpublish', { slug }),
  editLive: (slug: string) => pathTo('editLive', { slug }),
  removePerson: pathTo('removePerson'),
  draft: (id: string) => pathTo('draft', { id }),
  preview: (id: string) => pathTo('preview', { id }),
  shareLinks: (id: string) => pathTo('shareLinks', { id }),
  revokeLink: (id: string, link: string) => pathTo('revokeLink', { id, link }),
  publish: (id: string) => pathTo('publish', { id }),
  schedule: (id: string) => pathTo('schedule', { id }),
  correct: (id: string) => pathTo('correct', { id }),
  review: (id: string) => pathTo('review', { id }),
  revisions: (id: string) => pathTo('revisions', { id }),
  restore: (id: string, version: number) => pathTo('restore', { id, version }),
  images: (id: string) => pathTo('images', { id }),
  media: (file: string) => pathTo('media', { file }),
  /** The library, searched (`busca`), paged (`pagina`), and choosing for a draft (`rascunho`, `uso`). */
  photos: (query: Record<string, string> = {}) => withQuery(pathTo('photos'), query),
  photo: (name: string, query: Record<string, string> = {}) => withQuery(pathTo('photo', { name }), query),
  fromLibrary: (id: string) => pathTo('fromLibrary', { id }),
  /** The list of old addresses, searched (`busca`) and paged (`pagina`). */
  redirects: (query: Record<string, string> = {}) => withQuery(pathTo('redirects'), query),
  removeRedirect: () => pathTo('removeRedirect'),
};

/**
 * What a redirect adds to its query when the change it reports is live but the site's search is still to follow
 * (src/publishing/error-policy.ts): the page then says so.
 */
export const SEARCH_FOLLOWS = { name: 'busca', value: 'pendente' } as const;
export const searchFollowsQuery = (pending: boolean) => (pending ? `&${SEARCH_FOLLOWS.name}=${SEARCH_FOLLOWS.value}` : '');
