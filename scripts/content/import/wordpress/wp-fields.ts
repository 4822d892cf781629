import { parseFragment } from 'parse5';
import { ARTICLE_FIELDS } from '../../../../src/content/schema/article-schema.ts';
import { siteWallClock } from '../../../../src/content/schema/date-rule.ts';
import { isValidSlug } from '../../../../src/content/schema/format.ts';
import { slugFromTitle } from '../../../../src/content/schema/slug-from-title.ts';
import type { WxrItem } from './wxr-reader.ts';

// The small conversions the WordPress import makes of a post's fields: its
// address, its description, its date and its title as the site has them.

/** The longest slug the site accepts (format.ts). */
const MAX_SLUG = 120;

/** A percent-encoded value decoded; as written when it is not valid percent-encoding. */
function percentDecoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * WordPress's `post_name` as the address it stands for: percent-encoded UTF-8
 * decoded (`constru%c3%a7%c3%a3o` → `construção`), without the `__trashed`
 * WordPress adds to a post in the bin (its address before is the one it had).
 */
export const decodePostName = (postName: string): string => percentDecoded(postName.trim()).replace(/__trashed(?:-\d+)?$/, '');

/** A text as slug words: accents dropped, lower case, anything but letters and digits one hyphen. */
const slugWords = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/**
 * The site's slug for a post: its `post_name` decoded, accents removed, lower
 * case, anything else a single hyphen, at most 120 characters cut at a
 * hyphen; from the title (as the newsroom makes one) when the post has no
 * name, as drafts often have none; `fallback` when neither has a letter or
 * digit (pass something unique, such as `post-<id>`).
 *
 * @example siteSlugOf('constru%c3%a7%c3%a3o-a-seco', 'Construção a seco') // 'construcao-a-seco'
 */
export function siteSlugOf(postName: string, title: string, fallback = 'sem-titulo'): string {
  const words = slugWords(decodePostName(postName));
  let slug = '';
  for (const word of words) {
    const next = slug === '' ? word : `${slug}-${word}`;
    if (next.length > MAX_SLUG) break;
    slug = next;
  }
  // One word longer than the limit is cut: an address it is, even cut.
  if (slug === '' && words.length > 0) slug = words[0]!.slice(0, MAX_SLUG);
  if (slug === '') slug = slugFromTitle(title);
  return isValidSlug(slug) ? slug : fallback;
}

/**
 * Whether the site's slug differs from the post's decoded `post_name`: the
 * old address then needs a redirect. A post without a name (a draft) had no
 * address to redirect from.
 */
export function slugChanged(postName: string, slug: string): boolean {
  const decoded = decodePostName(postName);
  return decoded !== '' && decoded !== slug;
}

/** Text from HTML (a title, an excerpt, a meta description): entities decoded, tags dropped, white space collapsed. */
export function plainText(html: string): string {
  const out: string[] = [];
  const fragment = parseFragment(html);
  // Iterative: a hostile value may nest deeply.
  const stack = [...fragment.childNodes].reverse();
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.nodeName === '#text' && 'value' in node) out.push(node.value);
    else if ('childNodes' in node && node.nodeName !== 'script' && node.nodeName !== 'style') {
      for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i]!);
    }
  }
  return out.join('').replace(/\s+/g, ' ').trim();
}

/**
 * A text of at most `max` characters: itself when it fits, else cut at the
 * last word that fits, with "…" (punctuation left hanging at the cut goes).
 *
 * @example cutAtWord('Um texto longo demais', 15) // 'Um texto longo…'
 */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = text.slice(0, max);
  const space = room.lastIndexOf(' ');
  // A single word longer than the room is cut inside it.
  const cut = space > max / 2 ? room.slice(0, space) : room.slice(0, max - 1);
  return `${cut.replace(/[\s,;:.!?—–-]+$/u, '')}…`;
}

/** Where a description came from. */
export type DescriptionSource = 'yoast' | 'rankmath' | 'excerpt' | 'body';

/** The description's limits, from the article schema. */
const DESCRIPTION = ARTICLE_FIELDS.descricao.limits;

/** A template variable of Yoast (`%%title%%`) or Rank Math (`%sitename%`, `%customfield(x)%`): the value is a template, not a text. */
const TEMPLATE_VARIABLE = /%%[\w-]+%%|%[a-z_]+(?:\([^)]*\))?%/i;

