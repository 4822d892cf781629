import { articlePath } from '#src/seo/urls.ts';
import { draftTitle } from '../drafts/DraftsPage';
import { XsrfField } from '../http/XsrfField';
import { PATHS } from '../paths';
import { IMAGE_FIELD } from '../shared/media-names';
import { shownAt } from '../shared/when';
import { ChoosingBar } from './ChoosingBar';
import { CHOOSING, type Choosing, choosingQuery } from './choosing';
import type { Photo } from './library-store';
import { photoUrls } from './photo-urls';
import type { WhereUsed } from './where-used';

/** The form fields of the library's two forms: the text the photo carries, and which photo for which use. */
export const PHOTO_FORM = { alt: 'alt', credit: 'credito', image: IMAGE_FIELD, kind: CHOOSING.kind } as const;

function TextFields({ photo, credit, prefix }: { photo: Photo; credit: boolean; prefix: string }) {
  return (
    <>
      <div className="nr-field">
        <label htmlFor={`${prefix}-alt`}>Texto alternativo</label>
        <textarea id={`${prefix}-alt`} name={PHOTO_FORM.alt} defaultValue={photo.alt} rows={2} maxLength={300} required />
      </div>
      {credit && (
        <div className="nr-field">
          <label htmlFor={`${prefix}-credito`}>Crédito</label>
          <input id={`${prefix}-credito`} name={PHOTO_FORM.credit} type="text" defaultValue={photo.credit} maxLength={200} />
        </div>
      )}
    </>
  );
}

/**
 * One photo of the library: the picture, its facts, where it is used (each
 * draft, marked when it is live, and how many kept revisions name it), then
 * what the person can do with it: use it in the draft the library was opened
 * from, with its alt text and credit editable for that use; and, for editors,
 * change its alt text and credit in every draft that uses it.
 */
export function PhotoPage({
  photo,
  used,
  choosing,
  mayDescribe,
  notice,
  xsrf,
}: {
  photo: Photo;
  used: WhereUsed;
  choosing: Choosing | null;
  mayDescribe: boolean;
  notice?: string;
  xsrf: string;
}) {
  return (
    <>
      <p>
        <a href={PATHS.photos(choosingQuery(choosing))}>← Todas as fotos</a>
      </p>
      <h1>Foto</h1>
      {choosing && <ChoosingBar choosing={choosing} />}
      {notice && (
        <p className="nr-notice" role="status">
          {notice}
        </p>
      )}
      <img className="nr-photo" src={photoUrls(photo).picture} alt={photo.alt} width={photo.width ?? 1200} height={photo.height ?? 675} />
      <p className="nr-meta">
        {photo.article
          ? `Publicada no site em ${shownAt(photo.uploadedAt)}, com o artigo abaixo.`
          : `${photo.width && photo.height ? `${photo.width}×${photo.height} pixels · ` : ''}enviada em ${shownAt(photo.uploadedAt)}${photo.uploadedBy.includes('@') ? ` por ${photo.uploadedBy}` : ''}`}
      </p>
      {choosing && (
        <form className="nr-form" method="post" action={PATHS.fromLibrary(choosing.draft.id)}>
          <h2>{choosing.kind === 'principal' ? 'Usar como imagem principal' : 'Pôr no texto'}</h2>
          <p className="nr-hint">
            {choosing.kind === 'principal'
              ? 'O texto alternativo e o crédito abaixo valem só para este rascunho: mude-os se a foto mostrar outra coisa nesta matéria.'
              : 'O texto alternativo abaixo vale só para este rascunho: mude-o se a foto mostrar outra coisa nesta matéria. A foto entra no fim do texto; mova-a depois para o lugar certo.'}
          </p>
          <XsrfField token={xsrf} />
          <input type="hidden" name={PHOTO_FORM.image} value={photo.name} />
          <input type="hidden" name={PHOTO_FORM.kind} value={choosing.kind} />
          <TextFields photo={photo} credit={choosing.kind === 'principal'} prefix="uso" />
          <button type="submit" className="nr-primary">
            Usar no rascunho
          </button>
        </form>
      )}
      <h2>Onde é usada</h2>
      {photo.article && (
        <p>
          No ar: <a href={articlePath(photo.article)}>{photo.article.title}</a>
        </p>
      )}
      {used.uses.length === 0 ? (
        <p>Nenhum rascunho usa esta foto agora.</p>
      ) : (
        <ul className="nr-list">
          {used.uses.map(({ draft, main, inText }) => (
            <li key={draft.id}>
              <a className="nr-row-title" href={PATHS.draft(draft.id)}>
                {draftTitle(draft)}
              </a>
              <p className="nr-meta">
                {[main && 'imagem principal', inText && 'no texto', draft.publishedVersion !== null && 'no ar'].filter(Boolean).join(' · ')}
              </p>
            </li>
          ))}
        </ul>
      )}
      {used.more && <p className="nr-meta">E em mais rascunhos: a lista mostra os mudados por último.</p>}
      {used.inRevisions > 0 && (
        <p className="nr-meta">
          {`Mais ${used.inRevisions} rascunho(s) a usavam antes e ainda a têm em revisões guardadas: a foto fica guardada enquanto alguma delas puder ser restaurada.`}
        </p>
      )}
      {!photo.article && used.uses.length === 0 && used.inRevisions === 0 && (
        <p className="nr-meta">Uma foto que nada usa é apagada da redação depois de uma semana, se ninguém a usar de novo antes.</p>
      )}
      {photo.article ? (
        <p className="nr-meta">
          Esta foto está só no site, com o artigo. Para trocar o texto alternativo ou o crédito, abra o artigo na redação (Editar) e
          publique de novo.
        </p>
      ) : mayDescribe ? (
        <form className="nr-form" method="post" action={PATHS.photo(photo.name)}>
          <h2>Trocar o texto alternativo e o crédito em todos os rascunhos</h2>
          <p className="nr-hint">
            Muda a foto na biblioteca e em cada rascunho que a usa. Um artigo no ar mostra a mudança no site quando for publicado de novo.
            Um rascunho que alguém salvar ao mesmo tempo fica como está, e esta página avisa.
          </p>
          <XsrfField token={xsrf} />
          <TextFields photo={photo} credit prefix="todos" />
          <button type="submit">Trocar em todos</button>
        </form>
      ) : (
        <p className="nr-meta">Só um editor troca o texto alternativo ou o crédito de uma foto em todos os rascunhos.</p>
      )}
    </>
  );
}
