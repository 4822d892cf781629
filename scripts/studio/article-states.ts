import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Problem } from '../../src/checking/problems.ts';
import type { NewsItem } from '../../src/content/news-item.ts';
import { planPublish } from '../../src/publishing/plan.ts';
import { AUTHORS_FOLDER, shown } from '../content/article-folder.ts';
import { checkContext } from '../content/check-context.ts';
import { checkContent } from '../content/check-folder.ts';
import { contentHash } from '../content/content-hash.ts';

/**
 * Each article folder's state on the local site, as the panel lists it: the
 * folder checked as `content:check` checks it (checkContext, checkContent),
 * and compared with the live article of its slug as `content:publish` plans
 * (planPublish): not live, live and equal, live and different. Nothing is
 * written.
 */

export type State = 'rascunho' | 'publicado' | 'alterado';

export interface ArticleState {
  slug: string;
  /** The folder as the editor knows it: content/<slug>. */
  folder: string;
  /** The title in the folder, else the live one, else the slug. */
  titulo: string;
  state: State;
  /** When its date is still to come: "dd/MM/yyyy HH:mm" (Brasília). */
  scheduled?: string;
  errors: number;
  warnings: number;
  problems: Problem[];
}

/** The article folders of the content folder (the author registry is not one). */
export function articleFolders(contentDir: string): string[] {
  if (!existsSync(contentDir)) return [];
  return readdirSync(contentDir)
    .filter((name) => name !== AUTHORS_FOLDER && !name.startsWith('.'))
    .map((name) => join(contentDir, name))
    .filter((path) => statSync(path).isDirectory())
    .sort();
}

/** One folder's state against the live list. */
export async function folderState(folder: string, live: readonly NewsItem[], liveAuthors: readonly string[]): Promise<ArticleState> {
  const slug = folder.split(/[\\/]/).at(-1) ?? folder;
  const liveItem = live.find((item) => item.slug === slug);
  let problems: Problem[];
  let planned: { change: string; scheduled?: string; titulo: string } | undefined;
  try {
    const checked = await checkContent(folder, live, undefined, { liveAuthors });
    problems = checked.problems;
    if (checked.articles.length === 1) {
      const plan = planPublish(checked.articles, { items: live, metaText: null }, contentHash, {
        replace: true,
        registry: checked.registry,
      });
      planned = plan.articles[0];
    }
  } catch (thrown) {
    problems = [
      {
        severity: 'error',
        file: shown(folder),
        field: 'pasta',
        message: (thrown as Error).message,
        hint: 'salve o artigo de novo no estúdio',
      },
    ];
  }
  const state: State = !liveItem ? 'rascunho' : planned?.change === 'unchanged' ? 'publicado' : 'alterado';
  return {
    slug,
    folder: `${basename(dirname(folder))}/${slug}`,
    titulo: planned?.titulo ?? liveItem?.titulo ?? slug,
    state,
    ...(planned?.scheduled ? { scheduled: planned.scheduled } : {}),
    errors: problems.filter((p) => p.severity === 'error').length,
    warnings: problems.filter((p) => p.severity === 'warning').length,
    problems,
  };
}

/** Every article folder's state, against the local site's live list (or the bundled one, before its first publish). */
export async function articleStates(contentDir: string): Promise<{ source: string; articles: ArticleState[] }> {
  const context = await checkContext('local');
  const articles: ArticleState[] = [];
  for (const folder of articleFolders(contentDir)) articles.push(await folderState(folder, context.live, context.liveAuthors));
  return { source: context.source, articles };
}
