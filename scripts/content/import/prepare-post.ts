import { readFileSync } from 'node:fs';
import { stringify } from 'yaml';
import { type ArticleSource, checkArticle } from '../../../src/checking/folder/article.ts';
import type { FigureFile } from '../../../src/checking/folder/figures.ts';
import { readMarkdownArticle } from '../../../src/checking/markdown-article.ts';
import type { Problem } from '../../../src/checking/problems.ts';
import { contentHash } from '../../../src/content/index/content-hash.ts';
import { imageKey } from '../../../src/content/schema/format.ts';
import { variantFile, WEBP_ONLY } from '../../../src/content/schema/image-variants.ts';
import { withoutUnsafeChars } from '../../../src/lib/escape-xml.ts';
import type { ImportedDraft } from '../../../src/newsroom/api/wire.ts';
import { archiveFieldProblems } from '../../../src/newsroom/shared/field-check.ts';
import { FIGURE_FOLDER, IMAGE_FIELD } from '../../../src/newsroom/shared/media-names.ts';
import type { PreparedArticle, StoredFile } from '../../../src/publishing/plan/prepared-article.ts';
import { SHARP } from '../check/images.ts';
import { type PreparedImage, prepareFigure, prepareMainImage } from './archive-images.ts';
import type { AuthorPlan, Fate } from './plan.ts';
import type { ExportIndex } from './scan.ts';
import { type ThemesMap, themesOf } from './themes-map.ts';
import { resolveUpload } from './uploads.ts';
import { type ConvertedBody, convertWordPressBody, WordPressBodyError } from './wordpress/wp-body.ts';
import { descriptionOf, footnotesOf, plainText, wpDateToSite } from './wordpress/wp-fields.ts';
import type { WxrItem } from './wordpress/wxr-reader.ts';

/**
 * One post of the export as the site takes it (the import's second pass):
 * its text converted with the rules of a paste in the newsroom, its images
 * found in the uploads folder and fitted to the site's rules
 * (archive-images.ts), its fields filled from WordPress's, then judged by the
 * editors' own check of an article folder. What passes is an article to
 * publish; anything the site cannot show as it was (an image not found, a
 * field the check refuses) makes it a newsroom draft, the problem named on
 * its page and in the report: never a page with something silently missing.
 */

/** What the report says of a post beyond its fate. */
export interface PostNotes {
  /** Why it is a draft and not live (pt-BR): shown on the draft's page. */
  problems: string[];
  /** Images fitted to the site's rules: "foto.jpg: recortada, ampliada". */
  images: string[];
  unknownShortcodes: string[];
  removed: Partial<Record<string, number>>;
  /** Embeds other than YouTube, kept as links. */
  embeds: string[];
  /** Where the description came from: an SEO plugin, the excerpt, the text. */
  descriptionSource: string;
  /** Images whose alternative text the converter had to make up (no alt, no attachment alt, no caption). */
  altMissing: number;
  /** Blocks the old site drew at each view (latest posts, a form): nothing of them is in the export. */
  dynamicBlocks: string[];
}

export type PreparedPost =
  | { kind: 'article'; article: PreparedArticle; images: { from: string; to: string }[]; notes: PostNotes }
  | { kind: 'draft'; draft: ImportedDraft; files: Map<string, Uint8Array>; notes: PostNotes };

export interface PostContext {
  index: ExportIndex;
  uploadsDir: string;
  siteHosts: readonly string[];
  themes: ThemesMap;
  authors: ReadonlyMap<string, AuthorPlan>;
  /** Old address key → new path, for the links of the text. */
  linkTarget: (url: string) => string | null;
  /** Slugs live or being imported: links between them are checked like any article's. */
  knownSlugs: ReadonlySet<string>;
  now: Date;
}

/** An image of the post, found and fitted, or why not. */
type Found = { url: string; prepared: PreparedImage } | { url: string; problem: string };

