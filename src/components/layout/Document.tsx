import type { ReactNode } from 'react';
import { CONSENT_ROOT_ID } from '#shared/banner-ids.ts';
import { ConsentBanner } from '#shared/ConsentBanner.tsx';
import { SITE_DOMAIN_ATTRIBUTE } from '#shared/consent-cookie.ts';
import { BANNER_SCRIPT, BOOT_LOADER_SCRIPT, BOOT_URL_ATTRIBUTE } from '#shared/inline-scripts.ts';
import { jsonLd } from '#src/seo/structured-data.ts';
import { absoluteUrl, DEFAULT_SHARE_IMAGE, FEED_PATH, ROUTES } from '#src/seo/urls.ts';
import { clientAssets } from '#src/site/client-assets.ts';
import type { SiteConfig } from '#src/site/config.ts';
import { BRAND_ICON } from './brand-drawing';
import { Footer } from './Footer';
import { Header } from './Header';
import type { PageHead } from './page-head';
import { SpeculationRules } from './SpeculationRules';

interface DocumentProps {
  site: SiteConfig;
  head: PageHead;
  /** The request path, for the active menu item and the default canonical URL. */
  path: string;
  children: ReactNode;
  /** A newsroom preview's bar above the page, with its stylesheet (src/newsroom/preview/): never on a reader's page. */
  preview?: { bar: ReactNode; stylesheet: string };
}

/** The cookie domain for the site: its host without a leading "www.". */
function siteDomain(url: string): string {
  return new URL(url).hostname.replace(/^www\./, '');
}

/** Search results show about 70 characters of a title. */
const TITLE_BUDGET = 70;

/** "Page | Brand" when it fits the budget, else the page title alone (it matters more). */
function documentTitle(brand: string, page?: string): string {
  if (!page) return `${brand}: notícias de imóveis, decoração e arquitetura`;
  const branded = `${page} | ${brand}`;
  return branded.length <= TITLE_BUDGET ? branded : page;
}

/** The whole HTML document: head, header, the page's content and footer. */
export function Document({ site, head, path, children, preview }: DocumentProps) {
  const title = documentTitle(site.name, head.title);
  const canonicalPath = head.canonicalPath === undefined ? path : head.canonicalPath;
  const canonical = canonicalPath === null ? null : absoluteUrl(site, canonicalPath);
  const image = head.image ?? DEFAULT_SHARE_IMAGE;
  const imageUrl = absoluteUrl(site, image.path);
  const stylesheet = clientAssets.stylesheets[head.stylesheet ?? 'all'];
  const shareTitle = head.share?.title ?? head.title ?? site.name;
  const shareDescription = head.share?.description ?? head.description;
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={head.description} />
        {canonical ? <link rel="canonical" href={canonical} /> : <meta name="robots" content="noindex" />}
        {canonical && head.robots && <meta name="robots" content={head.robots} />}
        <link rel="icon" href={BRAND_ICON} type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        {/* The manifest's link is added by the boot script, after the largest paint (client/manifest-link.ts). */}
        <meta name="theme-color" content="#0f5c5a" />
        <link rel="alternate" type="application/rss+xml" title={`${site.name}: últimas notícias`} href={FEED_PATH} />
        <link rel="search" type="application/opensearchdescription+xml" title={site.name} href={ROUTES.openSearch} />
        <meta property="og:site_name" content={site.name} />
        <meta property="og:locale" content="pt_BR" />
        <meta property="og:type" content={head.type ?? 'website'} />
        <meta property="og:title" content={shareTitle} />
        <meta property="og:description" content={shareDescription} />
        {canonical && <meta property="og:url" content={canonical} />}
        <meta property="og:image" content={imageUrl} />
        <meta property="og:image:width" content={String(image.width)} />
        <meta property="og:image:height" content={String(image.height)} />
        {head.image?.alt && <meta property="og:image:alt" content={head.image.alt} />}
        {head.publishedDate && <meta property="article:published_time" content={head.publishedDate} />}
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={shareTitle} />
        <meta name="twitter:description" content={shareDescription} />
        <meta name="twitter:image" content={imageUrl} />
        {stylesheet.inline === undefined ? (
          <link rel="stylesheet" href={stylesheet.href} />
        ) : (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own stylesheet, from the build, allowed by its hash in the CSP
          <style dangerouslySetInnerHTML={{ __html: stylesheet.inline }} />
        )}
        {preview && <link rel="stylesheet" href={preview.stylesheet} />}
        <SpeculationRules />
        {head.jsonLd && head.jsonLd.length > 0 && (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a data block, serialized with every < escaped (src/seo/structured-data.ts)
          <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(head.jsonLd) }} />
        )}
      </head>
      <body
        data-ads-client={site.ads.client}
        data-ads-script={site.ads.scriptUrl}
        {...{ [SITE_DOMAIN_ATTRIBUTE]: siteDomain(site.url), [BOOT_URL_ATTRIBUTE]: clientAssets.boot }}
      >
        {preview?.bar}
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
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours, allowed by its hash in the CSP */}
        <script dangerouslySetInnerHTML={{ __html: BANNER_SCRIPT }} />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours, allowed by its hash in the CSP */}
        <script dangerouslySetInnerHTML={{ __html: BOOT_LOADER_SCRIPT }} />
      </body>
    </html>
  );
}
