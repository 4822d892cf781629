/** The newsroom's addresses: all under one prefix, the only paths where the worker accepts a POST. */
export const NEWSROOM_PREFIX = '/redacao';

/** Whether a path is the newsroom's (the prefix itself, or under it). */
export const isNewsroomPath = (path: string) => path === NEWSROOM_PREFIX || path.startsWith(`${NEWSROOM_PREFIX}/`);

/** A shared preview link's address (outside /redacao and its Access: read by someone without an account). */
export const SHARED_PREVIEW_PREFIX = '/previa';
export const sharedPreviewPath = (token: string) => `${SHARED_PREVIEW_PREFIX}/${token}`;

/** Pages never kept by the memory or edge cache: the newsroom's (per person) and shared previews (a draft, changing). */
export const isPrivatePath = (path: string) => isNewsroomPath(path) || path.startsWith(`${SHARED_PREVIEW_PREFIX}/`);

export const PATHS = {
  home: NEWSROOM_PREFIX,
  newDraft: `${NEWSROOM_PREFIX}/rascunhos`,
  people: `${NEWSROOM_PREFIX}/equipe`,
  authors: `${NEWSROOM_PREFIX}/autores`,
  author: (slug: string) => `${NEWSROOM_PREFIX}/autores/${slug}`,
  live: `${NEWSROOM_PREFIX}/no-ar`,
  unpublish: (slug: string) => `${NEWSROOM_PREFIX}/no-ar/${slug}/despublicar`,
  /** Opens a live article's draft (POST). */
  editLive: (slug: string) => `${NEWSROOM_PREFIX}/no-ar/${slug}/editar`,
  removePerson: `${NEWSROOM_PREFIX}/equipe/remover`,
  draft: (id: string) => `${NEWSROOM_PREFIX}/rascunhos/${id}`,
  preview: (id: string) => `${NEWSROOM_PREFIX}/rascunhos/${id}/previa`,
  shareLinks: (id: string) => `${NEWSROOM_PREFIX}/rascunhos/${id}/links`,
  revokeLink: (id: string, link: string) => `${NEWSROOM_PREFIX}/rascunhos/${id}/links/${link}/revogar`,
  /** A draft's actions on the site (POST): publish, schedule, correct; and sending it for review. */
  publish: (id: string) => `${NEWSROOM_PREFIX}/rascunhos/${id}/publicar`,
  schedule: (id: string) => `${NEWSROOM_PREFIX}/rascunhos/${id}/agendar`,
  correct: (id: string) => `${NEWSROOM_PREFIX}/rascunhos/${id}/corrigir`,
  review: (id: string) => `${NEWSROOM_PREFIX}/rascunhos/${id}/revisao`,
  revisions: (id: string) => `${NEWSROOM_PREFIX}/rascunhos/${id}/revisoes`,
  restore: (id: string, version: number) => `${NEWSROOM_PREFIX}/rascunhos/${id}/revisoes/${version}`,
  /** Uploads an image for the draft (POST, multipart). */
  images: (id: string) => `${NEWSROOM_PREFIX}/rascunhos/${id}/imagens`,
  /** An uploaded image or variant, from R2. */
  media: (file: string) => `${NEWSROOM_PREFIX}/midia/${file}`,
};

/**
 * What a redirect adds to its query when the change it reports is live but the site's search is still to follow
 * (src/publishing/error-policy.ts): the page then says so.
 */
export const SEARCH_FOLLOWS = { name: 'busca', value: 'pendente' } as const;
export const searchFollowsQuery = (pending: boolean) => (pending ? `&${SEARCH_FOLLOWS.name}=${SEARCH_FOLLOWS.value}` : '');