async function findImage(url: string, kind: 'main' | 'figure', context: PostContext): Promise<Found> {
  const resolved = resolveUpload(context.uploadsDir, url, context.siteHosts);
  if ('missing' in resolved) return { url, problem: resolved.missing };
  const bytes = new Uint8Array(readFileSync(resolved.path));
  const prepared = await (kind === 'main' ? prepareMainImage(bytes) : prepareFigure(bytes));
  return 'problem' in prepared ? { url, problem: prepared.problem } : { url, prepared };
}

const fileName = (url: string) => {
  const path = url.split(/[?#]/)[0] ?? url;
  return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1)) || url;
};

/** A one-line text of the export: entities already decoded by the reader; runs of spaces collapsed, characters no feed may carry dropped. */
const oneLine = (text: string) => withoutUnsafeChars(text).replace(/\s+/g, ' ').trim();

/** The main image's credit, when WordPress's caption is one ("Foto: Ana Lima/Folhapress"). */
const creditOf = (caption: string) => {
  const text = oneLine(plainText(caption));
  return /^(foto|fotos|imagem|crédito|credito|ilustração|arte)\b/i.test(text) && text.length <= 100 ? text : undefined;
};

export async function preparePost(
  item: WxrItem,
  fate: Extract<Fate, { kind: 'article' | 'draft' }>,
  context: PostContext,
): Promise<PreparedPost> {
  const notes: PostNotes = {
    problems: [],
    images: [],
    unknownShortcodes: [],
    removed: {},
    embeds: [],
    descriptionSource: '',
    altMissing: 0,
    dynamicBlocks: [],
  };
  const { index } = context;
  const title = oneLine(plainText(item.title));
  const children = index.childAttachments.get(item.id) ?? [];
  const convert = (imageSrc: (url: string) => string): ConvertedBody =>
    convertWordPressBody(item.content, {
      imageSrc,
      attachmentUrl: (id) => index.attachments.get(id)?.attachmentUrl ?? null,
      attachmentAlt: (id) => index.attachments.get(id)?.alt || null,
      childAttachments: () => children,
      linkTarget: context.linkTarget,
      ...(title.length >= 10 && title.length <= 150 ? { defaultAlt: title } : {}),
      footnotes: footnotesOf(item.meta),
    });

  // First the images the text names, then the text again with their final names.
  let first: ConvertedBody;
  try {
    first = convert((url) => url);
  } catch (error) {
    if (!(error instanceof WordPressBodyError)) throw error;
    return tooComplex(item, title, error.message, notes);
  }
  const figureUrls = [...new Set(first.images.map((image) => image.url))];
  const figures = new Map<string, Found>();
  for (const url of figureUrls) figures.set(url, await findImage(url, 'figure', context));
  const thumbnail = item.meta._thumbnail_id ? index.attachments.get(Number(item.meta._thumbnail_id)) : undefined;
  const mainUrl = thumbnail?.attachmentUrl ?? figureUrls[0] ?? null;
  const main = mainUrl ? await findImage(mainUrl, 'main', context) : null;

  notes.unknownShortcodes = first.unknownShortcodes;
  notes.removed = first.removed;
  notes.embeds = first.embeds.filter((embed) => !embed.kept).map((embed) => embed.url);
  notes.altMissing = first.images.filter((image) => image.altSource === 'default').length;
  notes.dynamicBlocks = first.dynamicBlocks;
  if (first.missingAttachments > 0)
    notes.problems.push(`${first.missingAttachments} imagem(ns) de uma galeria não estão no arquivo de exportação`);
  if (!main) notes.problems.push('o post não tem imagem destacada nem imagens no texto: escolha a imagem principal');
  else if ('problem' in main) notes.problems.push(`a imagem principal ${fileName(main.url)} não pôde ser usada: ${main.problem}`);
  for (const found of figures.values()) {
    if ('problem' in found) notes.problems.push(`a imagem do texto ${fileName(found.url)} não pôde ser usada: ${found.problem}`);
  }
  for (const found of [...(main ? [main] : []), ...figures.values()]) {
    if ('prepared' in found && found.prepared.changes.length > 0)
      notes.images.push(`${fileName(found.url)}: ${found.prepared.changes.join(', ')}`);
  }

  const author = context.authors.get(item.creator);
  const description = descriptionOf(item, first.text);
  notes.descriptionSource = description.source;
  const fields: Record<string, unknown> = {
    titulo: title,
    descricao: oneLine(description.text),
    ...(wpDateToSite(item.dateGmt, item.date) ? { data: wpDateToSite(item.dateGmt, item.date) } : {}),
    ...(author ? { autor: author.slug } : {}),
  };
  const themes = themesOf(item.terms, context.themes);
  if (themes.length > 0) fields.temas = themes;
  const alt = oneLine(thumbnail?.alt || plainText(thumbnail?.caption ?? ''));
  if (alt.length >= 10 && alt.length <= 150) fields.alt = alt;
  const credit = thumbnail ? creditOf(thumbnail.caption) : undefined;
  if (credit) fields.credito = credit;

  if (fate.kind === 'article' && notes.problems.length === 0 && main && 'prepared' in main) {
    const article = await asArticle(item, fate.slug, fields, main, figures, convert, context, notes);
    if (article) return { kind: 'article', ...article, notes };
  }
  return { kind: 'draft', ...asDraft(item, fields, main, figures, convert, notes), notes };
}

