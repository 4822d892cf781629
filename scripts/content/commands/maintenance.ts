import { API_PATHS, FORM_FIELDS } from '../../../src/newsroom/api/wire.ts';
import { parse, printAnswer, targetOf, UsageError, withNewsroom } from './args.ts';

/**
 * `content:gc`: deletes what no article uses any more: the keys publish and
 * unpublish set aside (once their time is up), and the leftovers of a run
 * that stopped (set aside now, deleted by a later gc, publish or unpublish).
 */
export async function gc(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv);
  const target = targetOf(values);
  if (positionals.length > 0) throw new UsageError('uso: npm run content:gc -- --local|--remote [--dry-run] [--port N]');
  return withNewsroom(target, values.port, async (newsroom) =>
    printAnswer(await newsroom.post(API_PATHS.gc, { [FORM_FIELDS.dryRun]: values['dry-run'] ? '1' : '' })),
  );
}

/**
 * `content:restore`: writes the index the publish state (D1) records back to
 * KV's index/meta.json: after it was deleted or damaged (publish, unpublish
 * and gc then refuse and name this command), or a run stopped between its
 * switch in D1 and its write to KV.
 */
export async function restore(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv);
  const target = targetOf(values);
  if (positionals.length > 0) throw new UsageError('uso: npm run content:restore -- --local|--remote [--port N]');
  return withNewsroom(target, values.port, async (newsroom) => printAnswer(await newsroom.post(API_PATHS.restore, {})));
}
