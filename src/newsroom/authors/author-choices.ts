import type { Context } from 'hono';
import { describeError, log } from '#src/lib/log.ts';
import type { AuthorChoice } from '../drafts/DraftForm';
import type { NewsroomEnv } from '../team/newsroom-env';

/**
 * The registry's authors, by name, for the forms' author choices. The
 * registry lives with the published content; when it cannot be read the
 * forms offer none (the field keeps its value), rather than failing the page.
 */
export async function authorChoices(c: Context<NewsroomEnv>): Promise<AuthorChoice[]> {
  try {
    const registry = await c.var.content.authors();
    return [...registry.values()].map(({ slug, nome }) => ({ slug, name: nome })).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  } catch (error) {
    log('error', 'newsroom_authors_unavailable', describeError(error));
    return [];
  }
}