/**
 * The post as an article folder would give it, judged by the folder's own
 * check (checkArticle): index.md written from its fields and text, its
 * images in memory. An archive title at any length passes
 * (archiveFieldProblems); every other error makes it a draft.
 */
async function asArticle(
  item: WxrItem,
  slug: string,
  fields: Record<string, unknown>,
  { url: mainUrl, prepared: main }: { url: string; prepared: PreparedImage },
  figures: Map<string, Found>,
  convert: (imageSrc: (url: string) => string) => ConvertedBody,
  context: PostContext,
  notes: PostNotes,
): Promise<{ article: PreparedArticle; images: { from: string; to: string }[] } | null> {
  const names = new Map<string, string>();
  const figureFiles: FigureFile[] = [];
  for (const [url, found] of figures) {
    if (!('prepared' in found)) continue;
    const name = `imagem-${names.size + 1}.${found.prepared.extension}`;
    names.set(url, name);
    figureFiles.push({ name, file: `${FIGURE_FOLDER}${name}`, bytes: found.prepared.bytes });
  }
  const body = convert((url) => `${FIGURE_FOLDER}${names.get(url) ?? url}`).markdown;
  const text = `---\n${stringify({ ...fields, [IMAGE_FIELD]: `imagem.${main.extension}` })}---\n\n${body}\n`;
  const source: ArticleSource = {
    slug,
    dir: `post ${item.id}`,
    path: `post ${item.id}`,
    markdown: readMarkdownArticle(text),
    image: { file: `imagem.${main.extension}`, bytes: main.bytes, extension: main.extension },
    figureImages: figureFiles,
  };
  const checked = await checkArticle(
    source,
    {
      knownSlugs: context.knownSlugs,
      today: context.now,
      published: true,
      authors: new Set([...context.authors.values()].map((a) => a.slug)),
    },
    SHARP,
  );
  const archiveOk = Object.keys(archiveFieldProblems(fields as never)).length === 0;
  const errors = checked.problems.filter((problem) => problem.severity === 'error' && !(archiveOk && problem.field === 'titulo'));
  if (errors.length > 0) {
    notes.problems.push(...errors.map(describeProblem));
    return null;
  }
  const prepared = checked.article ?? (await recheckWithoutTitleLimit(source, context));
  if (!prepared) return null;
  return withVariants(prepared, { url: mainUrl, prepared: main }, figures, names);
}

