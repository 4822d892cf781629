import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS, runCli } from '../../processes';
import { cleanFixtures, tempFolder } from '../fixtures';

/**
 * The command line's whole output reaches a pipe: `content:check`
 * on many folders piped to another program (`| cat`, a CI log) used to stop
 * after 64 KiB, the pipe's buffer, with no summary, as the command exited
 * before Node had written the rest (scripts/lib/exit.ts).
 */

afterAll(cleanFixtures);

/** Folders with an index.md of nothing but a short title: 6 errors each (titulo, descricao, data, alt, imagem, body), 13 lines of output. */
const FOLDERS = 200;
const LINES_PER_FOLDER = 13;

describe('content:check piped to another program', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('writes every line, the summary last, well past the pipe’s 64 KiB', () => {
    const root = tempFolder();
    for (let i = 1; i <= FOLDERS; i++) {
      mkdirSync(join(root, `artigo-${i}`));
      writeFileSync(join(root, `artigo-${i}`, 'index.md'), '---\ntitulo: x\n---\n');
    }
    // spawnSync reads stdout through a pipe, as `| cat` would.
    const run = runCli('check', root);
    expect(run.status).toBe(1);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.at(-1)).toBe(`${FOLDERS * 6} erros, 0 avisos`);
    // First the line saying what the check was run against (check-context.ts), last the summary.
    expect(lines[0]).toMatch(/^autores e lista ao vivo: /);
    expect(lines).toHaveLength(FOLDERS * LINES_PER_FOLDER + 2);
    for (let i = 1; i <= FOLDERS; i++) expect(run.stdout).toContain(`/artigo-${i}/index.md\n`);
    // The test means something only while the whole output is well over a pipe's buffer.
    expect(Buffer.byteLength(run.stdout)).toBeGreaterThan(2 * 64 * 1024);
  });
});
