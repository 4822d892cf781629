import { isValidImageFile } from '../content/format';

/**
 * The images an article's body shows (its `<figure>`s, from the folder's
 * `imagens/`), as its list item names them: the published file names inside
 * the thumbnails folder, like `imagemAtual`. Only present when the body shows
 * any. The site itself never reads the field (the body names its images);
 * the publishing commands do, so a published figure image counts as in use
 * and is never deleted while its article is live (plan.ts, referencedKeys).
 */
export interface WithFigures {
  figuras?: string[];
}

/** The figure image files an item (as stored, so checked) names; empty when none. */
export function figureFilesOf(item: unknown): string[] {
  const files = (item as WithFigures | null)?.figuras;
  return Array.isArray(files) ? files.filter((file): file is string => typeof file === 'string' && isValidImageFile(file)) : [];
}
