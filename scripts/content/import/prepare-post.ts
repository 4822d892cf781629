import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { stringify } from 'yaml';
import { type ArticleSource, checkArticle } from '../../../src/checking/folder/article.ts';
import type { FigureFile } from '../../../src/checking/folder/figures.ts';
import { readMarkdownArticle } from '../../../src/checking/markdown-article.ts';
import type { Problem } from '../../../src/checking/problems.ts';
import { contentHash } from '../../../src/content/index/content-hash.ts';
import { imageKey } from '../../../src/content/schema/format.ts';
import { shareImageFile, variantFile, WEBP_ONLY } from '../../../src/content/schema/image-variants.ts';
import { withoutUnsafeChars } from '../../../src/lib/escape-xml.ts';
import type { ImportedDraft } from '../../../src/newsroom/api/wire.ts';
import { FIGURE_FOLDER, IMAGE_FIELD, shareImageOf } from '../../../src/newsroom/shared/media-names.ts';
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
  /** What the site's check refused, for the report: the draft's form and preview show these themselves. */
  refusals: string[];
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
/** The main image: one of the post's, or the site's own when the post has none (url null). */
type MainImage = Found | { url: null; prepared: PreparedImage };

/**
 * The main image of a post that had none: the site's own share image
 * (assets/og-image.png), its margins extended to 16:9, so the archive
 * article is published (decision 049) and the report says to replace it.
 */
let siteImagePrepared: Promise<PreparedImage> | undefined;
function siteImage(): Promise<PreparedImage> {
  siteImagePrepared ??= (async () => {
    const source = sharp(readFileSync(new URL('../../../assets/og-image.png', import.meta.url)));
    const { width = 0, height = 0 } = await source.metadata();
    const { data } = await source.clone().extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    const extra = Math.max(0, Math.round((width * 9) / 16) - height);
    const background = { r: data[0] ?? 255, g: data[1] ?? 255, b: data[2] ?? 255 };
    const bytes = await source
      .extend({ top: Math.floor(extra / 2), bottom: Math.ceil(extra / 2), background })
      .png()
      .toBuffer();
    const prepared = await prepareMainImage(new Uint8Array(bytes));
    if ('problem' in prepared) throw new Error(`a imagem do site não serve de imagem principal: ${prepared.problem}`);
    return prepared;
  })();
  return siteImagePrepared;
}

async function findImage(url: string, kind: 'main' | 'figure', context: PostContext): Promise<Found> {
  const resolved = resolveUpload(context.uploadsDir, url, context.siteHosts);
  if ('missing' in resolved) return { url, problem: resolved.missing };
  const bytes = new Uint8Array(readFileSync(resolved.path));
  const prepared = await (kind === 'main' ? prepareMainImage(bytes) : prepareFigure(bytes));
  return 'problem' in prepared ? { url, problem: prepared.problem } : { url, prepared };
}

