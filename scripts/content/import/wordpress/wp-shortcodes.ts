/**
 * WordPress shortcodes (`[caption]…[/caption]`, `[gallery ids="1,2"]`,
 * `[contact-form-7 id="9"]`) turned into the HTML the rest of the conversion
 * reads (wp-html.ts), before that HTML is parsed: a shortcode is text, not
 * markup, and may wrap markup (`[caption]<img …> Legenda[/caption]`).
 *
 * WordPress finds shortcodes with one regular expression per registered name
 * (`get_shortcode_regex()`); an import knows none of the old site's plugins, so
 * any `[name …]` is a candidate, read here by a hand-written tokenizer that is
 * linear in the text (the regular expression, given every name, rescans the
 * rest of the text for each unclosed tag). A candidate is a shortcode when
 * WordPress handles it (the names of {@link CORE}), when it is closed
 * (`[x]…[/x]`) or self-closing (`[x/]`), when it has `name=value`
 * attributes, when its name has an underscore, a hyphen or a digit, or when it
 * is a bare lowercase `[name]` alone on its line (`[toc]`). Anything else is
 * the text's own brackets and stays as written: `[sic]`, `[risos]`, `[1]`,
 * `[Nota do editor: …]`. `[[x]]` is WordPress's escape: the literal `[x]`.
 */

/** What the conversion tells about the shortcodes it met. */
export interface ShortcodeReport {
  /** Names of the shortcodes removed, each once. */
  unknown: Set<string>;
  /** Attachments named by a gallery that the export does not have. */
  missingAttachments: number;
}

/** What the shortcodes need from the import: where an attachment's file is, and which attachments a post has. */
export interface ShortcodeContext {
  attachmentUrl(id: number): string | null;
  /** The attachments of the post, in their order, for a `[gallery]` that names none. */
  childAttachments?(): number[];
}

/** A shortcode's attributes as WordPress's shortcode_parse_atts reads them: named ones (names lowercased) and positional ones. */
export interface ShortcodeAttributes {
  named: Record<string, string>;
  positional: string[];
}

/** Shortcodes WordPress itself (and Jetpack's `[youtube]`) defines, converted rather than removed. */
const CORE = new Set(['caption', 'wp_caption', 'gallery', 'embed', 'video', 'audio', 'youtube']);

/** Where WordPress's [video] and [audio] take the file from: `src`, or one attribute per format. */
const MEDIA_SOURCES: Record<string, readonly string[]> = {
  video: ['src', 'mp4', 'm4v', 'webm', 'ogv', 'wmv', 'flv'],
  audio: ['src', 'mp3', 'ogg', 'oga', 'wav', 'm4a', 'wma', 'flac'],
};

/** A name a shortcode may have (WordPress allows more; plugins use these). */
const NAME = /^[A-Za-z][\w-]*$/;
/** How far on each side of a tag its line is looked at, to tell a tag alone on its line (bounded: a post may be one long line). */
const LINE_LOOK = 200;

// WordPress's get_shortcode_atts_regex(): "name=value" with either quotes or none, then quoted or bare positional values.
const ATTRIBUTE =
  /([\w-]+)\s*=\s*"([^"]*)"(?:\s|$)|([\w-]+)\s*=\s*'([^']*)'(?:\s|$)|([\w-]+)\s*=\s*([^\s'"]+)(?:\s|$)|"([^"]*)"(?:\s|$)|'([^']*)'(?:\s|$)|(\S+)(?:\s|$)/g;

