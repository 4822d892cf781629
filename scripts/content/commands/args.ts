/** What the editors' commands share: their arguments, where they write, and how they print what happened. */
import { parseArgs } from 'node:util';
import type { ApiAnswer } from '../../../src/newsroom/api/wire.ts';
import type { Target } from '../../../src/publishing/stores/kv-store.ts';
import { type Newsroom, newsroomSite, openNewsroom } from '../../lib/newsroom-client.ts';
import { DEFAULT_LOCAL_PORT, localPort, siteUrl } from '../../local-site.ts';
import { type CheckContext, localContextOf, rememberLocalContext } from '../check/check-context.ts';

export const PORT_HELP = `--port N: com --local, a porta em que o npm start (wrangler dev) atende, para os endereços mostrados (padrão: a variável de ambiente PORT, senão ${DEFAULT_LOCAL_PORT})`;

export class UsageError extends Error {}

export function parse(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      local: { type: 'boolean', default: false },
      remote: { type: 'boolean', default: false },
      'dry-run': { type: 'boolean', default: false },
      replace: { type: 'boolean', default: false },
      port: { type: 'string' },
      dir: { type: 'string' },
    },
  });
  return { values, positionals };
}

export function targetOf(values: { local: boolean; remote: boolean }): Target {
  if (values.local === values.remote) {
    throw new UsageError('diga onde gravar: --local (o armazenamento que o `npm start` lê) ou --remote (produção)');
  }
  return values.remote ? 'remote' : 'local';
}

/** The site's origin for the target, to print the addresses to open: the newsroom's site remotely, the local port locally. */
export function siteOf(target: Target, port: string | undefined): string {
  if (target === 'remote') {
    if (port !== undefined)
      throw new UsageError('--port é para --local: com --remote, o endereço é o NEWSROOM_URL, ou o SITE_URL de produção');
    return newsroomSite().origin;
  }
  try {
    return siteUrl('local', { port: localPort(port) });
  } catch (error) {
    if (error instanceof RangeError) throw new UsageError(`${error.message}\n${PORT_HELP}`);
    throw error;
  }
}

/**
 * The newsroom a command talks to: production's, or the local site's at its
 * port (`npm start`'s, or one started for the command). Closed with
 * `withNewsroom`.
 */
export function newsroomOf(target: Target, port: string | undefined): Newsroom {
  const site = siteOf(target, port);
  return target === 'remote' ? openNewsroom({ target }) : openNewsroom({ target, localSite: site });
}

/**
 * Runs `work` with the target's newsroom, and ends the session after (a
 * local worker the command started stops). A command that changed the local
 * site leaves its live list for the next `content:check`, which then reads
 * nothing (check-context.ts).
 */
export async function withNewsroom<T>(
  target: Target,
  port: string | undefined,
  work: (newsroom: Newsroom) => Promise<T>,
  { changesTheSite = true } = {},
): Promise<T> {
  const newsroom = newsroomOf(target, port);
  let context: CheckContext | undefined;
  try {
    const result = await work(newsroom);
    // Only a head start for the next check, which asks the site itself when this failed.
    if (changesTheSite && target === 'local') context = await localContextOf(newsroom).catch(() => undefined);
    return result;
  } finally {
    await newsroom.close();
    if (context) rememberLocalContext(context);
  }
}

/** The newsroom's answer: what the engine logged, then what happened. */
export function printAnswer(answer: ApiAnswer): number {
  for (const line of answer.lines) console.log(`  ${line}`);
  console.log(answer.message);
  return answer.ok ? 0 : 1;
}
