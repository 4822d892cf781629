/**
 * The editors' commands (docs/content-and-publishing.md, "The command line"):
 *
 *   npm run content:new -- "<title>" | <slug> [--dir <folder>]
 *   npm run content:check -- <path>...
 *   npm run content:publish -- --local|--remote [--dry-run] [--replace] [--port N] <path>...
 *   npm run content:unpublish -- --local|--remote [--dry-run] [--port N] <slug>
 *   npm run content:gc -- --local|--remote [--dry-run]
 *   npm run content:restore -- --local|--remote
 *   npm run content:import -- --local|--remote [--dry-run] <export.xml> --uploads <folder> [--temas <file>]
 *
 * <path> is one article folder (content/<slug>/) or a folder of them; several
 * paths are checked (and published) together, as one set. Publish and
 * unpublish print, per article, its title, its address and what happens to
 * it (src/publishing/plan/plan.ts, describePlan). Every command that writes
 * sends the work to the newsroom's API, which runs the publishing engine in
 * the worker: `--local` the local site's (the running `npm start`, or one
 * started for the command), `--remote` production's
 * (scripts/lib/newsroom-client.ts).
 */
import { exitAfterOutput } from '../lib/exit.ts';
import { UsageError } from './commands/args.ts';
import { check } from './commands/check.ts';
import { importWordPress } from './commands/import.ts';
import { gc, restore } from './commands/maintenance.ts';
import { createNew } from './commands/new.ts';
import { publish } from './commands/publish.ts';
import { unpublish } from './commands/unpublish.ts';

const COMMANDS: Record<string, (argv: string[]) => Promise<number>> = {
  new: createNew,
  check,
  publish,
  unpublish,
  gc,
  restore,
  import: importWordPress,
};

async function main([command = '', ...rest]: string[]): Promise<number> {
  const run = COMMANDS[command];
  if (!run) {
    console.error(`comando desconhecido "${command}": use new, check, publish, unpublish, gc, restore ou import`);
    return 2;
  }
  return run(rest);
}

/**
 * One command run in this process, as the command line runs it: its output
 * goes to console.log/console.error, its exit code is returned (2 for a usage
 * error, 1 for any other thrown error, whose message is printed).
 */
async function runCommand(argv: string[]): Promise<number> {
  try {
    return await main(argv);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return error instanceof UsageError ? 2 : 1;
  }
}

// Every exit waits for the output to be written, so a pipe gets all of it (scripts/lib/exit.ts).
void runCommand(process.argv.slice(2)).then(exitAfterOutput);
