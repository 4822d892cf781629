import { readBody } from '../content/body/body-html';
import { BodyTooComplexError } from '../content/body/body-parse';
import { MAX_BODY_BYTES } from '../content/body/html-policy';
import type { NewsItem } from '../content/schema/news-item';
import { publicationInstant } from '../content/schema/updated';
import { indexableText } from './highlight';
import type { SearchDocument } from './index-sql';

/**
 * What is indexed of each field, in characters. The body's first 20,000
 * characters (several times a long article) are searched; the bound keeps
 * one article's row within D1's limit on a statement's size when the
 * commands write it as one statement.
 */
export const INDEXED_CHARS = { titulo: 300, descricao: 1_000, corpo: 20_000 } as const;

/**
 * Changes whenever what a document holds for the same article would change
 * (how the body is read, what is indexed): every row then counts as stale,
 * and the next sync rewrites them all (`npm start`'s local sync, and
 * `npm run content:reindex -- --remote` after a deploy). 2: words folded with
 * NFKC (src/search/fold.ts), so "m²" is indexed as "m2".
 */
const DOCUMENT_FORMAT = 2;

const cut = (text: string, max: number) => Array.from(indexableText(text)).slice(0, max).join('');

/**
 * The text a reader sees in a body, read with the same parser and policy as
 * the page (src/content/body/body-html.ts); none for a body the page refuses (too
 * large or too complex: src/content/body/sanitize-html.ts).
 */
export function bodyText(html: string): string {
  if (new TextEncoder().encode(html).length > MAX_BODY_BYTES) return '';
  try {
    return readBody(html, { report: true }).text;
  } catch (error) {
    if (error instanceof BodyTooComplexError) return '';
    throw error;
  }
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The version of an article's document, known without reading its body: the
 * list entry names the body by its content hash (htmlPath), so the entry's
 * text changes whenever anything indexed does. `format` is for the tests,
 * which write rows as an earlier format did.
 */
export const documentVersion = (item: NewsItem, format = DOCUMENT_FORMAT) => sha256Hex(`${format}\n${JSON.stringify(item)}`);

/** An article's search document, from its list entry and its body's HTML (null when the body is missing: title and summary only). */
export async function searchDocument(item: NewsItem, body: string | null): Promise<SearchDocument> {
  const published = publicationInstant(item.data);
  if (published === null) throw new Error(`"${item.slug}" has an invalid data "${item.data}"`);
  return {
    slug: item.slug,
    published,
    item: JSON.stringify(item),
    // Without its body the document is incomplete: a version no entry has, so the next sync writes it again.
    version: body === null ? 'body-missing' : await documentVersion(item),
    titulo: cut(item.titulo, INDEXED_CHARS.titulo),
    descricao: cut(item.descricao, INDEXED_CHARS.descricao),
    corpo: body === null ? '' : cut(bodyText(body), INDEXED_CHARS.corpo),
  };
}
