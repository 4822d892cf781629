import { MAX_QUERY_CHARS } from '../search/query';
import { SEARCH_PATH } from '../seo/urls';

interface SearchFormProps {
  /** Unique per page: the header's form and the search page's own. */
  id: string;
  /** The words searched, to refine them. */
  value?: string;
  className?: string;
  /** The landmark's name: two search forms on one page must be told apart. */
  name: string;
}

/**
 * A plain GET form to /busca: it works with JavaScript off, and the results
 * page is an ordinary URL (shareable, cacheable). Not `required`: an empty
 * search lands on /busca, which invites one (and React writes `required=""`,
 * which the audit's HTML rules refuse). `role="search"` names the
 * landmark; `enterKeyHint` shows "search" on phone keyboards.
 */
export function SearchForm({ id, value, className, name }: SearchFormProps) {
  const inputId = `${id}-q`;
  return (
    // biome-ignore lint/a11y/useSemanticElements: role="search" on the form is the landmark every screen reader knows; the newer <search> element is not yet announced by all
    <form
      className={`search-form${className ? ` ${className}` : ''}`}
      role="search"
      aria-label={name}
      action={SEARCH_PATH}
      method="get"
      id={id}
    >
      {/* Read by screen readers; the placeholder and the button say it to everyone else. */}
      <label htmlFor={inputId} className="visually-hidden">
        Buscar notícias no site
      </label>
      <input
        id={inputId}
        className="search-input"
        type="search"
        name="q"
        defaultValue={value}
        placeholder="Buscar notícias"
        maxLength={MAX_QUERY_CHARS}
        autoComplete="off"
        enterKeyHint="search"
      />
      <button type="submit" className="search-button">
        Buscar
      </button>
    </form>
  );
}
