import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { generatedUploads, writeUploads } from '../../../test/fixtures/wordpress/uploads-fixture.ts';
import { generatedPosts, writeWxrFile } from '../../../test/fixtures/wordpress/wxr-fixture.ts';
import { waitFor } from '../../lib/wrangler.ts';
import { out, QUICK, table } from '../common/report.ts';
import { startSite } from '../newsroom/newsroom.ts';

/**
 * The WordPress import, timed as the developer who runs a migration waits
 * for it (docs/importing-from-wordpress.md):
 * - `npm run content:import -- --remote` of a generated export of 1,000 posts
 *   with their images (an original per post, named in the text through a
 *   WordPress resized copy) into `wrangler dev` on dist/ with its own empty
 *   state, through the newsroom's API as in production: wall time, CPU time
 *   and peak memory (GNU time's maximum resident set) of the whole command;
 * - the same command again, when everything is recorded ("nada a fazer");
 * - the first pass alone over a 100 MB export, in a process of its own
 *   whose JavaScript heap is held to 64 MB: it finishes only if the export
 *   is streamed.
 */
const PORT = 8796;
const CPU = /^BENCH-CPU (\S+) (\S+) (\d+)$/m;
/** The JavaScript heap the first pass is allowed over the large export: a fraction of the file's size. */
const HEAP_MB = 64;

function timed(args: string[], env: Record<string, string>) {
  const started = performance.now();
  const result = spawnSync('/usr/bin/time', ['-f', 'BENCH-CPU %U %S %M', ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, ...env },
  });
  const ms = performance.now() - started;
  const cpu = CPU.exec(result.stderr ?? '');
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  return {
    ms,
    cpuMs: cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : Number.NaN,
    maxRssMb: cpu ? Number(cpu[3]) / 1024 : Number.NaN,
    output: result.stdout,
  };
}

export async function importPart(): Promise<void> {
  const posts = QUICK ? 100 : 1_000;
  const root = mkdtempSync(join(tmpdir(), 'bench-import-'));
  const state = join(root, 'state');
  const load = loadavg()[0]!.toFixed(2);
  try {
    const ids = Array.from({ length: posts }, (_, n) => 10_000 + n);
    const exportPath = join(root, 'export.xml');
    writeWxrFile(exportPath, { items: generatedPosts(posts, { firstId: ids[0] }) });
    await writeUploads(join(root, 'uploads'), generatedUploads(ids));
    const site = startSite(PORT, state);
    try {
      await waitFor(`http://localhost:${PORT}/`);
      const command = [
        'npm',
        'run',
        '--silent',
        'content:import',
        '--',
        '--remote',
        exportPath,
        '--uploads',
        join(root, 'uploads'),
        '--saida',
        join(root, 'saida'),
      ];
      const env = { NEWSROOM_URL: `http://localhost:${PORT}`, CF_ACCESS_CLIENT_ID: '', CF_ACCESS_CLIENT_SECRET: '' };
      const first = timed(command, env);
      const again = timed(command, env);
      const published = Number(/(\d+) artigo\(s\) publicado/.exec(first.output)?.[1]);
      const unchanged = Number(/(\d+) sem mudança/.exec(again.output)?.[1]);

      const bigPath = join(root, 'grande.xml');
      const bigPosts = QUICK ? 1_600 : 16_000;
      writeWxrFile(bigPath, { items: generatedPosts(bigPosts, { firstId: 100_000, paragraphs: 10 }) });
      const read = JSON.parse(
        timed(['node', `--max-old-space-size=${HEAP_MB}`, '--import', 'tsx', 'scripts/bench/import/read-export.ts', bigPath], {}).output,
      ) as {
        items: number;
        ms: number;
        maxRssMb: number;
      };
      const bigMb = statSync(bigPath).size / 1024 / 1024;

      out('## Importing from WordPress');
      out();
      out(
        `\`content:import --remote\` of a generated export (${posts} posts, each with an original image named through a WordPress resized copy, block-editor and classic bodies, shortcodes, links) into \`wrangler dev\` on dist/ with an empty state of its own, through the newsroom's API. GNU time over the whole command (npm, tsx, node, sharp): wall, CPU (user + system), peak resident memory. Load average (1 min) when this part began: ${load} on ${cpus().length} cores.`,
      );
      out();
      const perPost = first.ms / posts;
      table(
        ['run', 'wall', 'CPU', 'peak memory', 'result'],
        [
          [
            `first (${posts} posts)`,
            `${(first.ms / 1000).toFixed(1)} s`,
            `${(first.cpuMs / 1000).toFixed(1)} s`,
            `${first.maxRssMb.toFixed(0)} MB`,
            `${published} published`,
          ],
          [
            'again (nothing to do)',
            `${(again.ms / 1000).toFixed(1)} s`,
            `${(again.cpuMs / 1000).toFixed(1)} s`,
            `${again.maxRssMb.toFixed(0)} MB`,
            `${unchanged} unchanged`,
          ],
          [
            `first pass alone, ${bigMb.toFixed(0)} MB export, heap held to ${HEAP_MB} MB`,
            `${(read.ms / 1000).toFixed(1)} s`,
            '',
            `${read.maxRssMb.toFixed(0)} MB`,
            `${read.items} items read`,
          ],
        ],
      );
      out(`Per post: ${perPost.toFixed(0)} ms; 10,000 posts at this rate: about ${((perPost * 10_000) / 60_000).toFixed(0)} minutes.`);
      out();
    } finally {
      site.stop();
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
