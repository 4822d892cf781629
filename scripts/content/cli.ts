/**
 * The editors' commands (README, "For editors"):
 *
 *   npm run content:check -- <path>...
 *   npm run content:publish -- --local|--remote [--dry-run] <path>...
 *   npm run content:unpublish -- --local|--remote [--dry-run] <slug>
 *
 * <path> is one article folder (content/<slug>/) or a folder of them; several
 * paths are checked (and published) together, as one set.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parse as parseToml } from 'smol-toml';
import { buildContentBundle } from './bundle.ts';
import { withImageVariants } from './check-article.ts';
import { checkContent } from './check-folder.ts';
import { readLiveList, runSteps, type Target } from './kv.ts';
import { describePlan, planPublish, planUnpublish, type Live, type Plan } from './plan.ts';
import { formatProblems, hasErrors } from './problems.ts';

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

/** What is live: the list indexed in KV, or the bundled list when KV has none yet. */
async function liveList(target: Target): Promise<Live> {
  const fromKv = readLiveList(target);
  return fromKv ? { items: fromKv, inKv: true } : { items: (await buildContentBundle()).list, inKv: false };
}

function execute(plan: Plan, target: Target, dryRun: boolean): void {
  console.log(`${dryRun ? 'Plan (dry run, nothing written)' : 'Plan'} for ${target}:`);
  for (const line of describePlan(plan)) console.log(`  ${line}`);
  if (dryRun) return;
  runSteps(target, plan.steps, (line) => console.log(line));
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
  const live = await liveList(target);
  const { problems, articles } = await checkContent(positionals, live.items);
  if (problems.length > 0) console.log(formatProblems(problems));
  if (hasErrors(problems)) {
    console.log('Nothing was published: fix the errors above and run the command again.');
    return 1;
  }
  const plan = planPublish(await Promise.all(articles.map(withImageVariants)), live);
  execute(plan, target, values['dry-run']);
  if (values['dry-run']) return 0;
  const site = siteUrl(target);
  console.log(`Published ${plan.added.length} new and ${plan.updated.length} updated article(s) to ${target}:`);
  for (const slug of [...plan.added, ...plan.updated]) console.log(`  ${site}/noticia/${slug}`);
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
  const live = await liveList(target);
  const plan = planUnpublish(slug, live);
  if (!plan) {
    console.log(`"${slug}" is not published on ${target}: nothing to do.`);
    return 1;
  }
  execute(plan, target, values['dry-run']);
  if (!values['dry-run']) console.log(`Unpublished "${slug}": ${siteUrl(target)}/noticia/${slug} now answers 404.`);
  return 0;
}

const COMMANDS: Record<string, (argv: string[]) => Promise<number>> = { check, publish, unpublish };

const [command = '', ...rest] = process.argv.slice(2);
const run = COMMANDS[command];
if (!run) {
  console.error(`unknown command "${command}": use check, publish or unpublish`);
  process.exit(2);
}
run(rest).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
