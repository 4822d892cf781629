import { HASH_LENGTH } from '#src/content/index/news-index.ts';
import { IMAGE_VARIANT_WIDTHS, variantFile } from '#src/content/schema/image-variants.ts';

/**
 * How the newsroom names an uploaded image, in R2 and in a draft: the
 * content hash of its bytes and its format's extension (`3f9a0c21bd.webp`),
 * so the same picture uploaded twice is one object and a name always means
 * the same bytes. Its variants (WebP only, made in the browser:
 * docs/newsroom-writing.md, "Images") follow the published images' naming
 * (`3f9a0c21bd-800w.webp`). The slug is added only when an article is
 * published (src/newsroom/media/published-images.ts).
 */
const STORED_IMAGE = new RegExp(`^[0-9a-f]{${HASH_LENGTH}}\\.(?:webp|avif|jpg|png)$`);
const STORED_FILE = new RegExp(`^[0-9a-f]{${HASH_LENGTH}}(?:-(?:${IMAGE_VARIANT_WIDTHS.join('|')})w)?\\.(?:webp|avif|jpg|png)$`);

export const isStoredImage = (name: string) => STORED_IMAGE.test(name);
/** An image or one of its variants: what the media route serves. */
export const isStoredFile = (name: string) => STORED_FILE.test(name);

/** The readers' widths, as every published image has them. */
export const VARIANT_WIDTHS = IMAGE_VARIANT_WIDTHS;

/** The WebP variants of a stored image, widest last. */
export const storedVariants = (name: string) => IMAGE_VARIANT_WIDTHS.map((width) => ({ width, file: variantFile(name, width, 'webp') }));

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
