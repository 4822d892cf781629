/**
 * The editors' commands (README, "For editors"):
 *
 *   npm run content:new -- "<title>" | <slug> [--dir <folder>]
 *   npm run content:check -- <path>...
 *   npm run content:publish -- --local|--remote [--dry-run] [--replace] [--port N] <path>...
 *   npm run content:unpublish -- --local|--remote [--dry-run] [--port N] <slug>
 *   npm run content:gc -- --local|--remote [--dry-run]
 *   npm run content:restore -- --local|--remote
 *
 * <path> is one article folder (content/<slug>/) or a folder of them; several
 * paths are checked (and published) together, as one set. Publish and
 * unpublish print, per article, its title, its address and what happens to
 * it (plan.ts, describePlan).
 */
import { parseArgs } from 'node:util';
import { articlePath } from '../../src/seo/urls.ts';
import { withImageVariants } from './check-article.ts';
import { checkContext } from './check-context.ts';
import { checkContent } from './check-folder.ts';
import { contentHash } from './content-hash.ts';
import { exitAfterOutput } from './exit.ts';
import { openStore, type Target } from './kv.ts';
import { createArticleFolder, nextSteps } from './new-article.ts';
import { DELETE_AFTER_MS } from './pending-deletes.ts';
import { changesNothing, describePlan, type Live, type Plan, planPublish, planUnpublish, publishChange, refusal } from './plan.ts';
import { formatProblems, hasErrors } from './problems.ts';
import { readLive, runChange, runGc, runRestore } from './run.ts';
import { DEFAULT_LOCAL_PORT, localPort, runOptions, siteUrl } from './run-options.ts';
import { updateSearchIndex } from './search-sync.ts';

const PORT_HELP = `--port N: with --local, the port npm start (wrangler dev) listens on, for the addresses printed (default: the PORT environment variable, else ${DEFAULT_LOCAL_PORT})`;
const PUBLISH_USAGE = [
  'usage: npm run content:publish -- --local|--remote [--dry-run] [--replace] [--port N] <path>...',
  '  --dry-run: print the plan, write nothing',
  "  --replace: allow replacing a live article whose title differs from the folder's",
  `  ${PORT_HELP}`,
].join('\n');
const UNPUBLISH_USAGE = ['usage: npm run content:unpublish -- --local|--remote [--dry-run] [--port N] <slug>', `  ${PORT_HELP}`].join('\n');

class UsageError extends Error {}

function parse(argv: string[]) {
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

function targetOf(values: { local: boolean; remote: boolean }): Target {
  if (values.local === values.remote) {
    throw new UsageError('say where to write: --local (the store `npm start` reads) or --remote (production)');
  }
  return values.remote ? 'remote' : 'local';
}

/** The site's origin for the target, to print the addresses to open: SITE_URL remotely, the local port locally. */
function siteOf(target: Target, port: string | undefined): string {
  if (target === 'remote') {
    if (port !== undefined) throw new UsageError('--port is for --local: with --remote the addresses are the production SITE_URL');
    return siteUrl('remote');
  }
  try {
    return siteUrl('local', { port: localPort(port) });
  } catch (error) {
    if (error instanceof RangeError) throw new UsageError(`${error.message}\n${PORT_HELP}`);
    throw error;
  }
}

const print = (line: string) => console.log(line);

/** A heading, then the plan's lines. */
function printPlan(heading: string, lines: readonly string[]): void {
  console.log(heading);
  for (const line of lines) console.log(`  ${line}`);
}

/** What a publish did, in one line. */
const summary = (plan: Plan) =>
  [
    plan.added.length > 0 ? `${plan.added.length} new` : '',
    plan.updated.length > 0 ? `${plan.updated.length} updated` : '',
    plan.unchanged.length > 0 ? `${plan.unchanged.length} unchanged (not rewritten)` : '',
    plan.authorsChanged.length > 0 ? `${plan.authorsChanged.length} author(s) added or changed` : '',
  ]
    .filter(Boolean)
    .join(', ');

async function check(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv);
  if (positionals.length === 0) throw new UsageError('usage: npm run content:check -- <article folder or content folder>...');
  // Against the live list and authors publish reads: the local site by default, production with --remote (check-context.ts).
  const context = await checkContext(values.remote ? 'remote' : 'local');
  console.log(`autores e lista ao vivo: ${context.source}`);
  const { problems, articles, registry } = await checkContent(positionals, context.live, undefined, { liveAuthors: context.liveAuthors });
  if (problems.length > 0) console.log(formatProblems(problems));
  if (hasErrors(problems)) return 1;
  const authors = Object.keys(registry.authors).length;
  console.log(`OK: ${articles.length} article(s)${authors > 0 ? ` and ${authors} author(s)` : ''} ready to publish.`);
  return 0;
}

