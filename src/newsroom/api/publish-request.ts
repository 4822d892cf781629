import * as v from 'valibot';
import { checkBody } from '#src/checking/check-body.ts';
import { hasErrors } from '#src/checking/problems.ts';
import { contentHash } from '#src/content/index/content-hash.ts';
import type { StoredAuthor } from '#src/content/index/index-build.ts';
import { parseAuthor } from '#src/content/schema/authors.ts';
import { bodyKey, IMAGE_FORMATS, imageKey, publishedExtension } from '#src/content/schema/format.ts';
import { shareImageFile, type VariantFormat, variantFiles, variantFormatsOf } from '#src/content/schema/image-variants.ts';
import { type NewsItem, parseNewsItem } from '#src/content/schema/news-item.ts';
import type { WithFigures } from '#src/publishing/plan/figure-files.ts';
import type { LocalRegistry, PreparedArticle, StoredFile } from '#src/publishing/plan/prepared-article.ts';
import { sniffPicture } from '../media/sniff';
import { AUTHOR_PHOTO_SIZE, isPreparedAuthorPhoto } from '../shared/author-photo';
import { type DraftFields, FIELD_NAMES } from '../shared/draft-input';
import { archiveFieldProblems, fieldProblems } from '../shared/field-check';
import { type ImageKind, shareImageProblem, storedProblems } from '../shared/image-check';
import { filesOf, manifestOf } from './manifest';
import { type ImportedArticles, MAX_API_ARTICLES, type PublishManifest } from './wire';

/**
 * A publish request from the command line (wire.ts), read as if hostile:
 * every entry by the article schema, every body by the content check, every
 * file's name against the hash of its bytes, every image's format and size
 * from its headers (nothing is decoded). Either the articles and authors
 * exactly as the engine takes them, or the first reason to refuse, in pt-BR.
 */
export type PublishRequest =
  | { articles: PreparedArticle[]; registry: LocalRegistry; replace: boolean; dryRun: boolean; imported?: ImportedArticles }
  | { refused: string };

const MANIFEST = v.object({
  articles: v.pipe(
    v.array(
      v.object({
        item: v.unknown(),
        body: v.string(),
        image: v.string(),
        variants: v.array(v.string()),
        figures: v.array(v.string()),
      }),
    ),
    v.minLength(1),
    v.maxLength(MAX_API_ARTICLES),
  ),
  authors: v.record(v.string(), v.unknown()),
  photos: v.array(v.string()),
  replace: v.boolean(),
  dryRun: v.boolean(),
  imported: v.optional(
    v.object({
      origin: v.pipe(v.string(), v.url(), v.maxLength(500)),
      posts: v.array(
        v.object({ postId: v.pipe(v.number(), v.integer(), v.minValue(1)), sourceHash: v.pipe(v.string(), v.regex(/^[0-9a-f]{10,64}$/)) }),
      ),
    }),
  ),
});

class Refusal extends Error {}

/**
 * The files of a request, each taken by what names it: a file may be named
 * twice (an article's main image shown in its text too: the same bytes, so
 * the same name, and the same variants), and the files nothing took are what
 * the request may not carry.
 */
class RequestFiles {
  private readonly taken = new Map<string, Uint8Array>();
  constructor(private readonly left: Map<string, Uint8Array>) {}

  take(key: string): Uint8Array | undefined {
    const bytes = this.left.get(key) ?? this.taken.get(key);
    if (bytes) {
      this.taken.set(key, bytes);
      this.left.delete(key);
    }
    return bytes;
  }

  /** A file nothing named, if any. */
  unused(): string | undefined {
    return this.left.keys().next().value;
  }
}
const refuse = (reason: string): never => {
  throw new Refusal(reason);
};

/** The dates parseNewsItem adds for the pages: not part of the stored entry. */
const PARSED_ONLY = new Set(['date', 'published', 'updated']);

/** A published image name `<prefix>-<hash of its bytes>.<extension>`, and the format its extension stands for. */
function checkName(file: string, prefix: string, bytes: Uint8Array, what: string): string {
  const match = /^(.+)-([0-9a-f]+)\.([a-z]+)$/.exec(file);
  const extension = match?.[3] ?? '';
  if (!match || match[1] !== prefix || publishedExtension(extension) !== extension)
    refuse(`${what}: o nome "${file}" não é o que o comando dá a uma imagem publicada`);
  if (match![2] !== contentHash(bytes)) refuse(`${what}: o arquivo "${file}" chegou diferente do que o nome diz (o hash não confere)`);
  return Object.entries(IMAGE_FORMATS).find(([, format]) => (format.extensions as readonly string[]).includes(extension))![0];
}

