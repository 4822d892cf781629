/**
 * Offline checks of the pages' JSON-LD against what Google's rich results need
 * (https://developers.google.com/search/docs/appearance/structured-data/article):
 * typed, so a missing property is a compile error in the builders and a
 * failure here if a page stops emitting it.
 */
type Node = Record<string, unknown> & { '@type'?: string };

const isAbsoluteUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\/[^/]+\//.test(value);
const isIsoDate = (value: unknown) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}(T.*)?$/.test(value);
/** Google Discover's large previews need 1200 px; an ImageObject states its size, a bare URL cannot be checked here. */
const isLargeImage = (value: unknown) => {
  if (isAbsoluteUrl(value)) return true;
  const image = value as Node | null;
  return (
    typeof image === 'object' &&
    image !== null &&
    image['@type'] === 'ImageObject' &&
    isAbsoluteUrl(image.url) &&
    Number(image.width) >= 1200 &&
    Number(image.height) > 0
  );
};
const isText = (value: unknown, max = Infinity) => typeof value === 'string' && value.trim().length > 0 && value.length <= max;

function jsonLdNodes(html: string): Node[] {
  const nodes: Node[] = [];
  for (const match of html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)) {
    const data = JSON.parse(match[1]!) as { '@context'?: string; '@graph'?: Node[] };
    if (data['@context'] !== 'https://schema.org') throw new Error('JSON-LD without the schema.org @context');
    nodes.push(...(data['@graph'] ?? [data as Node]));
  }
  return nodes;
}

function checkOrganization(node: Node, problems: string[], where: string): void {
  if (!isText(node.name)) problems.push(`${where}: organization without name`);
  if (!isAbsoluteUrl(node.url)) problems.push(`${where}: organization url is not absolute`);
  const logo = node.logo as Node | undefined;
  if (!logo || !isAbsoluteUrl(logo.url)) problems.push(`${where}: organization logo url is not absolute`);
}

/** Problems with one page's structured data; `expected` names the types the page must carry. */
export function checkStructuredData(html: string, expected: string[]): string[] {
  const problems: string[] = [];
  let nodes: Node[];
  try {
    nodes = jsonLdNodes(html);
  } catch (error) {
    return [`invalid JSON-LD: ${(error as Error).message}`];
  }
  const types = nodes.map((node) => node['@type']);
  for (const type of expected) if (!types.includes(type)) problems.push(`missing ${type}`);
  for (const node of nodes) {
    switch (node['@type']) {
      case 'NewsArticle': {
        if (!isText(node.headline, 110)) problems.push('NewsArticle: headline missing or over 110 characters');
        if (!Array.isArray(node.image) || !node.image.every(isLargeImage))
          problems.push('NewsArticle: image must be absolute URLs, or ImageObjects at least 1200 px wide with their size');
        if (!isIsoDate(node.datePublished)) problems.push('NewsArticle: datePublished is not ISO 8601');
        const author = node.author as Node | undefined;
        if (!author || !isText(author.name)) problems.push('NewsArticle: author without name');
        else if (author['@type'] === 'Person' && !isAbsoluteUrl(author.url))
          problems.push('NewsArticle: author Person without an absolute url');
        checkOrganization((node.publisher ?? {}) as Node, problems, 'NewsArticle publisher');
        break;
      }
      case 'BreadcrumbList': {
        const items = (node.itemListElement ?? []) as Node[];
        if (items.length < 2) problems.push('BreadcrumbList: fewer than 2 items');
        items.forEach((item, index) => {
          if (item.position !== index + 1) problems.push(`BreadcrumbList: item ${index + 1} has position ${String(item.position)}`);
          if (!isText(item.name) || !isAbsoluteUrl(item.item))
            problems.push(`BreadcrumbList: item ${index + 1} needs name and absolute item URL`);
        });
        break;
      }
      case 'NewsMediaOrganization':
      case 'Organization':
        checkOrganization(node, problems, 'Organization');
        break;
      case 'Person':
        if (!isText(node.name) || !isAbsoluteUrl(node.url)) problems.push('Person: needs name and absolute url');
        break;
      case 'WebApplication':
        if (!isText(node.name) || !isAbsoluteUrl(node.url)) problems.push('WebApplication: needs name and absolute url');
        if (!isText(node.applicationCategory)) problems.push('WebApplication: needs applicationCategory');
        if (!isText(node.operatingSystem)) problems.push('WebApplication: needs operatingSystem');
        break;
      case 'WebSite':
        if (!isText(node.name) || !isAbsoluteUrl(node.url)) problems.push('WebSite: needs name and absolute url');
        break;
      default:
        problems.push(`unexpected type ${String(node['@type'])}`);
    }
  }
  return problems;
}
