/** What the editors' commands share: their arguments, where they write, and how they print what happened. */
import { parseArgs } from 'node:util';
import type { ApiAnswer } from '../../../src/newsroom/api/wire.ts';
import { runChange } from '../../../src/publishing/run/run.ts';
import type { KvStore, Target } from '../../../src/publishing/stores/kv-store.ts';
import { newsroomSite } from '../../lib/newsroom-client.ts';
import { DEFAULT_LOCAL_PORT, localPort, siteUrl } from '../../local-site.ts';
import { runOptions } from '../store/run-options.ts';

export const PORT_HELP = `--port N: com --local, a porta em que o npm start (wrangler dev) atende, para os endereços mostrados (padrão: a variável de ambiente PORT, senão ${DEFAULT_LOCAL_PORT})`;

/** Where a command writes, as the editor reads it: "no site local", "em produção". */
export const WHERE: Record<Target, string> = { local: 'no site local', remote: 'em produção' };

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

export const print = (line: string) => console.log(line);

/** A heading, then the plan's lines. */
export function printPlan(heading: string, lines: readonly string[]): void {
  console.log(heading);
  for (const line of lines) console.log(`  ${line}`);
}

/** When readers of the local site see a change just written: the site's copy of the list (docs/request-flow.md, "How long until a change shows"). */
export const WHEN_VISIBLE = 'Os leitores do site local veem a mudança em até 1 minuto (o tempo que o site guarda a lista).';

/** The newsroom's answer: what the engine logged, then what happened. */
export function printAnswer(answer: ApiAnswer): number {
  for (const line of answer.lines) console.log(`  ${line}`);
  console.log(answer.message);
  return answer.ok ? 0 : 1;
}

/**
 * A run that changes nothing but brings what the site serves in line with
 * what was published (src/publishing/run/run.ts, runChange): the meta D1 records written to KV,
 * the index's chunks that KV lacks or holds altered rebuilt. What it did, or
 * null when everything was whole.
 */
export async function reconcile(store: KvStore, target: 'local', site?: string): Promise<string | null> {
  const { plan, rolledForward } = await runChange(store, () => null, runOptions(target, 'reconcile', print, site));
  if (plan) return `${plan.repaired.length} pedaço(s) do índice refeito(s) a partir dos artigos. ${WHEN_VISIBLE}`;
  return rolledForward ? `O site mostrava uma versão anterior do índice: a registrada foi gravada. ${WHEN_VISIBLE}` : null;
}
