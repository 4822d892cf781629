import { createReadStream } from 'node:fs';
import { characterEntitiesHtml4 } from 'character-entities-html4';
import { SaxesParser, type SaxesTagNS } from 'saxes';

/**
 * A WordPress export (WXR, the XML file of Ferramentas → Exportar), read as a
 * stream: one entry at a time, in the file's order, the file read only as
 * fast as the entries are taken (the stream is pulled chunk by chunk, and a
 * chunk is parsed only once every entry of the one before has been taken), so
 * a 100 MB export never sits in memory. [saxes](https://github.com/lddubeau/saxes)
 * parses it: a streaming, non-recursive, namespace-aware XML parser.
 *
 * WXR is RSS 2.0 with WordPress's namespaces: `wp:` (whose address names the
 * format's version, `http://wordpress.org/export/1.2/`, `1.1/` or `1.0/`, all
 * read alike), `content:` and `excerpt:` for a post's body and excerpt, `dc:`
 * for its author. Elements are matched by namespace address, never by prefix.
 * Texts are given as the file has them once read as XML (CDATA and entities
 * resolved): WordPress writes titles and term names HTML-escaped, so a title
 * may still hold `&amp;` (wp-fields.ts, plainText, makes text of it).
 * Tolerated, as WordPress's own importer tolerates them: a byte order mark,
 * HTML's named entities outside CDATA (`&eacute;`, which older exports
 * have), and control characters XML forbids (pasted from Word into a post:
 * invisible, and dropped).
 */

export interface WxrSite {
  title: string;
  link: string;
  baseSiteUrl: string;
  baseBlogUrl: string;
  language: string;
}

export interface WxrAuthor {
  id: number;
  login: string;
  email: string;
  displayName: string;
  firstName: string;
  lastName: string;
}

export interface WxrTerm {
  /** `category`, `post_tag`, or another taxonomy (`nav_menu`, a plugin's). */
  taxonomy: string;
  /** Percent-decoded (`constru%c3%a7%c3%a3o` → `construção`). */
  slug: string;
  name: string;
  /** The parent term's slug, percent-decoded; empty for none. */
  parent: string;
}

export interface WxrItem {
  id: number;
  /** `post`, `page`, `attachment`, `nav_menu_item`, a plugin's type… */
  type: string;
  /** `publish`, `draft`, `pending`, `private`, `trash`, `future`, `auto-draft`, `inherit`. */
  status: string;
  title: string;
  link: string;
  /** `post_name` as the file has it (percent-encoded; empty for many drafts). */
  postName: string;
  guid: string;
  /** The author's login (`dc:creator`). */
  creator: string;
  /** `YYYY-MM-DD HH:MM:SS`, the old site's local time. */
  date: string;
  /** `YYYY-MM-DD HH:MM:SS` in UTC; `0000-00-00 00:00:00` for a draft. */
  dateGmt: string;
  modifiedGmt: string;
  /** The body as stored (`content:encoded`): block comments, shortcodes, HTML. */
  content: string;
  excerpt: string;
  /** The parent post's id (an attachment's post, a page's parent page); 0 for none. */
  parent: number;
  menuOrder: number;
  /** An attachment's file. */
  attachmentUrl: string | null;
  terms: { taxonomy: string; slug: string; name: string }[];
  /** `wp:postmeta` pairs (Yoast's `_yoast_wpseo_metadesc`, `_thumbnail_id`…); the last of a repeated key wins. */
  meta: Record<string, string>;
  /** How many comments the post has (they are not imported). */
  commentCount: number;
}

export type WxrEntry =
  | { kind: 'site'; site: WxrSite }
  | { kind: 'author'; author: WxrAuthor }
  | { kind: 'term'; term: WxrTerm }
  | { kind: 'item'; item: WxrItem };

/** Why an export cannot be read, in pt-BR, with the line of the file when there is one. */
export class WxrError extends Error {
  override name = 'WxrError';
  constructor(
    message: string,
    readonly line: number | null,
  ) {
    super(message);
  }
}

/** The namespaces of WXR, by address: `wp:` has one per version of the format. */
function namespaceOf(uri: string): string {
  if (uri === '') return '';
  if (/^https?:\/\/wordpress\.org\/export\/\d+\.\d+\/excerpt\/?$/.test(uri)) return 'excerpt:';
  if (/^https?:\/\/wordpress\.org\/export\/\d+\.\d+\/?$/.test(uri)) return 'wp:';
  if (uri === 'http://purl.org/rss/1.0/modules/content/') return 'content:';
  if (uri === 'http://purl.org/dc/elements/1.1/') return 'dc:';
  return `{${uri}}`;
}

