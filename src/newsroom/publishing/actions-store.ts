import { describeError, log } from '#src/lib/log.ts';

/** What the newsroom does to the live site, as its history names it: to an article, or to an author (slug `autor/<slug>`). */
export const ACTIONS = ['publicar', 'agendar', 'corrigir', 'despublicar', 'adicionar-autor', 'alterar-autor'] as const;
export type Action = (typeof ACTIONS)[number];

/** One action: who did what to which article or author, and when (ms). */
export interface ActionRecord {
  at: number;
  email: string;
  action: Action;
  slug: string;
  title: string;
  detail: string;
}

interface ActionRow {
  at: number;
  email: string;
  action: string;
  slug: string;
  title: string;
  detail: string;
}

const recordOf = (row: ActionRow): ActionRecord => ({
  ...row,
  action: (ACTIONS as readonly string[]).includes(row.action) ? (row.action as Action) : 'publicar',
});

/** The newsroom's history in D1 (newsroom_actions: migrations/0006_newsroom_actions.sql, 0009_author_actions.sql). */
export class ActionsStore {
  constructor(private readonly db: D1Database) {}

  /**
   * Records an action the site has already taken. A failure is logged, not
   * thrown: the change is live by then, and an error page would tell the
   * editor it was not (and stop what follows it, such as marking the draft
   * published).
   */
  async record(entry: ActionRecord): Promise<void> {
    try {
      await this.db
        .prepare('INSERT INTO newsroom_actions (at, email, action, slug, title, detail) VALUES (?, ?, ?, ?, ?, ?)')
        .bind(entry.at, entry.email, entry.action, entry.slug, entry.title, entry.detail)
        .run();
    } catch (error) {
      log('error', 'newsroom_history_unrecorded', { action: entry.action, slug: entry.slug, ...describeError(error) });
    }
  }

  /** The latest actions, newest first; of one article when `slug` is given. */
  async latest(limit: number, slug?: string): Promise<ActionRecord[]> {
    const statement =
      slug === undefined
        ? this.db
            .prepare('SELECT at, email, action, slug, title, detail FROM newsroom_actions ORDER BY at DESC, id DESC LIMIT ?')
            .bind(limit)
        : this.db
            .prepare('SELECT at, email, action, slug, title, detail FROM newsroom_actions WHERE slug = ? ORDER BY at DESC, id DESC LIMIT ?')
            .bind(slug, limit);
    return (await statement.all<ActionRow>()).results.map(recordOf);
  }
}
