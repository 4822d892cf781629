/**
 * The editors' commands (docs/content-and-publishing.md, "The command line"):
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
 * it (src/publishing/plan/plan.ts, describePlan). `--local` runs the publishing
 * engine here, over the local store; `--remote` sends the work to the
 * newsroom's API on the deployed worker, which runs the same engine
 * (newsroom-client.ts).
 */
import { parseArgs } from 'node:util';
import { formatProblems, hasErrors } from '../../src/checking/problems.ts';
import type { NewsItem } from '../../src/content/schema/news-item.ts';
import { API_PATHS, type ApiAnswer, FORM_FIELDS } from '../../src/newsroom/api/wire.ts';
import { describePlan, planSummary, shownKeys } from '../../src/publishing/plan/describe-plan.ts';
import type { Live } from '../../src/publishing/plan/live.ts';
import { planPublish, planUnpublish } from '../../src/publishing/plan/plan.ts';
import { refusal, STOPPED } from '../../src/publishing/plan/replace-refusal.ts';
import { runGc } from '../../src/publishing/run/gc.ts';
import { readLive } from '../../src/publishing/run/read-live.ts';
import { runRestore } from '../../src/publishing/run/restore.ts';
import { runChange, runPublish } from '../../src/publishing/run/run.ts';
import { brasilia } from '../../src/publishing/stores/brasilia-time.ts';
import type { KvStore } from '../../src/publishing/stores/kv-store.ts';
import { DELETE_AFTER_MS } from '../../src/publishing/stores/pending-deletes.ts';
import { articlePath } from '../../src/seo/urls.ts';
import { withImageVariants } from './check-article.ts';
import { checkContext } from './check-context.ts';
import { checkContent } from './check-folder.ts';
import { contentHash } from './content-hash.ts';
import { exitAfterOutput } from './exit.ts';
import { openStore, type Target } from './kv.ts';
import { createArticleFolder, nextSteps } from './new-article.ts';
import { newsroomSite, openNewsroom } from './newsroom-client.ts';
import { DEFAULT_LOCAL_PORT, localPort, runOptions, siteUrl } from './run-options.ts';
import { updateSearchIndex } from './search-sync.ts';

const PORT_HELP = `--port N: com --local, a porta em que o npm start (wrangler dev) atende, para os endereços mostrados (padrão: a variável de ambiente PORT, senão ${DEFAULT_LOCAL_PORT})`;
const PUBLISH_USAGE = [
  'uso: npm run content:publish -- --local|--remote [--dry-run] [--replace] [--port N] <pasta>...',
  '  --dry-run: mostra o plano, sem gravar nada',
  '  --replace: permite substituir um artigo no ar cujo título é diferente do da pasta',
  `  ${PORT_HELP}`,
].join('\n');
const UNPUBLISH_USAGE = ['uso: npm run content:unpublish -- --local|--remote [--dry-run] [--port N] <slug>', `  ${PORT_HELP}`].join('\n');

/** Where a command writes, as the editor reads it: "no site local", "em produção". */
const WHERE: Record<Target, string> = { local: 'no site local', remote: 'em produção' };

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
    throw new UsageError('diga onde gravar: --local (o armazenamento que o `npm start` lê) ou --remote (produção)');
  }
  return values.remote ? 'remote' : 'local';
}

