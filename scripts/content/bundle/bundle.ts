import { basename, relative, resolve, sep } from 'node:path';
import type { Problem } from '../../../src/checking/problems.ts';
import { contentHash } from '../../../src/content/index/content-hash.ts';
import { buildIndex, type StoredAuthor } from '../../../src/content/index/index-build.ts';
import type { NewsItem } from '../../../src/content/schema/news-item.ts';
import { imageFiles, withRecordedImages } from '../../../src/publishing/plan/prepared-article.ts';
import { findArticleFolders, shown } from '../check/article-folder.ts';
import { checkContent } from '../check/check-folder.ts';
import { withImageVariants } from '../check/images.ts';

/** The folder of the bundled sample content, in the editors' format. */
export const CONTENT_DIR = 'content';

/** A folder the bundle left out: a draft (or a broken article) and its errors. */
export interface SkippedFolder {
  /** The folder, as the editor passes it to `content:check`. */
  dir: string;
  /** Its errors (and those of the registry or the folder that concern it). */
  errors: Problem[];
}

/** Whether a problem's file is the folder itself or a file inside it. */
const inside = (file: string, dir: string) => {
  const path = relative(resolve(dir), resolve(file));
  return path === '' || (!path.startsWith('..') && !path.startsWith(sep));
};

/**
 * The bundled content as files at their content paths (the index, bodies,
 * images and their variants), checked by the same code that checks what
 * editors publish. Only what is ready is bundled: a folder with an error (a
 * draft) is left out and named in `skipped`, never failing the build; the
 * errors that belong to no article folder (the author registry, a stray
 * folder) are in `others`.
 */
export async function buildContentBundle(dir = CONTENT_DIR): Promise<{
  list: NewsItem[];
  files: Map<string, string | Uint8Array>;
  authors: Record<string, StoredAuthor>;
  skipped: SkippedFolder[];
  others: Problem[];
}> {
  const { problems, articles: checked, registry } = await checkContent(dir, [], undefined, { bundled: true });
  const ready = new Set(checked.map((article) => article.item.slug));
  const errors = problems.filter((problem) => problem.severity === 'error');
  const skipped = findArticleFolders(dir)
    .folders.filter((folder) => !ready.has(basename(resolve(folder))))
    .map((folder) => ({ dir: shown(folder), errors: errors.filter((problem) => inside(problem.file, folder)) }));
  const others = errors.filter((problem) => !skipped.some((folder) => folder.errors.includes(problem)));
  // Recorded as a publish records them, so the bundled entries are the ones publishing the same folders writes.
  const articles = (await Promise.all(checked.map(withImageVariants))).map(withRecordedImages);
  const list = articles.map((article) => article.item);
  const files = new Map<string, string | Uint8Array>(buildIndex(list, contentHash, Date.now(), registry.authors));
  for (const photo of registry.photos) files.set(photo.key, photo.value);
  for (const article of articles) {
    files.set(article.item.htmlPath, article.body);
    for (const file of imageFiles(article)) files.set(file.key, file.value);
  }
  return { list, files, authors: registry.authors, skipped, others };
}

/** The build's warning for what it left out, in the editors' words (pt-BR); empty when everything was bundled. */
export function skippedWarning({ skipped, others }: { skipped: readonly SkippedFolder[]; others: readonly Problem[] }): string {
  const lines: string[] = [];
  for (const { dir, errors } of skipped) {
    const first = errors[0];
    lines.push(
      `rascunho fora do site: ${dir} tem ${errors.length || 'algum'} erro(s) e não entrou no build${first ? ` (o primeiro: [${first.field}] ${first.message})` : ''}`,
      `  como corrigir: rode npm run content:check -- ${dir} e corrija os erros; o site continua no ar sem ele`,
    );
  }
  for (const problem of others) {
    lines.push(`erro fora de um artigo: ${problem.file} [${problem.field}] ${problem.message}`, `  como corrigir: ${problem.hint}`);
  }
  return lines.join('\n');
}
