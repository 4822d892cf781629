import { Fragment } from 'react';
import { NewsCard } from '../components/cards/NewsCard';
import { Pager } from '../components/Pager';
import { SearchForm } from '../components/SearchForm';
import type { Pagination } from '../lib/pagination';
import type { TextPart } from '../search/highlight';
import { MAX_QUERY_CHARS, MAX_SEARCH_PAGES, MAX_TERMS } from '../search/query';
import { SEARCH_PAGE_SIZE, type SearchResult } from '../search/search-db';
import { searchPath } from '../seo/urls';

/** What the page shows: it is rendered from these alone, so one normalized search is one page (src/search/cache-key.ts). */
export type SearchView =
  | { kind: 'empty' }
  | { kind: 'no-terms' }
  | { kind: 'too-long' }
  | { kind: 'results'; normalized: string; truncated: boolean; total: number; results: SearchResult[]; pagination: Pagination };

const count = new Intl.NumberFormat('pt-BR');

/** The pager's reach: deeper results are found by a narrower search. */
const SHOWN_AT_MOST = MAX_SEARCH_PAGES * SEARCH_PAGE_SIZE;

/**
 * Text with its matches in <mark>. Every part is a plain string child, which
 * React escapes: the text from D1 is never HTML (src/search/highlight.ts).
 */
function Highlighted({ parts }: { parts: readonly TextPart[] }) {
  return parts.map((part, index) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move; their place is their identity
    part.marked ? <mark key={index}>{part.text}</mark> : <Fragment key={index}>{part.text}</Fragment>,
  );
}

/** A result: the grid's card, with the title's matches marked and the matching passage instead of the summary. */
function ResultCard({ result }: { result: SearchResult }) {
  return (
    <NewsCard
      item={result.entry}
      heading="h2"
      title={<Highlighted parts={result.title} />}
      description={result.passage.length > 0 ? <Highlighted parts={result.passage} /> : undefined}
    />
  );
}

/** The message above the results, or in their place. */
function Summary({ view }: { view: SearchView }) {
  switch (view.kind) {
    case 'empty':
      return <p className="search-summary">Digite uma ou mais palavras para buscar entre todas as notícias do portal.</p>;
    case 'no-terms':
      return <p className="search-summary">Digite ao menos uma palavra com duas letras ou mais.</p>;
    case 'too-long':
      return <p className="search-summary">A busca pode ter até {MAX_QUERY_CHARS} caracteres. Use menos palavras e tente de novo.</p>;
    case 'results': {
      const quoted = `“${view.normalized}”`;
      const cut = view.truncated ? ` Buscamos só as ${MAX_TERMS} primeiras palavras.` : '';
      if (view.total === 0) {
        return (
          <div className="empty-state">
            <p className="search-summary">
              Nenhuma notícia encontrada para {quoted}.{cut}
            </p>
            <p>
              Confira a grafia, use menos palavras ou termos mais gerais, ou comece pelo início da palavra (“financ” encontra
              “financiamento”).
            </p>
          </div>
        );
      }
      return (
        <p className="search-summary">
          {view.total === 1 ? '1 notícia encontrada' : `${count.format(view.total)} notícias encontradas`} para {quoted}, da mais recente
          para a mais antiga.
          {cut}
          {view.total > SHOWN_AT_MOST
            ? ` Mostramos as ${count.format(SHOWN_AT_MOST)} mais recentes: acrescente palavras para encontrar outras.`
            : ''}
        </p>
      );
    }
  }
}

/** /busca: the search box, then the results newest first (the route explains the order). */
export function SearchPage({ view }: { view: SearchView }) {
  const normalized = view.kind === 'results' ? view.normalized : undefined;
  return (
    <div className="container search-page">
      <h1 className="section-title">
        {view.kind === 'results' && view.pagination.page > 1 ? `Busca: página ${view.pagination.page}` : 'Busca'}
      </h1>
      <SearchForm id="busca-pagina" value={normalized} name="Refinar a busca" />
      <Summary view={view} />
      {view.kind === 'results' && view.results.length > 0 && (
        <>
          <div className="card-grid">
            {view.results.map((result) => (
              <ResultCard key={result.entry.slug} result={result} />
            ))}
          </div>
          <Pager pagination={view.pagination} pathOf={(page) => searchPath(view.normalized, page)} />
        </>
      )}
    </div>
  );
}