/**
 * The site's description of a post: Yoast's meta description
 * (`_yoast_wpseo_metadesc`), else Rank Math's (`rank_math_description`),
 * else the excerpt, else the first sentences of the body's text
 * (convertWordPressBody's `text`); a value with template variables or blank
 * is skipped, one shorter than 50 characters too (the next source is tried).
 * Fitted to 50–160 characters: cut at a word with "…" when longer; from the
 * body, sentences are added while the text is shorter than 50. Shorter
 * than 50 only when the body itself is that short.
 */
export function descriptionOf(item: Pick<WxrItem, 'meta' | 'excerpt'>, bodyText: string): { text: string; source: DescriptionSource } {
  const candidates: [string | undefined, DescriptionSource][] = [
    [item.meta._yoast_wpseo_metadesc, 'yoast'],
    [item.meta.rank_math_description, 'rankmath'],
    [item.excerpt, 'excerpt'],
  ];
  for (const [value, source] of candidates) {
    if (value === undefined || TEMPLATE_VARIABLE.test(value)) continue;
    const text = plainText(value);
    if (text.length >= DESCRIPTION.min) return { text: cutAtWord(text, DESCRIPTION.max), source };
  }
  return { text: leadSentences(bodyText), source: 'body' };
}

/** The first sentences of a text, as many as it takes to reach the description's least length, cut to its most. */
function leadSentences(text: string): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  const segmenter = new Intl.Segmenter('pt-BR', { granularity: 'sentence' });
  let lead = '';
  for (const { segment } of segmenter.segment(plain)) {
    lead += segment;
    if (lead.trim().length >= DESCRIPTION.min) break;
  }
  return cutAtWord(lead.trim(), DESCRIPTION.max);
}

/**
 * The block editor's footnotes of a post (its `footnotes` meta, a JSON list
 * of `{ id, content }`), for convertWordPressBody; none when it has none or
 * the value cannot be read.
 */
export function footnotesOf(meta: Record<string, string>): { id: string; content: string }[] {
  let notes: unknown;
  try {
    notes = JSON.parse(meta.footnotes ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(notes)) return [];
  return notes.flatMap((note: { id?: unknown; content?: unknown }) =>
    typeof note?.id === 'string' && typeof note.content === 'string' ? [{ id: note.id, content: note.content }] : [],
  );
}

/** WordPress's "no date": a draft's GMT date before it is published. */
const NO_DATE = /^0000-00-00/;
const WP_DATE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::\d{2})?$/;

/**
 * A post's date as the site's `data` field: the day and São Paulo time,
 * `2019-05-12T14:30` (date-rule.ts), from the GMT date (`post_date_gmt`) when
 * there is one, else from the local one (`post_date`), taken as São Paulo's
 * wall clock (the old site's time zone is not in the export); null when
 * neither is a date.
 *
 * @example wpDateToSite('2019-05-12 17:30:00', '2019-05-12 14:30:00') // '2019-05-12T14:30'
 */
export function wpDateToSite(dateGmt: string, date: string): string | null {
  const gmt = WP_DATE.exec(dateGmt.trim());
  if (gmt && !NO_DATE.test(dateGmt.trim())) {
    const [, year, month, day, hour, minute] = gmt.map(Number) as number[];
    const instant = Date.UTC(year!, month! - 1, day!, hour!, minute!);
    if (!Number.isNaN(instant)) return siteWallClock(instant);
  }
  const local = WP_DATE.exec(date.trim());
  if (!local || NO_DATE.test(date.trim())) return null;
  const [, year, month, day, hour, minute] = local;
  return `${year}-${month}-${day}T${hour}:${minute}`;
}

/**
 * The address of the file WordPress resized an image from: its `-1024x576`
 * (a size it made) or `-scaled` (the copy it makes of a very large upload)
 * taken off the name. The original is what the site should reduce itself.
 *
 * @example fullSizeImageUrl('https://casa.com.br/wp-content/uploads/2019/05/sala-1024x576.jpg') // '…/sala.jpg'
 */
export function fullSizeImageUrl(url: string): string {
  return url.replace(/-(?:\d+x\d+|scaled)(\.[a-z0-9]+)(?=$|[?#])/i, '$1');
}
