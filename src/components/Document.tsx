import type { ReactNode } from 'react';
import { CONSENT_ROOT_ID, ConsentBanner } from '../../client/islands/ConsentBanner';
import { clientAssets } from '../client-assets';
import type { SiteConfig } from '../config';
import type { PageHead } from '../render/page-head';
import { Footer } from './Footer';
import { Header } from './Header';

interface DocumentProps {
  site: SiteConfig;
  head: PageHead;
  /** The request path, for the active menu item and the default canonical URL. */
  path: string;
  children: ReactNode;
}

/** The cookie domain for the site: its host without a leading "www.". */
function siteDomain(url: string): string {
  return new URL(url).hostname.replace(/^www\./, '');
}

/** The whole HTML document: head, header, the page's content and footer. */
export function Document({ site, head, path, children }: DocumentProps) {
  const title = head.title
    ? `${head.title} | ${site.name}`
    : `${site.name}: notícias de imóveis, decoração e arquitetura`;
  const canonicalPath = head.canonicalPath === undefined ? path : head.canonicalPath;
  const canonical = canonicalPath === null ? null : `${site.url}${canonicalPath}`;
  const image = head.image && (head.image.startsWith('/') ? `${site.url}${head.image}` : head.image);
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={head.description} />
        {canonical ? <link rel="canonical" href={canonical} /> : <meta name="robots" content="noindex" />}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <meta name="theme-color" content="#0f5c5a" />
        <meta property="og:site_name" content={site.name} />
        <meta property="og:locale" content="pt_BR" />
        <meta property="og:type" content={head.type ?? 'website'} />
        <meta property="og:title" content={head.title ?? site.name} />
        <meta property="og:description" content={head.description} />
        {canonical && <meta property="og:url" content={canonical} />}
        {image && <meta property="og:image" content={image} />}
        <link rel="stylesheet" href={clientAssets.styles} />
        <script type="module" src={clientAssets.boot} />
      </head>
      <body data-ads-client={site.ads.client} data-ads-script={site.ads.scriptUrl} data-site-domain={siteDomain(site.url)}>
        <a className="skip-link" href="#conteudo">
          Pular para o conteúdo
        </a>
        <Header site={site} path={path} />
        <main id="conteudo" tabIndex={-1}>
          {children}
        </main>
        <Footer site={site} />
        <div id={CONSENT_ROOT_ID}>
          <ConsentBanner />
        </div>
      </body>
    </html>
  );
}
