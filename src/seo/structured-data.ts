import type {
  BreadcrumbList,
  ImageObject,
  NewsArticle,
  Organization,
  Person,
  SearchAction,
  Thing,
  WebApplication,
  WebSite,
  WithActionConstraints,
} from 'schema-dts';
import type { Author } from '../content/schema/authors';
import type { NewsItem } from '../content/schema/news-item';
import { updatedIso } from '../content/schema/updated';
import type { SiteConfig } from '../site/config';
import { articleImage1200 } from './share-image';
import { absoluteUrl, articlePath, collectionPath, LOGO, SEARCH_PATH, SIMULATOR_PATH } from './urls';

/** Stable node ids, so the nodes of one page's graph can refer to each other. */
const organizationId = (site: SiteConfig) => `${site.url}/#organization`;
const websiteId = (site: SiteConfig) => `${site.url}/#website`;

export function organization(site: SiteConfig): Organization {
  return {
    '@type': 'NewsMediaOrganization',
    '@id': organizationId(site),
    name: site.name,
    url: absoluteUrl(site, '/'),
    logo: { '@type': 'ImageObject', url: absoluteUrl(site, LOGO.path), width: `${LOGO.width}`, height: `${LOGO.height}` },
    email: site.contactEmail,
    sameAs: site.social.map((network) => network.url),
  };
}

export function website(site: SiteConfig): WebSite {
  return {
    '@type': 'WebSite',
    '@id': websiteId(site),
    name: site.name,
    url: absoluteUrl(site, '/'),
    inLanguage: 'pt-BR',
    description: site.tagline,
    publisher: { '@id': organizationId(site) },
    potentialAction: searchAction(site),
  };
}

/** The site's search (/busca), as schema.org's SearchAction: `{search_term_string}` stands for the words. */
function searchAction(site: SiteConfig): WithActionConstraints<SearchAction> {
  return {
    '@type': 'SearchAction',
    target: { '@type': 'EntryPoint', urlTemplate: `${absoluteUrl(site, SEARCH_PATH)}?q={search_term_string}` },
    'query-input': 'required name=search_term_string',
  };
}

/**
 * The article's image as Google's Article guidance asks: an ImageObject at
 * least 1200 px wide with its true size, in a shape Google lists (16:9; the
 * 1.91:1 share image of og:image is not one of them).
 */
function articleImage(site: SiteConfig, item: NewsItem): ImageObject {
  const { path, width, height } = articleImage1200(item);
  return { '@type': 'ImageObject', url: absoluteUrl(site, path), width: `${width}`, height: `${height}` };
}

/** Google's NewsArticle: headline, image, dates (modified: `atualizado`, else `data`), the correction note, author and publisher with logo. */
export function newsArticle(site: SiteConfig, item: NewsItem, author: Author): NewsArticle {
  const url = absoluteUrl(site, articlePath(item));
  return {
    '@type': 'NewsArticle',
    '@id': `${url}#article`,
    mainEntityOfPage: url,
    headline: item.titulo,
    description: item.descricao,
    image: [articleImage(site, item)],
    datePublished: updatedIso(item.data),
    dateModified: updatedIso(item.atualizado ?? item.data),
    ...(item.correcao !== undefined && item.atualizado !== undefined
      ? { correction: { '@type': 'CorrectionComment', text: item.correcao, datePublished: updatedIso(item.atualizado) } }
      : {}),
    inLanguage: 'pt-BR',
    author: person(site, author),
    publisher: organization(site),
    isPartOf: { '@id': websiteId(site) },
  };
}

/** A reader's tool as its WebApplication names it: where it is, what it is called, what it does. */
export interface ToolDescription {
  path: string;
  name: string;
  description: string;
}

/** The financing simulator, the first of the reader's tools. */
export const SIMULATOR_TOOL: ToolDescription = {
  path: SIMULATOR_PATH,
  name: 'Simulador de financiamento imobiliário',
  description: 'Calcula as parcelas, os juros e a tabela de amortização de um financiamento imobiliário nos sistemas SAC e Price.',
};

/**
 * A reader's tool (the financing simulator, rent or buy, the costs of buying)
 * as schema.org's WebApplication (the type Google's software-app guidance
 * names for a web tool), a free FinanceApplication that runs in any browser,
 * made by the site's organization.
 */
export function webApplication(site: SiteConfig, tool: ToolDescription = SIMULATOR_TOOL): WebApplication {
  return {
    '@type': 'WebApplication',
    '@id': `${absoluteUrl(site, tool.path)}#app`,
    name: tool.name,
    url: absoluteUrl(site, tool.path),
    description: tool.description,
    applicationCategory: 'FinanceApplication',
    operatingSystem: 'Qualquer navegador',
    browserRequirements: 'Funciona sem JavaScript',
    inLanguage: 'pt-BR',
    isAccessibleForFree: true,
    offers: { '@type': 'Offer', price: '0', priceCurrency: 'BRL' },
    publisher: { '@id': organizationId(site) },
    isPartOf: { '@id': websiteId(site) },
  };
}

/** An author as schema.org's Person, with the address of their page. */
export function person(site: SiteConfig, author: Author): Person {
  return {
    '@type': 'Person',
    '@id': `${absoluteUrl(site, collectionPath('autor', author.slug))}#person`,
    name: author.nome,
    jobTitle: author.cargo,
    url: absoluteUrl(site, collectionPath('autor', author.slug)),
    ...(author.bio ? { description: author.bio } : {}),
  };
}

/** Home › a list's page (an author's, a theme's): the trail of an author or theme page. */
export function listBreadcrumbs(site: SiteConfig, name: string, path: string): BreadcrumbList {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: 'Home', item: absoluteUrl(site, '/') },
      { '@type': 'ListItem', position: 2, name, item: absoluteUrl(site, path) },
    ],
  };
}

export function articleBreadcrumbs(site: SiteConfig, item: NewsItem): BreadcrumbList {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: 'Home', item: absoluteUrl(site, '/') },
      { '@type': 'ListItem', position: 2, name: item.titulo, item: absoluteUrl(site, articlePath(item)) },
    ],
  };
}

/**
 * The JSON-LD script body for a page's nodes. `<` is escaped so no value can
 * close the script element early.
 */
export function jsonLd(nodes: readonly Thing[]): string {
  return JSON.stringify({ '@context': 'https://schema.org', '@graph': nodes }).replace(/</g, '\\u003c');
}