/** The check refuses a title outside 20–90 characters; an archive title stays as written (archiveFieldProblems), so the article is built with a stand-in title and given its own back. */
async function recheckWithoutTitleLimit(source: ArticleSource, context: PostContext): Promise<PreparedArticle | null> {
  const title = source.markdown?.fields?.titulo;
  if (typeof title !== 'string' || !source.markdown?.fields) return null;
  const standIn = {
    ...source,
    markdown: { ...source.markdown, fields: { ...source.markdown.fields, titulo: 'Título provisório do arquivo importado' } },
  };
  const checked = await checkArticle(
    standIn,
    {
      knownSlugs: context.knownSlugs,
      today: context.now,
      published: true,
      authors: new Set([...context.authors.values()].map((a) => a.slug)),
    },
    SHARP,
  );
  return checked.article ? { ...checked.article, item: { ...checked.article.item, titulo: title } } : null;
}

/** The article with the WebP variants archive-images.ts made, under the names the check gave its images. */
function withVariants(
  article: PreparedArticle,
  main: { url: string; prepared: PreparedImage },
  figures: Map<string, Found>,
  names: Map<string, string>,
): { article: PreparedArticle; images: { from: string; to: string }[] } {
  const variants: StoredFile[] = main.prepared.variants.map(({ width, bytes }) => ({
    key: imageKey(variantFile(article.item.imagemAtual, width, 'webp')),
    value: bytes,
  }));
  const byHash = new Map((article.figures ?? []).map((figure) => [contentHash(figure.bytes), figure.file]));
  // Old image addresses lead to the image here: the main image's, then each figure's (the first named wins, as in planImport).
  const images: { from: string; to: string }[] = [{ from: main.url, to: `/${imageKey(article.item.imagemAtual)}` }];
  for (const [url, found] of figures) {
    if (!('prepared' in found) || !names.has(url)) continue;
    const file = byHash.get(contentHash(found.prepared.bytes));
    if (!file) continue;
    images.push({ from: url, to: `/${imageKey(file)}` });
    for (const { width, bytes } of found.prepared.variants)
      variants.push({ key: imageKey(variantFile(file, width, 'webp')), value: bytes });
  }
  return { article: { ...article, item: { ...article.item, formatosImagem: WEBP_ONLY }, variants }, images };
}

const describeProblem = (problem: Problem) => `${problem.message.replace(/^linha \d+: /, '')} (${problem.hint})`;

/** The R2 name the newsroom gives an image: its bytes' hash and its extension (src/newsroom/shared/media-names.ts). */
const storedName = (image: PreparedImage) => `${contentHash(image.bytes)}.${image.extension}`;

/** The post as a newsroom draft: its images stored as uploads are, a missing one left at its old address for the journalist to see. */
function asDraft(
  item: WxrItem,
  fields: Record<string, unknown>,
  main: Found | null,
  figures: Map<string, Found>,
  convert: (imageSrc: (url: string) => string) => ConvertedBody,
  notes: PostNotes,
): { draft: ImportedDraft; files: Map<string, Uint8Array> } {
  const files = new Map<string, Uint8Array>();
  const store = (image: PreparedImage) => {
    const name = storedName(image);
    files.set(name, image.bytes);
    for (const { width, bytes } of image.variants) files.set(variantFile(name, width, 'webp'), bytes);
    return name;
  };
  const draftFields: Record<string, unknown> = { ...fields };
  if (main && 'prepared' in main) draftFields[IMAGE_FIELD] = store(main.prepared);
  const body = convert((url) => {
    const found = figures.get(url);
    return found && 'prepared' in found ? `${FIGURE_FOLDER}${store(found.prepared)}` : url;
  }).markdown;
  return {
    draft: {
      postId: item.id,
      // Both the run's to say: it hashes the post and knows its author's e-mail.
      sourceHash: '',
      createdBy: '',
      fields: draftFields,
      body,
      notes: notes.problems,
    },
    files,
  };
}

/**
 * A post whose markup a browser would build past the body policy's limits:
 * a draft holding its text as WordPress saved it, so nothing is lost, for a
 * journalist to divide or simplify.
 */
function tooComplex(item: WxrItem, title: string, why: string, notes: PostNotes): PreparedPost {
  notes.problems.push(why);
  return {
    kind: 'draft',
    draft: { postId: item.id, sourceHash: '', createdBy: '', fields: { titulo: title }, body: item.content, notes: notes.problems },
    files: new Map(),
    notes,
  };
}
