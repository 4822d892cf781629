import { escapeXml } from '../lib/escape-xml';
import { absoluteUrl, SEARCH_PATH } from '../seo/urls';
import type { SiteConfig } from '../site/config';

/**
 * The site's OpenSearch description (https://github.com/dewitt/opensearch):
 * browsers offer the site's search from the address bar. `{searchTerms}` is
 * filled in by the browser; the page does the rest (src/routes/search.tsx).
 */
export function openSearchXml(site: SiteConfig): string {
  const template = `${absoluteUrl(site, SEARCH_PATH)}?q={searchTerms}`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">',
    `  <ShortName>${escapeXml(site.name)}</ShortName>`,
    `  <Description>${escapeXml(`Busca nas notícias do ${site.name}`)}</Description>`,
    '  <InputEncoding>UTF-8</InputEncoding>',
    '  <Language>pt-BR</Language>',
    `  <Image width="192" height="192" type="image/png">${escapeXml(absoluteUrl(site, '/icon-192.png'))}</Image>`,
    `  <Url type="text/html" method="get" template="${escapeXml(template)}"/>`,
    '</OpenSearchDescription>',
    '',
  ].join('\n');
}
