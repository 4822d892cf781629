/**
 * The search of a paged list (the library, the old addresses): a GET form, so
 * it works without JavaScript and its results have an address; `keep` are
 * query values every search carries on (the library choosing for a draft).
 */
export function SearchBox({
  label,
  query,
  action,
  clear,
  keep = {},
}: {
  label: string;
  query: string;
  action: string;
  /** The list without the search. */
  clear: string;
  keep?: Record<string, string>;
}) {
  return (
    <form className="nr-filters" method="get" action={action}>
      <div className="nr-field">
        <label htmlFor="busca">{label}</label>
        <input id="busca" name="busca" type="search" defaultValue={query} maxLength={200} />
      </div>
      <div className="nr-filter-actions">
        {/* Here, not first: the filters' grid gives its first child the whole row. */}
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit">Buscar</button>
        {query && (
          <a className="nr-button" href={clear}>
            Limpar
          </a>
        )}
      </div>
    </form>
  );
}

/** Links to the pages before and after this one, when there are any. */
export function Pager({ page, pages, link }: { page: number; pages: number; link: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav className="nr-pager" aria-label="Páginas">
      {page > 1 && <a href={link(page - 1)}>← Página anterior</a>}
      {page < pages && <a href={link(page + 1)}>Próxima página →</a>}
    </nav>
  );
}