/** Reads a shortcode's attribute text as WordPress does; the typographic quotes a visual editor may have put in count as straight ones. */
export function parseShortcodeAttributes(text: string): ShortcodeAttributes {
  const named: Record<string, string> = Object.create(null);
  const positional: string[] = [];
  const plain = text
    .replace(/[\u00a0\u200b]/g, ' ')
    .replace(/[\u201c\u201d\u2033]|&#822[01];|&#8243;/g, '"')
    .replace(/[\u2018\u2019\u2032]|&#821[67];|&#8242;/g, "'");
  for (const match of plain.matchAll(ATTRIBUTE)) {
    const name = match[1] ?? match[3] ?? match[5];
    if (name !== undefined) named[name.toLowerCase()] = match[2] ?? match[4] ?? match[6] ?? '';
    else positional.push(match[7] ?? match[8] ?? match[9] ?? '');
  }
  return { named, positional };
}

/** An opening or closing tag found in the text. */
interface Tag {
  name: string;
  closing: boolean;
  selfClosing: boolean;
  attributes: string;
  start: number;
  end: number;
  /** Written `[[name…]`: the left half of WordPress's escape. */
  escapedLeft: boolean;
}

/** The tag starting at `at` (a `[`), or null when none starts there. `nextClose` is the first `]` at or after the tag's name. */
function tagAt(text: string, at: number, nextClose: (from: number) => number): Tag | null {
  let i = at + 1;
  const closing = text[i] === '/';
  if (closing) i++;
  const nameMatch = /^[\w-]+/.exec(text.slice(i, i + 64));
  if (!nameMatch) return null;
  const name = nameMatch[0];
  i += name.length;
  // WordPress's (?![\w-]) after the name: a longer name is another shortcode.
  if (i >= text.length || /[\w-]/.test(text[i]!)) return null;
  const close = nextClose(i);
  if (close < 0) return null;
  if (closing && text.slice(i, close).trim() !== '') return null;
  const selfClosing = !closing && text[close - 1] === '/';
  const attributes = text.slice(i, selfClosing ? close - 1 : close).replace(/^=/, ' ');
  return { name, closing, selfClosing, attributes, start: at, end: close + 1, escapedLeft: false };
}

/** Whether the tag is the only thing on its line (paragraph marks and line breaks aside). */
function aloneOnItsLine(text: string, tag: Tag): boolean {
  const from = Math.max(0, tag.start - LINE_LOOK);
  const to = Math.min(text.length, tag.end + LINE_LOOK);
  const before = text.slice(from, tag.start);
  const after = text.slice(tag.end, to);
  const lineStart = before.lastIndexOf('\n');
  const lineEnd = after.indexOf('\n');
  if ((lineStart < 0 && from > 0) || (lineEnd < 0 && to < text.length)) return false;
  const marks = /<\/?p\b[^>]*>|<br\s*\/?>|\s/g;
  return before.slice(lineStart + 1).replace(marks, '') === '' && (lineEnd < 0 ? after : after.slice(0, lineEnd)).replace(marks, '') === '';
}

/** Whether a tag with no closing one is a shortcode (see the module's comment) rather than the text's brackets. */
function isShortcode(text: string, tag: Tag): boolean {
  if (!NAME.test(tag.name)) return false;
  if (CORE.has(tag.name.toLowerCase()) || tag.selfClosing || /[_\d-]/.test(tag.name)) return true;
  if (Object.keys(parseShortcodeAttributes(tag.attributes).named).length > 0) return true;
  return tag.attributes.trim() === '' && /^[a-z]+$/.test(tag.name) && aloneOnItsLine(text, tag);
}

/** A value from the import (an attachment's address) inside an attribute. */
const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** A value from the post itself, already HTML (its `&amp;` stays one): only a tag it could open is escaped. */
const asText = (value: string) => value.replace(/</g, '&lt;');

/** The image and the caption of a [caption]'s content: WordPress's img_caption_shortcode splits it the same way. */
const CAPTIONED = /^\s*((?:<a [^>]+>\s*)?<img [^>]+>(?:\s*<\/a>)?)([\s\S]*)$/i;

/** One shortcode met, with its content already converted (for a closed one), as the HTML it becomes. */
function shortcodeHtml(tag: Tag, content: string | null, context: ShortcodeContext, report: ShortcodeReport): string {
  const name = tag.name.toLowerCase();
  const { named, positional } = parseShortcodeAttributes(tag.attributes);
  switch (name) {
    case 'caption':
    case 'wp_caption': {
      const parts = CAPTIONED.exec(content ?? '');
      const image = parts?.[1] ?? '';
      const caption = named.caption ?? parts?.[2] ?? content ?? '';
      const attachment = /^attachment_(\d+)$/.exec(named.id ?? '')?.[1];
      const marked = attachment ? ` data-wp-attachment="${attachment}"` : '';
      return `<figure${marked}>${image}<figcaption>${caption.trim()}</figcaption></figure>`;
    }
    case 'gallery': {
      const listed = (named.ids ?? named.include ?? '')
        .split(',')
        .map((id) => Number(id.trim()))
        .filter((id) => Number.isInteger(id) && id > 0);
      const ids = listed.length > 0 ? listed : (context.childAttachments?.() ?? []);
      if (ids.length === 0) {
        report.unknown.add(tag.name);
        return '';
      }
      return ids
        .map((id) => {
          const url = context.attachmentUrl(id);
          if (url === null) report.missingAttachments++;
          return url === null ? '' : `<figure><img src="${escapeAttribute(url)}" alt="" class="wp-image-${id}"></figure>`;
        })
        .join('\n');
    }
    case 'embed':
    case 'youtube': {
      const url = (content ?? '').replace(/<[^>]*>/g, '').trim() || named.src || named.url || positional[0] || '';
      return url === '' ? '' : `<figure>${asText(url)}</figure>`;
    }
    case 'video':
    case 'audio': {
      const url = MEDIA_SOURCES[name]!.map((attribute) => named[attribute]).find((value) => value !== undefined && value.trim() !== '');
      if (url === undefined) {
        report.unknown.add(tag.name);
        return content ?? '';
      }
      // WordPress's own output is this element: wp-html.ts makes it the video (YouTube's) or a link to the file.
      return `<${name} src="${asText(url.trim()).replace(/"/g, '&quot;')}"></${name}>`;
    }
    default:
      report.unknown.add(tag.name);
      return content ?? '';
  }
}

/** A tag waiting for its closing tag, with what has been converted since it. */
interface Frame {
  tag: Tag | null;
  out: string[];
}

/**
 * The text with its shortcodes converted (see the module's comment). Linear in
 * the text: each `[` is looked at once, and a closing tag finds its opening
 * one through a map of the open tags by name rather than by searching.
 */
export function convertShortcodes(text: string, context: ShortcodeContext, report: ShortcodeReport): string {
  if (!text.includes('[')) return text;
  // The first "]" at or after a place: the places asked for only move forward, so one search serves many tags.
  let closeAt = -1;
  const nextClose = (from: number) => {
    if (closeAt < from) {
      const found = text.indexOf(']', from);
      closeAt = found < 0 ? Number.POSITIVE_INFINITY : found;
    }
    return closeAt === Number.POSITIVE_INFINITY ? -1 : closeAt;
  };
  // Where each name's last closing tag is: an opening tag after it has none, and is settled at once rather than kept open.
  const lastClosing = new Map<string, number>();
  for (const match of text.matchAll(/\[\/([\w-]+)\s*\]/g)) lastClosing.set(match[1]!, match.index);
  const frames: Frame[] = [{ tag: null, out: [] }];
  const openByName = new Map<string, number[]>();
  const top = () => frames[frames.length - 1]!;

  /** A tag never closed: a shortcode of its own (self-closing or single), or the text's brackets. */
  const settleSingle = (frame: Frame, into: string[]) => {
    const tag = frame.tag!;
    const written = text.slice(tag.start, tag.end);
    if (isShortcode(text, tag)) into.push(tag.escapedLeft ? '[' : '', shortcodeHtml(tag, null, context, report));
    else into.push(tag.escapedLeft ? '[' : '', written);
    // Joined, not spread: a frame may hold more pieces than a call takes arguments.
    into.push(frame.out.join(''));
  };
  const pop = () => {
    const frame = frames.pop()!;
    const stack = openByName.get(frame.tag!.name)!;
    stack.pop();
    return frame;
  };

  let at = 0;
  while (at < text.length) {
    const bracket = text.indexOf('[', at);
    if (bracket < 0) {
      top().out.push(text.slice(at));
      break;
    }
    top().out.push(text.slice(at, bracket));
    const escapedLeft = text[bracket + 1] === '[';
    const tag = tagAt(text, escapedLeft ? bracket + 1 : bracket, nextClose);
    if (!tag) {
      top().out.push('[');
      at = bracket + 1;
      continue;
    }
    tag.escapedLeft = escapedLeft;
    const escapedRight = text[tag.end] === ']';
    // [[name …]]: WordPress's escape, the tag as text without its outer brackets.
    if (escapedLeft && escapedRight && !tag.closing) {
      top().out.push(text.slice(tag.start, tag.end));
      at = tag.end + 1;
      continue;
    }
    if (tag.closing) {
      const open = openByName.get(tag.name);
      const index = open?.[open.length - 1];
      if (index === undefined) {
        // A closing tag with nothing open: a shortcode's end bracket (removed), or the text's own brackets.
        if (NAME.test(tag.name)) report.unknown.add(tag.name);
        else top().out.push(text.slice(tag.start, tag.end));
        at = tag.end;
        continue;
      }
      // The tags opened after this one and never closed are settled where they stand.
      while (frames.length - 1 > index) {
        const inner = pop();
        settleSingle(inner, top().out);
      }
      const frame = pop();
      const opening = frame.tag!;
      if (opening.escapedLeft && escapedRight) {
        // [[x]…[/x]]: the whole shortcode as text, unconverted.
        top().out.push(text.slice(opening.start, tag.end));
        at = tag.end + 1;
        continue;
      }
      if (!NAME.test(opening.name)) {
        top().out.push(text.slice(opening.start, opening.end), frame.out.join(''), text.slice(tag.start, tag.end));
      } else {
        top().out.push(opening.escapedLeft ? '[' : '', shortcodeHtml(opening, frame.out.join(''), context, report));
      }
      at = tag.end;
      continue;
    }
    if (tag.selfClosing) {
      top().out.push(
        escapedLeft ? '[' : '',
        isShortcode(text, tag) ? shortcodeHtml(tag, null, context, report) : text.slice(tag.start, tag.end),
      );
      at = tag.end;
      continue;
    }
    if ((lastClosing.get(tag.name) ?? -1) < tag.end) {
      settleSingle({ tag, out: [] }, top().out);
      at = tag.end;
      continue;
    }
    frames.push({ tag, out: [] });
    const open = openByName.get(tag.name) ?? [];
    open.push(frames.length - 1);
    openByName.set(tag.name, open);
    at = tag.end;
  }
  while (frames.length > 1) {
    const frame = pop();
    settleSingle(frame, top().out);
  }
  return frames[0]!.out.join('');
}
