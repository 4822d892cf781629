import { formatProblems, hasErrors } from '../../../src/checking/problems.ts';
import { checkContext } from '../check/check-context.ts';
import { checkContent } from '../check/check-folder.ts';
import { parse, UsageError } from './args.ts';

/** `content:check`: the folders against the live list and authors, every problem printed; 1 on any error. */
export async function check(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv);
  if (positionals.length === 0) throw new UsageError('uso: npm run content:check -- <pasta do artigo ou pasta content>...');
  // Against the live list and authors publish reads: the local site by default, production with --remote (check/check-context.ts).
  const context = await checkContext(values.remote ? 'remote' : 'local');
  console.log(`autores e lista ao vivo: ${context.source}`);
  const { problems, articles, registry } = await checkContent(positionals, context.live, undefined, { liveAuthors: context.liveAuthors });
  if (problems.length > 0) console.log(formatProblems(problems));
  if (hasErrors(problems)) return 1;
  const authors = Object.keys(registry.authors).length;
  console.log(
    `OK: ${articles.length} ${articles.length === 1 ? 'artigo pronto' : 'artigos prontos'}${authors > 0 ? ` e ${authors} autor(es)` : ''} para publicar.`,
  );
  return 0;
}