/** A picture as an article may show it: the format its name says, the size and bytes its kind allows. */
function checkPicture(kind: ImageKind, file: string, format: string, bytes: Uint8Array, what: string): { width: number } {
  const picture = sniffPicture(bytes);
  if (picture.format !== format) refuse(`${what}: "${file}" não é ${format.toUpperCase()} (o conteúdo não é o que o nome diz)`);
  const [problem] = storedProblems(kind, picture);
  if (problem) refuse(`${what}: ${problem.message}; ${problem.fix}`);
  return picture;
}

/** The variants of a published image in the formats its entry records (both, or WebP alone: image-variants.ts): each one named, in the format its name says, no wider than its name and its source. */
function checkVariants(
  file: string,
  source: { width: number },
  formats: readonly VariantFormat[],
  given: RequestFiles,
  what: string,
): StoredFile[] {
  return variantFiles(file, formats).map((name) => {
    const key = imageKey(name);
    const bytes = given.take(key) ?? refuse(`${what}: falta a cópia reduzida "${name}"`);
    const [, width, format] = /-(\d+)w\.([a-z]+)$/.exec(name)!;
    const picture = sniffPicture(bytes);
    if (picture.format !== format) refuse(`${what}: a cópia "${name}" não é ${format!.toUpperCase()}`);
    if (picture.width > Math.min(Number(width), source.width)) refuse(`${what}: a cópia "${name}" tem ${picture.width} px de largura`);
    return { key, value: bytes };
  });
}

/**
 * The stored list entry: its fields judged by the schema's rules as
 * `content:check` judges them (the first problem refuses it; an imported
 * archive article's title at any length: archiveFieldProblems), read as the
 * site reads an entry, without the dates the pages add, with its figures.
 */
function entryOf(raw: unknown, what: string, archive: boolean): NewsItem & WithFigures {
  const fields = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const [problem] = Object.values(
    (archive ? archiveFieldProblems : fieldProblems)(Object.fromEntries(FIELD_NAMES.map((name) => [name, fields[name]])) as DraftFields),
  );
  if (problem) refuse(`${what}: ${problem.message}; ${problem.fix}`);
  const dropped: string[] = [];
  const parsed = parseNewsItem(raw, (field) => dropped.push(String(field)));
  if (typeof parsed === 'string') return refuse(`${what}: a ficha do artigo não foi aceita (${parsed})`);
  if (dropped.length > 0) refuse(`${what}: o campo "${dropped[0]}" da ficha não foi aceito`);
  const item = Object.fromEntries(Object.entries(parsed).filter(([key]) => !PARSED_ONLY.has(key))) as NewsItem & WithFigures;
  const figures = (raw as WithFigures).figuras;
  if (figures !== undefined) {
    if (!Array.isArray(figures) || !figures.every((file) => typeof file === 'string'))
      refuse(`${what}: a lista de imagens do texto não foi aceita`);
    item.figuras = figures;
  }
  return item;
}