/** A percent-encoded slug decoded; as written when it is not valid percent-encoding. */
function decodedSlug(value: string): string {
  try {
    return decodeURIComponent(value.trim());
  } catch {
    return value.trim();
  }
}

/** Characters XML 1.0 forbids that word processors leave in text: dropped (line breaks are kept, so lines keep their numbers). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Fields read as text, by where they stand: the channel's, an author's, a term's, an item's, a postmeta's. */
const SITE_FIELDS = new Map([
  ['title', 'title'],
  ['link', 'link'],
  ['language', 'language'],
  ['wp:base_site_url', 'baseSiteUrl'],
  ['wp:base_blog_url', 'baseBlogUrl'],
]);
const AUTHOR_FIELDS = new Map([
  ['wp:author_id', 'id'],
  ['wp:author_login', 'login'],
  ['wp:author_email', 'email'],
  ['wp:author_display_name', 'displayName'],
  ['wp:author_first_name', 'firstName'],
  ['wp:author_last_name', 'lastName'],
]);
const TERM_FIELDS = new Map([
  ['wp:category_nicename', 'slug'],
  ['wp:category_parent', 'parent'],
  ['wp:cat_name', 'name'],
  ['wp:tag_slug', 'slug'],
  ['wp:tag_name', 'name'],
  ['wp:term_taxonomy', 'taxonomy'],
  ['wp:term_slug', 'slug'],
  ['wp:term_parent', 'parent'],
  ['wp:term_name', 'name'],
]);
const ITEM_FIELDS = new Map([
  ['title', 'title'],
  ['link', 'link'],
  ['guid', 'guid'],
  ['dc:creator', 'creator'],
  ['content:encoded', 'content'],
  ['excerpt:encoded', 'excerpt'],
  ['wp:post_id', 'id'],
  ['wp:post_date', 'date'],
  ['wp:post_date_gmt', 'dateGmt'],
  ['wp:post_modified_gmt', 'modifiedGmt'],
  ['wp:post_name', 'postName'],
  ['wp:status', 'status'],
  ['wp:post_parent', 'parent'],
  ['wp:menu_order', 'menuOrder'],
  ['wp:post_type', 'type'],
  ['wp:attachment_url', 'attachmentUrl'],
]);
/** The channel's term elements, with the taxonomy each stands for (`wp:term` names its own). */
const TERM_ELEMENTS = new Map([
  ['wp:category', 'category'],
  ['wp:tag', 'post_tag'],
  ['wp:term', ''],
]);

/** A parser's message, as a journalist or an editor reads it; `open` is the element the parser was in. */
function explained(message: string, open: string): string {
  const said = message.replace(/^(?:[^:]*:)?\d+:\d+: /, '');
  const unclosed = /^unclosed tag: (.+)$/.exec(said)?.[1];
  if (unclosed)
    return `o arquivo termina antes de fechar <${unclosed}>: ele parece cortado (baixe a exportação de novo, em Ferramentas → Exportar)`;
  const unmatched = /^unmatched closing tag: (.+)\.$/.exec(said)?.[1];
  if (unmatched) return `</${unmatched}> fecha um elemento que não está aberto`;
  const prefix = /^unbound namespace prefix: "(.+)"\.$/.exec(said)?.[1];
  if (prefix) return `o prefixo ${prefix}: é usado sem ser declarado (falta xmlns:${prefix}=… em <rss>)`;
  if (said.startsWith('unexpected close tag')) return `<${open}> não é fechado: o fechamento que vem depois dele é de outro elemento`;
  if (said.startsWith('undefined entity')) return 'há uma entidade (&nome;) que o XML não conhece';
  if (said.startsWith('disallowed character')) return 'há um caractere que o XML não aceita';
  if (said.startsWith('malformed character entity')) return 'há uma entidade numérica (&#…;) que não é um caractere';
  if (said.startsWith('text data outside of root node')) return 'há texto fora do documento (antes de <rss> ou depois de </rss>)';
  if (said.startsWith('document must contain a root element')) return 'o arquivo está vazio';
  if (said.startsWith('unquoted attribute value')) return 'um atributo tem o valor sem aspas';
  return `o XML não pôde ser lido (${said})`;
}

