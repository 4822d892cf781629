import { formatProblems, hasErrors } from '../../../src/checking/problems.ts';
import type { NewsItem } from '../../../src/content/schema/news-item.ts';
import { checkContent } from '../check/check-folder.ts';
import { withImageVariants } from '../check/images.ts';
import { PORT_HELP, parse, printAnswer, targetOf, UsageError, withNewsroom } from './args.ts';

const PUBLISH_USAGE = [
  'uso: npm run content:publish -- --local|--remote [--dry-run] [--replace] [--port N] <pasta>...',
  '  --dry-run: mostra o plano, sem gravar nada',
  '  --replace: permite substituir um artigo no ar cujo título é diferente do da pasta',
  `  ${PORT_HELP}`,
].join('\n');

/**
 * `content:publish`: the folders checked here against the live list the
 * newsroom reads, then sent to the newsroom's API (the local site's or
 * production's), which checks it all again and publishes with the engine in
 * the worker (scripts/lib/newsroom-client.ts).
 */
export async function publish(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv);
  const target = targetOf(values);
  if (positionals.length === 0) throw new UsageError(PUBLISH_USAGE);
  return withNewsroom(target, values.port, async (newsroom) => {
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
    console.log(`${dryRun ? 'Simulação' : 'Publicando'} em ${newsroom.site.origin}, pela redação:`);
    return printAnswer(await newsroom.publish(prepared, registry, { replace: values.replace, dryRun }));
  });
}
