import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { reportText, summaryLines } from '../import/report.ts';
import { runImport } from '../import/run-import.ts';
import { PORT_HELP, targetOf, UsageError, withNewsroom } from './args.ts';

const IMPORT_USAGE = [
  'uso: npm run content:import -- --local|--remote [--dry-run] <exportação.xml> --uploads <pasta> [--temas <mapa.yaml>] [--saida <pasta>] [--port N]',
  '  <exportação.xml>: o arquivo de Ferramentas → Exportar do WordPress ("Todo o conteúdo")',
  '  --uploads: a pasta wp-content/uploads copiada do servidor antigo',
  '  --temas: o mapa de categorias e tags → temas (a primeira execução propõe um, em <saida>/temas.yaml)',
  '  --saida: onde gravar o relatório e o mapa de temas (padrão: importacao-wordpress)',
  '  --dry-run: mostra o plano e o relatório, sem gravar nada',
  `  ${PORT_HELP}`,
].join('\n');

/** `content:import`: a WordPress export and its uploads folder, into the site through the newsroom's API (src/newsroom/importing/). */
export async function importWordPress(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      local: { type: 'boolean', default: false },
      remote: { type: 'boolean', default: false },
      'dry-run': { type: 'boolean', default: false },
      uploads: { type: 'string' },
      temas: { type: 'string' },
      saida: { type: 'string', default: 'importacao-wordpress' },
      port: { type: 'string' },
    },
  });
  const target = targetOf(values);
  const [exportPath] = positionals;
  if (positionals.length !== 1 || !exportPath || !values.uploads) throw new UsageError(IMPORT_USAGE);
  const dryRun = values['dry-run'];
  const tty = process.stdout.isTTY === true;
  return withNewsroom(target, values.port, async (newsroom) => {
    console.log(`${dryRun ? 'Simulando a importação' : 'Importando'} em ${newsroom.site.origin}, pela redação:`);
    const { report, ok } = await runImport({
      exportPath,
      uploadsDir: values.uploads!,
      ...(values.temas ? { themesPath: values.temas } : {}),
      outDir: values.saida,
      dryRun,
      newsroom,
      now: new Date(),
      // Rewritten in place on a terminal; in a log, a line every 50 posts.
      progress: (done, total) => {
        const line = `${done} de ${total} posts`;
        if (tty) process.stdout.write(`\r${line}${done === total ? '\n' : ''}`);
        else if (done % 50 === 0 || done === total) console.log(line);
      },
    });
    const file = join(values.saida, dryRun ? 'relatorio-simulacao.md' : 'relatorio.md');
    const text = reportText(report);
    writeFileSync(file, text);
    // A dry run is read before anything is done: the whole plan on the terminal, not only its numbers.
    if (dryRun) console.log(text);
    else for (const line of summaryLines(report)) console.log(`  ${line}`);
    if (report.stopped) console.log(`A importação parou: ${report.stopped}\nRode o comando de novo: ela continua de onde parou.`);
    console.log(`Relatório completo: ${file}`);
    return ok ? 0 : 1;
  });
}