/** An item as the parser builds it, field by field. */
interface ItemDraft {
  fields: Record<string, string>;
  terms: WxrItem['terms'];
  meta: Record<string, string>;
  comments: number;
}

/**
 * Reads a WXR file (see the module's comment).
 *
 * @example
 * for await (const entry of readWxr('export.xml')) if (entry.kind === 'item') console.log(entry.item.title);
 */
export async function* readWxr(path: string): AsyncGenerator<WxrEntry> {
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 64 * 1024 });
  try {
    yield* readWxrStream(stream);
  } catch (thrown) {
    const code = (thrown as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new WxrError(`o arquivo de exportação ${path} não existe`, null);
    if (code === 'EISDIR') throw new WxrError(`${path} é uma pasta; indique o arquivo .xml da exportação`, null);
    if (code === 'EACCES') throw new WxrError(`sem permissão para ler o arquivo de exportação ${path}`, null);
    throw thrown;
  } finally {
    stream.destroy();
  }
}

/** Reads WXR from chunks of text or UTF-8 bytes (a file's stream, a test's generator), pulling the next chunk only when the entries of the last one are taken. */
export async function* readWxrStream(chunks: AsyncIterable<string | Uint8Array>): AsyncGenerator<WxrEntry> {
  const parser = new SaxesParser({ xmlns: true, position: true });
  Object.assign(parser.ENTITIES, characterEntitiesHtml4);
  const pending: WxrEntry[] = [];
  const path: string[] = [];
  let capture: { depth: number; field: string; parts: string[] } | null = null;
  const site: Record<string, string> = {};
  let siteSent = false;
  let sawWordPress = false;
  let author: Record<string, string> | null = null;
  let term: Record<string, string> | null = null;
  let item: ItemDraft | null = null;
  let category: { taxonomy: string; slug: string } | null = null;
  let meta: { key: string; value: string } | null = null;

  const sendSite = () => {
    if (siteSent) return;
    siteSent = true;
    const field = (name: string) => (site[name] ?? '').trim();
    pending.push({
      kind: 'site',
      site: {
        title: field('title'),
        link: field('link'),
        baseSiteUrl: field('baseSiteUrl'),
        baseBlogUrl: field('baseBlogUrl'),
        language: field('language'),
      },
    });
  };

  parser.on('opentag', (tag: SaxesTagNS) => {
    const name = namespaceOf(tag.uri) + tag.local;
    if (name.startsWith('wp:')) sawWordPress = true;
    path.push(name);
    const depth = path.length;
    if (depth === 1 && name !== 'rss') {
      throw new WxrError(
        `o arquivo não é uma exportação do WordPress: ele começa com <${tag.name}>, e uma exportação (Ferramentas → Exportar) começa com <rss>`,
        parser.line,
      );
    }
    const parent = path[depth - 2];
    let field: string | undefined;
    if (depth === 3 && parent === 'channel') {
      if (name === 'item' || name === 'wp:author' || TERM_ELEMENTS.has(name)) sendSite();
      if (name === 'item') item = { fields: {}, terms: [], meta: Object.create(null), comments: 0 };
      else if (name === 'wp:author') author = {};
      else if (TERM_ELEMENTS.has(name)) term = { taxonomy: TERM_ELEMENTS.get(name)! };
      else field = SITE_FIELDS.get(name);
    } else if (depth === 4 && parent === 'wp:author' && author) field = AUTHOR_FIELDS.get(name);
    else if (depth === 4 && parent !== undefined && TERM_ELEMENTS.has(parent) && term) field = TERM_FIELDS.get(name);
    else if (depth === 4 && parent === 'item' && item) {
      if (name === 'category') {
        const attribute = (local: string) =>
          Object.values(tag.attributes).find((one) => one.local === local && one.uri === '')?.value ?? '';
        category = { taxonomy: attribute('domain'), slug: decodedSlug(attribute('nicename')) };
        field = 'category';
      } else if (name === 'wp:postmeta') meta = { key: '', value: '' };
      else if (name === 'wp:comment') item.comments++;
      else field = ITEM_FIELDS.get(name);
    } else if (depth === 5 && parent === 'wp:postmeta' && meta && (name === 'wp:meta_key' || name === 'wp:meta_value')) {
      field = name === 'wp:meta_key' ? 'key' : 'value';
    }
    if (field !== undefined) capture = { depth, field, parts: [] };
  });

  const onText = (text: string) => {
    if (capture) capture.parts.push(text);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);

  let closing = '';
  parser.on('closetag', (tag: SaxesTagNS) => {
    closing = tag.name;
    const depth = path.length;
    const name = path.pop()!;
    if (capture && capture.depth === depth) {
      const { field, parts } = capture;
      const value = parts.join('');
      capture = null;
      if (depth === 3) site[field] = value;
      else if (depth === 4 && author) author[field] = value;
      else if (depth === 4 && term) term[field] = value;
      else if (depth === 4 && item && field === 'category' && category) {
        item.terms.push({ ...category, name: value });
        category = null;
      } else if (depth === 4 && item) item.fields[field] = value;
      else if (depth === 5 && meta) meta[field as 'key' | 'value'] = value;
      return;
    }
    if (depth === 4 && name === 'wp:postmeta' && item && meta) {
      item.meta[meta.key] = meta.value;
      meta = null;
    } else if (depth === 3 && name === 'wp:author' && author) {
      pending.push({ kind: 'author', author: authorOf(author) });
      author = null;
    } else if (depth === 3 && TERM_ELEMENTS.has(name) && term) {
      pending.push({ kind: 'term', term: termOf(term) });
      term = null;
    } else if (depth === 3 && name === 'item' && item) {
      pending.push({ kind: 'item', item: itemOf(item) });
      item = null;
    } else if (depth === 2 && name === 'channel') sendSite();
  });

  /** Runs the parser on some text (or to its end), its errors as {@link WxrError} naming the line. */
  const parse = (work: () => void) => {
    try {
      work();
    } catch (thrown) {
      if (thrown instanceof WxrError) throw thrown;
      const reason = explained(thrown instanceof Error ? thrown.message : String(thrown), closing);
      throw new WxrError(`o arquivo de exportação tem um erro na linha ${parser.line}: ${reason}`, parser.line);
    }
  };
  const write = (text: string) => parse(() => parser.write(text.replace(FORBIDDEN, '')));

  const decoder = new TextDecoder('utf-8');
  let first = true;
  for await (const chunk of chunks) {
    let text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (first && text !== '') {
      text = text.replace(/^\uFEFF/, '');
      first = false;
    }
    write(text);
    // The next chunk is read only when these are taken: that is the stream's backpressure.
    while (pending.length > 0) yield pending.shift()!;
  }
  const rest = decoder.decode();
  if (rest !== '') write(rest);
  parse(() => parser.close());
  while (pending.length > 0) yield pending.shift()!;
  if (!sawWordPress) {
    throw new WxrError(
      'o arquivo é um feed RSS, mas não uma exportação do WordPress (faltam os elementos wp:); exporte em Ferramentas → Exportar',
      null,
    );
  }
}

