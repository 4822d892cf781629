import { AdSlot } from '../components/AdSlot';
import { AuthorAvatar } from '../components/AuthorAvatar';
import { CardGrid } from '../components/cards/CardGrid';
import type { RenderedCards } from '../components/cards/render-cards';
import { ResponsiveImage } from '../components/ResponsiveImage';
import { ShareLinks } from '../components/ShareLinks';
import { ThemeLinks } from '../components/ThemeLinks';
import type { ReadyBody } from '../content/body/sanitize-html';
import type { Author } from '../content/schema/authors';
import type { NewsEntry } from '../content/schema/news-item';
import { themesOf } from '../content/schema/themes';
import { updatedIso } from '../content/schema/updated';
import { formatLongDate } from '../lib/dates';
import { absoluteUrl, articlePath, collectionPath } from '../seo/urls';
import type { SiteConfig } from '../site/config';

interface ArticlePageProps {
  site: SiteConfig;
  item: NewsEntry;
  /** The sanitized body and its reading time. */
  body: ReadyBody;
  /** The related articles' cards. */
  related: RenderedCards;
  /** Who signs it: its `autor`, else the site's editor. */
  author: Author;
}

/** The caption's credit when the editor gives none. */
const DEFAULT_CREDIT = 'Reprodução/Internet';

/** A credit that carries its own label ("Foto: …", "Ilustração: …") is shown as written. */
const LABELLED = /^\p{L}+(?: \p{L}+){0,2}: \S/u;

/** The image caption: "Imagem: <credito>", or the credit as written when it has its own label. */
const imageCredit = (credito: string | undefined) =>
  credito === undefined ? `Imagem: ${DEFAULT_CREDIT}` : LABELLED.test(credito) ? credito : `Imagem: ${credito}`;

/** The correction note's anchor: the meta line's "Atualizado em" links to it. */
const CORRECTION_ID = 'correcao';

/** Article page (docs/product.md §2): meta line, title, lead, author, image, body, related articles. */
export function ArticlePage({ site, item, body, related, author }: ArticlePageProps) {
  // When it was corrected: the meta line and the correction note show the same date.
  const correctedAt = item.atualizado !== undefined && item.updated && (
    <time dateTime={updatedIso(item.atualizado)}>{formatLongDate(item.updated)}</time>
  );
  // A correction's note under the body, which the meta line links to: the link, the note and the body's
  // deferral (below) all follow this one flag.
  const corrected = item.correcao !== undefined && Boolean(correctedAt);
  return (
    <>
      <article className="container article">
        <nav className="breadcrumb" aria-label="Você está em">
          <ol>
            <li>
              <a href="/">Home</a>
            </li>
            <li>
              <a href="/#postagens">Notícias</a>
            </li>
            <li aria-current="page">{item.titulo}</li>
          </ol>
        </nav>
        <header className="article-header">
          <p className="article-meta">
            <time dateTime={updatedIso(item.data)}>{formatLongDate(item.date)}</time>
            <span aria-hidden="true"> · </span>
            {correctedAt && (
              <>
                <span className="article-updated">
                  {corrected ? <a href={`#${CORRECTION_ID}`}>Atualizado em {correctedAt}</a> : <>Atualizado em {correctedAt}</>}
                </span>
                <span aria-hidden="true"> · </span>
              </>
            )}
            <span>{body.readingMinutes} min de leitura</span>
          </p>
          <h1>{item.titulo}</h1>
          {item.subtitulo !== undefined && <p className="article-subtitle">{item.subtitulo}</p>}
          <p className="article-lead">{item.descricao}</p>
          <div className="author">
            <AuthorAvatar author={author} size={44} />
            <p>
              <span className="author-name">
                Por <a href={collectionPath('autor', author.slug)}>{author.nome}</a>
              </span>
              <span className="author-role">{author.cargo}</span>
            </p>
          </div>
        </header>
        <figure className="article-figure">
          <ResponsiveImage item={item} sizes="(min-width: 800px) 720px, calc(100vw - 40px)" priority="high" />
          <figcaption>{imageCredit(item.credito)}</figcaption>
        </figure>
        {/* Its later blocks wait for the reader (deferred-blocks), unless the correction's note follows: the meta
            line's link scrolls to it, and a scroll past deferred blocks stops in the wrong place. */}
        <div
          className={corrected ? 'prose article-body' : 'prose deferred-blocks article-body'}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the body comes out of the sanitizer (src/content/body/sanitize-html.ts)
          dangerouslySetInnerHTML={{ __html: body.html }}
        />
        {corrected && (
          <div className="article-correction" id={CORRECTION_ID}>
            <p className="article-correction-title">
              Correção <span aria-hidden="true">·</span> {correctedAt}
            </p>
            <p>{item.correcao}</p>
          </div>
        )}
        <ThemeLinks themes={themesOf(item)} label="Temas desta notícia" className="article-themes" />
        <ShareLinks url={absoluteUrl(site, articlePath(item))} title={item.titulo} />
        <AdSlot ads={site.ads} placement="article" />
      </article>
      {related.count > 0 && (
        <section className="related" aria-labelledby="relacionados">
          <div className="container">
            <h2 id="relacionados" className="section-title">
              Artigos Relacionados
            </h2>
            <CardGrid cards={related} className="card-grid card-grid-related" />
          </div>
        </section>
      )}
    </>
  );
}
