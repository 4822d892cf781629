import { API_PATHS, FORM_FIELDS } from '../../../src/newsroom/api/wire.ts';
import { shownKeys } from '../../../src/publishing/plan/describe-plan.ts';
import { runGc } from '../../../src/publishing/run/gc.ts';
import { runRestore } from '../../../src/publishing/run/restore.ts';
import { brasilia } from '../../../src/publishing/stores/brasilia-time.ts';
import { DELETE_AFTER_MS } from '../../../src/publishing/stores/pending-deletes.ts';
import { openNewsroom } from '../../lib/newsroom-client.ts';
import { openStore } from '../store/kv.ts';
import { runOptions } from '../store/run-options.ts';
import { parse, print, printAnswer, reconcile, siteOf, targetOf, UsageError, WHERE } from './args.ts';

/**
 * Deletes what no article uses any more: the keys publish and unpublish set
 * aside (once their time is up), and the leftovers of a run that stopped
 * (set aside now, deleted by a later gc, publish or unpublish).
 */
export async function gc(argv: string[]): Promise<number> {
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
export async function restore(argv: string[]): Promise<number> {
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
