import { contentHash } from '../../../src/content/index/content-hash.ts';
import { API_PATHS, FORM_FIELDS } from '../../../src/newsroom/api/wire.ts';
import { describePlan } from '../../../src/publishing/plan/describe-plan.ts';
import type { Live } from '../../../src/publishing/plan/live.ts';
import { planUnpublish } from '../../../src/publishing/plan/plan.ts';
import { readLive } from '../../../src/publishing/run/read-live.ts';
import { runChange } from '../../../src/publishing/run/run.ts';
import { DELETE_AFTER_MS } from '../../../src/publishing/stores/pending-deletes.ts';
import { articlePath } from '../../../src/seo/urls.ts';
import { openNewsroom } from '../../lib/newsroom-client.ts';
import { openStore } from '../store/kv.ts';
import { runOptions } from '../store/run-options.ts';
import { updateSearchIndex } from '../store/search-sync.ts';
import { PORT_HELP, parse, print, printAnswer, printPlan, siteOf, targetOf, UsageError, WHEN_VISIBLE, WHERE } from './args.ts';

const UNPUBLISH_USAGE = ['uso: npm run content:unpublish -- --local|--remote [--dry-run] [--port N] <slug>', `  ${PORT_HELP}`].join('\n');

export async function unpublish(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv);
  const target = targetOf(values);
  const slug = positionals[0];
  if (positionals.length > 1)
    throw new UsageError(`content:unpublish recebe um slug só, não ${positionals.length}: rode o comando uma vez para cada artigo`);
  if (!slug) throw new UsageError(UNPUBLISH_USAGE);
  // A folder path (content/<slug>/) names its slug: say which to write.
  if (/[\\/]/.test(slug)) {
    const name =
      slug
        .split(/[\\/]+/)
        .filter(Boolean)
        .at(-1) ?? '';
    throw new UsageError(
      `erro: content:unpublish recebe o slug do artigo, não o caminho da pasta "${slug}"\ncomo corrigir: npm run content:unpublish -- --${target} ${name}`,
    );
  }
  const site = siteOf(target, values.port);
  if (target === 'remote') {
    const newsroom = openNewsroom();
    console.log(`Despublicando em ${newsroom.site.origin}, pela redação:`);
    return printAnswer(
      await newsroom.post(API_PATHS.unpublish, { [FORM_FIELDS.slug]: slug, [FORM_FIELDS.dryRun]: values['dry-run'] ? '1' : '' }),
    );
  }
  const store = openStore();
  const options = runOptions(target, 'unpublish', print, site);
  const change = (current: Live) => planUnpublish(slug, current, contentHash);
  const notLive = () => {
    console.log(`"${slug}" não está publicado ${WHERE[target]}: nada a fazer.`);
    return 1;
  };
  if (values['dry-run']) {
    const plan = change(await readLive(store, options));
    if (!plan) return notLive();
    printPlan(`Plano ${WHERE[target]} (simulação, nada foi gravado):`, describePlan(plan, site));
    return 0;
  }
  console.log(`Despublicando ${WHERE[target]}:`);
  const { plan } = await runChange(store, change, options);
  // The article is gone (or already was: running again repairs the search): so is its search entry.
  const indexed = await updateSearchIndex(target, store, [slug], print);
  // A run that found the article gone may still have repaired the index (plan without `removed`).
  if (!plan?.removed.includes(slug)) return notLive();
  console.log(
    `"${slug}" foi despublicado: ${site}${articlePath({ slug })} passa a responder 404 (o texto e as imagens são apagados daqui a ${DELETE_AFTER_MS / 60_000} minutos, quando nenhuma página em cache puder mais mostrá-los). ${WHEN_VISIBLE}`,
  );
  return indexed ? 0 : 1;
}