/** The site's origin for the target, to print the addresses to open: the newsroom's site remotely, the local port locally. */
function siteOf(target: Target, port: string | undefined): string {
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

const print = (line: string) => console.log(line);

/** A heading, then the plan's lines. */
function printPlan(heading: string, lines: readonly string[]): void {
  console.log(heading);
  for (const line of lines) console.log(`  ${line}`);
}

/** When readers of the local site see a change just written: the site's copy of the list (docs/request-flow.md, "How long until a change shows"). */
const WHEN_VISIBLE = 'Os leitores do site local veem a mudança em até 1 minuto (o tempo que o site guarda a lista).';

async function check(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv);
  if (positionals.length === 0) throw new UsageError('uso: npm run content:check -- <pasta do artigo ou pasta content>...');
  // Against the live list and authors publish reads: the local site by default, production with --remote (check-context.ts).
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

/** The newsroom's answer: what the engine logged, then what happened. */
function printAnswer(answer: ApiAnswer): number {
  for (const line of answer.lines) console.log(`  ${line}`);
  console.log(answer.message);
  return answer.ok ? 0 : 1;
}

/**
 * `--remote`: checked here against the live list the newsroom reads, then
 * sent to the newsroom's API, which checks it all again and publishes with
 * the engine in the worker (newsroom-client.ts).
 */
async function publishRemote(values: ReturnType<typeof parse>['values'], positionals: string[]): Promise<number> {
  const newsroom = openNewsroom();
  const live = await newsroom.live();
  const { problems, articles, registry } = await checkContent(positionals, live.items as NewsItem[], undefined, {
    liveAuthors: live.authors,
  });
  if (problems.length > 0) console.log(formatProblems(problems));
  if (hasErrors(problems)) {
    console.log('Nada foi publicado: corrija os erros acima e rode o comando de novo.');
    return 1;
  }
  const prepared = await Promise.all(articles.map(withImageVariants));
  const dryRun = values['dry-run'];
  console.log(dryRun ? `Simulação em ${newsroom.site.origin}, pela redação:` : `Publicando em ${newsroom.site.origin}, pela redação:`);
  return printAnswer(await newsroom.publish(prepared, registry, { replace: values.replace, dryRun }));
}

async function publish(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv);
  const target = targetOf(values);
  if (positionals.length === 0) throw new UsageError(PUBLISH_USAGE);
  const site = siteOf(target, values.port);
  if (target === 'remote') return publishRemote(values, positionals);
  const store = openStore();
  const options = runOptions(target, 'publish', print, site);
  // Read without the lock, for the check's links to live articles; the run reads it again under the lock.
  const live = await readLive(store, options);
  const { problems, articles, registry } = await checkContent(positionals, live.items, undefined, {
    liveAuthors: Object.keys(live.authors ?? {}),
  });
  if (problems.length > 0) console.log(formatProblems(problems));
  if (hasErrors(problems)) {
    console.log('Nada foi publicado: corrija os erros acima e rode o comando de novo.');
    return 1;
  }
  const prepared = await Promise.all(articles.map(withImageVariants));
  const replace = values.replace;
  if (values['dry-run']) {
    // Planned as with --replace, to show what it would replace; without it, the run would stop.
    const plan = planPublish(prepared, live, contentHash, { replace: true, registry });
    printPlan(`Plano ${WHERE[target]} (simulação, nada foi gravado):`, describePlan(plan, site));
    const refused = replace ? null : refusal(plan.articles);
    if (refused) console.log(refused.replace(STOPPED, 'Sem --replace, a publicação pararia'));
    return refused ? 1 : 0;
  }
  console.log(`Publicando ${WHERE[target]}:`);
  const { plan, rolledForward, first } = await runPublish(store, prepared, options, { replace, registry }, live);
  if (!plan && !rolledForward) for (const line of describePlan(first, site)) console.log(`  ${line}`);
  // Once the articles are live (or already were: running again repairs the search), the search index follows.
  const indexed = await updateSearchIndex(
    target,
    store,
    prepared.map(({ item }) => item.slug),
    print,
  );
  // The last line says what readers will see, and when.
  if (plan) console.log(`Publicado ${WHERE[target]}: ${planSummary(plan)}. ${WHEN_VISIBLE} A página inicial: ${site}/`);
  else if (rolledForward) {
    console.log(
      `Os artigos já estavam na última versão publicada, mas o site ainda mostrava a anterior (uma publicação foi interrompida): ela foi gravada agora. ${WHEN_VISIBLE}`,
    );
  } else console.log(`Nada a publicar: o site local já mostra estes artigos exatamente como estão na pasta.`);
  return indexed ? 0 : 1;
}

async function unpublish(argv: string[]): Promise<number> {
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
  const site = siteOf(target, values.port);
  if (target === 'remote') {
    const newsroom = openNewsroom();
    console.log(`Despublicando em ${newsroom.site.origin}, pela redação:`);
    return printAnswer(
      await newsroom.post(API_PATHS.unpublish, { [FORM_FIELDS.slug]: slug, [FORM_FIELDS.dryRun]: values['dry-run'] ? '1' : '' }),
    );
  }
  const store = openStore();
  const options = runOptions(target, 'unpublish', print, site);
  const change = (current: Live) => planUnpublish(slug, current, contentHash);
  const notLive = () => {
    console.log(`"${slug}" não está publicado ${WHERE[target]}: nada a fazer.`);
    return 1;
  };
  if (values['dry-run']) {
    const plan = change(await readLive(store, options));
    if (!plan) return notLive();
    printPlan(`Plano ${WHERE[target]} (simulação, nada foi gravado):`, describePlan(plan, site));
    return 0;
  }
  console.log(`Despublicando ${WHERE[target]}:`);
  const { plan } = await runChange(store, change, options);
  // The article is gone (or already was: running again repairs the search): so is its search entry.
  const indexed = await updateSearchIndex(target, store, [slug], print);
  // A run that found the article gone may still have repaired the index (plan without `removed`).
  if (!plan?.removed.includes(slug)) return notLive();
  console.log(
    `"${slug}" foi despublicado: ${site}${articlePath({ slug })} passa a responder 404 (o texto e as imagens são apagados daqui a ${DELETE_AFTER_MS / 60_000} minutos, quando nenhuma página em cache puder mais mostrá-los). ${WHEN_VISIBLE}`,
  );
  return indexed ? 0 : 1;
}

/**
 * Deletes what no article uses any more: the keys publish and unpublish set
 * aside (once their time is up), and the leftovers of a run that stopped
 * (set aside now, deleted by a later gc, publish or unpublish).
 */
