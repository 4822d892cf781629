/**
 * The editors' commands (README, "For editors"):
 *
 *   npm run content:check -- <path>...
 *   npm run content:publish -- --local|--remote [--dry-run] <path>...
 *   npm run content:unpublish -- --local|--remote [--dry-run] <slug>
 *   npm run content:gc -- --local|--remote [--dry-run]
 *
 * <path> is one article folder (content/<slug>/) or a folder of them; several
 * paths are checked (and published) together, as one set.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parse as parseToml } from 'smol-toml';
import { articlePath } from '../../src/seo/urls.ts';
import { withImageVariants } from './check-article.ts';
import { checkContent } from './check-folder.ts';
import { contentHash } from './content-hash.ts';
import { openStore, type Target } from './kv.ts';
import { DELETE_AFTER_MS } from './pending-deletes.ts';
import { describePlan, type Live, planPublish, planUnpublish } from './plan.ts';
import { formatProblems, hasErrors } from './problems.ts';
import { readLive, runChange, runGc } from './run.ts';
import { runOptions } from './run-options.ts';

const LOCAL_SITE = 'http://localhost:8787';

class UsageError extends Error {}

function parse(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      local: { type: 'boolean', default: false },
      remote: { type: 'boolean', default: false },
      'dry-run': { type: 'boolean', default: false },
    },
  });
  return { values, positionals };
}

function targetOf(values: { local: boolean; remote: boolean }): Target {
  if (values.local === values.remote) {
    throw new UsageError('say where to write: --local (the store `npm start` reads) or --remote (production)');
  }
  return values.remote ? 'remote' : 'local';
}

/** The site's public origin for the target, to print the URLs to open. */
function siteUrl(target: Target): string {
  if (target === 'local') return LOCAL_SITE;
  const config = parseToml(readFileSync('wrangler.toml', 'utf8')) as {
    env?: { production?: { vars?: { SITE_URL?: string } } };
  };
  return config.env?.production?.vars?.SITE_URL ?? '(SITE_URL of [env.production.vars])';
}

const print = (line: string) => console.log(line);

/** The dry run's output: the plan, and nothing written. */
function printDryRun(lines: string[], target: Target): void {
  console.log(`Plan (dry run, nothing written) for ${target}:`);
  for (const line of lines) console.log(`  ${line}`);
}

async function check(argv: string[]): Promise<number> {
  const { positionals } = parse(argv);
  if (positionals.length === 0) throw new UsageError('usage: npm run content:check -- <article folder or content folder>...');
  const { problems, articles } = await checkContent(positionals);
  if (problems.length > 0) console.log(formatProblems(problems));
  if (hasErrors(problems)) return 1;
  console.log(`OK: ${articles.length} article(s) ready to publish.`);
  return 0;
}

async function publish(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv);
  const target = targetOf(values);
  if (positionals.length === 0) throw new UsageError('usage: npm run content:publish -- --local|--remote [--dry-run] <path>...');
  const store = openStore(target);
  const options = runOptions(target, 'publish', print);
  // Read without the lock, for the check's links to live articles; the run reads it again under the lock.
  const live = await readLive(store, options);
  const { problems, articles } = await checkContent(positionals, live.items);
  if (problems.length > 0) console.log(formatProblems(problems));
  if (hasErrors(problems)) {
    console.log('Nothing was published: fix the errors above and run the command again.');
    return 1;
  }
  const prepared = await Promise.all(articles.map(withImageVariants));
  const change = (current: Live) => planPublish(prepared, current, contentHash);
  if (values['dry-run']) {
    const plan = change(live);
    printDryRun([...plan.notes, ...describePlan(plan)], target);
    return 0;
  }
  console.log(`Publishing to ${target}:`);
  const { plan } = await runChange(store, change, options, live);
  if (!plan) throw new Error('nothing was planned');
  const site = siteUrl(target);
  console.log(`Published ${plan.added.length} new and ${plan.updated.length} updated article(s) to ${target}:`);
  for (const slug of [...plan.added, ...plan.updated]) console.log(`  ${site}${articlePath({ slug })}`);
  console.log(`  ${site}/`);
  if (target === 'remote') console.log('They show on the site within about 5 minutes (README, "How long until it shows").');
  return 0;
}

async function unpublish(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv);
  const target = targetOf(values);
  const slug = positionals[0];
  if (positionals.length > 1) throw new UsageError(`unpublish takes one slug, not ${positionals.length}: run it once per article`);
  if (!slug) throw new UsageError('usage: npm run content:unpublish -- --local|--remote [--dry-run] <slug>');
  const store = openStore(target);
  const options = runOptions(target, 'unpublish', print);
  const change = (current: Live) => planUnpublish(slug, current, contentHash);
  const notLive = () => {
    console.log(`"${slug}" is not published on ${target}: nothing to do.`);
    return 1;
  };
  if (values['dry-run']) {
    const plan = change(await readLive(store, options));
    if (!plan) return notLive();
    printDryRun([...plan.notes, ...describePlan(plan)], target);
    return 0;
  }
  console.log(`Unpublishing from ${target}:`);
  const { plan } = await runChange(store, change, options);
  if (!plan) return notLive();
  console.log(
    `Unpublished "${slug}": ${siteUrl(target)}${articlePath({ slug })} now answers 404 (its body and images are deleted ${DELETE_AFTER_MS / 60_000} minutes from now, once no cached page can show them).`,
  );
  return 0;
}

/**
 * Deletes what no article uses any more: the keys publish and unpublish set
 * aside (once their time is up), and the leftovers of a run that stopped
 * (set aside now, deleted by a later gc, publish or unpublish).
 */
async function gc(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv);
  const target = targetOf(values);
  if (positionals.length > 0) throw new UsageError('usage: npm run content:gc -- --local|--remote [--dry-run]');
  const dryRun = values['dry-run'];
  const { found, deleted, waiting } = await runGc(openStore(target), runOptions(target, 'gc', print), dryRun);
  const keys = (list: readonly string[]) =>
    list.length > 6 ? `${list.slice(0, 6).join(', ')}, … (${list.length} in all)` : list.join(', ');
  console.log(`${dryRun ? 'Dry run, nothing written' : 'Done'} on ${target}:`);
  console.log(`  ${found.length} unused key(s) found${found.length > 0 ? `: ${keys(found)}` : ''}`);
  console.log(`  ${deleted.length} key(s) ${dryRun ? 'would be ' : ''}deleted${deleted.length > 0 ? `: ${keys(deleted)}` : ''}`);
  if (waiting.size > 0) {
    const last = Math.max(...waiting.values()) + DELETE_AFTER_MS;
    console.log(
      `  ${waiting.size} key(s) wait until ${DELETE_AFTER_MS / 60_000} minutes after they stopped being used (the last at ${new Date(last).toISOString()}): run gc again then`,
    );
  }
  return 0;
}

const COMMANDS: Record<string, (argv: string[]) => Promise<number>> = { check, publish, unpublish, gc };

const [command = '', ...rest] = process.argv.slice(2);
const run = COMMANDS[command];
if (!run) {
  console.error(`unknown command "${command}": use check, publish, unpublish or gc`);
  process.exit(2);
}
run(rest).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