const integer = (value: string | undefined) => {
  const number = Number((value ?? '').trim());
  return Number.isInteger(number) ? number : 0;
};

function authorOf(fields: Record<string, string>): WxrAuthor {
  return {
    id: integer(fields.id),
    login: (fields.login ?? '').trim(),
    email: (fields.email ?? '').trim(),
    displayName: fields.displayName ?? '',
    firstName: fields.firstName ?? '',
    lastName: fields.lastName ?? '',
  };
}

function termOf(fields: Record<string, string>): WxrTerm {
  return {
    taxonomy: (fields.taxonomy ?? '').trim(),
    slug: decodedSlug(fields.slug ?? ''),
    name: fields.name ?? '',
    parent: decodedSlug(fields.parent ?? ''),
  };
}

function itemOf({ fields, terms, meta, comments }: ItemDraft): WxrItem {
  const text = (name: string) => fields[name] ?? '';
  const attachment = text('attachmentUrl').trim();
  return {
    id: integer(fields.id),
    type: text('type').trim(),
    status: text('status').trim(),
    title: text('title'),
    link: text('link').trim(),
    postName: text('postName').trim(),
    guid: text('guid').trim(),
    creator: text('creator').trim(),
    date: text('date').trim(),
    dateGmt: text('dateGmt').trim(),
    modifiedGmt: text('modifiedGmt').trim(),
    content: text('content'),
    excerpt: text('excerpt'),
    parent: integer(fields.parent),
    menuOrder: integer(fields.menuOrder),
    attachmentUrl: attachment === '' ? null : attachment,
    terms,
    meta,
    commentCount: comments,
  };
}
