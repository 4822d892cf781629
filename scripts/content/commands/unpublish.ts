import { API_PATHS, FORM_FIELDS } from '../../../src/newsroom/api/wire.ts';
import { PORT_HELP, parse, printAnswer, targetOf, UsageError, withNewsroom } from './args.ts';

const UNPUBLISH_USAGE = ['uso: npm run content:unpublish -- --local|--remote [--dry-run] [--port N] <slug>', `  ${PORT_HELP}`].join('\n');

/** `content:unpublish`: one article taken down by the newsroom's API (the local site's or production's). */
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
  return withNewsroom(target, values.port, async (newsroom) => {
    console.log(`Despublicando em ${newsroom.site.origin}, pela redação:`);
    return printAnswer(
      await newsroom.post(API_PATHS.unpublish, { [FORM_FIELDS.slug]: slug, [FORM_FIELDS.dryRun]: values['dry-run'] ? '1' : '' }),
    );
  });
}
