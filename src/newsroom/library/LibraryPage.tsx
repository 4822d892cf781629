import { PATHS } from '../paths';
import { thumbnailOf } from '../shared/media-names';
import { shownAt } from '../shared/when';
import { ChoosingBar } from './ChoosingBar';
import { type Choosing, choosingQuery } from './choosing';
import type { Photo } from './library-store';

/**
 * The photo library: every image the newsroom holds, newest first, as a grid
 * of thumbnails (two columns on a phone), searchable by alt text, credit and
 * the title of an article that uses it; each opens its own page. Opened from
 * a draft, it is choosing one for it (ChoosingBar), and every link keeps that.
 */
export function LibraryPage({
  photos,
  total,
  query,
  page,
  pages,
  choosing,
}: {
  photos: readonly Photo[];
  total: number;
  query: string;
  page: number;
  pages: number;
  choosing: Choosing | null;
}) {
  const keep = choosingQuery(choosing);
  const link = (to: number) => PATHS.photos({ ...keep, ...(query ? { busca: query } : {}), ...(to > 1 ? { pagina: String(to) } : {}) });
  return (
    <>
      <h1>Fotos</h1>
      {choosing ? (
        <ChoosingBar choosing={choosing} />
      ) : (
        <p>
          Todas as imagens da redação: as enviadas nos rascunhos, as dos artigos publicados por aqui e as importadas. Abra uma para ver onde
          ela é usada e, se você é editor, trocar o texto alternativo ou o crédito em todos os rascunhos que a usam.
        </p>
      )}
      <form className="nr-filters" method="get" action={PATHS.photos()}>
        <div className="nr-field">
          <label htmlFor="busca">Buscar no texto alternativo, no crédito ou no título do artigo</label>
          <input id="busca" name="busca" type="search" defaultValue={query} maxLength={200} />
        </div>
        <div className="nr-filter-actions">
          {/* Here, not first: the filters' grid gives its first child the whole row. */}
          {Object.entries(keep).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit">Buscar</button>
          {query && (
            <a className="nr-button" href={PATHS.photos(keep)}>
              Limpar
            </a>
          )}
        </div>
      </form>
      <p className="nr-meta" role="status">
        {total === 0
          ? query
            ? `Nenhuma foto com "${query}".`
            : 'Nenhuma foto na redação ainda: as imagens enviadas nos rascunhos aparecem aqui.'
          : `${total.toLocaleString('pt-BR')} foto(s)${query ? ` com "${query}"` : ''}${pages > 1 ? `, página ${page} de ${pages}` : ''}.`}
      </p>
      <ul className="nr-library">
        {photos.map((photo) => (
          <li key={photo.name}>
            <a href={PATHS.photo(photo.name, keep)}>
              <img src={PATHS.media(thumbnailOf(photo.name))} alt={photo.alt} width={240} height={135} loading="lazy" />
              <span className="nr-library-alt">{photo.alt || 'Sem texto alternativo'}</span>
            </a>
            <span className="nr-meta">
              {photo.credit ? `${photo.credit} · ` : ''}
              {shownAt(photo.uploadedAt)}
            </span>
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav className="nr-pager" aria-label="Páginas">
          {page > 1 && <a href={link(page - 1)}>← Anteriores</a>}
          {page < pages && <a href={link(page + 1)}>Próximas →</a>}
        </nav>
      )}
    </>
  );
}
