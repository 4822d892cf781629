import { AUTHOR_TEXT } from '#src/content/schema/author-schema.ts';
import type { Author } from '#src/content/schema/authors.ts';
import { thumbnailPath } from '#src/seo/urls.ts';
import { XsrfField } from '../http/XsrfField';
import { PATHS } from '../paths';
import { AUTHOR_PHOTO_FIELDS, AUTHOR_PHOTO_SIZE } from '../shared/author-photo';

/** What an author's form shows: the registry's text, or what the editor sent when it was refused. */
export interface AuthorForm {
  slug: string;
  nome: string;
  cargo: string;
  bio: string;
}

/**
 * The photo: the site's (or a word that there is none), a picker whose file
 * the page crops and reduces before the form is sent (client/newsroom/author-photo.ts,
 * which draws the result in the canvas), and a box to take it away.
 */
function PhotoField({ id, photo }: { id: string; photo?: string }) {
  return (
    <div className="nr-field">
      <label htmlFor={`${id}-foto`}>Foto</label>
      <p className="nr-hint" id={`${id}-foto-dica`}>
        JPEG, PNG, WebP ou AVIF, de {AUTHOR_PHOTO_SIZE}×{AUTHOR_PHOTO_SIZE} pixels ou mais. A página recorta o centro num quadrado e o reduz
        antes de enviar.{photo ? ' A foto atual fica se você não escolher outra.' : ''}
      </p>
      <div className="nr-author-photo">
        {photo ? (
          <img src={thumbnailPath(photo)} width={64} height={64} alt="Foto atual" data-author-photo-current="" />
        ) : (
          <span className="nr-hint" data-author-photo-current="">
            Sem foto: o site mostra as iniciais.
          </span>
        )}
        <canvas width={AUTHOR_PHOTO_SIZE} height={AUTHOR_PHOTO_SIZE} hidden role="img" aria-label="Foto nova" />
      </div>
      <input
        id={`${id}-foto`}
        name={AUTHOR_PHOTO_FIELDS.file}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif"
        data-author-photo={`${id}-foto-estado`}
        aria-describedby={`${id}-foto-dica ${id}-foto-estado`}
      />
      <p className="nr-upload-state" id={`${id}-foto-estado`} aria-live="polite" />
      {photo && (
        <label className="nr-remove-photo">
          <input type="checkbox" name={AUTHOR_PHOTO_FIELDS.remove} value="sim" /> Tirar a foto (o site mostra as iniciais)
        </label>
      )}
    </div>
  );
}

/** The three fields, with the limits the site holds them to, and the photo. */
function AuthorFields({ id, author, photo }: { id: string; author?: Partial<AuthorForm>; photo?: string }) {
  return (
    <>
      <div className="nr-field">
        <label htmlFor={`${id}-nome`}>Nome (como aparece na assinatura)</label>
        <input id={`${id}-nome`} name="nome" type="text" required defaultValue={author?.nome ?? ''} maxLength={AUTHOR_TEXT.nome.max} />
      </div>
      <div className="nr-field">
        <label htmlFor={`${id}-cargo`}>Cargo</label>
        <p className="nr-hint" id={`${id}-cargo-dica`}>
          Aparece embaixo do nome, p. ex. "Repórter de mercado imobiliário". De {AUTHOR_TEXT.cargo.min} a {AUTHOR_TEXT.cargo.max}{' '}
          caracteres.
        </p>
        <input
          id={`${id}-cargo`}
          name="cargo"
          type="text"
          required
          defaultValue={author?.cargo ?? ''}
          maxLength={AUTHOR_TEXT.cargo.max}
          aria-describedby={`${id}-cargo-dica`}
        />
      </div>
      <div className="nr-field">
        <label htmlFor={`${id}-bio`}>Biografia</label>
        <p className="nr-hint" id={`${id}-bio-dica`}>
          Texto simples da página do autor, de {AUTHOR_TEXT.bio.min} a {AUTHOR_TEXT.bio.max} caracteres.
        </p>
        <textarea
          id={`${id}-bio`}
          name="bio"
          rows={5}
          required
          defaultValue={author?.bio ?? ''}
          maxLength={AUTHOR_TEXT.bio.max}
          aria-describedby={`${id}-bio-dica`}
        />
      </div>
      <PhotoField id={id} photo={photo} />
    </>
  );
}

/**
 * The authors who sign the site's articles, for editors: each one's text,
 * saved straight to the site, and a form to add one. A refused form comes back
 * with what was sent and the problem above it.
 */
export function AuthorsPage({
  authors,
  unreadable = false,
  xsrf,
  notice,
  problem,
  sent,
}: {
  authors: readonly Author[];
  /** The site's authors could not be read now: the list is empty for that reason, not because there are none. */
  unreadable?: boolean;
  xsrf: string;
  notice?: string;
  /** Why the form in `sent` was refused. */
  problem?: string;
  /** What the refused form held: an author's slug, or "" for a new one. */
  sent?: AuthorForm;
}) {
  const problemLine = (slug: string) =>
    problem !== undefined && sent?.slug === slug ? (
      <p className="nr-problem" role="alert">
        {problem}
      </p>
    ) : null;
  return (
    <>
      <h1>Autores</h1>
      <p>
        Quem assina os artigos do site. Salvar publica na hora: a assinatura, a página do autor e os artigos dele mostram o texto e a foto
        novos.
      </p>
      {notice && (
        <p className="nr-notice" role="status">
          {notice}
        </p>
      )}
      {unreadable && (
        <p className="nr-problem" role="alert">
          Os autores do site não puderam ser lidos agora. Recarregue a página daqui a pouco para editá-los.
        </p>
      )}
      {/* A refused edit of an author the list no longer holds: its form is gone, so the problem is said here. */}
      {sent !== undefined && sent.slug !== '' && !authors.some((author) => author.slug === sent.slug) && problemLine(sent.slug)}
      <ul className="nr-list">
        {authors.map((author) => (
          <li key={author.slug}>
            <details open={sent?.slug === author.slug}>
              <summary>
                <strong>{author.nome}</strong> · {author.cargo}
              </summary>
              <form method="post" action={PATHS.author(author.slug)} encType="multipart/form-data" className="nr-form">
                <XsrfField token={xsrf} />
                {problemLine(author.slug)}
                <AuthorFields id={`autor-${author.slug}`} author={sent?.slug === author.slug ? sent : author} photo={author.foto} />
                <button type="submit" className="nr-primary">
                  Salvar e publicar {author.nome}
                </button>
              </form>
            </details>
          </li>
        ))}
      </ul>
      <h2>Novo autor</h2>
      <form method="post" action={PATHS.authors} encType="multipart/form-data" className="nr-form">
        <XsrfField token={xsrf} />
        {problemLine('')}
        <AuthorFields id="novo-autor" author={sent?.slug === '' ? sent : undefined} />
        <button type="submit" className="nr-primary">
          Adicionar e publicar
        </button>
      </form>
    </>
  );
}