async function publish(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv);
  const target = targetOf(values);
  if (positionals.length === 0) throw new UsageError(PUBLISH_USAGE);
  const site = siteOf(target, values.port);
  const store = openStore(target);
  const options = runOptions(target, 'publish', print, site);
  // Read without the lock, for the check's links to live articles; the run reads it again under the lock.
  const live = await readLive(store, options);
  const { problems, articles, registry } = await checkContent(positionals, live.items, undefined, {
    liveAuthors: Object.keys(live.authors ?? {}),
  });
  if (problems.length > 0) console.log(formatProblems(problems));
  if (hasErrors(problems)) {
    console.log('Nothing was published: fix the errors above and run the command again.');
    return 1;
  }
  const prepared = await Promise.all(articles.map(withImageVariants));
  const replace = values.replace;
  if (values['dry-run']) {
    // Planned as with --replace, to show what it would replace; without it, the run would stop.
    const plan = planPublish(prepared, live, contentHash, { replace: true, registry });
    printPlan(`Plan for ${target} (dry run, nothing written):`, describePlan(plan, site));
    const refused = replace ? null : refusal(plan.articles);
    if (refused) console.log(refused.replace('Stopped, nothing was written', 'Without --replace, the run would stop'));
    return refused ? 1 : 0;
  }
  // Planned once before the lock: a refusal (ReplaceRefused) or nothing to do stops here, having written nothing.
  const first = planPublish(prepared, live, contentHash, { replace, registry });
  // Once the articles are live (or already were: running again repairs the search), the search index follows.
  const indexed = async () =>
    (await updateSearchIndex(
      target,
      store,
      prepared.map(({ item }) => item.slug),
      print,
    ))
      ? 0
      : 1;
  if (changesNothing(first)) {
    printPlan(`Publishing to ${target}:`, describePlan(first, site));
    return indexed();
  }
  console.log(`Publishing to ${target}:`);
  const { plan } = await runChange(store, publishChange(prepared, contentHash, { replace, registry }), options, live);
  if (!plan) {
    console.log('Nothing to publish: every article is exactly as live (another run has just published them).');
    return indexed();
  }
  console.log(`Published to ${target}: ${summary(plan)}. The home page: ${site}/`);
  if (target === 'remote') console.log('They show on the site within about 5 minutes (README, "How long until it shows").');
  return indexed();
}

async function unpublish(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv);
  const target = targetOf(values);
  const slug = positionals[0];
  if (positionals.length > 1) throw new UsageError(`unpublish takes one slug, not ${positionals.length}: run it once per article`);
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
  const site = siteOf(target, values.port);
  const store = openStore(target);
  const options = runOptions(target, 'unpublish', print, site);
  const change = (current: Live) => planUnpublish(slug, current, contentHash);
  const notLive = () => {
    console.log(`"${slug}" is not published on ${target}: nothing to do.`);
    return 1;
  };
  if (values['dry-run']) {
    const plan = change(await readLive(store, options));
    if (!plan) return notLive();
    printPlan(`Plan for ${target} (dry run, nothing written):`, describePlan(plan, site));
    return 0;
  }
  console.log(`Unpublishing from ${target}:`);
  const { plan } = await runChange(store, change, options);
  // The article is gone (or already was: running again repairs the search): so is its search entry.
  const indexed = async () => updateSearchIndex(target, store, [slug], print);
  if (!plan) {
    await indexed();
    return notLive();
  }
  console.log(
    `Unpublished "${slug}": ${site}${articlePath({ slug })} now answers 404 (its body and images are deleted ${DELETE_AFTER_MS / 60_000} minutes from now, once no cached page can show them).`,
  );
  return (await indexed()) ? 0 : 1;
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

/**
 * Writes the index the publish state (D1) records back to KV's
 * index/meta.json: after it was deleted or damaged (publish, unpublish and gc
 * then refuse and name this command), or a run stopped between its switch in
 * D1 and its write to KV.
 */
async function restore(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv);
  const target = targetOf(values);
  if (positionals.length > 0) throw new UsageError('usage: npm run content:restore -- --local|--remote [--port N]');
  const site = siteOf(target, values.port);
  const { version, switchedAt, count, restored, missing } = await runRestore(openStore(target), runOptions(target, 'restore', print, site));
  const which = `version ${version} (switched at ${switchedAt === null ? 'an unknown time' : new Date(switchedAt).toISOString()})`;
  if (restored) {
    console.log(`Restored index/meta.json on ${target} to ${which}, the one the publish state records: ${count} article(s).`);
    console.log(target === 'remote' ? 'They show on the site again within about 5 minutes.' : `The home page: ${site}/`);
  } else {
    console.log(
      `index/meta.json on ${target} is already ${which}, the one the publish state records (${count} articles): nothing to restore.`,
    );
  }
  if (missing.length > 0) {
    const shown = missing.length > 6 ? `${missing.slice(0, 6).join(', ')}, … (${missing.length} in all)` : missing.join(', ');
    console.log(
      `  ${missing.length} key(s) it names are missing from KV: ${shown}. Index chunks are written again by the next publish; for a missing body or image, publish that article again.`,
    );
  }
  return 0;
}

const NEW_USAGE = 'usage: npm run content:new -- "<the title>" (or a slug, e.g. casas-de-madeira) [--dir <folder>, default content]';

/** A new article folder under content/ (or --dir), from its title (or slug): what to fill in is printed. */
async function createNew(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv);
  // Words typed without quotes arrive one by one: they are the title all the same.
  const given = positionals.join(' ');
  if (given.trim() === '') throw new UsageError(NEW_USAGE);
  const created = createArticleFolder(given, values.dir);
  if ('refused' in created) {
    console.log(created.refused);
    return 1;
  }
  for (const line of nextSteps(created)) console.log(line);
  return 0;
}

const COMMANDS: Record<string, (argv: string[]) => Promise<number>> = { new: createNew, check, publish, unpublish, gc, restore };

async function main([command = '', ...rest]: string[]): Promise<number> {
  const run = COMMANDS[command];
  if (!run) {
    console.error(`unknown command "${command}": use new, check, publish, unpublish, gc or restore`);
    return 2;
  }
  return run(rest);
}

// Every exit waits for the output to be written: a pipe (`| cat`, a CI log) gets all of it (exit.ts).
main(process.argv.slice(2)).then(exitAfterOutput, (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  exitAfterOutput(error instanceof UsageError ? 2 : 1);
});
