import type { Pagination } from '../lib/pagination';
import { pagePath } from '../seo/urls';

/** Links between pages of the 'Postagens' grid; nothing when there is only one page. */
export function Pager({ pagination }: { pagination: Pagination }) {
  const { page, pageCount } = pagination;
  if (pageCount === 1) return null;
  return (
    <nav className="pager" aria-label="Paginação">
      {page > 1 ? (
        <a className="pager-link" href={pagePath(page - 1)} rel="prev">
          ← Mais recentes
        </a>
      ) : (
        <span />
      )}
      <span className="pager-status">
        Página {page} de {pageCount}
      </span>
      {page < pageCount ? (
        <a className="pager-link" href={pagePath(page + 1)} rel="next">
          Mais antigas →
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