/** An image's file name as the report and the draft's note show it; as written when its escapes are broken (`foto%E0.jpg`). */
const fileName = (url: string) => {
  const path = url.split(/[?#]/)[0] ?? url;
  const name = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(name) || url;
  } catch {
    return name || url;
  }
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
    refusals: [],
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
  const main = mainUrl ? await findImage(mainUrl, 'main', context) : { url: null, prepared: await siteImage() };

  notes.unknownShortcodes = first.unknownShortcodes;
  notes.removed = first.removed;
  notes.embeds = first.embeds.filter((embed) => !embed.kept).map((embed) => embed.url);
  notes.altMissing = first.images.filter((image) => image.altSource === 'default').length;
  notes.dynamicBlocks = first.dynamicBlocks;
  if (first.missingAttachments > 0)
    notes.problems.push(
      `${first.missingAttachments} imagem(ns) de uma galeria do WordPress não vieram do site antigo: envie-as pelo editor, se fizerem falta`,
    );
  if (main.url === null) notes.images.push('sem imagem no WordPress: vai a imagem do site (troque-a na redação, se quiser)');
  // On the draft's page in the journalist's words; the reason, for whoever runs the import, in the report.
  else if ('problem' in main) {
    notes.problems.push(`a imagem principal (${fileName(main.url)}) não veio do site antigo: escolha uma no campo "Imagem principal"`);
    notes.refusals.push(`imagem principal ${main.url}: ${main.problem}`);
  }
  for (const found of figures.values()) {
    if (!('problem' in found)) continue;
    notes.problems.push(
      `a imagem ${fileName(found.url)} do texto não veio do site antigo: envie-a pelo editor no lugar da linha com o endereço antigo`,
    );
    notes.refusals.push(`imagem do texto ${found.url}: ${found.problem}`);
  }
  for (const found of [main, ...figures.values()]) {
    if (found.url !== null && 'prepared' in found && found.prepared.changes.length > 0)
      notes.images.push(`${fileName(found.url)}: ${found.prepared.changes.join(', ')}`);
  }

  const author = context.authors.get(item.creator);
  const description = descriptionOf(item, first.text);
  notes.descriptionSource = description.source;
  const fields: Record<string, unknown> = {
    titulo: title,
    // A post with no text at all: its title, as WordPress's own feeds would say it.
    descricao: oneLine(description.text) || title,
    ...(wpDateToSite(item.dateGmt, item.date) ? { data: wpDateToSite(item.dateGmt, item.date) } : {}),
    ...(author ? { autor: author.slug } : {}),
  };
  const themes = themesOf(item.terms, context.themes);
  if (themes.length > 0) fields.temas = themes;
  const alt = oneLine(thumbnail?.alt || plainText(thumbnail?.caption ?? ''));
  if (alt.length >= 10 && alt.length <= 150) fields.alt = alt;
  const credit = thumbnail ? creditOf(thumbnail.caption) : undefined;
  if (credit) fields.credito = credit;

  if (fate.kind === 'article' && notes.problems.length === 0 && 'prepared' in main) {
    const article = await asArticle(item, fate.slug, fields, main, figures, convert, context, notes);
    if (article) return { kind: 'article', ...article, notes };
  }
  return { kind: 'draft', ...asDraft(item, fields, main, figures, convert, notes), notes };
}

/**
 * The post as an article folder would give it, judged by the folder's own
 * check (checkArticle): index.md written from its fields and text, its
 * images in memory, with the archive's rules (its title and text at any
 * length: decision 049); any error makes it a draft.
 */
async function asArticle(
  item: WxrItem,
  slug: string,
  fields: Record<string, unknown>,
  { url: mainUrl, prepared: main }: { url: string | null; prepared: PreparedImage },
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
  const authors = new Set([...context.authors.values()].map((author) => author.slug));
  const checked = await checkArticle(
    source,
    { knownSlugs: context.knownSlugs, today: context.now, published: true, authors, archive: true },
    SHARP,
  );
  if (!checked.article) {
    notes.refusals.push(...checked.problems.filter((problem) => problem.severity === 'error').map(describeProblem));
    return null;
  }
  const prepared = checked.article;
  return withVariants(prepared, { url: mainUrl, prepared: main }, figures, names);
}

/** The article with the WebP variants archive-images.ts made, under the names the check gave its images. */
function withVariants(
  article: PreparedArticle,
  main: { url: string | null; prepared: PreparedImage },
  figures: Map<string, Found>,
  names: Map<string, string>,
): { article: PreparedArticle; images: { from: string; to: string }[] } {
  const variants: StoredFile[] = main.prepared.variants.map(({ width, bytes }) => ({
    key: imageKey(variantFile(article.item.imagemAtual, width, 'webp')),
    value: bytes,
  }));
  if (main.prepared.share) variants.push({ key: imageKey(shareImageFile(article.item.imagemAtual)), value: main.prepared.share });
  const byHash = new Map((article.figures ?? []).map((figure) => [contentHash(figure.bytes), figure.file]));
  // Old image addresses lead to the image here: the main image's, then each figure's (the first named wins, as in planImport).
  const images: { from: string; to: string }[] = main.url ? [{ from: main.url, to: `/${imageKey(article.item.imagemAtual)}` }] : [];
  for (const [url, found] of figures) {
    if (!('prepared' in found) || !names.has(url)) continue;
    const file = byHash.get(contentHash(found.prepared.bytes));
    if (!file) continue;
    images.push({ from: url, to: `/${imageKey(file)}` });
    for (const { width, bytes } of found.prepared.variants)
      variants.push({ key: imageKey(variantFile(file, width, 'webp')), value: bytes });
  }
  // Each variant once: a main image shown in the text too is one file, named once.
  const unique = [...new Map(variants.map((variant) => [variant.key, variant])).values()];
  return { article: { ...article, item: { ...article.item, formatosImagem: WEBP_ONLY }, variants: unique }, images };
}

const describeProblem = (problem: Problem) => `${problem.message.replace(/^linha \d+: /, '')} (${problem.hint})`;

/** The R2 name the newsroom gives an image: its bytes' hash and its extension (src/newsroom/shared/media-names.ts). */
const storedName = (image: PreparedImage) => `${contentHash(image.bytes)}.${image.extension}`;

/** The post as a newsroom draft: its images stored as uploads are, a missing one left at its old address for the journalist to see. */
function asDraft(
  item: WxrItem,
  fields: Record<string, unknown>,
  main: MainImage,
  figures: Map<string, Found>,
  convert: (imageSrc: (url: string) => string) => ConvertedBody,
  notes: PostNotes,
): { draft: ImportedDraft; files: Map<string, Uint8Array> } {
  const files = new Map<string, Uint8Array>();
  const store = (image: PreparedImage) => {
    const name = storedName(image);
    files.set(name, image.bytes);
    for (const { width, bytes } of image.variants) files.set(variantFile(name, width, 'webp'), bytes);
    if (image.share) files.set(shareImageOf(name), image.share);
    return name;
  };
  const draftFields: Record<string, unknown> = { ...fields };
  if ('prepared' in main) draftFields[IMAGE_FIELD] = store(main.prepared);
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
