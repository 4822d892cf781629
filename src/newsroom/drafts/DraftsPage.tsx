import { XsrfField } from '../http/XsrfField';
import { PATHS } from '../paths';
import { UNTITLED } from '../shared/field-labels';
import { shownAt } from '../shared/when';
import { type ArticleRow, type ListQuery, STATE_NAMES, STATES } from './article-list';
import type { Draft } from './drafts-store';

/** A draft's title as the list shows it: what the journalist wrote, or a placeholder. */
export const draftTitle = (draft: Pick<Draft, 'fields'>) => (typeof draft.fields.titulo === 'string' ? draft.fields.titulo : UNTITLED);

/** A row's state in words: "agendado para 28/11 às 09:00". */
function stateText(row: ArticleRow): string {
  if (row.state !== 'agendado' || row.scheduledAt === undefined) return STATE_NAMES[row.state].toLowerCase();
  const [day = '', time = ''] = shownAt(row.scheduledAt).split(' ');
  return `agendado para ${day.slice(0, 5)} às ${time}`;
}

/** One filter: "Todos", then each choice by its name. */
function FilterSelect({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string | undefined;
  options: [value: string, name: string][];
}) {
  return (
    <div className="nr-field">
      <label htmlFor={name}>{label}</label>
      <select id={name} name={name} defaultValue={value ?? ''}>
        <option value="">Todos</option>
        {options.map(([optionValue, optionName]) => (
          <option key={optionValue} value={optionValue}>
            {optionName}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The filters: plain GET fields, so they work without JavaScript and the address can be shared. */
function Filters({ query, authors }: { query: ListQuery; authors: readonly { slug: string; name: string }[] }) {
  const filtered = query.state !== undefined || query.author !== undefined || query.search !== undefined;
  return (
    <form className="nr-filters" method="get" action={PATHS.home}>
      <div className="nr-field">
        <label htmlFor="busca">Buscar pelo título</label>
        <input id="busca" name="busca" type="search" defaultValue={query.search ?? ''} maxLength={100} />
      </div>
      <FilterSelect name="estado" label="Estado" value={query.state} options={STATES.map((state) => [state, STATE_NAMES[state]])} />
      <FilterSelect name="autor" label="Autor" value={query.author} options={authors.map((author) => [author.slug, author.name])} />
      <div className="nr-filter-actions">
        <button type="submit">Filtrar</button>
        {filtered && (
          <a className="nr-button" href={PATHS.home}>
            Limpar
          </a>
        )}
      </div>
    </form>
  );
}

/**
 * Every article, drafts and live ones together, changed last first: each
 * with its state, author, and its last change and who made it; a live
 * article without a draft has "Editar", which makes one from what is live.
 */
export function ArticlesPage({
  rows,
  total,
  query,
  authors,
  authorName,
  xsrf,
  liveUnread = false,
}: {
  rows: readonly ArticleRow[];
  /** How many rows there are before filtering. */
  total: number;
  query: ListQuery;
  authors: readonly { slug: string; name: string }[];
  authorName: (slug: string) => string;
  xsrf: string;
  /** The site's articles could not be read now: only drafts are listed. */
  liveUnread?: boolean;
}) {
  return (
    <>
      <div className="nr-title-row">
        <h1>Artigos</h1>
        <form method="post" action={PATHS.newDraft}>
          <XsrfField token={xsrf} />
          <button type="submit" className="nr-primary">
            Novo rascunho
          </button>
        </form>
      </div>
      <Filters query={query} authors={authors} />
      {liveUnread && (
        <p className="nr-notice" role="status">
          Os artigos no ar não puderam ser lidos agora: a lista mostra só os rascunhos. Recarregue em instantes.
        </p>
      )}
      {total === 0 ? (
        <p>Nenhum artigo ainda. Comece um com "Novo rascunho".</p>
      ) : rows.length === 0 ? (
        <p role="status">Nenhum artigo com estes filtros.</p>
      ) : (
        <>
          <p className="nr-meta" role="status">
            {rows.length === total ? `${total} artigos` : `${rows.length} de ${total} artigos`}
          </p>
          <ul className="nr-list">
            {rows.map((row) => (
              <li key={row.draftId ?? row.slug}>
                {row.draftId !== null ? <a href={PATHS.draft(row.draftId)}>{row.title}</a> : <p className="nr-row-title">{row.title}</p>}
                <p className="nr-meta">
                  <span className="nr-state">{stateText(row)}</span> · {authorName(row.author)}
                </p>
                <p className="nr-meta">
                  {row.changedBy === null
                    ? `No site desde ${shownAt(row.changedAt)}`
                    : `Alterado em ${shownAt(row.changedAt)} por ${row.changedBy}`}
                </p>
                {row.draftId === null && row.slug !== null && <EditLiveButton slug={row.slug} xsrf={xsrf} />}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/** "Editar" on a live article: a POST (it may make a draft), so no link, prefetch or crawler makes one. */
export function EditLiveButton({ slug, xsrf }: { slug: string; xsrf: string }) {
  return (
    <form method="post" action={PATHS.editLive(slug)}>
      <XsrfField token={xsrf} />
      <button type="submit">Editar</button>
    </form>
  );
}
