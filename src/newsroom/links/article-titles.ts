import { currentTime } from '#src/lib/clock.ts';
import { MAX_QUERY_CHARS } from '#src/search/query.ts';
import { articlePath } from '#src/seo/urls.ts';
import { liveByTitle } from '../drafts/draft-routes';
import type { TitledArticle } from '../shared/names';
import type { RouteContext } from '../team/newsroom-env';

/** How many articles the link panel lists: a short list to pick from while typing; more words narrow it. */
export const TITLES_LISTED = 8;

/**
 * `GET /redacao/no-ar/titulos?busca=`: the live articles whose title holds
 * the words typed, newest first, for the editor's link panel
 * (client/newsroom/editor/link-panel.ts). The list's own title search
 * (decision 041: the site's search index, the words as prefixes, no syntax
 * of the journalist's reaching FTS5), bounded; any member may ask, as
 * anyone in the newsroom sees the list. JSON, never cached.
 */
export const listArticleTitles = async (c: RouteContext<'articleTitles'>) => {
  const search = c.req.query('busca') ?? '';
  if (Array.from(search).length > MAX_QUERY_CHARS)
    return c.json({ error: `A busca passa de ${MAX_QUERY_CHARS} caracteres: use menos palavras do título.` }, 400);
  const found = await liveByTitle(c, currentTime(), search);
  const artigos: TitledArticle[] = found.slice(0, TITLES_LISTED).map((entry) => ({ titulo: entry.titulo, endereco: articlePath(entry) }));
  return c.json({ artigos });
};