function readArticle(entry: PublishManifest['articles'][number], files: RequestFiles, index: number, archive: boolean): PreparedArticle {
  const item = entryOf(entry.item, `artigo ${index + 1}`, archive);
  const what = `"${item.titulo}" (${item.slug})`;
  if (item.htmlPath !== bodyKey(item.slug, contentHash(entry.body)))
    refuse(`${what}: o texto chegou diferente do que a ficha diz (o hash não confere)`);
  const problems = checkBody(entry.body, 'texto', undefined, archive ? { minWords: 0 } : {});
  if (hasErrors(problems)) {
    const first = problems.find((problem) => problem.severity === 'error')!;
    refuse(`${what}: o texto não passou na verificação (${first.message}; como corrigir: ${first.hint})`);
  }
  if (entry.image !== imageKey(item.imagemAtual)) refuse(`${what}: a imagem principal enviada não é a que a ficha nomeia`);
  const imageBytes = files.take(entry.image) ?? refuse(`${what}: falta a imagem principal "${item.imagemAtual}"`);
  const image = checkPicture('principal', item.imagemAtual, checkName(item.imagemAtual, item.slug, imageBytes, what), imageBytes, what);
  const formats = variantFormatsOf(item);
  const variants = checkVariants(item.imagemAtual, image, formats, files, what);
  // The share image (decision 053) is optional: a command from before it sends none, and the entry then records none.
  const shareKey = imageKey(shareImageFile(item.imagemAtual));
  const share = files.take(shareKey);
  if (share !== undefined) {
    const problem = shareImageProblem(sniffPicture(share));
    if (problem) refuse(`${what}: ${problem}`);
    variants.push({ key: shareKey, value: share });
  }
  const listed = item.figuras ?? [];
  if (listed.length !== entry.figures.length || listed.some((file, at) => entry.figures[at] !== file))
    refuse(`${what}: as imagens do texto enviadas não são as que a ficha lista`);
  const figures = listed.map((file) => {
    const key = imageKey(file);
    const bytes = files.take(key) ?? refuse(`${what}: falta a imagem do texto "${file}"`);
    const figure = checkPicture('figura', file, checkName(file, item.slug, bytes, what), bytes, what);
    variants.push(...checkVariants(file, figure, formats, files, what));
    return { file, key, bytes };
  });
  // Each variant once: the main image shown in the text names its variants twice.
  const unique = [...new Map(variants.map((variant) => [variant.key, variant])).values()];
  return {
    item,
    body: entry.body,
    image: { key: entry.image, bytes: imageBytes },
    variants: unique,
    ...(figures.length > 0 ? { figures } : {}),
  };
}

function readRegistry(manifest: PublishManifest, files: RequestFiles): LocalRegistry {
  const authors: Record<string, StoredAuthor> = {};
  const photos: StoredFile[] = [];
  for (const [slug, raw] of Object.entries(manifest.authors)) {
    const author = parseAuthor(slug, raw);
    if (typeof author === 'string') return refuse(`autor "${slug}": a ficha não foi aceita (${author})`);
    const { slug: _, ...stored } = author;
    authors[slug] = stored;
    if (stored.foto === undefined) continue;
    const key = imageKey(stored.foto);
    const bytes = files.take(key) ?? refuse(`autor "${slug}": falta a foto "${stored.foto}"`);
    if (checkName(stored.foto, `autor-${slug}`, bytes, `autor "${slug}"`) !== 'webp') refuse(`autor "${slug}": a foto não é WebP`);
    if (!isPreparedAuthorPhoto(sniffPicture(bytes)))
      refuse(`autor "${slug}": a foto não é a WebP de ${AUTHOR_PHOTO_SIZE}×${AUTHOR_PHOTO_SIZE} que o comando prepara`);
    photos.push({ key, value: bytes });
  }
  if (manifest.photos.some((key) => !photos.some((photo) => photo.key === key))) refuse('uma foto enviada não é de nenhum autor enviado');
  return { authors, photos };
}

/** Reads and checks a publish request's form (the body limit has already bounded its size). */
export async function readPublishRequest(form: FormData): Promise<PublishRequest> {
  try {
    const manifest = manifestOf(form, MANIFEST);
    if (!manifest) return { refused: 'o pedido não é uma publicação que a redação entenda (faltam os artigos ou a descrição deles)' };
    const received = await filesOf(form);
    if (!(received instanceof Map)) return { refused: `a parte "${received.notAFile}" do pedido não é um arquivo` };
    const files = new RequestFiles(received);
    const slugs = new Set<string>();
    const articles = manifest.articles.map((entry, index) => {
      const article = readArticle(entry, files, index, manifest.imported !== undefined);
      if (slugs.has(article.item.slug)) refuse(`o artigo ${article.item.slug} veio duas vezes no pedido`);
      slugs.add(article.item.slug);
      return article;
    });
    const registry = readRegistry(manifest, files);
    // Every file sent is one an article or author names: nothing else reaches the store.
    const extra = files.unused();
    if (extra !== undefined) return { refused: `o arquivo "${extra}" veio no pedido, mas nenhum artigo ou autor o usa` };
    const { imported } = manifest;
    if (imported && imported.posts.length !== articles.length)
      return { refused: 'a lista de posts importados não corresponde aos artigos' };
    return { articles, registry, replace: manifest.replace, dryRun: manifest.dryRun, ...(imported ? { imported } : {}) };
  } catch (error) {
    if (error instanceof Refusal) return { refused: error.message };
    throw error;
  }
}
