import { HASH_LENGTH } from '#src/content/index/news-index.ts';
import { IMAGE_VARIANT_WIDTHS, SHARE_IMAGE_SIZE, shareImageFile, variantFile } from '#src/content/schema/image-variants.ts';

/**
 * How the newsroom names an uploaded image, in R2 and in a draft: the
 * content hash of its bytes and its format's extension (`3f9a0c21bd.webp`),
 * so the same picture uploaded twice is one object and a name always means
 * the same bytes. Its variants (WebP only, made in the browser:
 * docs/newsroom-writing.md, "Images") follow the published images' naming
 * (`3f9a0c21bd-800w.webp`), and so does a main image's share image
 * (`3f9a0c21bd-1200x630.webp`, decision 053). The slug is added only when an
 * article is published (src/newsroom/media/published-images.ts).
 */
const STORED_IMAGE = new RegExp(`^[0-9a-f]{${HASH_LENGTH}}\\.(?:webp|avif|jpg|png)$`);
const SHARE_SUFFIX = `${SHARE_IMAGE_SIZE.width}x${SHARE_IMAGE_SIZE.height}`;
const STORED_FILE = new RegExp(
  `^[0-9a-f]{${HASH_LENGTH}}(?:-(?:(?:${IMAGE_VARIANT_WIDTHS.join('|')})w|${SHARE_SUFFIX}))?\\.(?:webp|avif|jpg|png)$`,
);

export const isStoredImage = (name: string) => STORED_IMAGE.test(name);
/** An image, one of its variants or its share image: what the media route serves and the gc counts as the image's files. */
export const isStoredFile = (name: string) => STORED_FILE.test(name);

/** The readers' widths, as every published image has them. */
export const VARIANT_WIDTHS = IMAGE_VARIANT_WIDTHS;

/** The WebP variants of a stored image, widest last. */
export const storedVariants = (name: string) => IMAGE_VARIANT_WIDTHS.map((width) => ({ width, file: variantFile(name, width, 'webp') }));

/** The share image's size, as the browser draws it. */
export const SHARE_SIZE = SHARE_IMAGE_SIZE;

/** A main image's share image (1200×630 WebP, made by the browser at upload; older uploads have none). */
export const shareImageOf = (name: string) => shareImageFile(name);

/** The variant the form shows as a thumbnail. */
export const thumbnailOf = (name: string) => variantFile(name, IMAGE_VARIANT_WIDTHS[0], 'webp');

/** The form field naming the draft's main image (beside the schema's fields, which name no file). */
export const IMAGE_FIELD = 'imagem';

/** How the Markdown body shows an uploaded image: `![alt](imagens/<name>)`, as article folders name theirs. */
export const FIGURE_FOLDER = 'imagens/';
export const figureMarkdown = (alt: string, name: string) => `![${alt.replace(/[[\]\n]/g, ' ').trim()}](${FIGURE_FOLDER}${name})`;

/** `](imagens/<name>)`, or with a caption after the name: `](imagens/<name> "caption")`. */
const FIGURE_LINK = new RegExp(`\\]\\(${FIGURE_FOLDER}([^)\\s]+)(?:\\s+"[^"\\n]*")?\\)`, 'g');

/** The uploaded images a Markdown body shows, each once, in order. */
export function figuresIn(body: string): string[] {
  const found = new Set<string>();
  for (const [, name = ''] of body.matchAll(FIGURE_LINK)) if (isStoredImage(name)) found.add(name);
  return [...found];
}
