import type { Pagination } from '../lib/pagination';
import { pagePath } from '../seo/urls';

/**
 * Links between the pages of a list: the 'Postagens' grid by default, or any
 * other paginated list through `pathOf` (an author's or a theme's articles).
 * Nothing when there is only one page.
 */
export function Pager({ pagination, pathOf = pagePath }: { pagination: Pagination; pathOf?: (page: number) => string }) {
  const { page, pageCount } = pagination;
  if (pageCount === 1) return null;
  return (
    <nav className="pager" aria-label="Paginação">
      {page > 1 ? (
        <a className="pager-link" href={pathOf(page - 1)} rel="prev">
          ← Mais recentes
        </a>
      ) : (
        <span />
      )}
      <span className="pager-status">
        Página {page} de {pageCount}
      </span>
      {page < pageCount ? (
        <a className="pager-link" href={pathOf(page + 1)} rel="next">
          Mais antigas →
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
