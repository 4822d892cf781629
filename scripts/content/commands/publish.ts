import { formatProblems, hasErrors } from '../../../src/checking/problems.ts';
import { contentHash } from '../../../src/content/index/content-hash.ts';
import type { NewsItem } from '../../../src/content/schema/news-item.ts';
import { describePlan, planSummary } from '../../../src/publishing/plan/describe-plan.ts';
import { planPublish } from '../../../src/publishing/plan/plan.ts';
import { refusal, STOPPED } from '../../../src/publishing/plan/replace-refusal.ts';
import { readLive } from '../../../src/publishing/run/read-live.ts';
import { runPublish } from '../../../src/publishing/run/run.ts';
import { openNewsroom } from '../../lib/newsroom-client.ts';
import { checkContent } from '../check/check-folder.ts';
import { withImageVariants } from '../check/images.ts';
import { openStore } from '../store/kv.ts';
import { runOptions } from '../store/run-options.ts';
import { updateSearchIndex } from '../store/search-sync.ts';
import { PORT_HELP, parse, print, printAnswer, printPlan, siteOf, targetOf, UsageError, WHEN_VISIBLE, WHERE } from './args.ts';

const PUBLISH_USAGE = [
  'uso: npm run content:publish -- --local|--remote [--dry-run] [--replace] [--port N] <pasta>...',
  '  --dry-run: mostra o plano, sem gravar nada',
  '  --replace: permite substituir um artigo no ar cujo título é diferente do da pasta',
  `  ${PORT_HELP}`,
].join('\n');

/**
 * `--remote`: checked here against the live list the newsroom reads, then
 * sent to the newsroom's API, which checks it all again and publishes with
 * the engine in the worker (scripts/lib/newsroom-client.ts).
 */
async function publishRemote(values: ReturnType<typeof parse>['values'], positionals: string[]): Promise<number> {
  const newsroom = openNewsroom();
  const live = await newsroom.live();
  const { problems, articles, registry } = await checkContent(positionals, live.items as NewsItem[], undefined, {
    liveAuthors: live.authors,
  });
  if (problems.length > 0) console.log(formatProblems(problems));
  if (hasErrors(problems)) {
    console.log('Nada foi publicado: corrija os erros acima e rode o comando de novo.');
    return 1;
  }
  const prepared = await Promise.all(articles.map(withImageVariants));
  const dryRun = values['dry-run'];
  console.log(dryRun ? `Simulação em ${newsroom.site.origin}, pela redação:` : `Publicando em ${newsroom.site.origin}, pela redação:`);
  return printAnswer(await newsroom.publish(prepared, registry, { replace: values.replace, dryRun }));
}

export async function publish(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv);
  const target = targetOf(values);
  if (positionals.length === 0) throw new UsageError(PUBLISH_USAGE);
  const site = siteOf(target, values.port);
  if (target === 'remote') return publishRemote(values, positionals);
  const store = openStore();
  const options = runOptions(target, 'publish', print, site);
  // Read without the lock, for the check's links to live articles; the run reads it again under the lock.
  const live = await readLive(store, options);
  const { problems, articles, registry } = await checkContent(positionals, live.items, undefined, {
    liveAuthors: Object.keys(live.authors ?? {}),
  });
  if (problems.length > 0) console.log(formatProblems(problems));
  if (hasErrors(problems)) {
    console.log('Nada foi publicado: corrija os erros acima e rode o comando de novo.');
    return 1;
  }
  const prepared = await Promise.all(articles.map(withImageVariants));
  const replace = values.replace;
  if (values['dry-run']) {
    // Planned as with --replace, to show what it would replace; without it, the run would stop.
    const plan = planPublish(prepared, live, contentHash, { replace: true, registry });
    printPlan(`Plano ${WHERE[target]} (simulação, nada foi gravado):`, describePlan(plan, site));
    const refused = replace ? null : refusal(plan.articles);
    if (refused) console.log(refused.replace(STOPPED, 'Sem --replace, a publicação pararia'));
    return refused ? 1 : 0;
  }
  console.log(`Publicando ${WHERE[target]}:`);
  const { plan, rolledForward, first } = await runPublish(store, prepared, options, { replace, registry }, live);
  if (!plan && !rolledForward) for (const line of describePlan(first, site)) console.log(`  ${line}`);
  // Once the articles are live (or already were: running again repairs the search), the search index follows.
  const indexed = await updateSearchIndex(
    target,
    store,
    prepared.map(({ item }) => item.slug),
    print,
  );
  // The last line says what readers will see, and when.
  if (plan) console.log(`Publicado ${WHERE[target]}: ${planSummary(plan)}. ${WHEN_VISIBLE} A página inicial: ${site}/`);
  else if (rolledForward) {
    console.log(
      `Os artigos já estavam na última versão publicada, mas o site ainda mostrava a anterior (uma publicação foi interrompida): ela foi gravada agora. ${WHEN_VISIBLE}`,
    );
  } else console.log(`Nada a publicar: o site local já mostra estes artigos exatamente como estão na pasta.`);
  return indexed ? 0 : 1;
}
