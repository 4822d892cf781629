import { buildIndex, type StoredAuthor } from '../../src/content/index-build.ts';
import type { NewsItem } from '../../src/content/news-item.ts';
import { withImageVariants } from './check-article.ts';
import { checkContent } from './check-folder.ts';
import { contentHash } from './content-hash.ts';
import { formatProblems, hasErrors } from './problems.ts';

/** The folder of the bundled sample content, in the editors' format. */
export const CONTENT_DIR = 'content';

/**
 * The bundled content as files at their content paths (the index, bodies,
 * images and their variants), checked by the same code that checks what editors publish. Throws
 * with every problem listed when the bundle has an error.
 */
export async function buildContentBundle(
  dir = CONTENT_DIR,
): Promise<{ list: NewsItem[]; files: Map<string, string | Buffer>; authors: Record<string, StoredAuthor> }> {
  const { problems, articles: checked, registry } = await checkContent(dir, [], undefined, { bundled: true });
  if (hasErrors(problems)) throw new Error(`the bundled content has errors:\n${formatProblems(problems)}`);
  const articles = await Promise.all(checked.map(withImageVariants));
  const list = articles.map((article) => article.item);
  const files = new Map<string, string | Buffer>(buildIndex(list, contentHash, Date.now(), registry.authors));
  for (const photo of registry.photos) files.set(photo.key, photo.value);
  for (const { item, body, image, variants, figures = [] } of articles) {
    files.set(item.htmlPath, body);
    files.set(image.key, image.bytes);
    for (const figure of figures) files.set(figure.key, figure.bytes);
    for (const variant of variants) files.set(variant.key, variant.value);
  }
  return { list, files, authors: registry.authors };
}
