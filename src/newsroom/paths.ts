/** The newsroom's addresses: all under one prefix, the only paths where the worker accepts a POST. */
export const NEWSROOM_PREFIX = '/redacao';

/** Whether a path is the newsroom's (the prefix itself, or under it). */
export const isNewsroomPath = (path: string) => path === NEWSROOM_PREFIX || path.startsWith(`${NEWSROOM_PREFIX}/`);

export const PATHS = {
  home: NEWSROOM_PREFIX,
  newDraft: `${NEWSROOM_PREFIX}/rascunhos`,
  people: `${NEWSROOM_PREFIX}/equipe`,
  live: `${NEWSROOM_PREFIX}/no-ar`,
  unpublish: (slug: string) => `${NEWSROOM_PREFIX}/no-ar/${slug}/despublicar`,
  removePerson: `${NEWSROOM_PREFIX}/equipe/remover`,
  draft: (id: string) => `${NEWSROOM_PREFIX}/rascunhos/${id}`,
  revisions: (id: string) => `${NEWSROOM_PREFIX}/rascunhos/${id}/revisoes`,
  restore: (id: string, version: number) => `${NEWSROOM_PREFIX}/rascunhos/${id}/revisoes/${version}`,
  /** Uploads an image for the draft (POST, multipart). */
  images: (id: string) => `${NEWSROOM_PREFIX}/rascunhos/${id}/imagens`,
  /** An uploaded image or variant, from R2. */
  media: (file: string) => `${NEWSROOM_PREFIX}/midia/${file}`,
};
