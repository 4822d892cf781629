import { checkBody } from '#src/checking/check-body.ts';
import { markdownToHtml } from '#src/checking/markdown-body.ts';
import { siteWallClock } from '#src/content/schema/date-rule.ts';
import { bodyKey, imageKey } from '#src/content/schema/format.ts';
import { WEBP_ONLY } from '#src/content/schema/image-variants.ts';
import { type NewsEntry, parseNewsItem } from '#src/content/schema/news-item.ts';
import { slugFromTitle } from '#src/content/schema/slug-from-title.ts';
import type { Draft } from '../drafts/drafts-store';
import { publishedName } from '../media/published-images';
import { FIELD_NAMES, type FieldName } from '../shared/draft-input';
import { fieldProblems, withPublishTime } from '../shared/field-check';
import { labelOf, UNTITLED } from '../shared/field-labels';
import { FIGURE_FOLDER, figuresIn, IMAGE_FIELD, isStoredImage } from '../shared/media-names';

/** One thing the check found in a draft, in the form's terms: the field's label, or the body's line. */
export interface DraftProblem {
  severity: 'error' | 'warning';
  /** "Título", "Texto, linha 12". */
  where: string;
  message: string;
  fix: string;
}

/** A draft as the site would show it, and what the check says about it. */
export interface DraftArticle {
  /** The address it has or will have: its own once linked to one, else made from its title, as `content:new` makes one. */
  slug: string;
  /** The list entry the article page reads; null when even stand-ins cannot make one. */
  item: NewsEntry | null;
  /** The body as HTML, from its Markdown: what the page serves (the site's sanitizer still runs over it). */
  html: string;
  problems: DraftProblem[];
}

/** The body's label in the form. */
const BODY_LABEL = 'Texto';
/** Where the page's own rendering is made (never stored): the body check names the file it reads. */
const BODY_FILE = 'texto';
/** The slug a draft without a usable title is previewed under. */
const UNTITLED_SLUG = 'rascunho-sem-titulo';
/** What a draft without a summary shows where the summary goes. */
const UNTITLED_SUMMARY = 'Sem resumo';
/** No image yet (images of drafts come separately): a valid name that names no stored image. */
const NO_IMAGE = 'rascunho-sem-imagem.jpg';

const LINE = /^linha (\d+): /;

/**
 * What the fields the schema rejects are replaced by, so the page still
 * renders (the problems bar says what is wrong): the title the list shows an
 * untitled draft by, "Sem resumo", and the moment of the preview.
 */
function standIns(now: number): Partial<Record<FieldName, string>> {
  return { titulo: UNTITLED, descricao: UNTITLED_SUMMARY, data: siteWallClock(now) };
}

/** A draft's address: its own once linked to an article (published, or opened from the site), else made from its title. */
export const draftSlug = (draft: Pick<Draft, 'fields'> & { slug?: string | null }) =>
  draft.slug || slugFromTitle(typeof draft.fields.titulo === 'string' ? draft.fields.titulo : '') || UNTITLED_SLUG;

/** A text image as published: its file in the thumbnails folder and, once read, its own size (the page never shifts while it loads). */
export interface PublishedFigure {
  file: string;
  width?: number;
  height?: number;
}

/**
 * The text's uploaded images under the names they are published with, their
 * sizes unread: what a preview checks the body with (the files exist only
 * once published, so the preview shows no image, as the bar says).
 */
const unreadFigures = (draft: Pick<Draft, 'fields' | 'body'> & { slug?: string | null }) =>
  new Map(figuresIn(draft.body).map((name) => [name, { file: publishedName(draftSlug(draft), name) }]));

/**
 * The body's images (`src="imagens/<name>"`, as markdownToHtml writes an
 * uploaded image's line) pointed at their published files, as
 * `content:publish` points an article folder's: only the attributes change,
 * so every line the check names stays the text's.
 */
function withPublishedFigures(html: string, figures: ReadonlyMap<string, PublishedFigure>): string {
  let published = html;
  for (const [name, { file, width, height }] of figures) {
    const size = width && height ? ` width="${width}" height="${height}"` : '';
    published = published.replaceAll(`src="${FIGURE_FOLDER}${name}"`, `src="/${imageKey(file)}"${size}`);
  }
  return published;
}

/**
 * Reads a draft as the site would publish it: its fields by the article
 * schema's rules (field-check.ts, as the form says them), its Markdown body
 * converted and checked by the same code `content:check` runs
 * (src/checking/), every problem named by the field's label or the body's
 * line. Fields the schema rejects are left out of the page (required ones
 * replaced by stand-ins), so the page renders whenever it can. The address
 * is {@link draftSlug}'s. The body's uploaded images point at their
 * published files: with their sizes when publishing (`figures`). Given the
 * articles the site has among those the body links to (`knownArticles`:
 * links/linked-articles.ts), a link to any other is a warning.
 */
export function draftArticle(
  draft: Pick<Draft, 'fields' | 'body'> & { slug?: string | null },
  now: number,
  figures: ReadonlyMap<string, PublishedFigure> = unreadFigures(draft),
  knownArticles?: ReadonlySet<string>,
): DraftArticle {
  const given = withPublishTime(draft.fields, now);
  const fieldFaults = fieldProblems(given);
  const problems: DraftProblem[] = [];
  const fields: Record<string, unknown> = { ...standIns(now) };
  for (const name of FIELD_NAMES) {
    const fault = fieldFaults[name];
    if (fault) problems.push({ severity: 'error', where: labelOf(name), message: fault.message, fix: fault.fix });
    else if (given[name] !== undefined) fields[name] = given[name];
  }
  const title = typeof fields.titulo === 'string' ? fields.titulo : UNTITLED;
  const converted = markdownToHtml(draft.body, title);
  const html = withPublishedFigures(converted.html, figures);
  for (const note of converted.notes) {
    problems.push({ severity: note.severity, where: `${BODY_LABEL}, linha ${note.line}`, message: note.message, fix: note.hint });
  }
  for (const found of checkBody(html, BODY_FILE, knownArticles)) {
    if (found.severity === 'note') continue;
    const lined = LINE.exec(found.message);
    problems.push({
      severity: found.severity,
      where: lined ? `${BODY_LABEL}, linha ${converted.sourceLine(Number(lined[1]))}` : BODY_LABEL,
      message: lined ? found.message.slice(lined[0].length) : found.message,
      fix: found.hint,
    });
  }
  const slug = draftSlug(draft);
  // The main image under the name it is published with (the preview serves it from the newsroom's
  // uploads: preview-page.tsx), its variants WebP only as the newsroom makes them.
  const image = draft.fields[IMAGE_FIELD];
  const main =
    image !== undefined && isStoredImage(image)
      ? { imagemAtual: publishedName(slug, image), formatosImagem: WEBP_ONLY }
      : { imagemAtual: NO_IMAGE };
  const entry = parseNewsItem({ ...fields, slug, ...main, htmlPath: bodyKey(slug) });
  return { slug, item: typeof entry === 'string' ? null : entry, html, problems };
}
