import { contentHash } from '#src/content/index/content-hash.ts';
import { bodyKey, isValidSlug } from '#src/content/schema/format.ts';
import { variantStem } from '#src/content/schema/image-variants.ts';
import type { PreparedArticle } from '#src/publishing/plan/prepared-article.ts';
import type { Draft } from '../drafts/drafts-store';
import { type PublishedImages, publishedImages, publishedName } from '../media/published-images';
import { sniffPicture } from '../media/sniff';
import { type DraftProblem, draftArticle, draftSlug, type PublishedFigure } from '../preview/draft-article';
import { figuresIn, IMAGE_FIELD, isStoredImage } from '../shared/media-names';

/** A draft ready for the engine, or what stops it, in the form's terms (the preview's problems). */
export type PreparedDraft = { ok: true; article: PreparedArticle } | { ok: false; problems: DraftProblem[] };

const MAIN_IMAGE = 'Imagem principal';
const TEXT_IMAGES = 'Imagens do texto';

const refused = (where: string, message: string, fix: string): DraftProblem => ({ severity: 'error', where, message, fix });

/**
 * A saved draft as the publishing engine takes it (PreparedArticle): its
 * fields and body read exactly as the preview reads them (draftArticle, the
 * schema's rules and the body check), its images read back from R2 under
 * their published names (publishedImages), its body's images pointed at
 * them. Any error (a field, a line of the text, an image missing or altered)
 * refuses it, with every problem listed; warnings do not.
 */
export async function preparedDraft(draft: Draft, bucket: R2Bucket, now: number): Promise<PreparedDraft> {
  const slug = draftSlug(draft);
  const image = draft.fields[IMAGE_FIELD];
  const figureNames = figuresIn(draft.body);
  const problems: DraftProblem[] = [];
  let images: PublishedImages | null = null;
  if (typeof image !== 'string' || !isStoredImage(image)) {
    problems.push(refused(MAIN_IMAGE, 'o rascunho não tem imagem principal', 'escolha a imagem principal no formulário e salve'));
  } else {
    const read = await publishedImages(bucket, slug, { image, figures: figureNames });
    if (read.ok) images = read.images;
    for (const file of read.ok ? [] : read.missing) {
      problems.push(
        refused(
          file.startsWith(variantStem(image)) ? MAIN_IMAGE : TEXT_IMAGES,
          `a imagem ${file} não está guardada na redação (ou chegou danificada)`,
          'envie a imagem de novo no formulário e salve',
        ),
      );
    }
  }
  // Each text image under its published name; with its size once its bytes are read.
  const figures = new Map<string, PublishedFigure>(
    figureNames.map((name, index) => {
      const bytes = images?.figures[index]?.bytes;
      return [name, { file: publishedName(slug, name), ...(bytes ? sizeOf(bytes) : {}) }];
    }),
  );
  const read = draftArticle(draft, now, figures);
  problems.unshift(...read.problems.filter(isError));
  if (problems.length > 0 || images === null || read.item === null || !isValidSlug(slug)) return { ok: false, problems };
  // The entry as stored: the schema's fields as it read them, without what parsing adds (dates as numbers).
  const { date: _date, published: _published, updated: _updated, ...fields } = read.item;
  const { figures: figureFiles, ...files } = images;
  const article: PreparedArticle = {
    item: {
      ...fields,
      slug,
      imagemAtual: publishedName(slug, image as string),
      htmlPath: bodyKey(slug, contentHash(read.html)),
      ...(figureFiles.length > 0 ? { figuras: figureFiles.map(({ file }) => file) } : {}),
    },
    body: read.html,
    figures: figureFiles,
    ...files,
  };
  return { ok: true, article };
}

const sizeOf = (bytes: Uint8Array) => {
  const { width, height } = sniffPicture(bytes);
  return { width, height };
};

const isError = (problem: DraftProblem) => problem.severity === 'error';
