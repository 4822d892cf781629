import type { Term } from './themes-map.ts';
import { plainText } from './wordpress/wp-fields.ts';
import { readWxr, type WxrAuthor, type WxrItem, type WxrSite } from './wordpress/wxr-reader.ts';

/**
 * The import's first pass over the export: everything but the texts, so the
 * second pass can rewrite every link to the new addresses and find every
 * featured image before it converts a single body. A post's text is the bulk
 * of an export; what is kept here is a few hundred bytes per item.
 */
export interface ItemSummary {
  id: number;
  type: string;
  status: string;
  title: string;
  link: string;
  guid: string;
  postName: string;
  creator: string;
  parent: number;
  attachmentUrl: string | null;
  /** The featured image's attachment (`_thumbnail_id`). */
  thumbnailId: number | null;
  /** An attachment's alternative text (`_wp_attachment_image_alt`) and caption (its excerpt). */
  alt: string;
  caption: string;
  commentCount: number;
}

export interface ExportIndex {
  site: WxrSite;
  authors: Map<string, WxrAuthor>;
  terms: Term[];
  items: ItemSummary[];
  attachments: Map<number, ItemSummary>;
  /** Each post's own attachments (their parent), in file order: a `[gallery]` without ids shows them. */
  childAttachments: Map<number, number[]>;
}

/**
 * A string of its own: a piece cut from the parser's text keeps that whole
 * text alive in V8 (a sliced string), and a summary kept per item would then
 * keep the export's chunks, which is what the first pass must not hold.
 */
const own = (text: string) => (text === '' ? text : Buffer.from(text, 'utf8').toString('utf8'));

export function summaryOf(item: WxrItem): ItemSummary {
  const thumbnail = Number(item.meta._thumbnail_id);
  const attachment = item.type === 'attachment';
  return {
    id: item.id,
    type: own(item.type),
    status: own(item.status),
    title: own(plainText(item.title)),
    link: own(item.link),
    guid: own(item.guid),
    postName: own(item.postName),
    creator: own(item.creator),
    parent: item.parent,
    attachmentUrl: item.attachmentUrl === null ? null : own(item.attachmentUrl),
    thumbnailId: Number.isSafeInteger(thumbnail) && thumbnail > 0 ? thumbnail : null,
    alt: attachment ? own(item.meta._wp_attachment_image_alt ?? '') : '',
    caption: attachment ? own(item.excerpt) : '',
    commentCount: item.commentCount,
  };
}

export async function scanExport(path: string): Promise<ExportIndex> {
  const index: ExportIndex = {
    site: { title: '', link: '', baseSiteUrl: '', baseBlogUrl: '', language: '' },
    authors: new Map(),
    terms: [],
    items: [],
    attachments: new Map(),
    childAttachments: new Map(),
  };
  const seenTerms = new Set<string>();
  const addTerm = ({ taxonomy, slug, name }: Term) => {
    const key = `${taxonomy}:${slug}`;
    if (seenTerms.has(key) || slug === '') return;
    seenTerms.add(key);
    // WordPress writes a name's entities as they were typed ("Cozinha &amp; copa").
    index.terms.push({ taxonomy: own(taxonomy), slug: own(slug), name: own(plainText(name)) });
  };
  for await (const entry of readWxr(path)) {
    if (entry.kind === 'site') index.site = entry.site;
    else if (entry.kind === 'author') index.authors.set(entry.author.login, entry.author);
    else if (entry.kind === 'term') addTerm(entry.term);
    else {
      const summary = summaryOf(entry.item);
      index.items.push(summary);
      if (summary.type === 'attachment') {
        index.attachments.set(summary.id, summary);
        if (summary.parent > 0)
          index.childAttachments.set(summary.parent, [...(index.childAttachments.get(summary.parent) ?? []), summary.id]);
      }
      // A term only used on posts (an export of part of a site) is still a term to map.
      for (const term of entry.item.terms) addTerm(term);
    }
  }
  return index;
}
