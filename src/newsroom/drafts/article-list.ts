import { DEFAULT_AUTHOR_SLUG } from '#src/content/schema/authors.ts';
import type { NewsEntry } from '#src/content/schema/news-item.ts';
import { UNTITLED } from '../shared/field-labels';
import type { Draft } from './drafts-store';

/**
 * The newsroom's list of every article: the drafts and the live articles
 * together, each once (a live article and its draft are one row), each with
 * its state, and filtered as the list's query asks. Pure: the route reads
 * the drafts and the newest live entries (both bounded) and passes them in.
 */

/** The states a row can be in, by the name the list's filter uses in its address. */
export const STATES = ['rascunho', 'revisao', 'agendado', 'publicado', 'alterado'] as const;
export type State = (typeof STATES)[number];

/** Each state as the filter offers it. */
export const STATE_NAMES: Record<State, string> = {
  rascunho: 'Rascunho',
  revisao: 'Em revisão',
  agendado: 'Agendado',
  publicado: 'Publicado',
  alterado: 'Alterado desde a publicação',
};

export interface ArticleRow {
  title: string;
  state: State;
  /** When a scheduled article shows (ms); only for `agendado`. */
  scheduledAt?: number;
  /** The byline: the registry author's slug (the site's editor when the article names none). */
  author: string;
  /** The last change: when, and who (an e-mail); for a live article without a draft, its publication, by nobody known here (null). */
  changedAt: number;
  changedBy: string | null;
  /** The draft to open, or, for a live article without one, its address to open it from. */
  draftId: string | null;
  slug: string | null;
}

/** What the list's query asks for: a state, an author, words of the title. */
export interface ListQuery {
  state?: State;
  author?: string;
  search?: string;
}

const authorOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : DEFAULT_AUTHOR_SLUG);

/** A draft's state: sent for review first, then changed since published, scheduled, published, else a draft. */
function draftState(draft: Draft, live: NewsEntry | undefined, now: number): Pick<ArticleRow, 'state' | 'scheduledAt'> {
  if (draft.reviewRequested !== null) return { state: 'revisao' };
  if (draft.publishedVersion === null) return { state: 'rascunho' };
  if (draft.version > draft.publishedVersion) return { state: 'alterado' };
  return liveState(live, now);
}

function liveState(live: NewsEntry | undefined, now: number): Pick<ArticleRow, 'state' | 'scheduledAt'> {
  return live !== undefined && live.published > now ? { state: 'agendado', scheduledAt: live.published } : { state: 'publicado' };
}

/** Every draft and every live article without a draft, changed last first. */
export function articleRows(drafts: readonly Draft[], live: readonly NewsEntry[], now: number): ArticleRow[] {
  const liveBySlug = new Map(live.map((entry) => [entry.slug, entry]));
  const linked = new Set(drafts.flatMap((draft) => (draft.slug === null ? [] : [draft.slug])));
  const rows: ArticleRow[] = drafts.map((draft) => ({
    title: typeof draft.fields.titulo === 'string' ? draft.fields.titulo : UNTITLED,
    ...draftState(draft, draft.slug === null ? undefined : liveBySlug.get(draft.slug), now),
    author: authorOf(draft.fields.autor),
    changedAt: draft.updatedAt,
    changedBy: draft.updatedBy,
    draftId: draft.id,
    slug: draft.slug,
  }));
  for (const entry of live) {
    if (linked.has(entry.slug)) continue;
    rows.push({
      title: entry.titulo,
      ...liveState(entry, now),
      author: authorOf(entry.autor),
      // The entry keeps a correction's day, not its instant: the publication is the one moment it knows.
      changedAt: entry.published,
      changedBy: null,
      draftId: null,
      slug: entry.slug,
    });
  }
  return rows.sort((a, b) => b.changedAt - a.changedAt);
}

/** Text as the search compares it: without accents, in lower case, spaces collapsed. */
export const searchable = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** The rows the query asks for: with a search, those whose title holds each of its words, in any order. */
export function filterRows(rows: readonly ArticleRow[], { state, author, search }: ListQuery): ArticleRow[] {
  const words = search === undefined ? [] : searchable(search).split(' ').filter(Boolean);
  return rows.filter((row) => {
    const title = searchable(row.title);
    return (
      (state === undefined || row.state === state) &&
      (author === undefined || row.author === author) &&
      words.every((word) => title.includes(word))
    );
  });
}

/** The query of the list's address, read leniently: an unknown state or an empty value is no filter; the search at most 100 characters. */
export function listQuery(query: (name: string) => string | undefined): ListQuery {
  const state = query('estado');
  const author = query('autor')?.trim();
  const search = query('busca')?.slice(0, 100).trim();
  return {
    ...(STATES.includes(state as State) ? { state: state as State } : {}),
    ...(author ? { author } : {}),
    ...(search ? { search } : {}),
  };
}