async function gc(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv);
  const target = targetOf(values);
  if (positionals.length > 0) throw new UsageError('uso: npm run content:gc -- --local|--remote [--dry-run]');
  const dryRun = values['dry-run'];
  if (target === 'remote') return printAnswer(await openNewsroom().post(API_PATHS.gc, { [FORM_FIELDS.dryRun]: dryRun ? '1' : '' }));
  const store = openStore();
  const repaired = dryRun ? null : await reconcile(store, target);
  if (repaired) console.log(repaired);
  const { found, deleted, waiting } = await runGc(store, runOptions(target, 'gc', print), dryRun);
  const keys = shownKeys;
  console.log(`${dryRun ? 'Simulação, nada foi gravado' : 'Feito'} ${WHERE[target]}:`);
  console.log(`  ${found.length} chave(s) sem uso encontrada(s)${found.length > 0 ? `: ${keys(found)}` : ''}`);
  console.log(`  ${deleted.length} chave(s) ${dryRun ? 'seriam apagadas' : 'apagada(s)'}${deleted.length > 0 ? `: ${keys(deleted)}` : ''}`);
  if (waiting.size > 0) {
    const last = Math.max(...waiting.values()) + DELETE_AFTER_MS;
    console.log(
      `  ${waiting.size} chave(s) aguardam ${DELETE_AFTER_MS / 60_000} minutos depois de deixarem de ser usadas (a última às ${brasilia(last)}): rode o gc de novo depois disso`,
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
  if (positionals.length > 0) throw new UsageError('uso: npm run content:restore -- --local|--remote [--port N]');
  const site = siteOf(target, values.port);
  if (target === 'remote') return printAnswer(await openNewsroom().post(API_PATHS.restore, {}));
  const store = openStore();
  const { version, switchedAt, count, restored, lost } = await runRestore(store, runOptions(target, 'restore', print, site));
  const which = `a versão ${version} (trocada em ${switchedAt === null ? 'momento desconhecido' : brasilia(switchedAt)})`;
  if (restored) {
    console.log(`index/meta.json ${WHERE[target]} foi restaurado para ${which}, a registrada no estado de publicação: ${count} artigo(s).`);
    console.log(`A página inicial: ${site}/`);
  } else {
    console.log(
      `index/meta.json ${WHERE[target]} já está n${which.slice(1)}, a registrada no estado de publicação (${count} artigos): nada a restaurar.`,
    );
  }
  // The index's chunks that KV lacks or holds altered are rebuilt from the articles they list.
  const repaired = await reconcile(store, target, site);
  if (repaired) console.log(`  ${repaired}`);
  if (lost.length === 0) return 0;
  console.log(
    `  ${lost.length === 1 ? 'Este artigo não pôde ser refeito: o texto ou uma imagem dele falta' : `Estes ${lost.length} artigos não puderam ser refeitos: o texto ou uma imagem de cada um falta`} no site ou está danificado, e só a pasta do artigo os tem. Publique de novo:`,
  );
  for (const { slug, titulo } of lost) console.log(`    "${titulo}": npm run content:publish -- --${target} content/${slug}`);
  return 1;
}

const NEW_USAGE = 'uso: npm run content:new -- "<o título>" (ou um slug, p. ex. casas-de-madeira) [--dir <pasta>, padrão content]';

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

/**
 * A run that changes nothing but brings what the site serves in line with
 * what was published (src/publishing/run/run.ts, runChange): the meta D1 records written to KV,
 * the index's chunks that KV lacks or holds altered rebuilt. What it did, or
 * null when everything was whole.
 */
async function reconcile(store: KvStore, target: 'local', site?: string): Promise<string | null> {
  const { plan, rolledForward } = await runChange(store, () => null, runOptions(target, 'reconcile', print, site));
  if (plan) return `${plan.repaired.length} pedaço(s) do índice refeito(s) a partir dos artigos. ${WHEN_VISIBLE}`;
  return rolledForward ? `O site mostrava uma versão anterior do índice: a registrada foi gravada. ${WHEN_VISIBLE}` : null;
}

const COMMANDS: Record<string, (argv: string[]) => Promise<number>> = { new: createNew, check, publish, unpublish, gc, restore };
const CHANGES_THE_STORE = new Set(['publish', 'unpublish', 'gc', 'restore']);

async function main([command = '', ...rest]: string[]): Promise<number> {
  const run = COMMANDS[command];
  if (!run) {
    console.error(`comando desconhecido "${command}": use new, check, publish, unpublish, gc ou restore`);
    return 2;
  }
  const code = await run(rest);
  // The local store just changed, and is open in this process: the check's copy of its live list is
  // read again now, in milliseconds, so the next content:check need not start workerd (check-context.ts).
  if (CHANGES_THE_STORE.has(command) && !rest.includes('--remote')) {
    try {
      await checkContext('local');
    } catch {
      // Only a head start for the next check, which reads the store itself when this failed: the command's own result stands.
    }
  }
  return code;
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

// Every exit waits for the output to be written, so a pipe gets all of it (exit.ts).
void runCommand(process.argv.slice(2)).then(exitAfterOutput);
