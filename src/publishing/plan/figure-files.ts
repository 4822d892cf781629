import { IMAGE_FOLDER, isValidImageFile } from '#src/content/schema/format.ts';

/** The subfolder of an article folder holding the images its body shows. */
export const FIGURE_FOLDER = 'imagens';

/**
 * The images an article's body shows (its `<figure>`s, from the folder's
 * `imagens/`), as its list item names them: the published file names inside
 * the thumbnails folder, like `imagemAtual`. Only present when the body shows
 * any. The site itself never reads the field (the body names its images);
 * the publishing commands do, so a published figure image counts as in use
 * and is never deleted while its article is live (live.ts, referencedKeys).
 */
export interface WithFigures {
  figuras?: string[];
}

/** The figure image files an item (as stored, so checked) names; empty when none. */
export function figureFilesOf(item: unknown): string[] {
  const files = (item as WithFigures | null)?.figuras;
  return Array.isArray(files) ? files.filter((file): file is string => typeof file === 'string' && isValidImageFile(file)) : [];
}

/** The file of imagens/ a src names (`imagens/planta.webp`, `./imagens/planta.webp`, percent-encoded or not); null for any other src. */
export function figureName(src: string): string | null {
  const path = src.trim().replace(/^\.\//, '');
  if (!path.startsWith(`${FIGURE_FOLDER}/`)) return null;
  const name = path.slice(FIGURE_FOLDER.length + 1);
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** Whether a src names an image already published (`/thumbnails/…`): the body names its images in imagens/, and the publication gives them their final name. */
export const isPublishedImagePath = (src: string): boolean => src.trim().startsWith(`/${IMAGE_FOLDER}`);
