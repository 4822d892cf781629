import type { DraftFields } from '../shared/draft-input';
import { IMAGE_FIELD } from '../shared/media-names';
import { cutForCard, SHARE_CUTS, type ShareCard, shareCardOf } from '../shared/share-card';

/** Which card a text or image belongs to: the client script (client/newsroom/share-preview.ts) rewrites them by these names. */
type App = keyof typeof SHARE_CUTS;

function CardImage({ app, image }: { app: App; image: string | null }) {
  return (
    <span className="nr-share-frame">
      <img data-share-image={app} src={image ?? undefined} alt="" hidden={image === null} width={400} height={209} />
      <span data-share-no-image={app} className="nr-share-empty" hidden={image !== null}>
        Sem imagem principal: o link mostra a imagem padrão do site
      </span>
    </span>
  );
}

/** A card with its texts under the image (WhatsApp's, Facebook's): the address after them, or above them as Facebook writes it. */
function TextCard({
  app,
  name,
  card,
  host,
  hostFirst = false,
}: {
  app: 'whatsapp' | 'facebook';
  name: string;
  card: ShareCard;
  host: string;
  hostFirst?: boolean;
}) {
  const address = <span className="nr-share-host">{host}</span>;
  return (
    <figure className={`nr-share-card nr-share-${app}`}>
      <figcaption>{name}</figcaption>
      <span className="nr-share-bubble">
        <CardImage app={app} image={card.image} />
        <span className="nr-share-text">
          {hostFirst && address}
          <strong data-share-title={app}>{cutForCard(card.title, SHARE_CUTS[app].title)}</strong>
          <span data-share-description={app}>{cutForCard(card.description, SHARE_CUTS[app].description)}</span>
          {!hostFirst && address}
        </span>
      </span>
    </figure>
  );
}

/**
 * The link to the article as WhatsApp, Facebook and X draw it from the page's
 * `og:` and `twitter:` tags (shared/share-card.ts): the image in their 1.91:1
 * frame, the title and description cut where they cut them, the site's
 * address. Rendered from the saved draft, so it shows without JavaScript;
 * the script redraws it as the journalist types.
 *
 * `shareImage` says whether the saved main image has its share image; when it
 * has none, the section names it (`data-no-share-image`) so the script does
 * not look for one.
 */
export function SharePreview({ fields, host, shareImage }: { fields: DraftFields; host: string; shareImage: boolean }) {
  const card = shareCardOf(fields, () => shareImage);
  const image = fields[IMAGE_FIELD];
  return (
    <section
      className="nr-share"
      aria-labelledby="compartilhar-titulo"
      data-share-preview
      data-no-share-image={!shareImage && typeof image === 'string' ? image : undefined}
    >
      <h2 id="compartilhar-titulo">O link compartilhado</h2>
      <p className="nr-hint">
        Como o link desta notícia aparece numa conversa ou numa rede: o título e a descrição para compartilhar, se preenchidos, senão o
        título e o resumo. Os aplicativos guardam a prévia de um link por dias: confira antes de publicar.
      </p>
      <div className="nr-share-cards">
        <TextCard app="whatsapp" name="WhatsApp" card={card} host={host} />
        <TextCard app="facebook" name="Facebook" card={card} host={host.toUpperCase()} hostFirst />
        <figure className="nr-share-card nr-share-x">
          <figcaption>X</figcaption>
          <span className="nr-share-bubble">
            <CardImage app="x" image={card.image} />
            <strong className="nr-share-overlay" data-share-title="x">
              {cutForCard(card.title, SHARE_CUTS.x.title)}
            </strong>
          </span>
          <span className="nr-share-host">De {host}</span>
        </figure>
      </div>
    </section>
  );
}
