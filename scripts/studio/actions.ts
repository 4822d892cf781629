import { format } from 'node:util';
import { type Problem, SEVERITY } from '../../src/checking/problems.ts';

/**
 * The panel's actions run the editors' commands in this process, through the
 * command line's own entry (scripts/content/cli.ts, runCommand): the same
 * check, plan, lock and writes as `npm run content:publish` and the rest,
 * with the same pt-BR output, sent to the page line by line as it is printed.
 * One action at a time: the commands print through the global console, and
 * two runs at once would mix their lines (publishing has its own lock besides,
 * which the commands take).
 */

/** What an action sends to the page, one JSON object per line. */
export type ActionEvent =
  | { type: 'line'; text: string }
  | { type: 'problem'; problem: Problem }
  | { type: 'link'; url: string; label: string }
  | { type: 'done'; ok: boolean; code: number; advice?: string };

export type Emit = (event: ActionEvent) => void;

let queue: Promise<unknown> = Promise.resolve();

/** Runs `work` after every action queued before it. */
export function serially<T>(work: () => Promise<T>): Promise<T> {
  const next = queue.then(work, work);
  queue = next.catch(() => undefined);
  return next;
}

/**
 * Runs `work` with console.log, console.info, console.warn and console.error
 * sent to `emit`, line by line, then puts the console back. Only inside
 * {@link serially}.
 */
export async function capturingConsole<T>(emit: Emit, work: () => Promise<T>): Promise<T> {
  const saved = { log: console.log, info: console.info, warn: console.warn, error: console.error };
  const send = (...args: unknown[]) => {
    for (const text of format(...args).split('\n')) emit({ type: 'line', text });
  };
  console.log = send;
  console.info = send;
  console.warn = send;
  console.error = send;
  try {
    return await work();
  } finally {
    Object.assign(console, saved);
  }
}

type RunCommand = (argv: string[]) => Promise<number>;
let cli: Promise<RunCommand> | undefined;

/** The command line's entry, loaded once (it loads the content modules, sharp and the local store on first use). */
const commandLine = () => {
  cli ??= import('../content/cli.ts').then((module) => module.runCommand);
  return cli;
};

/** One editors' command, as `npm run content:<command> -- <args>` runs it, its output sent to `emit`; its exit code. */
export function runEditorCommand(argv: string[], emit: Emit): Promise<number> {
  return serially(async () => {
    const run = await commandLine();
    return capturingConsole(emit, () => run(argv));
  });
}

/** What the editor does after a failed action: every command writes nothing before its checks pass. */
export const FAILED_ADVICE =
  'Nada foi alterado no site. Leia as mensagens acima: elas dizem o que corrigir; salve o artigo no estúdio e tente de novo.';

/** A problem of the check as one line, for the log (the panel shows the structured one). */
export const problemLine = (problem: Problem) =>
  `${SEVERITY[problem.severity]} ${problem.file} · ${problem.field}: ${problem.message} (como corrigir: ${problem.hint})`;
