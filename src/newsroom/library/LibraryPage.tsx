import { Pager, SearchBox } from '../layout/SearchBox';
import { PATHS } from '../paths';
import { shownAt } from '../shared/when';
import { ChoosingBar } from './ChoosingBar';
import { type Choosing, choosingQuery } from './choosing';
import type { Photo } from './library-store';
import { photoUrls } from './photo-urls';

/** What a tile says under its photo: its alt text; a live article's figure, whose alt text is in that article's text, names the article. */
const tileLabel = (photo: Photo) => photo.alt || (photo.article ? `Do artigo "${photo.article.title}"` : 'Sem texto alternativo');

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
          Todas as imagens do site: as enviadas nos rascunhos, as importadas e as de cada artigo no ar (a principal e as do texto). Abra uma
          para ver onde ela é usada e, se você é editor, trocar o texto alternativo ou o crédito em todos os rascunhos que a usam.
        </p>
      )}
      <SearchBox
        label="Buscar no texto alternativo, no crédito ou no título do artigo"
        query={query}
        action={PATHS.photos()}
        clear={PATHS.photos(keep)}
        keep={keep}
      />
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
              <img src={photoUrls(photo).thumbnail} alt={photo.alt} width={240} height={135} loading="lazy" />
              <span className="nr-library-alt">{tileLabel(photo)}</span>
            </a>
            <span className="nr-meta">
              {photo.credit ? `${photo.credit} · ` : ''}
              {shownAt(photo.uploadedAt)}
            </span>
          </li>
        ))}
      </ul>
      <Pager page={page} pages={pages} link={link} />
    </>
  );
}
