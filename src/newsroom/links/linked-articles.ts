import { linkedArticles, missingArticleLink } from '#src/checking/check-body.ts';
import { markdownToHtml } from '#src/checking/markdown-body.ts';
import { BodyTooComplexError } from '#src/content/body/body-parse.ts';
import { openLiveIndex } from '#src/content/index/live-index.ts';
import { type ContentBindings, ContentUnavailableError } from '#src/content/index/sources.ts';
import { isValidSlug } from '#src/content/schema/format.ts';
import { describeError, log } from '#src/lib/log.ts';

/** How many linked articles are looked up per draft: one KV read or so each; a link past these is not judged (never a false warning). */
export const MAX_LOOKED_UP = 30;

/** The articles a draft's body links to, split by whether the site has them. */
export interface LinkedArticles {
  /** Every linked article not known to be missing: what the body check is given (src/checking/check-body.ts). */
  known: ReadonlySet<string>;
  /** Linked articles the site does not have, in the body's order. */
  missing: string[];
}

const NONE: LinkedArticles = { known: new Set(), missing: [] };

/**
 * Which of the articles a body's HTML links to (`/noticia/<slug>`) the site
 * has, read from the live index one entry at a time, so it costs a few reads
 * whatever the archive's size (the editors' folder check knows every slug; the
 * newsroom looks up only these). A scheduled article counts as there: it will
 * be. When the site's content cannot be read, nothing is called missing (the
 * failure is logged): a warning must never be wrong.
 */
export async function linkedArticlesOf(env: ContentBindings, html: string, now: number): Promise<LinkedArticles> {
  let slugs: string[];
  try {
    slugs = linkedArticles(html);
  } catch (thrown) {
    // The body check says what is wrong with such a body; there are no links to judge.
    if (thrown instanceof BodyTooComplexError) return NONE;
    throw thrown;
  }
  if (slugs.length === 0) return NONE;
  const judged = slugs.slice(0, MAX_LOOKED_UP);
  try {
    const index = await openLiveIndex(env, now);
    const entries = await Promise.all(judged.map((slug) => (isValidSlug(slug) ? index.entry(slug) : null)));
    const missing = judged.filter((_, i) => entries[i] === null);
    return { known: new Set(slugs.filter((slug) => !missing.includes(slug))), missing };
  } catch (error) {
    if (!(error instanceof ContentUnavailableError)) throw error;
    log('error', 'newsroom_linked_articles_unread', describeError(error));
    return { known: new Set(slugs), missing: [] };
  }
}

/** What the draft's page says of each link in its text to an article the site does not have: the body check's words, as a sentence. */
export async function missingLinkWarnings(env: ContentBindings, markdown: string, now: number): Promise<string[]> {
  const { missing } = await linkedArticlesOf(env, markdownToHtml(markdown).html, now);
  return missing.map((slug) => {
    const { message, fix } = missingArticleLink(slug);
    return `${message.charAt(0).toUpperCase()}${message.slice(1)}: ${fix}.`;
  });
}
